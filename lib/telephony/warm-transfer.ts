import "server-only";
import { eq } from "drizzle-orm";
import type { AgentDocument } from "@/lib/agents/normalize";
import type { Database } from "@/lib/db/client";
import { calls } from "@/lib/db/schema";
import type { JobQueue } from "@/lib/jobs/queue";
import { resample } from "@/lib/media/audio/resampler";
import { PeriodicTimer, realClock } from "@/lib/media/clock";
import { createTextToSpeech } from "@/lib/media/speech-providers";
import type { SafeFetch } from "@/lib/net/safe-fetch";
import { fillPrompt } from "@/lib/runtime/prompt";
import type { LanguageModelPort } from "@/lib/runtime/types";
import type { CallTransfer, TranscriptEntry, VariableValue } from "@/lib/schemas/call-values";
import { callChanges } from "@/lib/services/calls/call-changes";
import { addCallUsage } from "@/lib/services/calls/live-calls";
import { loadRuntimeCall } from "@/lib/services/calls/runtime-calls";
import { findCall, noteCallEvent, recordTransfer } from "@/lib/services/phone-calls/phone-call-progress";
import type { Carrier } from "./carrier";
import type { CarrierMediaTransport } from "./carrier-media-transport";
import { builtInHoldAudio, loadHoldAudio } from "./hold-audio";
import { FRAME_SAMPLES } from "./media-stream";
import { expectTransferLeg } from "./transfer-legs";

/** A warm transfer_call tool, as the agent document holds it. */
export type WarmTransferTool = { to: string; holdAudioUrl?: string; whisperMessage?: string; timeoutSeconds: number };

export type WarmTransferDependencies = {
  db: Database;
  queue: JobQueue;
  llm: LanguageModelPort;
  /** The outbound client for `hold_audio_url` (lib/net's safe fetch). */
  fetchAudio: SafeFetch;
  env?: Record<string, string | undefined>;
};

/** What the warm transfer needs of the live call: hold (no presence checks) and a turn told to the conversation. */
export type LiveCallControl = { hold(on: boolean): void; tell(text: string): void };

/** Why a warm transfer left the caller with the agent (the `transfer_failed` event's `reason`). */
export type WarmTransferFailure = "no_answer" | "busy" | "declined" | "failed";

const reasonWords: Record<WarmTransferFailure, string> = {
  no_answer: "nobody answered",
  busy: "the line was busy or the call was rejected",
  declined: "the person who answered hung up before you could put the caller through",
  failed: "the call to them could not be placed",
};

export const warmTransferFailedPrompt = (to: string, reason: WarmTransferFailure) =>
  `(You tried to put the caller through to ${to}, but ${reasonWords[reason]}. The caller is back with you: tell them, and offer to help another way.)`;

/** Said to the destination when no summary could be written (the model failed). */
export const FALLBACK_WHISPER = "You have a transferred call from our voice agent. Connecting you now.";
const SUMMARY_SYSTEM_PROMPT =
  "You are handing a phone call over to a human colleague who has just picked up. In two or three short spoken sentences, tell them " +
  "who is calling (if known) and what the caller needs, from the transcript. Plain words only: no greeting, no lists, no markdown.";
/** How long the destination may take to hear the summary once it answered (beyond the summary itself) before the caller is brought back. */
const SUMMARY_SLACK_MS = 15_000;
/** After the bridge, how long the caller's stream may take to end (the carrier moving the caller) before the transfer is recorded anyway. */
const STREAM_END_WAIT_MS = 5_000;

type Outcome = { kind: "answered"; leg: CarrierMediaTransport } | { kind: "failed"; reason: WarmTransferFailure } | { kind: "caller_gone" };

/**
 * One warm transfer on a carrier call (Twilio, Telnyx): the caller hears hold audio on our own stream,
 * while the destination is called from our number with a stream back to us (`leg=transfer`); when it
 * answers, the agent's voice speaks the summary (or `whisper_message`) to it, and once that has played
 * the carrier joins the two calls. Not answered within the timeout, busy, failed, or hung up before the
 * join: the hold ends, `transfer_failed {to, reason}` is recorded and the conversation is told, so the
 * agent says so. The caller is never hung up on.
 */
export class WarmTransfer {
  private legSid: string | null = null;
  private legFinal = false;

  constructor(
    private readonly deps: WarmTransferDependencies,
    private readonly carrier: Carrier & Required<Pick<Carrier, "dialTransferLeg" | "bridge">>,
    private readonly agent: AgentDocument,
    private readonly callId: string,
    private readonly tool: WarmTransferTool,
    private readonly caller: CarrierMediaTransport,
    private readonly live: LiveCallControl,
  ) {}

  async run(): Promise<void> {
    const call = await findCall(this.deps.db, this.callId);
    if (!call?.carrierCallId) return;
    const own = (call.direction === "outbound" ? call.fromNumber : call.toNumber) ?? "";
    const hold = await warmTransferHoldAudio(this.tool, this.deps.fetchAudio, this.callId);
    if (this.caller.isClosed) return;
    this.caller.startHold(hold);
    this.live.hold(true);
    await this.record("dialing");

    const speech = new AbortController();
    const summary = warmTransferSummaryAudio(this.deps, this.agent, this.callId, this.tool.whisperMessage, speech.signal);
    summary.catch(() => undefined);
    let outcome: Outcome;
    try {
      outcome = await this.dialAndWait(own, call.carrierCallId);
      if (outcome.kind === "answered") outcome = await this.speakSummary(outcome.leg, summary);
    } finally {
      speech.abort();
    }
    if (outcome.kind === "caller_gone") {
      await this.hangUpLeg();
      return;
    }
    if (outcome.kind === "failed") return this.fail(outcome.reason);
    await this.join(call.carrierCallId);
  }

  /** Places the leg and waits for its stream (answered), a final status from the carrier, the timeout, or the caller leaving. */
  private async dialAndWait(from: string, callerCarrierCallId: string): Promise<Outcome> {
    let settle: (outcome: Outcome) => void = () => {};
    const settled = new Promise<Outcome>((resolve) => (settle = resolve));
    const expected = expectTransferLeg(this.callId, (leg) => settle({ kind: "answered", leg }));
    const unwatch = this.watchLegStatus((status) => {
      if (status === "busy" || status === "no_answer" || status === "failed") settle({ kind: "failed", reason: status });
      else if (status === "completed") settle({ kind: "failed", reason: "declined" });
    });
    const timer = setTimeout(() => settle({ kind: "failed", reason: "no_answer" }), this.tool.timeoutSeconds * 1000);
    const callerGone = setInterval(() => this.caller.isClosed && settle({ kind: "caller_gone" }), 200);
    try {
      const placed = await this.carrier.dialTransferLeg({ callId: this.callId, callerCarrierCallId, to: this.tool.to, from, streamParameters: { token: expected.token }, ringTimeoutSeconds: this.tool.timeoutSeconds }).catch((error: unknown) => {
        console.error(`telephony: call ${this.callId}: the warm transfer's call to ${this.tool.to} could not be placed: ${error instanceof Error ? error.message : String(error)}`);
        return null;
      });
      if (!placed) {
        this.legFinal = true;
        return { kind: "failed", reason: "failed" };
      }
      this.legSid = placed.carrierCallId;
      const outcome = await settled;
      if (outcome.kind === "failed" && outcome.reason !== "no_answer") this.legFinal = true;
      return outcome;
    } finally {
      expected.cancel();
      unwatch();
      clearTimeout(timer);
      clearInterval(callerGone);
    }
  }

  /** The summary, paced to the destination; answered once its last frame has played there (its mark came back). */
  private async speakSummary(leg: CarrierMediaTransport, summary: Promise<Int16Array>): Promise<Outcome> {
    let audio: Int16Array;
    try {
      audio = await summary;
    } catch (error) {
      console.warn(`telephony: call ${this.callId}: the warm transfer's summary could not be spoken (${error instanceof Error ? error.message : String(error)}); joining without it`);
      audio = new Int16Array(0);
    }
    return new Promise<Outcome>((resolve) => {
      let offset = 0;
      let done = false;
      const finish = (outcome: Outcome) => {
        if (done) return;
        done = true;
        pacer.stop();
        clearTimeout(limit);
        clearInterval(watch);
        unwatch();
        resolve(outcome);
      };
      const pacer = new PeriodicTimer(realClock, 20, () => {
        if (offset >= audio.length) {
          pacer.stop();
          leg.mark("summary-played");
          return;
        }
        const frame = new Int16Array(FRAME_SAMPLES);
        frame.set(audio.subarray(offset, offset + FRAME_SAMPLES));
        offset += FRAME_SAMPLES;
        leg.play(frame);
      });
      leg.onMark((name) => name === "summary-played" && finish({ kind: "answered", leg }));
      leg.onClose(() => {
        this.legFinal = true;
        finish({ kind: "failed", reason: "declined" });
      });
      const unwatch = this.watchLegStatus((status) => {
        if (status !== "answered" && status !== "dialing") {
          this.legFinal = true;
          finish({ kind: "failed", reason: "declined" });
        }
      });
      const watch = setInterval(() => this.caller.isClosed && finish({ kind: "caller_gone" }), 200);
      const limit = setTimeout(() => finish({ kind: "failed", reason: "declined" }), (audio.length / 8000) * 1000 + SUMMARY_SLACK_MS);
      pacer.begin();
    });
  }

  /** The carrier joins the caller and the destination; our stream on the caller ends, and the call is recorded as transferred. */
  private async join(callerSid: string): Promise<void> {
    try {
      await this.carrier.bridge(callerSid, this.legSid as string, this.callId);
    } catch (error) {
      console.error(`telephony: call ${this.callId}: joining the caller to ${this.tool.to} failed: ${error instanceof Error ? error.message : String(error)}`);
      await this.hangUpLeg();
      return this.fail("failed");
    }
    const deadline = Date.now() + STREAM_END_WAIT_MS;
    while (!this.caller.isClosed && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
    await this.record("answered");
  }

  private async fail(reason: WarmTransferFailure): Promise<void> {
    await this.hangUpLeg();
    this.caller.endHold();
    this.live.hold(false);
    await recordWarmTransferFailure(this.deps, this.callId, this.tool.to, reason);
    if (!this.caller.isClosed) this.live.tell(warmTransferFailedPrompt(this.tool.to, reason));
  }

  private async hangUpLeg(): Promise<void> {
    if (!this.legSid || this.legFinal) return;
    this.legFinal = true;
    await this.carrier.hangUp(this.legSid).catch((error: unknown) => console.error(`telephony: call ${this.callId}: hanging up the transfer leg failed: ${error instanceof Error ? error.message : String(error)}`));
  }

  private record(status: CallTransfer["status"]): Promise<void> {
    return recordWarmTransfer(this.deps, this.callId, this.tool.to, status);
  }

  /** Calls `onStatus` with the call's transfer status each time the leg's webhooks (on any instance) change it. */
  private watchLegStatus(onStatus: (status: CallTransfer["status"]) => void): () => void {
    let stopped = false;
    const read = () =>
      void this.deps.db
        .select({ transfer: calls.transfer })
        .from(calls)
        .where(eq(calls.id, this.callId))
        .then(([row]) => {
          if (!stopped && row?.transfer?.mode === "warm") onStatus(row.transfer.status);
        })
        .catch(() => undefined);
    const unwatch = callChanges(this.deps.db).watch(this.callId, read);
    return () => {
      stopped = true;
      unwatch();
    };
  }
}

/**
 * What the destination hears before the caller is joined: `whisper_message` with the call's variables
 * filled in, else a summary of the transcript written by the agent's model (a realtime agent's model
 * is asked through the ordinary API), else, when the model fails, a plain announcement.
 */
export async function warmTransferWords(
  how: { whisperMessage?: string; llm: LanguageModelPort; agentLlm: AgentDocument["llm"]; onUsage?: (inputTokens: number, outputTokens: number) => void },
  call: { transcript: TranscriptEntry[]; values: VariableValue[] },
  signal?: AbortSignal,
): Promise<string> {
  if (how.whisperMessage) return fillPrompt(how.whisperMessage, call.values, new Set());
  const lines = call.transcript.map((entry) => `${entry.role === "user" ? "Caller" : "Agent"}: ${entry.content}`).join("\n");
  const llm = how.agentLlm.provider === "openai_realtime" ? { ...how.agentLlm, provider: "openai" as const } : how.agentLlm;
  try {
    let text = "";
    const messages = [{ role: "user" as const, content: `Transcript of the call so far:\n${lines || "(nothing said yet)"}` }];
    for await (const event of how.llm({ ...llm, system: SUMMARY_SYSTEM_PROMPT, messages, tools: [], abortSignal: signal })) {
      if (event.type === "text") text += event.text;
      else if (event.type === "usage") how.onUsage?.(event.inputTokens, event.outputTokens);
    }
    return text.trim() || FALLBACK_WHISPER;
  } catch {
    return FALLBACK_WHISPER;
  }
}
/** The tool's `hold_audio_url` at 8 kHz, or the built-in chime when there is none or it cannot be played (logged). */
export async function warmTransferHoldAudio(tool: Pick<WarmTransferTool, "holdAudioUrl">, fetchAudio: SafeFetch, callId: string): Promise<Int16Array> {
  if (!tool.holdAudioUrl) return builtInHoldAudio();
  return loadHoldAudio(tool.holdAudioUrl, fetchAudio).catch((error: unknown) => {
    console.warn(`telephony: call ${callId}: hold_audio_url could not be played (${error instanceof Error ? error.message : String(error)}); the built-in hold audio plays instead`);
    return builtInHoldAudio();
  });
}

/** A warm transfer's `transfer` on the call record (`mode: "warm"`). */
export function recordWarmTransfer(deps: Pick<WarmTransferDependencies, "db" | "queue">, callId: string, to: string, status: CallTransfer["status"], durationSeconds: number | null = null): Promise<void> {
  return recordTransfer(deps.db, deps.queue, callId, { to, status, duration_seconds: durationSeconds, mode: "warm" });
}

/** A failed warm transfer on the record: `transfer.status` is the reason, and a `transfer_failed {to, reason}` event. */
export async function recordWarmTransferFailure(deps: Pick<WarmTransferDependencies, "db" | "queue">, callId: string, to: string, reason: WarmTransferFailure): Promise<void> {
  await recordWarmTransfer(deps, callId, to, reason);
  const call = await findCall(deps.db, callId);
  if (call) await noteCallEvent(deps.db, call, "transfer_failed", { to, reason });
}

/** The words for the destination (warmTransferWords) in the agent's voice at 8 kHz. */
export async function warmTransferSummaryAudio(
  deps: Pick<WarmTransferDependencies, "db" | "llm" | "env">,
  agent: AgentDocument,
  callId: string,
  whisperMessage: string | undefined,
  signal: AbortSignal,
): Promise<Int16Array> {
  const conversation = await loadRuntimeCall(deps.db, callId);
  const usage = { llm_input_tokens: 0, llm_output_tokens: 0 };
  const onUsage = (inputTokens: number, outputTokens: number) => {
    usage.llm_input_tokens += inputTokens;
    usage.llm_output_tokens += outputTokens;
  };
  const text = await warmTransferWords(
    { whisperMessage, llm: deps.llm, agentLlm: agent.llm, onUsage },
    { transcript: conversation?.snapshot.transcript ?? [], values: conversation?.snapshot.variable_values ?? [] },
    signal,
  );
  // The summary is the call's work: its cost counts the model's tokens and the characters spoken.
  await addCallUsage(deps.db, callId, { ...usage, tts_characters: text.length }).catch((error: unknown) =>
    console.warn(`telephony: call ${callId}: the warm transfer's usage was not recorded (${error instanceof Error ? error.message : String(error)})`),
  );
  const tts = createTextToSpeech(agent, deps.env ?? process.env, { sampleRate: 8000 });
  try {
    const chunks: Int16Array[] = [];
    for await (const chunk of tts.synthesize(text, signal)) chunks.push(chunk);
    const out = new Int16Array(chunks.reduce((sum, chunk) => sum + chunk.length, 0));
    let at = 0;
    for (const chunk of chunks) {
      out.set(chunk, at);
      at += chunk.length;
    }
    // A provider that cannot speak at 8 kHz says so in its sampleRate: the line takes 8 kHz.
    return tts.sampleRate === 8000 ? out : resample(out, tts.sampleRate, 8000);
  } finally {
    await tts.close?.().catch(() => undefined);
  }
}
