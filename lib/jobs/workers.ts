import "server-only";
import type PgBoss from "pg-boss";
import type { Database } from "@/lib/db/client";
import { purgeExpiredRecords } from "@/lib/services/maintenance";
import { dialCall, type TelephonyProvider } from "@/lib/telephony/dialer";
import { jobNames } from "./queue";

const MAINTENANCE_INTERVAL_MS = 15 * 60 * 1000;

export type WorkerDependencies = { db: Database; telephonyProvider: TelephonyProvider | null };

/** Subscribes this process to every queue; any number of processes may do so (pg-boss shares the work). */
export async function startWorkers(boss: PgBoss, deps: WorkerDependencies): Promise<{ stop: () => void }> {
  await boss.work<{ callId: string }>(jobNames.dialCall, { pollingIntervalSeconds: 0.5, batchSize: 1 }, async ([job]) => {
    await dialCall(deps.db, job.data.callId, deps.telephonyProvider);
  });
  const maintenance = setInterval(() => {
    purgeExpiredRecords(deps.db).catch((error) => console.error("maintenance failed:", error));
  }, MAINTENANCE_INTERVAL_MS);
  maintenance.unref();
  return { stop: () => clearInterval(maintenance) };
}
