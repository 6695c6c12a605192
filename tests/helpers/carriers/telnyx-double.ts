import { generateKeyPairSync, randomUUID, sign, type KeyObject } from "node:crypto";
import { type CallScript, type DoubleReply, type DoubleRequest, e164, randomHex, sleep, startDoubleServer, until } from "./double-http";
import { MediaStreamPeer } from "./media-stream-peer";

export type TelnyxNumber = { id: string; phone_number: string; status: string; connection_id: string | null; connection_name: string | null; customer_reference: string | null; record_type: "phone_number" };
export type TelnyxApplicationRecord = { id: string; application_name: string; webhook_event_url: string; webhook_api_version: string; active: boolean; record_type: "call_control_application" };
export type TelnyxWebhook = { url: string; body: string; eventType: string; payload: Record<string, unknown>; status: number };

export type TelnyxDoubleCall = {
  callControlId: string;
  callSessionId: string;
  direction: "incoming" | "outgoing";
  from: string;
  to: string;
  state: "initiated" | "answered" | "hangup";
  script: CallScript;
  /** The dial request (outgoing) and every command's body, in order. */
  dial: Record<string, unknown> | null;
  commands: { action: string; body: Record<string, unknown> }[];
  clientState: string | null;
  webhookUrl: string;
  peer: MediaStreamPeer | null;
  said: string[];
  transfers: { to: string; legId: string }[];
  webhooks: TelnyxWebhook[];
  answeredAt: number | null;
  /** What its stream had heard when `streaming_stop` ended it. */
  heardBeforeStreamStop: Int16Array | null;
  /** The call it was bridged with (`bridge`), when, and whether our stream on it had stopped by then. */
  bridged: { with: string; at: number; streaming: boolean } | null;
};

const ENDED = { code: "90018", title: "Call has already ended", detail: "This call is no longer active and can't receive commands." };
const CODECS = ["PCMU", "PCMA", "G722", "OPUS", "AMR-WB", "L16"];
const AMD = ["premium", "detect", "detect_beep", "detect_words", "greeting_end", "disabled"];

function telnyxError(status: number, code: string, title: string, detail: string, pointer?: string): DoubleReply {
  return { status, body: { errors: [{ code, title, detail, ...(pointer ? { source: { pointer } } : {}) }] } };
}

const isBase64 = (value: unknown) => typeof value === "string" && value.length % 4 === 0 && /^[A-Za-z0-9+/]*={0,2}$/.test(value);

/**
 * Telnyx Call Control v2 on 127.0.0.1: dial and call commands, phone numbers and the Call Control
 * application, validated as Telnyx does; scripted outcomes; JSON webhooks signed with a real
 * Ed25519 key pair; the media stream to our WebSocket in real time.
 */
export class TelnyxDouble {
  readonly apiKey = `KEY${randomHex(40)}`;
  readonly userId = randomUUID();
  readonly publicKey: string;
  readonly application: TelnyxApplicationRecord;
  readonly numbers: TelnyxNumber[] = [];
  readonly calls = new Map<string, TelnyxDoubleCall>();
  readonly requests: { method: string; path: string; body: unknown }[] = [];
  defaultScript: CallScript = { outcome: "human" };
  /** Seconds added to the signing clock (a stale or future `telnyx-timestamp`). */
  clockSkewSeconds = 0;
  baseUrl = "";
  private readonly privateKey: KeyObject;
  private readonly scripts = new Map<string, CallScript>();
  private closeServer: () => Promise<void> = async () => {};

  private constructor() {
    const pair = generateKeyPairSync("ed25519");
    this.privateKey = pair.privateKey;
    this.publicKey = Buffer.from(pair.publicKey.export({ format: "jwk" }).x as string, "base64url").toString("base64");
    this.application = { id: String(Date.now()) + randomHex(6).replace(/\D/g, "1"), application_name: "voice agents", webhook_event_url: "https://example.invalid/webhooks", webhook_api_version: "2", active: true, record_type: "call_control_application" };
  }

  static async start(): Promise<TelnyxDouble> {
    const double = new TelnyxDouble();
    const server = await startDoubleServer((request) => double.handle(request));
    double.baseUrl = server.baseUrl;
    double.closeServer = server.close;
    return double;
  }

  get connectionId(): string {
    return this.application.id;
  }

  async close(): Promise<void> {
    await Promise.all([...this.calls.values()].map((call) => call.peer?.stop()));
    await this.closeServer();
  }

  addNumber(phoneNumber: string, fields: Partial<TelnyxNumber> = {}): TelnyxNumber {
    const number: TelnyxNumber = { id: String(1_000_000_000 + this.numbers.length), phone_number: phoneNumber, status: "active", connection_id: null, connection_name: null, customer_reference: null, record_type: "phone_number", ...fields };
    this.numbers.push(number);
    return number;
  }

  script(to: string, script: CallScript): void {
    this.scripts.set(to, script);
  }

  /** Signs a body as Telnyx does: base64 Ed25519 over `${timestamp}|${body}`. */
  signedHeaders(body: string, timestampSeconds = Math.floor(Date.now() / 1000) + this.clockSkewSeconds): Record<string, string> {
    const timestamp = String(timestampSeconds);
    return { "telnyx-timestamp": timestamp, "telnyx-signature-ed25519": sign(null, Buffer.from(`${timestamp}|${body}`), this.privateKey).toString("base64") };
  }

  /** A caller rings one of the account's numbers: `call.initiated` goes to the application's webhook. */
  async placeInboundCall(input: { from: string; to: string; script?: CallScript }): Promise<TelnyxDoubleCall> {
    const number = this.numbers.find((each) => each.phone_number === input.to);
    if (!number || number.connection_id !== this.application.id) throw new Error(`${input.to} is not assigned to the Call Control application`);
    const call = this.newCall("incoming", input.from, input.to, input.script ?? this.defaultScript, this.application.webhook_event_url, null);
    await this.webhook(call, "call.initiated", { direction: "incoming", state: "parked" });
    return call;
  }

  async streamOf(call: TelnyxDoubleCall, timeoutMs = 5000): Promise<MediaStreamPeer> {
    await until(() => call.peer !== null || call.state === "hangup", timeoutMs, `the stream of ${call.callControlId}`);
    if (!call.peer) throw new Error(`call ${call.callControlId} hung up without a stream`);
    return call.peer;
  }

  async ended(call: TelnyxDoubleCall, timeoutMs = 10_000): Promise<void> {
    await until(() => call.state === "hangup", timeoutMs, `the end of ${call.callControlId}`);
  }

  /** The far end hangs up. */
  async hangUp(call: TelnyxDoubleCall): Promise<void> {
    await this.end(call, "normal_clearing", "callee", "200");
  }

  private async handle(request: DoubleRequest): Promise<DoubleReply> {
    let body: Record<string, unknown> = {};
    if (request.body) {
      try {
        body = JSON.parse(request.body) as Record<string, unknown>;
      } catch {
        return telnyxError(400, "10002", "Invalid JSON", "The request body is not valid JSON.");
      }
    }
    const path = request.url.pathname;
    this.requests.push({ method: request.method, path, body });
    if (request.headers.authorization !== `Bearer ${this.apiKey}`) return telnyxError(401, "10009", "Authentication failed", "Could not understand the provided credentials.");
    if (path === "/v2/calls" && request.method === "POST") return this.dial(body);
    const action = path.match(/^\/v2\/calls\/([^/]+)\/actions\/([a-z_]+)$/);
    if (action && request.method === "POST") return this.command(decodeURIComponent(action[1]), action[2], body);
    if (path === "/v2/phone_numbers" && request.method === "GET") return this.listNumbers(request.url.searchParams);
    const numberMatch = path.match(/^\/v2\/phone_numbers\/([^/]+)$/);
    if (numberMatch && request.method === "PATCH") return this.updateNumber(numberMatch[1], body);
    const applicationMatch = path.match(/^\/v2\/call_control_applications\/([^/]+)$/);
    if (applicationMatch) {
      if (applicationMatch[1] !== this.application.id) return telnyxError(404, "10005", "Resource not found", "The requested resource or URL could not be found.");
      if (request.method === "GET") return { status: 200, body: { data: this.application } };
      if (request.method === "PATCH") return this.updateApplication(body);
    }
    return telnyxError(404, "10005", "Resource not found", "The requested resource or URL could not be found.");
  }

  /** Streaming must be bidirectional RTP with a codec, or the caller would hear nothing of ours. */
  private streamProblem(body: Record<string, unknown>): DoubleReply | null {
    if (body.stream_url === undefined) return null;
    if (typeof body.stream_url !== "string" || !/^wss?:\/\//.test(body.stream_url)) return telnyxError(422, "10015", "Invalid value for parameter", "stream_url must be a WebSocket URL.", "/stream_url");
    if (body.stream_bidirectional_mode !== "rtp") return telnyxError(422, "10015", "Invalid value for parameter", "stream_bidirectional_mode must be rtp to send audio back.", "/stream_bidirectional_mode");
    if (!CODECS.includes(String(body.stream_bidirectional_codec))) return telnyxError(422, "10015", "Invalid value for parameter", "stream_bidirectional_codec is required with stream_bidirectional_mode rtp.", "/stream_bidirectional_codec");
    if (body.stream_track !== undefined && !["inbound_track", "outbound_track", "both_tracks"].includes(String(body.stream_track))) return telnyxError(422, "10015", "Invalid value for parameter", "stream_track is not valid.", "/stream_track");
    return null;
  }

  private dial(body: Record<string, unknown>): DoubleReply {
    if (body.connection_id !== this.application.id) return telnyxError(422, "10015", "Invalid value for parameter", "connection_id does not name a Call Control application.", "/connection_id");
    if (typeof body.to !== "string" || !e164.test(body.to)) return telnyxError(422, "10015", "Invalid value for parameter", "to must be an E.164 number.", "/to");
    if (typeof body.from !== "string" || !this.numbers.some((number) => number.phone_number === body.from)) return telnyxError(422, "10015", "Invalid value for parameter", "from must be a number on this account.", "/from");
    if (body.client_state !== undefined && !isBase64(body.client_state)) return telnyxError(422, "10015", "Invalid value for parameter", "client_state must be base64.", "/client_state");
    if (body.answering_machine_detection !== undefined && !AMD.includes(String(body.answering_machine_detection))) return telnyxError(422, "10015", "Invalid value for parameter", "answering_machine_detection is not valid.", "/answering_machine_detection");
    const problem = this.streamProblem(body);
    if (problem) return problem;
    if (body.link_to !== undefined && (typeof body.link_to !== "string" || !this.calls.has(body.link_to))) return telnyxError(422, "10015", "Invalid value for parameter", "link_to must be the call_control_id of a call.", "/link_to");
    if (body.timeout_secs !== undefined && (!Number.isInteger(body.timeout_secs) || (body.timeout_secs as number) < 5 || (body.timeout_secs as number) > 600)) return telnyxError(422, "10015", "Invalid value for parameter", "timeout_secs must be 5 to 600.", "/timeout_secs");
    const commandId = body.command_id;
    const existing = commandId ? [...this.calls.values()].find((call) => call.dial?.command_id === commandId) : undefined;
    if (existing) return { status: 200, body: { data: this.callData(existing) } };
    const webhookUrl = typeof body.webhook_url === "string" ? body.webhook_url : this.application.webhook_event_url;
    const call = this.newCall("outgoing", body.from, body.to, this.scripts.get(body.to) ?? this.defaultScript, webhookUrl, body);
    void this.runOutbound(call);
    return { status: 200, body: { data: this.callData(call) } };
  }

  private async command(id: string, action: string, body: Record<string, unknown>): Promise<DoubleReply> {
    const call = this.calls.get(id);
    if (!call) return telnyxError(404, "90015", "Invalid Call Control ID", "The call_control_id provided was not valid.");
    if (call.state === "hangup") return { status: 422, body: { errors: [ENDED] } };
    if (body.client_state !== undefined && !isBase64(body.client_state)) return telnyxError(422, "10015", "Invalid value for parameter", "client_state must be base64.", "/client_state");
    call.commands.push({ action, body });
    if (typeof body.client_state === "string") call.clientState = body.client_state;
    switch (action) {
      case "hangup":
        void this.end(call, call.answeredAt ? "normal_clearing" : "originator_cancel", call.direction === "outgoing" ? "caller" : "callee", call.answeredAt ? "200" : "487");
        break;
      case "answer": {
        if (call.direction !== "incoming" || call.answeredAt) return telnyxError(422, "90034", "Call already answered", "Only a ringing incoming call can be answered.");
        const problem = this.streamProblem(body);
        if (problem) return problem;
        call.state = "answered";
        call.answeredAt = Date.now();
        void this.webhook(call, "call.answered", { state: "answered" }).then(() => (typeof body.stream_url === "string" ? this.openStream(call, body.stream_url) : undefined));
        break;
      }
      case "reject": {
        // POST /v2/calls/{id}/actions/reject: only a ringing incoming call; cause CALL_REJECTED or USER_BUSY.
        if (call.direction !== "incoming" || call.answeredAt) return telnyxError(422, "90034", "Call already answered", "Only a ringing incoming call can be rejected.");
        if (body.cause !== "CALL_REJECTED" && body.cause !== "USER_BUSY") return telnyxError(422, "10015", "Invalid value for parameter", "cause must be CALL_REJECTED or USER_BUSY.", "/cause");
        void this.end(call, body.cause === "USER_BUSY" ? "user_busy" : "call_rejected", "callee", body.cause === "USER_BUSY" ? "486" : "603");
        break;
      }
      case "speak":
        if (!call.answeredAt) return telnyxError(422, "90018", "Call not answered", "Speak needs an answered call.");
        if (typeof body.payload !== "string" || !body.payload) return telnyxError(422, "10015", "Invalid value for parameter", "payload is required.", "/payload");
        call.said.push(body.payload);
        void this.webhook(call, "call.speak.started", {}).then(async () => {
          await sleep(50);
          if (call.state !== "hangup") await this.webhook(call, "call.speak.ended", { status: "completed" });
        });
        break;
      case "transfer":
        if (typeof body.to !== "string" || !e164.test(body.to)) return telnyxError(422, "10015", "Invalid value for parameter", "to must be an E.164 number.", "/to");
        if (body.target_leg_client_state !== undefined && !isBase64(body.target_leg_client_state)) return telnyxError(422, "10015", "Invalid value for parameter", "target_leg_client_state must be base64.", "/target_leg_client_state");
        void this.transfer(call, body);
        break;
      case "streaming_stop": {
        const peer = call.peer;
        call.heardBeforeStreamStop = peer?.heardAudio() ?? null;
        call.peer = null;
        void peer?.stop().then(() => this.webhook(call, "streaming.stopped", {}));
        break;
      }
      case "bridge": {
        const other = typeof body.call_control_id === "string" ? this.calls.get(body.call_control_id) : undefined;
        if (!other) return telnyxError(422, "10015", "Invalid value for parameter", "call_control_id must name a call to bridge with.", "/call_control_id");
        if (other.state !== "answered" || call.state !== "answered") return telnyxError(422, "90018", "Call not answered", "Both calls must be answered to bridge them.");
        const at = Date.now();
        call.bridged = { with: other.callControlId, at, streaming: call.peer !== null };
        other.bridged = { with: call.callControlId, at, streaming: other.peer !== null };
        void this.webhook(call, "call.bridged", {}).then(() => this.webhook(other, "call.bridged", {}));
        break;
      }
      case "streaming_start": {
        const problem = this.streamProblem(body) ?? (body.stream_url ? null : telnyxError(422, "10015", "Invalid value for parameter", "stream_url is required.", "/stream_url"));
        if (problem) return problem;
        void this.openStream(call, body.stream_url as string);
        break;
      }
      default:
        return telnyxError(404, "10005", "Resource not found", `Unknown command ${action}.`);
    }
    return { status: 200, body: { data: { result: "ok" } } };
  }

  private listNumbers(query: URLSearchParams): DoubleReply {
    const size = Math.min(Number(query.get("page[size]") ?? 20) || 20, 250);
    const page = Math.max(Number(query.get("page[number]") ?? 1) || 1, 1);
    const data = this.numbers.slice((page - 1) * size, page * size);
    return { status: 200, body: { data, meta: { total_pages: Math.max(1, Math.ceil(this.numbers.length / size)), total_results: this.numbers.length, page_number: page, page_size: size } } };
  }

  private updateNumber(id: string, body: Record<string, unknown>): DoubleReply {
    const number = this.numbers.find((each) => each.id === id);
    if (!number) return telnyxError(404, "10005", "Resource not found", "The requested resource or URL could not be found.");
    if (body.connection_id !== undefined) {
      if (body.connection_id !== this.application.id) return telnyxError(422, "10015", "Invalid value for parameter", "connection_id does not exist.", "/connection_id");
      number.connection_id = body.connection_id;
      number.connection_name = this.application.application_name;
    }
    return { status: 200, body: { data: number } };
  }

  private updateApplication(body: Record<string, unknown>): DoubleReply {
    if (typeof body.application_name !== "string" || !body.application_name) return telnyxError(422, "10015", "Invalid value for parameter", "application_name is required.", "/application_name");
    if (typeof body.webhook_event_url !== "string" || !/^https?:\/\//.test(body.webhook_event_url)) return telnyxError(422, "10015", "Invalid value for parameter", "webhook_event_url must be a URL.", "/webhook_event_url");
    this.application.application_name = body.application_name;
    this.application.webhook_event_url = body.webhook_event_url;
    return { status: 200, body: { data: this.application } };
  }

  private newCall(direction: TelnyxDoubleCall["direction"], from: string, to: string, script: CallScript, webhookUrl: string, dial: Record<string, unknown> | null): TelnyxDoubleCall {
    const call: TelnyxDoubleCall = {
      callControlId: `v3:${randomHex(22)}`,
      callSessionId: randomUUID(),
      direction,
      from,
      to,
      state: "initiated",
      script,
      dial,
      commands: [],
      clientState: typeof dial?.client_state === "string" ? dial.client_state : null,
      webhookUrl,
      peer: null,
      said: [],
      transfers: [],
      webhooks: [],
      answeredAt: null,
      heardBeforeStreamStop: null,
      bridged: null,
    };
    this.calls.set(call.callControlId, call);
    return call;
  }

  private callData(call: TelnyxDoubleCall) {
    return { call_control_id: call.callControlId, call_leg_id: randomUUID(), call_session_id: call.callSessionId, is_alive: false, record_type: "call" };
  }

  private async runOutbound(call: TelnyxDoubleCall): Promise<void> {
    await sleep(5);
    await this.webhook(call, "call.initiated", { direction: "outgoing", state: "bridging" });
    // Telnyx gives up after timeout_secs of ringing (default 30) with hangup_cause timeout.
    const timeoutMs = (typeof call.dial?.timeout_secs === "number" ? call.dial.timeout_secs : 30) * 1000;
    const ringMs = call.script.ringMs ?? 50;
    await sleep(Math.min(ringMs, timeoutMs));
    if (call.state === "hangup") return;
    const outcome = ringMs > timeoutMs ? "no_answer" : call.script.outcome;
    if (outcome === "busy") return this.end(call, "user_busy", "callee", "486");
    if (outcome === "no_answer") return this.end(call, "timeout", "unknown", "487");
    if (outcome === "failed") return this.end(call, "unspecified", "unknown", "503");
    call.state = "answered";
    call.answeredAt = Date.now();
    if (call.script.hangUpAfterMs !== undefined) setTimeout(() => void this.hangUp(call), call.script.hangUpAfterMs);
    await this.webhook(call, "call.answered", { state: "answered" });
    this.detectMachine(call);
    if (typeof call.dial?.stream_url === "string") await this.openStream(call, call.dial.stream_url);
  }

  private detectMachine(call: TelnyxDoubleCall): void {
    const mode = call.dial?.answering_machine_detection;
    if (!mode || mode === "disabled") return;
    const voicemail = call.script.outcome === "voicemail";
    setTimeout(() => {
      if (call.state !== "answered") return;
      const premium = mode === "premium";
      const result = voicemail ? "machine" : premium ? "human_residence" : "human";
      void this.webhook(call, premium ? "call.machine.premium.detection.ended" : "call.machine.detection.ended", { result });
    }, 100);
    if (voicemail && (mode === "greeting_end" || mode === "detect_beep" || mode === "premium")) {
      setTimeout(() => {
        if (call.state === "answered") void this.webhook(call, mode === "premium" ? "call.machine.premium.greeting.ended" : "call.machine.greeting.ended", { result: "beep_detected" });
      }, call.script.greetingMs ?? 300);
    }
  }

  private async openStream(call: TelnyxDoubleCall, url: string): Promise<void> {
    const streamId = randomUUID();
    try {
      call.peer = await MediaStreamPeer.connect({
        flavor: "telnyx",
        url,
        streamId,
        carrierCallId: call.callControlId,
        accountId: this.userId,
        clientState: call.clientState ?? "",
        speech: call.script.speech,
        reorder: call.script.reorder,
      });
    } catch {
      await this.webhook(call, "streaming.failed", { failure_reason: "connection_failed", stream_id: streamId, stream_type: "websocket" });
      return;
    }
    await this.webhook(call, "streaming.started", { stream_url: url });
    const peer = call.peer;
    await peer.closed;
    if (call.state !== "hangup") await this.webhook(call, "streaming.stopped", { stream_url: url });
  }

  private async transfer(call: TelnyxDoubleCall, body: Record<string, unknown>): Promise<void> {
    const to = body.to as string;
    const leg = this.newCall("outgoing", typeof body.from === "string" ? body.from : call.to, to, call.script, typeof body.webhook_url === "string" ? body.webhook_url : call.webhookUrl, null);
    leg.clientState = typeof body.target_leg_client_state === "string" ? body.target_leg_client_state : null;
    call.transfers.push({ to, legId: leg.callControlId });
    const transfer = this.scripts.get(to)?.transfer ?? call.script.transfer ?? { outcome: "completed" as const, durationSeconds: 5 };
    await this.webhook(leg, "call.initiated", { direction: "outgoing", state: "bridging" });
    await sleep(transfer.ringMs ?? 50);
    if (transfer.outcome !== "completed") {
      const cause = { busy: "user_busy", no_answer: "timeout", failed: "unspecified" }[transfer.outcome];
      return this.end(leg, cause, "callee", transfer.outcome === "busy" ? "486" : "487");
    }
    leg.state = "answered";
    leg.answeredAt = Date.now();
    await this.webhook(leg, "call.answered", { state: "answered" });
    await this.webhook(call, "call.bridged", {});
    const peer = call.peer;
    call.peer = null;
    await peer?.stop();
    await sleep(Math.min((transfer.durationSeconds ?? 5) * 1000, 100));
    await this.end(leg, "normal_clearing", "callee", "200");
    await this.end(call, "normal_clearing", "callee", "200");
  }

  private async end(call: TelnyxDoubleCall, cause: string, source: string, sip: string): Promise<void> {
    if (call.state === "hangup") return;
    call.state = "hangup";
    // Without park_after_unbridge, the other side of a bridge is hung up with it.
    const partner = call.bridged ? this.calls.get(call.bridged.with) : undefined;
    if (partner && partner.state !== "hangup") void this.end(partner, "normal_clearing", "callee", "200");
    const peer = call.peer;
    await peer?.stop();
    if (peer) await this.webhook(call, "streaming.stopped", {});
    await this.webhook(call, "call.hangup", { hangup_cause: cause, hangup_source: source, sip_hangup_cause: sip, state: "hangup", start_time: new Date(call.answeredAt ?? Date.now()).toISOString() });
  }

  /** A signed event to the call's webhook URL. */
  private async webhook(call: TelnyxDoubleCall, eventType: string, extra: Record<string, unknown>): Promise<void> {
    const payload: Record<string, unknown> = {
      call_control_id: call.callControlId,
      call_leg_id: randomUUID(),
      call_session_id: call.callSessionId,
      client_state: call.clientState,
      connection_id: this.application.id,
      from: call.from,
      to: call.to,
      ...extra,
    };
    const body = JSON.stringify({ data: { event_type: eventType, id: randomUUID(), occurred_at: new Date().toISOString(), payload, record_type: "event" }, meta: { attempt: 1, delivered_to: call.webhookUrl } });
    let status = 0;
    try {
      const response = await fetch(call.webhookUrl, { method: "POST", headers: { "Content-Type": "application/json", ...this.signedHeaders(body) }, body, signal: AbortSignal.timeout(15_000) });
      status = response.status;
      await response.arrayBuffer();
    } catch {
      // Telnyx retries elsewhere; the double records the failure.
    }
    call.webhooks.push({ url: call.webhookUrl, body, eventType, payload, status });
  }
}
