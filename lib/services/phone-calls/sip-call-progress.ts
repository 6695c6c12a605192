import { inTransaction } from "@/lib/db/transaction";
import "server-only";
import { and, eq, inArray } from "drizzle-orm";
import type { Database } from "@/lib/db/client";
import { callEvents, calls, phoneNumbers, type SipTrunkSettings } from "@/lib/db/schema";
import type { CallEndReason, CallStatus } from "@/lib/schemas/call-values";
import type { JobQueue } from "@/lib/jobs/queue";
import { sendCallFinished } from "../calls/finished-call";
import { openTrunkPassword } from "../phone-numbers/sip-trunk-password";

/** What placing an outbound SIP call needs: the call as started, and its number's trunk with the password opened. */
export type OutboundSipCall = {
  id: string;
  organizationId: string;
  fromNumber: string;
  toNumber: string;
  customHeaders: Record<string, string> | null;
  trunk: SipTrunkSettings;
  /** Null when none is stored; undefined when a stored one no longer opens (AUTH_SECRET changed). */
  password: string | null | undefined;
};

/** The call if it is still waiting to be dialled through a SIP number; null when it was terminated, deleted or is not SIP. */
export async function loadOutboundSipCall(db: Database, callId: string): Promise<OutboundSipCall | null> {
  const [row] = await db
    .select({ call: calls, trunk: phoneNumbers.sipTrunk, type: phoneNumbers.type })
    .from(calls)
    .innerJoin(phoneNumbers, and(eq(phoneNumbers.organizationId, calls.organizationId), eq(phoneNumbers.number, calls.fromNumber)))
    .where(eq(calls.id, callId))
    .limit(1);
  if (!row || row.call.status !== "created" || row.type !== "sip" || !row.trunk) return null;
  const sealed = row.trunk.authPasswordSealed ?? row.trunk.authPassword;
  const opened = sealed ? await openTrunkPassword(db, row.call.organizationId, row.trunk) : null;
  return {
    id: row.call.id,
    organizationId: row.call.organizationId,
    fromNumber: row.call.fromNumber ?? "",
    toNumber: row.call.toNumber ?? "",
    customHeaders: row.call.customHeaders,
    trunk: row.trunk,
    password: sealed && opened === null ? undefined : opened,
  };
}

/** A live SIP call's own number (the one we called from, or the one that was called) and its trunk, for a second dialog (a warm transfer's leg). */
export type SipCallLine = { number: string; trunk: SipTrunkSettings; password: string | null | undefined };

export async function loadSipCallLine(db: Database, callId: string): Promise<SipCallLine | null> {
  const [call] = await db.select({ organizationId: calls.organizationId, direction: calls.direction, fromNumber: calls.fromNumber, toNumber: calls.toNumber }).from(calls).where(eq(calls.id, callId)).limit(1);
  const own = call ? (call.direction === "outbound" ? call.fromNumber : call.toNumber) : null;
  if (!call || !own) return null;
  const [number] = await db
    .select()
    .from(phoneNumbers)
    .where(and(eq(phoneNumbers.organizationId, call.organizationId), eq(phoneNumbers.number, own)))
    .limit(1);
  if (!number || number.type !== "sip" || !number.sipTrunk) return null;
  const sealed = number.sipTrunk.authPasswordSealed ?? number.sipTrunk.authPassword;
  const opened = sealed ? await openTrunkPassword(db, call.organizationId, number.sipTrunk) : null;
  return { number: own, trunk: number.sipTrunk, password: sealed && opened === null ? undefined : opened };
}

async function recordEvent(db: Database, callId: string, type: string, payload: Record<string, unknown>, now: Date) {
  const [call] = await db.select({ organizationId: calls.organizationId }).from(calls).where(eq(calls.id, callId)).limit(1);
  if (call) await db.insert(callEvents).values({ organizationId: call.organizationId, callId, type, payload, occurredAt: now });
}

/** created → ringing (a provisional response, or the INVITE sent). False when the call already moved on (terminated). */
export async function markSipCallRinging(db: Database, callId: string, now = new Date()): Promise<boolean> {
  const updated = await db
    .update(calls)
    .set({ status: "ringing", updatedAt: now })
    .where(and(eq(calls.id, callId), eq(calls.status, "created")))
    .returning({ id: calls.id });
  return updated.length > 0;
}

/** The far end answered: in progress from `answeredAt`. False when the call was terminated meanwhile. */
export async function markSipCallAnswered(db: Database, callId: string, answeredAt: Date): Promise<boolean> {
  const updated = await db
    .update(calls)
    .set({ status: "in_progress", answeredAt, updatedAt: answeredAt })
    .where(and(eq(calls.id, callId), inArray(calls.status, ["created", "ringing"])))
    .returning({ id: calls.id });
  return updated.length > 0;
}

export type SipCallEnd = {
  status: Extract<CallStatus, "ended" | "failed">;
  endReason: CallEndReason;
  /** The SIP final status of an unanswered call, kept in the call's `sip_call_ended` event. */
  sipStatus: number | null;
  reason: string;
  answeredAt: Date | null;
  endedAt: Date;
};

/**
 * Ends a call that no conversation finishes (never answered, or failed before one started), exactly
 * once: a call already ended (terminated through the API) keeps its end. Queues the after-call work.
 */
export async function finishSipCall(db: Database, queue: JobQueue, callId: string, end: SipCallEnd): Promise<boolean> {
  return inTransaction(db, async (database) => {
    const updated = await database
      .update(calls)
      .set({
        status: end.status,
        endReason: end.endReason,
        endTime: end.endedAt,
        durationSeconds: end.answeredAt ? Math.max(0, Math.round((end.endedAt.getTime() - end.answeredAt.getTime()) / 1000)) : 0,
        updatedAt: end.endedAt,
      })
      .where(and(eq(calls.id, callId), inArray(calls.status, ["created", "ringing", "in_progress"])))
      .returning({ organizationId: calls.organizationId });
    if (!updated.length) return false;
    await database.insert(callEvents).values({
      organizationId: updated[0].organizationId,
      callId,
      type: "sip_call_ended",
      payload: { sip_status: end.sipStatus, reason: end.reason, end_reason: end.endReason },
      occurredAt: end.endedAt,
    });
    await sendCallFinished(queue, callId, database);
    return true;
  });
}

/** Notes a transfer by REFER on the call: requested, then the far end's result. */
export async function recordSipTransfer(db: Database, callId: string, payload: { target: string; outcome: string; status?: number; reason?: string }, now = new Date()) {
  await recordEvent(db, callId, "transfer", { via: "sip_refer", ...payload }, now);
}

/** Of `callIds`, those no longer ongoing (terminated through the API, or deleted). */
export async function endedCallIds(db: Database, callIds: string[]): Promise<string[]> {
  if (!callIds.length) return [];
  const live = await db
    .select({ id: calls.id })
    .from(calls)
    .where(and(inArray(calls.id, callIds), inArray(calls.status, ["created", "ringing", "in_progress"])));
  const ongoing = new Set(live.map((row) => row.id));
  return callIds.filter((id) => !ongoing.has(id));
}
