import { inTransaction } from "@/lib/db/transaction";
import "server-only";
import { and, asc, eq, gt, inArray, lt, sql } from "drizzle-orm";
import type { Database } from "@/lib/db/client";
import { callEvents, calls, sipMediaCalls, sipMediaInstances } from "@/lib/db/schema";
import type { JobQueue } from "@/lib/jobs/queue";
import { sendCallFinished } from "../calls/finished-call";

/** A process that has not beaten for this long is gone (three missed heartbeats). */
export const SIP_INSTANCE_STALE_MS = 15_000;

export type SipMediaInstance = { id: string; host: string; port: number; activeCalls: number };

export async function registerSipInstance(db: Database, instance: { id: string; host: string; port: number }, now = new Date()): Promise<void> {
  await db
    .insert(sipMediaInstances)
    .values({ ...instance, pid: process.pid, startedAt: now, heartbeatAt: now })
    .onConflictDoUpdate({ target: sipMediaInstances.id, set: { host: instance.host, port: instance.port, heartbeatAt: now, draining: false } });
}

export async function beatSipInstance(db: Database, id: string, state: { activeCalls: number; draining: boolean }, now = new Date()): Promise<void> {
  await db.update(sipMediaInstances).set({ activeCalls: state.activeCalls, draining: state.draining, heartbeatAt: now }).where(eq(sipMediaInstances.id, id));
}

export async function removeSipInstance(db: Database, id: string): Promise<void> {
  await db.delete(sipMediaInstances).where(eq(sipMediaInstances.id, id));
}

/** Live, not draining processes, least loaded first: where a new call can go (and Kamailio's dispatcher set). */
export async function liveSipInstances(db: Database, now = new Date()): Promise<SipMediaInstance[]> {
  return db
    .select({ id: sipMediaInstances.id, host: sipMediaInstances.host, port: sipMediaInstances.port, activeCalls: sipMediaInstances.activeCalls })
    .from(sipMediaInstances)
    .where(and(eq(sipMediaInstances.draining, false), gt(sipMediaInstances.heartbeatAt, new Date(now.getTime() - SIP_INSTANCE_STALE_MS))))
    .orderBy(asc(sipMediaInstances.activeCalls), asc(sipMediaInstances.startedAt));
}

/** This process holds the call's media now. */
export async function holdSipCall(db: Database, held: { callId: string; instanceId: string; sipCallId: string }): Promise<void> {
  await db.insert(sipMediaCalls).values(held).onConflictDoUpdate({ target: sipMediaCalls.callId, set: { instanceId: held.instanceId, sipCallId: held.sipCallId } });
}

export async function releaseSipCall(db: Database, callId: string): Promise<void> {
  await db.delete(sipMediaCalls).where(eq(sipMediaCalls.callId, callId));
}

/**
 * Ends the calls held by processes that stopped beating (crashed, killed, unplugged) with
 * `end_reason` `error`, and forgets those processes. Any live process may run it; each call ends once.
 */
export async function endCallsOfDeadSipInstances(db: Database, queue: JobQueue, now = new Date()): Promise<number> {
  const dead = await db
    .select({ id: sipMediaInstances.id })
    .from(sipMediaInstances)
    .where(lt(sipMediaInstances.heartbeatAt, new Date(now.getTime() - SIP_INSTANCE_STALE_MS)));
  if (!dead.length) return 0;
  const ids = dead.map((row) => row.id);
  return inTransaction(db, async (tx) => {
    const orphaned = await tx.delete(sipMediaCalls).where(inArray(sipMediaCalls.instanceId, ids)).returning({ callId: sipMediaCalls.callId });
    await tx.delete(sipMediaInstances).where(inArray(sipMediaInstances.id, ids));
    if (!orphaned.length) return 0;
    const ended = await tx
      .update(calls)
      .set({
        status: "ended",
        endReason: "error",
        endTime: now,
        durationSeconds: sql`coalesce(greatest(0, round(extract(epoch from (${now.toISOString()}::timestamptz - ${calls.answeredAt})))), 0)::int`,
        updatedAt: now,
      })
      .where(and(inArray(calls.id, orphaned.map((row) => row.callId)), inArray(calls.status, ["created", "ringing", "in_progress"])))
      .returning({ id: calls.id, organizationId: calls.organizationId });
    for (const call of ended) {
      await tx.insert(callEvents).values({
        organizationId: call.organizationId,
        callId: call.id,
        type: "sip_call_ended",
        payload: { sip_status: null, reason: "the media process holding the call stopped (crashed or was killed)", end_reason: "error" },
        occurredAt: now,
      });
      await sendCallFinished(queue, call.id, tx);
    }
    return ended.length;
  });
}
