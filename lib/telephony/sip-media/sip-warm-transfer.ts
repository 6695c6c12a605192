// A warm transfer on a SIP trunk call: the caller hears hold audio on its own RTP stream while our
// user agent calls the destination (a second dialog, from the call's own number, through the same
// trunk); when it answers, the summary is spoken to it over that dialog's RTP in the agent's voice;
// then we stay in the media path and relay audio between the two dialogs until either hangs up.
// Busy, declined, not answered in time or not placed: the hold ends and the agent carries on.

import type { AgentDocument } from "@/lib/agents/normalize";
import { PeriodicTimer, realClock } from "@/lib/media/clock";
import { endCall, type RuntimeHostDependencies } from "@/lib/services/calls/call-host";
import type { CallOutcome } from "../sip/call-outcome";
import type { SipCall } from "../sip/sip-call";
import { FRAME_SAMPLES } from "../media-stream";
import {
  recordWarmTransfer,
  recordWarmTransferFailure,
  warmTransferFailedPrompt,
  warmTransferHoldAudio,
  summaryOrNothing,
  warmTransferSummaryAudio,
  type LiveCallControl,
  type WarmTransferDependencies,
  type WarmTransferFailure,
  type WarmTransferTool,
} from "../warm-transfer";
import type { SipMediaTransport } from "./sip-media-transport";

/** Places the destination's dialog (from the call's own number, through its trunk), CANCELled when not answered within `ringTimeoutMs`. */
export type TransferLegDialer = (to: string, ringTimeoutMs: number) => Promise<SipCall>;

export type SipWarmTransferDependencies = WarmTransferDependencies & RuntimeHostDependencies;

/** After the summary's last frame went out, this long for the destination's jitter buffer to play it before the caller is joined. */
const SUMMARY_TAIL_MS = 200;
/** How long the destination may take to hear the summary once it answered (beyond the summary itself). */
const SUMMARY_SLACK_MS = 15_000;

type Outcome = { kind: "answered"; leg: SipCall } | { kind: "failed"; reason: WarmTransferFailure; leg?: SipCall } | { kind: "caller_gone"; leg?: SipCall };

/**
 * Why an unanswered (or answered, then ended) destination dialog is a failed transfer: busy (486,
 * 600) and rejected (603 Decline) are `busy`, 408/480 and our ring timeout `no_answer`, any other
 * final response `failed` (as the carriers report theirs).
 */
export function legFailure(outcome: CallOutcome): WarmTransferFailure {
  if (outcome.answeredAt) return "declined";
  if (outcome.kind === "busy" || outcome.sipStatus === 603) return "busy";
  if (outcome.kind === "no_answer" || outcome.kind === "canceled") return "no_answer";
  return "failed";
}

export class SipWarmTransfer {
  constructor(
    private readonly deps: SipWarmTransferDependencies,
    private readonly agent: AgentDocument,
    private readonly callId: string,
    private readonly tool: WarmTransferTool,
    private readonly caller: SipMediaTransport,
    private readonly dial: TransferLegDialer,
    private readonly live: LiveCallControl,
  ) {}

  async run(): Promise<void> {
    const hold = await warmTransferHoldAudio(this.tool, this.deps.fetchAudio, this.callId);
    if (this.caller.isClosed) return;
    this.caller.startHold(hold);
    this.live.hold(true);
    await recordWarmTransfer(this.deps, this.callId, this.tool.to, "dialing");

    const speech = new AbortController();
    const summary = warmTransferSummaryAudio(this.deps, this.agent, this.callId, this.tool.whisperMessage, speech.signal);
    summary.catch(() => undefined);
    let outcome: Outcome;
    try {
      outcome = await this.dialAndWait();
      if (outcome.kind === "answered") outcome = await this.speakSummary(outcome.leg, summary);
    } finally {
      speech.abort();
    }
    if (outcome.kind === "caller_gone") {
      await outcome.leg?.hangup(); // CANCEL while it rings, BYE once answered
      return;
    }
    if (outcome.kind === "failed") {
      await outcome.leg?.hangup();
      return this.fail(outcome.reason);
    }
    await this.join(outcome.leg);
  }

  /** Places the leg and waits for its answer, its final response (or our CANCEL at the timeout), or the caller leaving. */
  private async dialAndWait(): Promise<Outcome> {
    let leg: SipCall;
    try {
      leg = await this.dial(this.tool.to, this.tool.timeoutSeconds * 1000);
    } catch (error) {
      console.error(`sip: call ${this.callId}: the warm transfer's call to ${this.tool.to} could not be placed: ${error instanceof Error ? error.message : String(error)}`);
      return { kind: "failed", reason: "failed" };
    }
    return new Promise<Outcome>((resolve) => {
      leg.on("answered", () => resolve({ kind: "answered", leg }));
      void leg.ended.then((outcome) => resolve({ kind: "failed", reason: legFailure(outcome) }));
      void this.caller.call.ended.then(() => resolve({ kind: "caller_gone", leg }));
    });
  }

  /** The summary, paced to the destination over its RTP; answered once it has played there. */
  private async speakSummary(leg: SipCall, summary: Promise<Int16Array>): Promise<Outcome> {
    await recordWarmTransfer(this.deps, this.callId, this.tool.to, "answered");
    const audio = await summaryOrNothing(summary, `sip: call ${this.callId}`);
    return new Promise<Outcome>((resolve) => {
      let offset = 0;
      let done = false;
      let tail: NodeJS.Timeout | undefined;
      const finish = (outcome: Outcome) => {
        if (done) return;
        done = true;
        pacer.stop();
        clearTimeout(tail);
        clearTimeout(limit);
        resolve(outcome);
      };
      const pacer = new PeriodicTimer(realClock, 20, () => {
        if (offset >= audio.length) {
          pacer.stop();
          tail = setTimeout(() => finish({ kind: "answered", leg }), SUMMARY_TAIL_MS);
          return;
        }
        const frame = new Int16Array(FRAME_SAMPLES);
        frame.set(audio.subarray(offset, offset + FRAME_SAMPLES));
        offset += FRAME_SAMPLES;
        leg.audio.sendAudio(frame);
      });
      void leg.ended.then(() => finish({ kind: "failed", reason: "declined" }));
      void this.caller.call.ended.then(() => finish({ kind: "caller_gone", leg }));
      const limit = setTimeout(() => finish({ kind: "failed", reason: "declined", leg }), (audio.length / 8000) * 1000 + SUMMARY_SLACK_MS);
      pacer.begin();
    });
  }

  /**
   * Joins the two: the relay starts at once (the hold stops), the conversation ends as `transferred`,
   * and once either side has hung up (the other gets a BYE) the transfer is `completed` with its seconds.
   */
  private async join(leg: SipCall): Promise<void> {
    const bridged = this.caller.bridge(leg);
    await endCall(this.deps, this.callId, "transferred", `transferred to ${this.tool.to} (warm)`);
    const { connectedSeconds } = await bridged;
    await recordWarmTransfer(this.deps, this.callId, this.tool.to, "completed", connectedSeconds);
  }

  private async fail(reason: WarmTransferFailure): Promise<void> {
    this.caller.endHold();
    this.live.hold(false);
    await recordWarmTransferFailure(this.deps, this.callId, this.tool.to, reason);
    if (!this.caller.isClosed) this.live.tell(warmTransferFailedPrompt(this.tool.to, reason));
  }
}
