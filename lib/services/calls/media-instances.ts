import "server-only";
import { and, eq, inArray, lt, ne, sql } from "drizzle-orm";
import type { Database } from "@/lib/db/client";
import { callEvents, calls, mediaInstances } from "@/lib/db/schema";
import { inTransaction } from "@/lib/db/transaction";
import type { JobQueue } from "@/lib/jobs/queue";
import type { CarrierName } from "@/lib/schemas/telephony";
import { endCall } from "./call-host";
import { sendCallFinished } from "./finished-call";

/** Calls that have not ended yet. */
const LIVE = ["created", "ringing", "in_progress"] as const;

/** What a call ended by the sweep says on its `call_ended` event (`reason`) and in its detail. */
export const INSTANCE_LOST = "instance_lost";
const DETAIL = "the server process holding the call's media stopped (crashed, killed or cut off from the database)";

export type MediaInstanceRow = { id: string; pid: number; host: string; relayUrl: string | null };

/** A call the sweep ended, with what the caller needs to finish it elsewhere (a carrier leg to hang up). */
export type OrphanedCall = { id: string; organizationId: string; carrier: CarrierName | null; carrierCallId: string | null; instanceId: string };

/** Registers this process (or beats again after a sweep took it for dead: the row comes back). */
export async function beatMediaInstance(db: Database, instance: MediaInstanceRow): Promise<void> {
  await db
    .insert(mediaInstances)
    .values(instance)
    .onConflictDoUpdate({ target: mediaInstances.id, set: { heartbeatAt: sql`now()`, relayUrl: instance.relayUrl } });
}

/** Where a live holder takes carrier streams passed on to it (its `relay_url`), or null. */
export async function mediaInstanceRelayUrl(db: Database, instanceId: string): Promise<string | null> {
  const [row] = await db.select({ relayUrl: mediaInstances.relayUrl }).from(mediaInstances).where(eq(mediaInstances.id, instanceId));
  return row?.relayUrl ?? null;
}

/** A process that stops on purpose: dead at once, so that any call it could not end is ended by the next sweep. */
export async function retireMediaInstance(db: Database, instanceId: string): Promise<void> {
  await db.update(mediaInstances).set({ heartbeatAt: new Date(0) }).where(eq(mediaInstances.id, instanceId));
}

/** This process holds the call's media now: if it dies, the sweep ends the call. */
export async function holdCallMedia(db: Database, callId: string, instanceId: string): Promise<void> {
  await db.update(calls).set({ mediaInstanceId: instanceId }).where(eq(calls.id, callId));
}

export type SweepOptions = {
  /** The sweeping process's own instance (never taken for dead); null for a process that holds no media (a worker). */
  selfId: string | null;
  /** A holder silent this long is dead (INSTANCE_TIMEOUT_SECONDS). */
  staleMs: number;
  /** This process owns the embedded database: no other process can be running, so every other holder is dead now. */
  othersAreGone?: boolean;
};

/**
 * Ends the live calls of holders that stopped beating: `error`, with a `call_ended` event whose
 * `reason` is `instance_lost` (a conversation's calls end through their engine, so webhooks, the
 * event stream and the after-call job see the end as they see any other), then forgets those holders.
 * Any process may run it, any number at once: each call ends once (compare-and-set on its status).
 */
export async function endCallsOfDeadMediaInstances(db: Database, queue: JobQueue, options: SweepOptions): Promise<OrphanedCall[]> {
  const dead = await db
    .select({ id: mediaInstances.id })
    .from(mediaInstances)
    .where(
      and(
        options.selfId ? ne(mediaInstances.id, options.selfId) : undefined,
        options.othersAreGone ? undefined : lt(mediaInstances.heartbeatAt, sql`now() - make_interval(secs => ${options.staleMs / 1000})`),
      ),
    );
  if (!dead.length) return [];
  const deadIds = dead.map((row) => row.id);
  const orphans = await db
    .select({
      id: calls.id,
      organizationId: calls.organizationId,
      status: calls.status,
      conversation: sql<boolean>`${calls.runtimeState} is not null`,
      carrier: calls.carrier,
      carrierCallId: calls.carrierCallId,
      instanceId: calls.mediaInstanceId,
    })
    .from(calls)
    .where(and(inArray(calls.mediaInstanceId, deadIds), inArray(calls.status, [...LIVE])));
  const ended: OrphanedCall[] = [];
  const host = {
    db,
    queue,
    llm: () => {
      throw new Error("Ending a call never asks the model");
    },
    http: () => Promise.reject(new Error("Ending a call makes no requests")),
  };
  for (const call of orphans) {
    try {
      const mine =
        call.status === "in_progress" && call.conversation
          ? await endCall(host, call.id, "error", DETAIL, INSTANCE_LOST)
          : await endWithoutConversation(db, queue, call, new Date());
      if (mine) ended.push({ id: call.id, organizationId: call.organizationId, carrier: call.carrier, carrierCallId: call.carrierCallId, instanceId: call.instanceId! });
    } catch (error) {
      // Left live: the holder stays on record, so the next sweep tries again.
      console.error(`media instances: ending call ${call.id} of a dead instance failed: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
  // Forget holders with nothing live left (a call whose end failed keeps its holder for the next sweep).
  await db
    .delete(mediaInstances)
    .where(
      and(
        inArray(mediaInstances.id, deadIds),
        sql`not exists (select 1 from ${calls} where ${calls.mediaInstanceId} = ${mediaInstances.id} and ${calls.status} in ('created', 'ringing', 'in_progress'))`,
      ),
    );
  return ended;
}

/** A call without a conversation (still ringing, or its conversation never opened): failed if never answered, else ended. */
async function endWithoutConversation(db: Database, queue: JobQueue, call: { id: string; organizationId: string }, now: Date): Promise<boolean> {
  return inTransaction(db, async (tx) => {
    const updated = await tx
      .update(calls)
      .set({
        status: sql`case when ${calls.answeredAt} is null then 'failed' else 'ended' end`,
        endReason: "error",
        endTime: now,
        durationSeconds: sql`coalesce(greatest(0, round(extract(epoch from (${now.toISOString()}::timestamptz - ${calls.answeredAt})))), 0)::int`,
        updatedAt: now,
      })
      .where(and(eq(calls.id, call.id), inArray(calls.status, [...LIVE])))
      .returning({ id: calls.id });
    if (!updated.length) return false;
    await tx.insert(callEvents).values({
      organizationId: call.organizationId,
      callId: call.id,
      type: "call_ended",
      payload: { end_reason: "error", reason: INSTANCE_LOST, detail: DETAIL },
      occurredAt: now,
    });
    await sendCallFinished(queue, call.id, tx);
    return true;
  });
}
