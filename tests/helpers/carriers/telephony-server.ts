import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import { createAppServer } from "@/lib/server/app-server";
import type { LiveConnections } from "@/lib/server/live-connections";
import { respondWithError } from "@/lib/server/raw-error-response";
import { telephonyWebhooks } from "@/lib/server/telephony-endpoints";
import { websocketEndpoints } from "@/lib/server/websocket-endpoints";
import { MediaSession } from "@/lib/media/session/media-session";
import { MemoryRecordingSink } from "@/lib/media/session/recorder";
import { endPhoneCall } from "@/lib/services/phone-calls/phone-call-progress";
import type { CarrierMediaTransport } from "@/lib/telephony/carrier-media-transport";
import { PhoneCallActions } from "@/lib/telephony/phone-call-actions";
import { carrierLiveCalls } from "@/lib/telephony/carrier-live-calls";
import type { LanguageModelPort } from "@/lib/runtime/types";
import { getAgent } from "@/lib/services/agents";
import { findCall } from "@/lib/services/phone-calls/phone-call-progress";
import type { LiveCallStarter, MediaSocketDependencies } from "@/lib/telephony/carrier-media-socket";
import type { TelephonySettings } from "@/lib/telephony/carrier-directory";
import { pgBossQueue } from "@/lib/jobs/pg-boss-queue";
import { ScriptedSpeechToText, ToneTextToSpeech } from "../fake-speech/in-memory";
import type { TranscriptScript } from "../fake-speech/scripts";
import { ToneVoice } from "../fake-speech/tones";
import { ScriptedPort, type Reply } from "../scripted-port";
import { createTestApi, type TestApi } from "../test-api";
import type { TelnyxDouble } from "./telnyx-double";
import type { TwilioDouble } from "./twilio-double";
import type { Admission } from "@/lib/load/load-limits";

/** A conversation on one carrier stream, as the tests drive it: the real media session with scripted speech and a tone voice. */
export type TestConversation = { callId: string; session: MediaSession; port: ScriptedPort; transport: CarrierMediaTransport; recording: MemoryRecordingSink; actions: PhoneCallActions };

export type ConversationScript = { greeting?: string | null; reply?: (text: string, source: string) => Reply; transcripts?: TranscriptScript; interruptions?: boolean };

/**
 * This deployment's telephony on 127.0.0.1 through lib/server's own HTTP server (webhooks at
 * /telephony/*, the media streams on its WebSocket registry), over a test database and queue, with
 * the carrier doubles' REST APIs as TWILIO_API_BASE_URL / TELNYX_API_BASE_URL.
 */
export class TelephonyServer {
  readonly conversations: TestConversation[] = [];
  readonly voice = new ToneVoice();
  script: ConversationScript = {};
  /** Replaces the default conversation (the real media session) when set. */
  startLiveCall: LiveCallStarter | null = null;
  settings!: TelephonySettings;
  /** This server process's answer to "a new call now?" (lib/load); a test sets it to play a server at capacity. */
  admission: Admission = { accepting: true };
  publicBaseUrl = "";
  private server!: Server;
  private live_!: LiveConnections;
  /** Conversations still writing their end: the pool must outlive them. */
  private readonly running = new Set<Promise<unknown>>();

  private constructor(readonly api: TestApi) {}

  static async start(
    options: {
      twilio?: TwilioDouble;
      telnyx?: TelnyxDouble;
      env?: Record<string, string>;
      publicBaseUrl?: false;
      /** Conversations through the real startLiveCall (engine, speech providers, recording) instead of the scripted session. */
      liveCall?: { llm: LanguageModelPort; env: Record<string, string> };
    } = {},
  ): Promise<TelephonyServer> {
    const settings: TelephonySettings = { publicBaseUrl: undefined, env: {} };
    // The workers ask the harness (made just below) whether this server takes a new call.
    const made: { harness?: TelephonyServer } = {};
    const api = await createTestApi({ telephony: settings, workers: true, admission: () => made.harness?.admission ?? { accepting: true } });
    const harness = (made.harness = new TelephonyServer(api));
    harness.settings = settings;
    if (options.liveCall) {
      const { llm, env } = options.liveCall;
      harness.startLiveCall = carrierLiveCalls({ db: api.db, queue: pgBossQueue(api.boss), llm, http: () => Promise.reject(new Error("no HTTP in this test")), storage: api.storage, env, settings });
    }
    const queue = pgBossQueue(api.boss);
    // The server of lib/server as npm start wires it: /telephony/* webhooks and the carrier media-stream WebSocket routes.
    const deps: MediaSocketDependencies = {
      db: api.db,
      queue,
      settings,
      startLiveCall: (callId, transport) => harness.track(harness.live(callId, transport)),
      admission: () => harness.admission,
    };
    const runtime = { api: api.app, lifecycle: { draining: false }, connection: api.connection, queue, storage: api.storage, links: api.links };
    const { server, live } = createAppServer({
      runtime,
      next: async (_request, response) => respondWithError(response, "not_found", "No studio in this test"),
      routes: websocketEndpoints(runtime, deps),
      telephony: telephonyWebhooks(deps),
    });
    harness.live_ = live;
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    harness.server = server;
    harness.publicBaseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const env: Record<string, string> = { ...options.env };
    if (options.twilio) Object.assign(env, { TWILIO_API_BASE_URL: options.twilio.baseUrl });
    if (options.telnyx) Object.assign(env, { TELNYX_API_BASE_URL: options.telnyx.baseUrl });
    settings.publicBaseUrl = options.publicBaseUrl === false ? undefined : harness.publicBaseUrl;
    settings.env = env;
    return harness;
  }

  /** The in-process API with these telephony settings. */
  request(method: string, path: string, options: { apiKey?: string; body?: unknown } = {}): Promise<Response> {
    return this.api.request(method, path, options);
  }

  /**
   * An agent made from `agent` that answers the carrier's numbers: they are imported from its double
   * (every number the double holds) and the first one is bound to the agent. Returns the agent's id.
   */
  async answerWith(apiKey: string, carrier: "twilio" | "telnyx", agent: unknown): Promise<string> {
    const created = await this.request("POST", "/v1/agents", { apiKey, body: agent });
    if (created.status !== 200) throw new Error(`the agent was refused: ${await created.text()}`);
    const agentId = (await created.json()).data.id as string;
    const imported = await this.request("POST", `/v1/telephony/providers/${carrier}/numbers/import`, { apiKey });
    if (imported.status !== 200) throw new Error(`the numbers were not imported: ${await imported.text()}`);
    const [number] = (await imported.json()).data as { id: string }[];
    const bound = await this.request("PATCH", `/v1/phone-numbers/${number.id}`, { apiKey, body: { inbound_agent_id: agentId } });
    if (bound.status !== 200) throw new Error(`the number was not bound to the agent: ${await bound.text()}`);
    return agentId;
  }

  private track<T>(conversation: Promise<T>): Promise<T> {
    this.running.add(conversation);
    void conversation.finally(() => this.running.delete(conversation)).catch(() => {});
    return conversation;
  }

  private async live(callId: string, transport: CarrierMediaTransport): Promise<unknown> {
    if (this.startLiveCall) return this.startLiveCall(callId, transport);
    const port = new ScriptedPort({ clock: { now: () => performance.now() } as never, greeting: this.script.greeting ?? null, reply: this.script.reply });
    const recording = new MemoryRecordingSink();
    const session = await MediaSession.start({
      transport,
      stt: new ScriptedSpeechToText(this.script.transcripts ?? (() => "hello"), false),
      tts: new ToneTextToSpeech(this.voice),
      port,
      settings: { interruptions: this.script.interruptions ?? true, interruptions_sensitivity: "medium", initial_message_delay: 0, max_call_duration: 120, presence_check_idle_threshold: 30 },
      recording,
      dtmfTimeoutMs: 300,
    });
    const call = await findCall(this.api.db, callId);
    const agent = await getAgent({ db: this.api.db, organizationId: call!.organizationId }, call!.agentId);
    const actions = new PhoneCallActions({ db: this.api.db, queue: pgBossQueue(this.api.boss), settings: this.settings }, callId, agent, transport, (text) => session.sendText(text));
    actions.watchAnsweringMachine();
    this.conversations.push({ callId, session, port, transport, recording, actions });
    const summary = await session.ended;
    actions.stop();
    const reason = summary.reason === "agent_hangup" ? "agent_hangup" : summary.reason === "max_duration" ? "max_duration" : "user_hangup";
    await endPhoneCall(this.api.db, pgBossQueue(this.api.boss), callId, reason);
    return summary;
  }

  async close(): Promise<void> {
    this.live_.closeSockets("test over", 0);
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
    await Promise.race([Promise.allSettled(this.running), new Promise((resolve) => setTimeout(resolve, 5_000).unref())]);
    await this.api.close();
  }
}
