import "server-only";
import { and, eq } from "drizzle-orm";
import type { AgentDocument } from "@/lib/agents/normalize";
import type { Database } from "@/lib/db/client";
import { callEvents } from "@/lib/db/schema";
import type { JobQueue } from "@/lib/jobs/queue";
import { callChanges } from "@/lib/services/calls/call-changes";
import { endPhoneCall, findCall, recordTransfer } from "@/lib/services/phone-calls/phone-call-progress";
import { organizationCarrier, type TelephonySettings } from "./carrier-directory";
import type { CarrierMediaTransport } from "./carrier-media-transport";
import { WarmTransfer, type WarmTransferDependencies } from "./warm-transfer";

/** What a warm transfer needs beyond the phone line: the model and voice of the agent, and the live call's hold. */
export type WarmTransferContext = { deps: Omit<WarmTransferDependencies, "db" | "queue">; agent: AgentDocument; hold(on: boolean): void };

type TransferTool = { transfer_phone_number?: string; transfer_mode?: "cold" | "warm"; hold_audio_url?: string; whisper_message?: string; transfer_timeout_seconds?: number };

/** What the conversation engine reports that a phone line acts on (a subset of lib/runtime's recorded events). */
export type PhoneRelevantEvent = { type: string; to?: unknown };

export type PhoneCallActionDependencies = { db: Database; queue: JobQueue; settings: TelephonySettings };

/** After the voicemail message has started, this much silence from the agent means it is over. */
const MESSAGE_END_SILENCE_MS = 1200;
/** How long the message may take to start (the model's first words) before the call is ended anyway. */
const MESSAGE_START_WAIT_MS = 10_000;
/** How long a machine result is waited for after the call starts. */
const MACHINE_WAIT_MS = 60_000;

export const VOICEMAIL_PROMPT = "(The call reached a voicemail box and its greeting has ended: leave your voicemail message now, then end the call.)";

/**
 * The phone side of a live call's tools: `transfer_call` dials the tool's `transfer_phone_number`
 * through the carrier (the caller leaves the agent's stream for the target), `leave_voicemail_message`
 * lets the agent's message play out, then hangs up; the answering-machine result ("greeting over,
 * beep") is told to the conversation so it can leave its message after the beep.
 */
export class PhoneCallActions {
  private stateName: string;
  private voicemail: "none" | "leaving" | "done" = "none";
  private machineWatch: (() => void) | null = null;
  private stopped = false;

  constructor(
    private readonly deps: PhoneCallActionDependencies,
    private readonly callId: string,
    private readonly agent: Pick<AgentDocument, "states" | "initial_state_name">,
    private readonly transport: CarrierMediaTransport,
    /** A typed caller turn into the conversation (the live call's sendText). */
    private readonly tell: (text: string) => void,
    /** Without it, a warm transfer_call is put through cold. */
    private readonly warm?: WarmTransferContext,
  ) {
    this.stateName = agent.initial_state_name;
  }

  /** Feed every event of the live call here. */
  onEvent(event: PhoneRelevantEvent): void {
    if (this.stopped) return;
    if (event.type === "state_changed" && typeof event.to === "string") this.stateName = event.to;
    else if (event.type === "transfer_call") void this.transfer().catch((error) => console.error(`telephony: transfer of call ${this.callId} failed:`, error));
    else if (event.type === "leave_voicemail_message") void this.finishVoicemail().catch((error) => console.error(`telephony: ending call ${this.callId} after its voicemail failed:`, error));
  }

  /** Watches for the carrier's answering-machine result (its webhook may land on any instance: its event is notified) while the call is young. */
  watchAnsweringMachine(): void {
    let reading = false;
    let again = false;
    const look = () => {
      if (this.stopped) return;
      if (reading) return void (again = true);
      reading = true;
      void this.deps.db
        .select({ payload: callEvents.payload })
        .from(callEvents)
        .where(and(eq(callEvents.callId, this.callId), eq(callEvents.type, "answering_machine")))
        .then((rows) => {
          const results = rows.map((row) => row.payload as { answered_by?: string; greeting_ended?: boolean });
          if (results.some((result) => result.answered_by === "human")) return this.stopWatching();
          if (results.some((result) => result.answered_by === "voicemail" && result.greeting_ended)) {
            this.stopWatching();
            if (this.voicemail === "none" && this.hasTool("leave_voicemail_message")) this.tell(VOICEMAIL_PROMPT);
          }
        })
        .catch(() => undefined)
        .finally(() => {
          reading = false;
          if (again && this.machineWatch) {
            again = false;
            look();
          }
        });
    };
    const unwatch = callChanges(this.deps.db).watch(this.callId, (change) => {
      if (change !== "status") look();
    });
    const expiry = setTimeout(() => this.stopWatching(), MACHINE_WAIT_MS);
    expiry.unref();
    this.machineWatch = () => {
      unwatch();
      clearTimeout(expiry);
    };
    look(); // a result that came before the media did
  }

  stop(): void {
    this.stopped = true;
    this.stopWatching();
  }

  private stopWatching(): void {
    this.machineWatch?.();
    this.machineWatch = null;
  }

  private hasTool(type: string): boolean {
    return this.agent.states.some((state) => state.tools.some((tool) => tool.type === type));
  }

  /** The transfer_call tool of the current state (or of any state) that has a number. */
  private transferTool(): TransferTool | null {
    const has = (tool: { type: string }) => tool.type === "transfer_call" && "transfer_phone_number" in tool && Boolean(tool.transfer_phone_number);
    const state = this.agent.states.find((each) => each.name === this.stateName);
    const own = state?.tools.find(has);
    const any = this.agent.states.flatMap((each) => each.tools).find(has);
    return ((own ?? any) as TransferTool | undefined) ?? null;
  }

  private transferring = false;

  async transfer(): Promise<void> {
    const tool = this.transferTool();
    const to = tool?.transfer_phone_number;
    if (!tool || !to) {
      console.warn(`telephony: call ${this.callId} asked for a transfer, but its transfer_call tool has no transfer_phone_number`);
      return;
    }
    if (this.transferring) return;
    this.transferring = true;
    try {
      await this.waitForSilence(); // the tool's filler sentence ("Let me put you through") is heard first
      const call = await findCall(this.deps.db, this.callId);
      if (!call?.carrier || !call.carrierCallId || this.transport.isClosed) return;
      const resolved = await organizationCarrier(this.deps.db, this.deps.settings, call.organizationId, call.carrier);
      if (!resolved) return;
      const carrier = resolved.carrier;
      if (tool.transfer_mode === "warm" && this.warm && carrier.dialTransferLeg && carrier.bridge) {
        const warm = this.warm;
        await new WarmTransfer(
          { ...warm.deps, db: this.deps.db, queue: this.deps.queue },
          carrier as typeof carrier & Required<Pick<typeof carrier, "dialTransferLeg" | "bridge">>,
          warm.agent,
          this.callId,
          { to, holdAudioUrl: tool.hold_audio_url, whisperMessage: tool.whisper_message, timeoutSeconds: tool.transfer_timeout_seconds ?? 30 },
          this.transport,
          { hold: (on) => warm.hold(on), tell: this.tell },
        ).run();
        return;
      }
      if (tool.transfer_mode === "warm") console.warn(`telephony: call ${this.callId}: warm transfer is not available on ${call.carrier}; putting the caller through cold`);
      await recordTransfer(this.deps.db, this.deps.queue, this.callId, { to, status: "dialing", duration_seconds: null });
      // Our number is the caller id the target sees: the one we called from, or the one that was called.
      const own = call.direction === "outbound" ? call.fromNumber : call.toNumber;
      await carrier.transfer(call.carrierCallId, { to, callId: this.callId, from: own ?? undefined, ringTimeoutSeconds: 30 });
    } finally {
      this.transferring = false;
    }
  }

  private async finishVoicemail(): Promise<void> {
    if (this.voicemail !== "none") return;
    this.voicemail = "leaving";
    await this.waitForSilence(MESSAGE_START_WAIT_MS);
    this.voicemail = "done";
    await endPhoneCall(this.deps.db, this.deps.queue, this.callId, "agent_hangup");
    await this.transport.hangupAfterLastMark();
  }

  /** Resolves once the agent has been quiet for a moment (or the line closed); with `speechWithinMs`, after it spoke again first. */
  private async waitForSilence(speechWithinMs = 0): Promise<void> {
    const since = performance.now();
    while (!this.transport.isClosed) {
      const now = performance.now();
      const last = this.transport.lastPlayedAt ?? -Infinity;
      const spoke = last > since || now - since > speechWithinMs;
      if (spoke && now - Math.max(last, since) >= MESSAGE_END_SILENCE_MS) return;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
}
