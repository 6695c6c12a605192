// The SIP side of a live call's built-in tools: `transfer_call` is a blind transfer by REFER to the
// tool's `transfer_phone_number` (after the filler sentence is heard), with the far end's NOTIFY
// deciding; a refused or failed transfer is told to the conversation, which carries on.
// `leave_voicemail_message` lets the message play out, then hangs up; `wait` needs nothing here.

import type { AgentDocument } from "@/lib/agents/normalize";
import { endCall, type RuntimeHostDependencies } from "@/lib/services/calls/call-host";
import { recordSipTransfer } from "@/lib/services/phone-calls/sip-call-progress";
import type { SipMediaTransport } from "./sip-media-transport";

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

  /** The transfer_call tool's number: the current state's, else any state's. */
  private transferTarget(): string | null {
    const numberOf = (tools: AgentDocument["states"][number]["tools"]) =>
      (tools.find((tool) => tool.type === "transfer_call" && (tool as { transfer_phone_number?: string }).transfer_phone_number) as { transfer_phone_number?: string } | undefined)
        ?.transfer_phone_number;
    const state = this.agent.states.find((each) => each.name === this.stateName);
    return (state && numberOf(state.tools)) ?? numberOf(this.agent.states.flatMap((each) => each.tools)) ?? null;
  }

  private warmRequested(): boolean {
    return this.agent.states.some((state) => state.tools.some((tool) => tool.type === "transfer_call" && (tool as { transfer_mode?: string }).transfer_mode === "warm"));
  }

  private async transfer(): Promise<void> {
    const target = this.transferTarget();
    if (!target) {
      this.tell(transferFailedPrompt("a human", "this agent has no transfer number configured"));
      return;
    }
    if (this.warmRequested()) console.warn(`sip: call ${this.callId}: warm transfer is not built for SIP trunks; transferring cold (REFER)`);
    await this.quiet();
    if (this.transport.isClosed) return;
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
