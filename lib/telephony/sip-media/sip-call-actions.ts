// The SIP side of a live call's built-in tools: `transfer_call` is a blind transfer by REFER to the
// tool's `transfer_phone_number` (after the filler sentence is heard), with the far end's NOTIFY
// deciding; a refused or failed transfer is told to the conversation, which carries on. With
// `transfer_mode: "warm"` it is a warm transfer instead (sip-warm-transfer.ts).
// `leave_voicemail_message` lets the message play out, then hangs up; `wait` needs nothing here.

import type { AgentDocument } from "@/lib/agents/normalize";
import { endCall, type RuntimeHostDependencies } from "@/lib/services/calls/call-host";
import { recordSipTransfer } from "@/lib/services/phone-calls/sip-call-progress";
import type { SafeFetch } from "@/lib/net/safe-fetch";
import type { SipMediaTransport } from "./sip-media-transport";
import { SipWarmTransfer, type TransferLegDialer } from "./sip-warm-transfer";

/** What a warm transfer needs beyond the line: the agent (model, voice), the outbound client for hold audio, the live call's hold, the leg's dialer. */
export type SipWarmContext = {
  agent: AgentDocument;
  fetchAudio: SafeFetch;
  env?: Record<string, string | undefined>;
  hold(on: boolean): void;
  dial: TransferLegDialer;
};

type TransferTool = { transfer_phone_number?: string; transfer_mode?: "cold" | "warm"; hold_audio_url?: string; whisper_message?: string; transfer_timeout_seconds?: number };

/** The live call's events this reads (lib/runtime's recorded events and the media session's). */
export type SipRelevantEvent = { type: string; tool_type?: string; to?: string };

/** After the agent's last frame, this much quiet means its sentence is over. */
const QUIET_MS = 800;
/** How long the voicemail message may take to start before the call is ended anyway. */
const MESSAGE_START_WAIT_MS = 10_000;

export const transferFailedPrompt = (target: string, reason: string) =>
  `(The transfer to ${target} did not go through: ${reason}. Tell the caller, and offer to help another way.)`;

export class SipCallActions {
  private stateName: string;
  private busy = false;
  private stopped = false;

  constructor(
    private readonly deps: RuntimeHostDependencies,
    private readonly callId: string,
    private readonly agent: Pick<AgentDocument, "states" | "initial_state_name">,
    private readonly transport: SipMediaTransport,
    /** A caller turn typed into the conversation (the live call's sendText). */
    private readonly tell: (text: string) => void,
    /** Without it, a warm transfer_call is put through cold (REFER). */
    private readonly warm?: SipWarmContext,
  ) {
    this.stateName = agent.initial_state_name;
  }

  onEvent(event: SipRelevantEvent): void {
    if (this.stopped) return;
    if (event.type === "state_changed" && event.to) this.stateName = event.to;
    if (event.type !== "tool_called" || this.busy) return;
    if (event.tool_type === "transfer_call") this.run(() => this.transfer());
    else if (event.tool_type === "leave_voicemail_message") this.run(() => this.finishVoicemail());
  }

  stop(): void {
    this.stopped = true;
  }

  private run(action: () => Promise<void>): void {
    this.busy = true;
    action()
      .catch((error) => console.error(`sip: call ${this.callId}: ${error instanceof Error ? error.message : error}`))
      .finally(() => (this.busy = false));
  }

  /** The transfer_call tool with a number: the current state's, else any state's. */
  private transferTool(): TransferTool | null {
    const has = (tool: { type: string }) => tool.type === "transfer_call" && Boolean((tool as TransferTool).transfer_phone_number);
    const state = this.agent.states.find((each) => each.name === this.stateName);
    return ((state?.tools.find(has) ?? this.agent.states.flatMap((each) => each.tools).find(has)) as TransferTool | undefined) ?? null;
  }

  private async transfer(): Promise<void> {
    const tool = this.transferTool();
    const target = tool?.transfer_phone_number;
    if (!tool || !target) {
      this.tell(transferFailedPrompt("a human", "this agent has no transfer number configured"));
      return;
    }
    await this.quiet();
    if (this.transport.isClosed) return;
    if (tool.transfer_mode === "warm" && this.warm) {
      const warm = this.warm;
      await new SipWarmTransfer(
        { ...this.deps, fetchAudio: warm.fetchAudio, env: warm.env },
        warm.agent,
        this.callId,
        { to: target, holdAudioUrl: tool.hold_audio_url, whisperMessage: tool.whisper_message, timeoutSeconds: tool.transfer_timeout_seconds ?? 30 },
        this.transport,
        warm.dial,
        { hold: (on) => warm.hold(on), tell: this.tell },
      ).run();
      return;
    }
    if (tool.transfer_mode === "warm") console.warn(`sip: call ${this.callId}: warm transfer needs the live call's context; transferring cold (REFER)`);
    await recordSipTransfer(this.deps.db, this.callId, { target, outcome: "requested" });
    const result = await this.transport.transfer(target);
    await recordSipTransfer(this.deps.db, this.callId, {
      target,
      outcome: result.outcome,
      ...("status" in result && result.status !== undefined ? { status: result.status } : {}),
      ...("reason" in result && result.reason ? { reason: result.reason } : {}),
    });
    if (result.outcome === "transferred") {
      await endCall(this.deps, this.callId, "transferred", `transferred to ${target}`).finally(() => this.transport.reportClosed());
      return;
    }
    const reason = result.outcome === "refused" ? `the line refused the transfer (${result.reason})` : (result.reason ?? "no answer from the transfer target");
    this.tell(transferFailedPrompt(target, reason));
  }

  private async finishVoicemail(): Promise<void> {
    await this.quiet(MESSAGE_START_WAIT_MS);
    if (this.transport.isClosed) return;
    await endCall(this.deps, this.callId, "agent_hangup", "voicemail message left");
    this.transport.hangup();
  }

  /** Resolves once the agent has been quiet for a moment; with `speechWithinMs`, after it spoke first (or that long passed). */
  private async quiet(speechWithinMs = 0): Promise<void> {
    const since = performance.now();
    while (!this.transport.isClosed && !this.stopped) {
      const now = performance.now();
      const last = this.transport.lastPlayedAt ?? -Infinity;
      const spoke = last > since || now - since > speechWithinMs;
      if (spoke && now - Math.max(last, since) >= QUIET_MS) return;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
}
