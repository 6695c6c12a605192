import "server-only";
import { and, eq, lt } from "drizzle-orm";
import type { Database } from "@/lib/db/client";
import { analysisJobs, idempotencyKeys, rateLimitCounters } from "@/lib/db/schema";

const IDEMPOTENCY_RETENTION_MS = 24 * 60 * 60 * 1000;
const RATE_LIMIT_RETENTION_MS = 5 * 60 * 1000;
/** A finished re-run's progress record (the calls keep what it did in their history). */
export const ANALYSIS_JOB_RETENTION_MS = 30 * 24 * 60 * 60 * 1000;

/** Removes idempotency keys past their day, rate-limit windows of keys that went quiet, and re-runs finished a month ago. */
export async function purgeExpiredRecords(db: Database, now = new Date()): Promise<{ idempotencyKeys: number; rateLimitWindows: number; analysisJobs: number }> {
  const keys = await db
    .delete(idempotencyKeys)
    .where(lt(idempotencyKeys.createdAt, new Date(now.getTime() - IDEMPOTENCY_RETENTION_MS)))
    .returning({ key: idempotencyKeys.key });
  const windows = await db
    .delete(rateLimitCounters)
    .where(lt(rateLimitCounters.windowStart, new Date(now.getTime() - RATE_LIMIT_RETENTION_MS)))
    .returning({ bucket: rateLimitCounters.bucket });
  const jobs = await db
    .delete(analysisJobs)
    .where(and(eq(analysisJobs.status, "completed"), lt(analysisJobs.finishedAt, new Date(now.getTime() - ANALYSIS_JOB_RETENTION_MS))))
    .returning({ id: analysisJobs.id });
  return { idempotencyKeys: keys.length, rateLimitWindows: windows.length, analysisJobs: jobs.length };
}
