import "server-only";
import { and, eq, inArray, lt, ne, or, sql } from "drizzle-orm";
import type { Database } from "@/lib/db/client";
import { jobRuns, workerInstances } from "@/lib/db/schema";

export type WorkerInstance = { id: string; pid: number; host: string };
export type OrphanedJobRun = { jobId: string; queue: string };

export async function registerWorkerInstance(db: Database, instance: WorkerInstance): Promise<void> {
  await db.insert(workerInstances).values(instance);
}

export async function beatWorkerInstance(db: Database, instanceId: string): Promise<void> {
  await db.update(workerInstances).set({ heartbeatAt: sql`now()` }).where(eq(workerInstances.id, instanceId));
}

/** Notes that `instanceId` runs `jobId` (a retried job takes the row over from the run before it). */
export async function recordJobRun(db: Database, run: { jobId: string; queue: string; instanceId: string }): Promise<void> {
  await db
    .insert(jobRuns)
    .values(run)
    .onConflictDoUpdate({ target: jobRuns.jobId, set: { instanceId: run.instanceId, queue: run.queue, startedAt: sql`now()` } });
}

export async function finishJobRun(db: Database, jobId: string, instanceId: string): Promise<void> {
  await db.delete(jobRuns).where(and(eq(jobRuns.jobId, jobId), eq(jobRuns.instanceId, instanceId)));
}

/**
 * Runs whose process is gone: its heartbeat is older than `staleSeconds`, its row is missing, or it is
 * one of `goneInstanceIds` (known dead, e.g. its pid no longer runs on this host). With
 * `othersAreGone` (this process owns the embedded database, so no other can be running), every other
 * process's runs are orphans at once.
 */
export async function orphanedJobRuns(
  db: Database,
  options: { instanceId: string; staleSeconds: number; othersAreGone: boolean; goneInstanceIds?: string[] },
): Promise<OrphanedJobRun[]> {
  const gone = options.othersAreGone
    ? undefined
    : or(
        sql`${workerInstances.id} is null`,
        lt(workerInstances.heartbeatAt, sql`now() - make_interval(secs => ${options.staleSeconds})`),
        options.goneInstanceIds?.length ? inArray(jobRuns.instanceId, options.goneInstanceIds) : undefined,
      );
  return db
    .select({ jobId: jobRuns.jobId, queue: jobRuns.queue })
    .from(jobRuns)
    .leftJoin(workerInstances, eq(workerInstances.id, jobRuns.instanceId))
    .where(and(ne(jobRuns.instanceId, options.instanceId), gone));
}

/** The other worker processes registered from `host` (their pids can be checked there). */
export async function workerInstancesOnHost(db: Database, host: string, exceptId: string): Promise<WorkerInstance[]> {
  return db
    .select({ id: workerInstances.id, pid: workerInstances.pid, host: workerInstances.host })
    .from(workerInstances)
    .where(and(eq(workerInstances.host, host), ne(workerInstances.id, exceptId)));
}

export async function forgetJobRun(db: Database, jobId: string): Promise<void> {
  await db.delete(jobRuns).where(eq(jobRuns.jobId, jobId));
}

/** Instances silent for a day are history (their runs were handed on long ago). */
export async function purgeGoneWorkerInstances(db: Database): Promise<void> {
  await db.delete(workerInstances).where(lt(workerInstances.heartbeatAt, sql`now() - interval '1 day'`));
}
