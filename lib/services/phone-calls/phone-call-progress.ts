import { inTransaction } from "@/lib/db/transaction";
import "server-only";
import { createHash, randomBytes } from "node:crypto";
import { and, eq, inArray, sql } from "drizzle-orm";
import type { Database } from "@/lib/db/client";
import { callEvents, calls, type CarrierName } from "@/lib/db/schema";
import type { CallEndReason, CallTransfer } from "@/lib/schemas/call-values";
import { isUuid } from "@/lib/schemas/ids";
import type { JobQueue } from "@/lib/jobs/queue";
import { sendCallFinished } from "../calls/finished-call";
import { transferTookCaller } from "../calls/transfer-outcome";

/** Calls that have not ended yet. */
export const ONGOING_STATUSES = ["created", "ringing", "in_progress"] as const;

/** A redirect without an inbound agent is still a call of the organization; its agent_id is the nil UUID (no agent). */
export const NO_AGENT_ID = "00000000-0000-0000-0000-000000000000";

const hashToken = (token: string) => createHash("sha256").update(token).digest("hex");

export type PhoneCallRow = typeof calls.$inferSelect;

/** The call with this id; null for an unknown id and for anything that is not a UUID (ids from carriers are checked here before SQL). */
export async function findCall(db: Database, callId: string): Promise<PhoneCallRow | null> {
  if (!isUuid(callId)) return null;
  const [row] = await db.select().from(calls).where(eq(calls.id, callId)).limit(1);
  return row ?? null;
}

export async function findCallByCarrierId(db: Database, carrier: CarrierName, carrierCallId: string): Promise<PhoneCallRow | null> {
  const [row] = await db
    .select()
    .from(calls)
    .where(and(eq(calls.carrierCallId, carrierCallId), eq(calls.carrier, carrier)))
    .limit(1);
  return row ?? null;
}

async function event(db: Database, call: { id: string; organizationId: string }, type: string, payload: Record<string, unknown>, at: Date) {
  await db.insert(callEvents).values({ organizationId: call.organizationId, callId: call.id, type, payload, occurredAt: at });
}

/**
 * A new one-time token for the call's media stream (its hash is kept; the first stream to present it
 * takes it). `carrier`: the carrier about to place the call, recorded before the dial request so that
 * its first callbacks (which only that carrier's events may move) already find the call theirs.
 */
export async function issueStreamToken(db: Database, callId: string, carrier?: CarrierName): Promise<string> {
  const token = randomBytes(24).toString("base64url");
  await db
    .update(calls)
    .set({ streamTokenHash: hashToken(token), ...(carrier ? { carrier } : {}) })
    .where(eq(calls.id, callId));
  return token;
}

/**
 * Takes the stream token: true once for the right token of an ongoing call, false for anything else
 * (atomic). `mediaInstanceId`: the process taking the stream holds the call from now on.
 */
export async function claimStreamToken(db: Database, callId: string, token: string, mediaInstanceId?: string): Promise<boolean> {
  if (!isUuid(callId) || !token) return false;
  const taken = await db
    .update(calls)
    .set({ streamTokenHash: null, ...(mediaInstanceId ? { mediaInstanceId } : {}) })
    .where(and(eq(calls.id, callId), eq(calls.streamTokenHash, hashToken(token)), inArray(calls.status, [...ONGOING_STATUSES])))
    .returning({ id: calls.id });
  return taken.length === 1;
}

/** The dial request was accepted by the carrier: the call rings. */
export async function markDialed(db: Database, callId: string, carrier: CarrierName, carrierCallId: string, now = new Date()): Promise<void> {
  await db
    .update(calls)
    .set({ carrier, carrierCallId, status: sql`case when ${calls.status} = 'created' then 'ringing' else ${calls.status} end`, updatedAt: now })
    .where(eq(calls.id, callId));
}

/** The call could not be placed (the carrier refused the request): failed, with the carrier's words in an event. */
export async function failDial(db: Database, queue: JobQueue, call: { id: string; organizationId: string }, reason: CallEndReason, message: string, now = new Date()): Promise<void> {
  await inTransaction(db, async (tx) => {
    const updated = await tx
      .update(calls)
      .set({ status: "failed", endReason: reason, endTime: now, durationSeconds: 0, updatedAt: now })
      .where(and(eq(calls.id, call.id), inArray(calls.status, [...ONGOING_STATUSES])))
      .returning({ id: calls.id });
    if (updated.length === 0) return;
    await event(tx, call, "dial_failed", { reason, message }, now);
    await sendCallFinished(queue, call.id, tx);
  });
}

/** The far end answered (or the stream started): in progress from then. Returns whether this changed the call. */
export async function markAnswered(db: Database, callId: string, at: Date): Promise<boolean> {
  const updated = await db
    .update(calls)
    .set({ status: "in_progress", answeredAt: sql`coalesce(${calls.answeredAt}, ${at.toISOString()}::timestamptz)`, updatedAt: new Date() })
    .where(and(eq(calls.id, callId), inArray(calls.status, ["created", "ringing"])))
    .returning({ id: calls.id });
  return updated.length === 1;
}

/** What answered: a decided result replaces an undecided one, never the other way round. */
export async function recordAnswerType(db: Database, callId: string, answerType: "human" | "voicemail" | "unknown"): Promise<void> {
  const where = answerType === "unknown" ? and(eq(calls.id, callId), sql`${calls.answerType} is null`) : eq(calls.id, callId);
  await db.update(calls).set({ answerType, updatedAt: new Date() }).where(where);
}

export type CarrierCompletion = {
  /** Why the carrier says it ended (before an answer: busy, no_answer, failed, canceled). */
  reason: "completed" | "busy" | "no_answer" | "failed" | "canceled";
  /** The carrier's own count of connected seconds, when it gives one. */
  durationSeconds: number | null;
  carrierReason: string;
  at: Date;
};

const unansweredReasons: Record<CarrierCompletion["reason"], CallEndReason> = {
  busy: "busy",
  no_answer: "no_answer",
  failed: "failed",
  canceled: "terminated",
  completed: "failed",
};

/**
 * The carrier says the call is over. A call still ongoing ends here: answered → `ended` (the far end
 * hung up, unless a transfer or our side ended it first), never answered → `failed` with busy,
 * no_answer or failed. A call that already ended takes the carrier's duration, which is what it bills.
 */
export async function completeFromCarrier(db: Database, queue: JobQueue, call: PhoneCallRow, completion: CarrierCompletion): Promise<void> {
  await inTransaction(db, async (tx) => {
    const [current] = await tx.select().from(calls).where(eq(calls.id, call.id)).for("update");
    if (!current) return;
    const measured = current.answeredAt ? Math.max(0, Math.round((completion.at.getTime() - current.answeredAt.getTime()) / 1000)) : 0;
    const duration = completion.durationSeconds ?? measured;
    if ((ONGOING_STATUSES as readonly string[]).includes(current.status)) {
      const answered = current.answeredAt !== null;
      const transferred = transferTookCaller(current.transfer);
      await tx
        .update(calls)
        .set({
          status: answered ? "ended" : "failed",
          endReason: answered ? (transferred ? "transferred" : "user_hangup") : unansweredReasons[completion.reason],
          endTime: completion.at,
          durationSeconds: answered ? duration : 0,
          updatedAt: new Date(),
        })
        .where(eq(calls.id, call.id));
      await event(tx, current, "carrier_completed", { reason: completion.reason, carrier_reason: completion.carrierReason, duration_seconds: completion.durationSeconds }, completion.at);
      await sendCallFinished(queue, call.id, tx);
    } else if (completion.durationSeconds !== null && current.answeredAt && completion.durationSeconds !== current.durationSeconds) {
      await tx.update(calls).set({ durationSeconds: completion.durationSeconds, updatedAt: new Date() }).where(eq(calls.id, call.id));
      await sendCallFinished(queue, call.id, tx); // priced again with the billed duration
    }
  });
}

/** Our side ended the call (hang-up, voicemail left, transfer): ends it with `reason` unless it already ended. */
export async function endPhoneCall(db: Database, queue: JobQueue, callId: string, reason: CallEndReason, now = new Date()): Promise<boolean> {
  return inTransaction(db, async (tx) => {
    const [current] = await tx.select().from(calls).where(eq(calls.id, callId)).for("update");
    if (!current || !(ONGOING_STATUSES as readonly string[]).includes(current.status)) return false;
    // The caller is on the line with the transfer target: the carrier says when that ends.
    if (current.transfer && (current.transfer.status === "dialing" || current.transfer.status === "answered") && reason !== "terminated") return false;
    const answered = current.answeredAt !== null;
    await tx
      .update(calls)
      .set({
        status: answered ? "ended" : "failed",
        endReason: reason,
        endTime: now,
        durationSeconds: answered ? Math.max(0, Math.round((now.getTime() - (current.answeredAt as Date).getTime()) / 1000)) : 0,
        updatedAt: now,
      })
      .where(eq(calls.id, callId));
    await sendCallFinished(queue, callId, tx);
    return true;
  });
}

/** A transfer (or redirect) progressed; its connected seconds count as the call's redirect duration. */
export async function recordTransfer(db: Database, queue: JobQueue, callId: string, transfer: CallTransfer, now = new Date()): Promise<void> {
  await inTransaction(db, async (tx) => {
    const [current] = await tx.select().from(calls).where(eq(calls.id, callId)).for("update");
    if (!current) return;
    const finished = transfer.status !== "dialing" && transfer.status !== "answered";
    // The stream ended when the carrier took the caller to the target: that is why the conversation ended.
    const transferred = transferTookCaller(transfer) && current.endReason === "user_hangup";
    await tx
      .update(calls)
      .set({
        transfer,
        ...(transfer.duration_seconds !== null ? { redirectDurationSeconds: transfer.duration_seconds } : {}),
        ...(transferred ? { endReason: "transferred" as const } : {}),
        updatedAt: now,
      })
      .where(eq(calls.id, callId));
    await event(tx, current, "transfer", { ...transfer }, now);
    if (finished && !(ONGOING_STATUSES as readonly string[]).includes(current.status)) await sendCallFinished(queue, callId, tx);
  });
}

export type NewInboundCall = {
  organizationId: string;
  agentId: string | null;
  agentVersion: number | null;
  from: string;
  to: string;
  carrier: CarrierName;
  carrierCallId: string;
  /** A redirect: answered by the carrier and dialled on to `to` at once. */
  redirectTo?: string;
  secureRecordingUrl?: boolean;
  now?: Date;
};

/** Records a call the carrier just announced: ringing until its stream starts, or in progress when redirected. */
export async function createInboundCall(db: Database, input: NewInboundCall): Promise<PhoneCallRow> {
  const now = input.now ?? new Date();
  const [row] = await db
    .insert(calls)
    .values({
      organizationId: input.organizationId,
      agentId: input.agentId ?? NO_AGENT_ID,
      agentVersion: input.agentVersion,
      type: "phone_call",
      status: input.redirectTo ? "in_progress" : "ringing",
      direction: "inbound",
      fromNumber: input.from,
      toNumber: input.to,
      startTime: now,
      answeredAt: input.redirectTo ? now : null,
      carrier: input.carrier,
      carrierCallId: input.carrierCallId,
      transfer: input.redirectTo ? { to: input.redirectTo, status: "dialing", duration_seconds: null } : null,
      secureRecordingUrl: input.secureRecordingUrl ?? false,
      createdAt: now,
      updatedAt: now,
    })
    .returning();
  return row;
}

/** Something a carrier told us about a call, kept on its record (stream failures, AMD results). */
export async function noteCallEvent(db: Database, call: { id: string; organizationId: string }, type: string, payload: Record<string, unknown>, at = new Date()): Promise<void> {
  await event(db, call, type, payload, at);
}
