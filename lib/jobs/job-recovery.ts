import "server-only";
import { randomUUID } from "node:crypto";
import os from "node:os";
import type PgBoss from "pg-boss";
import type { Database } from "@/lib/db/client";
import {
  beatWorkerInstance,
  finishJobRun,
  forgetJobRun,
  orphanedJobRuns,
  purgeGoneWorkerInstances,
  recordJobRun,
  registerWorkerInstance,
  workerInstancesOnHost,
} from "./worker-instances";
import { handBackOrphanedJob } from "./pg-boss-queue";
import type { JobName } from "./queue";

function pidRuns(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

/** What a job kind does when its worker vanished: `abandoned` when no attempt is left (the job will not run again). */
export type OrphanHook = (data: Record<string, unknown>, info: { abandoned: boolean }) => Promise<void>;

export type JobRecoveryOptions = {
  /** This process owns the embedded database, so no other process can be running jobs: theirs are orphans at once. */
  exclusive: boolean;
  heartbeatMs?: number;
  /** A process silent this long is gone (a heartbeat is missed only when the whole process stops). */
  staleMs?: number;
  hooks?: Partial<Record<JobName, OrphanHook>>;
};

export type JobRecovery = {
  instanceId: string;
  /** Runs `handler` for `job`, noting the run so that another process can take it over if this one dies. */
  track: <T>(queue: JobName, jobId: string, handler: () => Promise<T>) => Promise<T>;
  /** Looks for the runs of gone processes now (also done at start and every heartbeat). */
  sweep: () => Promise<number>;
  stop: () => void;
};

/**
 * Prompt recovery after a crash. Each worker process registers itself and beats every few seconds;
 * each job it runs is noted. When a process stops beating (kill -9, OOM, power loss), any survivor,
 * or the process started in its place, hands its jobs back to the queue at once: a webhook in flight
 * is resent within seconds of the restart, not after the queue's expiry. A process restarted on the
 * same host sees at once that the old pid is gone; on the embedded database the restarted process
 * owns the data directory, so every earlier run is its to take over.
 */
export async function startJobRecovery(boss: PgBoss, db: Database, options: JobRecoveryOptions): Promise<JobRecovery> {
  const instanceId = randomUUID();
  const host = os.hostname();
  const heartbeatMs = options.heartbeatMs ?? 5_000;
  const staleSeconds = (options.staleMs ?? 20_000) / 1000;
  await registerWorkerInstance(db, { id: instanceId, pid: process.pid, host });

  /** Processes of this host whose pid no longer runs: gone now, without waiting out their heartbeat. */
  const deadOnThisHost = async () =>
    (await workerInstancesOnHost(db, host, instanceId)).filter((instance) => !pidRuns(instance.pid)).map((instance) => instance.id);

  let sweeping: Promise<number> | null = null;
  const sweep = () =>
    (sweeping ??= (async () => {
      let handedBack = 0;
      try {
        const goneInstanceIds = options.exclusive ? [] : await deadOnThisHost();
        for (const run of await orphanedJobRuns(db, { instanceId, staleSeconds, othersAreGone: options.exclusive, goneInstanceIds })) {
          const queue = run.queue as JobName;
          const { outcome, data } = await handBackOrphanedJob(boss, queue, run.jobId);
          await forgetJobRun(db, run.jobId);
          if (outcome === "not_active") continue;
          handedBack++;
          console.warn(`job ${queue} ${run.jobId}: its worker process is gone; ${outcome === "retry" ? "retrying now" : "no attempt left"}`);
          await options.hooks?.[queue]?.(data ?? {}, { abandoned: outcome === "failed" });
        }
      } finally {
        sweeping = null;
      }
      return handedBack;
    })());

  const beat = setInterval(() => {
    beatWorkerInstance(db, instanceId)
      .then(() => sweep())
      .catch((error) => console.error("worker heartbeat failed:", error));
  }, heartbeatMs);
  beat.unref();
  const purge = setInterval(() => purgeGoneWorkerInstances(db).catch(() => undefined), 3_600_000);
  purge.unref();
  await sweep();

  return {
    instanceId,
    sweep,
    track: async (queue, jobId, handler) => {
      await recordJobRun(db, { jobId, queue, instanceId });
      try {
        return await handler();
      } finally {
        await finishJobRun(db, jobId, instanceId).catch(() => undefined);
      }
    },
    stop: () => {
      clearInterval(beat);
      clearInterval(purge);
    },
  };
}
