// A media process's SIP side: the user agent, its entry in the instance registry (heartbeat), the
// outbound dial queue it works, inbound routing to agents and redirects, hand-off of answered calls
// to a conversation, and the calls the API terminated. Call state lives in Postgres throughout.

import type { LookupFunction } from "node:net";
import type PgBoss from "pg-boss";
import type { Database } from "@/lib/db/client";
import { jobNames, type JobQueue } from "@/lib/jobs/queue";
import { createInboundPhoneCall, findCalledSipNumbers } from "@/lib/services/phone-calls/inbound-phone-calls";
import { inboundSlotFree } from "@/lib/services/concurrency/concurrency";
import { endedCallIds, finishSipCall, loadOutboundSipCall, loadSipCallLine, markSipCallAnswered, markSipCallRinging } from "@/lib/services/phone-calls/sip-call-progress";
import { MediaInstance } from "@/lib/media/media-instance";
import { holdCallMedia } from "@/lib/services/calls/media-instances";
import { beatSipInstance, registerSipInstance, removeDeadSipInstances, removeSipInstance } from "@/lib/services/telephony/sip-media-instances";
import type { OutboundAddressPolicy } from "@/lib/net/outbound-address-policy";
import { outboundAddressPolicy } from "@/lib/net/outbound-fetch";
import { resolveSipHost } from "@/lib/net/sip-trunk-address";
import type { CallOutcome } from "../sip/call-outcome";
import type { SipTrunkSettings } from "@/lib/db/schema";
import type { SipTrunk } from "../sip/outbound-call";
import type { SipCall } from "../sip/sip-call";
import { SipDialError, SipUserAgent, type InboundDecision, type InboundInvite, type SipUserAgentOptions } from "../sip/user-agent";
import { CalledNumbersCache } from "./called-numbers-cache";
import { routeInbound } from "./inbound-route";
import { sipCallEnd } from "./sip-call-end";
import { SipMediaTransport } from "./sip-media-transport";
import { trunkTarget } from "./sip-trunk-target";
import type { TransferLegDialer } from "./sip-warm-transfer";
import type { Admission } from "@/lib/load/load-limits";
import { dialWaitsForCapacity } from "../dial-capacity";

/** Runs the conversation of an answered call over its transport; `ended` settles when the conversation is over. */
export type ConversationStarter = (call: {
  callId: string;
  transport: SipMediaTransport;
  answeredAt: Date;
  /** Places a second call from the call's own number through its number's trunk (a warm transfer's leg). */
  dialTransferLeg: TransferLegDialer;
}) => Promise<{ ended: Promise<unknown> }>;

export type SipMediaDependencies = {
  db: Database;
  /** Works the SIP dial queue; omitted: this process only answers inbound calls. */
  boss?: PgBoss;
  queue: JobQueue;
  startConversation: ConversationStarter;
  log?: (line: string) => void;
  /** Where trunks may be dialled (default: the configured policy, OUTBOUND_ALLOWED_HOSTS). */
  addressPolicy?: OutboundAddressPolicy;
  /** Name resolution for trunk hosts (default dns.lookup). */
  lookup?: LookupFunction;
  /**
   * This process as the holder of its calls' media (the server's, shared with its WebSockets). Without
   * one, the SIP process registers its own: either way a crash ends its calls (the dead-instance sweep).
   */
  instance?: MediaInstance;
  /** Whether this process takes a new call now (lib/load): past capacity inbound INVITEs hear 486 Busy Here and SIP dials wait. */
  admission?: () => Admission;
};

export type SipMediaOptions = Omit<SipUserAgentOptions, "inbound"> & {
  heartbeatMs?: number;
  /** How often the calls held here are checked for a terminate from the API (default 500 ms). */
  terminateCheckMs?: number;
  /** Outbound ring timeout (default 60 s). */
  ringTimeoutMs?: number;
  /** How long a number's routing (agent, redirect, trunk) is reused before it is read again (default 5 s). */
  routingCacheMs?: number;
};

type HeldCall = { callId: string; sip: SipCall; transport?: SipMediaTransport; conversation?: Promise<unknown> };

export class SipMediaProcess {
  private readonly held = new Map<string, HeldCall>();
  private readonly timers: NodeJS.Timeout[] = [];
  private draining = false;
  private closing: Promise<void> | undefined;
  private ua!: SipUserAgent;
  private readonly numbers: CalledNumbersCache;
  /** Set when this process registered a holder of its own (none was given): stopped on close. */
  private ownInstance: MediaInstance | null = null;

  private constructor(
    private readonly deps: SipMediaDependencies,
    private readonly options: SipMediaOptions,
    private readonly instance: MediaInstance,
  ) {
    this.numbers = new CalledNumbersCache((numbers) => findCalledSipNumbers(deps.db, numbers), options.routingCacheMs);
  }

  /** This process's id in the SIP registry (sip_media_instances) and as its calls' holder (media_instances). */
  get instanceId(): string {
    return this.instance.id;
  }

  static async start(deps: SipMediaDependencies, options: SipMediaOptions = {}): Promise<SipMediaProcess> {
    const own = deps.instance ? null : await MediaInstance.start(deps.db, deps.queue, { heartbeatMs: options.heartbeatMs, log: deps.log });
    const process = new SipMediaProcess(deps, options, deps.instance ?? own!);
    process.ownInstance = own;
    process.ua = await SipUserAgent.start({ ...options, inbound: { decide: (invite) => process.decide(invite) } });
    await registerSipInstance(deps.db, { id: process.instanceId, host: process.ua.publicHost, port: process.ua.publicPort });
    process.every(options.heartbeatMs ?? 5_000, () => process.heartbeat());
    process.every(options.terminateCheckMs ?? 500, () => process.hangUpTerminated());
    if (deps.boss) {
      const waitForCapacity = dialWaitsForCapacity(deps.queue, deps.admission, process.log.bind(process));
      await deps.boss.work<{ callId: string }>(jobNames.dialSipCall, { pollingIntervalSeconds: 0.5, batchSize: 1 }, async ([job]) => {
        if (await waitForCapacity(jobNames.dialSipCall, job.data.callId)) return;
        await process.placeCall(job.data.callId);
      });
    }
    return process;
  }

  get userAgent(): SipUserAgent {
    return this.ua;
  }

  /** Calls whose media this process holds. */
  get activeCalls(): number {
    return this.held.size;
  }

  /** Dials a started call through its number's trunk; the dialog's progress is written to the call. */
  async placeCall(callId: string): Promise<void> {
    const { db, queue } = this.deps;
    const call = await loadOutboundSipCall(db, callId);
    if (!call) return; // terminated, deleted, or already placed by an earlier attempt
    const fail = (reason: string) =>
      finishSipCall(db, queue, callId, { status: "failed", endReason: "failed", sipStatus: null, reason, answeredAt: null, endedAt: new Date() });
    if (this.draining) return void (await fail("the SIP media process was shutting down"));
    const trunk = await this.checkedTrunk(call.trunk, call.password);
    if (!trunk.ok) return void (await fail(trunk.reason));
    // Claimed before dialling: a retried job (or a terminate meanwhile) never sends a second INVITE.
    if (!(await markSipCallRinging(db, callId))) return;
    let sip: SipCall;
    try {
      sip = await this.ua.dial({ trunk: trunk.trunk, to: call.toNumber, from: call.fromNumber, customHeaders: call.customHeaders ?? undefined, ringTimeoutMs: this.options.ringTimeoutMs });
    } catch (error) {
      // The call is claimed: a retry would find it ringing and skip it, so every failure ends it here.
      return void (await fail(error instanceof SipDialError ? error.message : `the INVITE could not be sent: ${error instanceof Error ? error.message : error}`));
    }
    sip.on("answered", () => void this.answered(callId, sip));
    await this.hold(callId, sip);
  }

  /**
   * A number's trunk as dialled: the password opens, the termination URI parses, and its host passes
   * the outbound address policy after DNS (no packet to a loopback, private or metadata address unless
   * the operator allows it); the trunk is then sent to the address just checked (the Request-URI keeps its name).
   */
  private async checkedTrunk(settings: SipTrunkSettings, password: string | null | undefined): Promise<{ ok: true; trunk: SipTrunk } | { ok: false; reason: string }> {
    if (password === undefined) return { ok: false, reason: "the trunk's stored password no longer opens (AUTH_SECRET changed): set auth_password again" };
    const target = trunkTarget(settings, password);
    if (!target.ok) return target;
    const resolved = await resolveSipHost(target.trunk.host, this.deps.addressPolicy ?? outboundAddressPolicy(), this.deps.lookup);
    if (!resolved.ok) return { ok: false, reason: `the trunk's termination URI is not dialled: ${resolved.reason}${resolved.unresolved ? "" : " (OUTBOUND_ALLOWED_HOSTS can allow an operator's own PBX)"}` };
    return { ok: true, trunk: { ...target.trunk, host: resolved.address } };
  }

  /** A warm transfer's leg of `callId`: from the call's own number, through that number's trunk (throws with the reason when it cannot be placed). */
  private transferLegDialer(callId: string): TransferLegDialer {
    return async (to, ringTimeoutMs) => {
      if (this.draining) throw new Error("the SIP media process is shutting down");
      const line = await loadSipCallLine(this.deps.db, callId);
      if (!line) throw new Error("the call's number has no SIP trunk");
      const trunk = await this.checkedTrunk(line.trunk, line.password);
      if (!trunk.ok) throw new Error(trunk.reason);
      return this.ua.dial({ trunk: trunk.trunk, to, from: line.number, ringTimeoutMs });
    };
  }

  /** Stops taking calls (INVITEs and OPTIONS get 503, dial jobs are left to other processes); resolves when the live calls ended. */
  async drain(): Promise<void> {
    this.draining = true;
    await this.deps.boss?.offWork(jobNames.dialSipCall).catch(() => undefined);
    await beatSipInstance(this.deps.db, this.instanceId, { activeCalls: this.held.size, draining: true }).catch(() => undefined);
    await this.ua.drain();
    await Promise.all([...this.held.values()].map((held) => held.conversation));
  }

  /** Hangs up what is left (waiting up to `graceMs`), closes the sockets and leaves the registry; once. */
  close(graceMs = 2_000): Promise<void> {
    return (this.closing ??= this.shutDown(graceMs));
  }

  private async shutDown(graceMs: number): Promise<void> {
    this.draining = true;
    for (const timer of this.timers) clearInterval(timer);
    await this.deps.boss?.offWork(jobNames.dialSipCall).catch(() => undefined);
    await this.ua.close(graceMs);
    await Promise.race([Promise.all([...this.held.values()].map((held) => held.conversation)), new Promise((resolve) => setTimeout(resolve, graceMs))]);
    await removeSipInstance(this.deps.db, this.instanceId).catch(() => undefined);
    await this.ownInstance?.stop();
  }

  private every(ms: number, work: () => Promise<unknown>): void {
    let running = false;
    const timer = setInterval(() => {
      if (running) return;
      running = true;
      work()
        .catch((error) => this.log(`sip: ${error instanceof Error ? error.message : error}`))
        .finally(() => (running = false));
    }, ms);
    timer.unref();
    this.timers.push(timer);
  }

  private log(line: string): void {
    (this.deps.log ?? console.error)(line);
  }

  private async heartbeat(): Promise<void> {
    await beatSipInstance(this.deps.db, this.instanceId, { activeCalls: this.held.size, draining: this.draining });
    await removeDeadSipInstances(this.deps.db);
  }

  /** Calls the API terminated (or deleted) while we held them: CANCEL before the answer, BYE after. */
  private async hangUpTerminated(): Promise<void> {
    if (!this.held.size) return;
    for (const callId of await endedCallIds(this.deps.db, [...this.held.keys()])) {
      const held = this.held.get(callId);
      // A bridged call was ended as transferred by us: its dialogs go on until a side hangs up.
      if (held && !held.transport?.isBridged) void held.sip.hangup();
    }
  }

  private async hold(callId: string, sip: SipCall): Promise<HeldCall> {
    const held: HeldCall = { callId, sip };
    this.held.set(callId, held);
    void sip.ended.then((outcome) => this.ended(held, outcome));
    await holdCallMedia(this.deps.db, callId, this.instanceId);
    return held;
  }

  private async answered(callId: string, sip: SipCall): Promise<void> {
    const answeredAt = sip.answeredAt ?? new Date();
    if (!(await markSipCallAnswered(this.deps.db, callId, answeredAt).catch(() => false))) return void sip.hangup();
    await this.converse(callId, sip);
  }

  /** Hands the answered call to a conversation; when that ends first (the agent hung up), so does the dialog. */
  private async converse(callId: string, sip: SipCall): Promise<void> {
    const held = this.held.get(callId);
    if (!held || sip.state === "ended") return;
    held.transport = new SipMediaTransport(sip);
    held.conversation = this.deps
      .startConversation({ callId, transport: held.transport, answeredAt: sip.answeredAt ?? new Date(), dialTransferLeg: this.transferLegDialer(callId) })
      .then((conversation) => conversation.ended)
      .catch((error) => this.log(`sip: the conversation of call ${callId} failed: ${error instanceof Error ? error.message : error}`))
      // A caller bridged to a warm transfer's destination stays on the line: the bridge ends the dialog.
      .finally(() => void (held.transport?.isBridged || sip.hangup()));
  }

  private async ended(held: HeldCall, outcome: CallOutcome): Promise<void> {
    const { db, queue } = this.deps;
    try {
      // A conversation finishes its own call; one that never got one (unanswered, or it failed to start) ends here.
      if (held.conversation) await held.conversation;
      await finishSipCall(db, queue, held.callId, sipCallEnd(outcome));
    } catch (error) {
      this.log(`sip: recording the end of call ${held.callId} failed: ${error instanceof Error ? error.message : error}`);
    } finally {
      this.held.delete(held.callId);
    }
  }

  private async decide(invite: InboundInvite): Promise<InboundDecision> {
    const called = [invite.calledNumbers.requestUri, invite.calledNumbers.to].flatMap((number) => (number ? [number, `+${number}`] : []));
    const route = routeInbound(invite, await this.numbers.find(called));
    if (route.kind === "unknown") return { action: "reject", status: 404, reason: "Not Found (no number of ours from this source)" };
    if (route.kind === "ambiguous") return { action: "reject", status: 485, reason: "Ambiguous (several trunks claim this number from this source)" };
    const number = route.number;
    if (number.redirect && number.redirectPhoneNumber) return { action: "redirect", target: number.redirectPhoneNumber };
    const agentId = number.inboundAgentId;
    if (!agentId) return { action: "reject", status: 480, reason: "Temporarily Unavailable (no inbound agent on this number)" };
    // Past capacity the caller hears busy (the calls held here stay smooth); Retry-After for a dispatcher that retries.
    const admitted = this.deps.admission?.();
    if (admitted && !admitted.accepting) {
      this.log(`sip: busy for a call to ${number.number}: this server process is at capacity (${admitted.reason})`);
      return { action: "reject", status: 486, reason: "Busy Here (at capacity)", headers: [{ name: "Retry-After", value: String(admitted.retryAfterSeconds) }] };
    }
    // At the organization's concurrency limit: busy, before anything is answered or recorded.
    if (!(await inboundSlotFree(this.deps.db, number.organizationId))) return { action: "reject", status: 486, reason: "Busy Here (the organization is at its concurrency limit)" };
    return {
      action: "accept",
      onCall: (sip) => {
        const answeredAt = new Date();
        void createInboundPhoneCall(this.deps.db, { organizationId: number.organizationId, agentId, fromNumber: invite.from, toNumber: number.number, answeredAt })
          .then(async (callId) => {
            if (!callId) return void sip.hangup();
            await this.hold(callId, sip);
            await this.converse(callId, sip);
          })
          .catch((error) => {
            this.log(`sip: the inbound call to ${number.number} could not be recorded: ${error instanceof Error ? error.message : error}`);
            void sip.hangup();
          });
      },
    };
  }
}
