import "server-only";
import { and, asc, eq, gt, lt } from "drizzle-orm";
import type { Database } from "@/lib/db/client";
import { sipMediaInstances } from "@/lib/db/schema";

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

/** Forgets processes silent past the threshold (their calls are ended by the dead-instance sweep, lib/services/calls/media-instances.ts). */
export async function removeDeadSipInstances(db: Database, now = new Date()): Promise<void> {
  await db.delete(sipMediaInstances).where(lt(sipMediaInstances.heartbeatAt, new Date(now.getTime() - SIP_INSTANCE_STALE_MS)));
}
