import "server-only";
import { lt } from "drizzle-orm";
import type { Database } from "@/lib/db/client";
import { idempotencyKeys, rateLimitCounters } from "@/lib/db/schema";

const IDEMPOTENCY_RETENTION_MS = 24 * 60 * 60 * 1000;
const RATE_LIMIT_RETENTION_MS = 5 * 60 * 1000;

/** Removes idempotency keys past their day and rate-limit windows of keys that went quiet. */
export async function purgeExpiredRecords(db: Database, now = new Date()): Promise<{ idempotencyKeys: number; rateLimitWindows: number }> {
  const keys = await db
    .delete(idempotencyKeys)
    .where(lt(idempotencyKeys.createdAt, new Date(now.getTime() - IDEMPOTENCY_RETENTION_MS)))
    .returning({ key: idempotencyKeys.key });
  const windows = await db
    .delete(rateLimitCounters)
    .where(lt(rateLimitCounters.windowStart, new Date(now.getTime() - RATE_LIMIT_RETENTION_MS)))
    .returning({ bucket: rateLimitCounters.bucket });
  return { idempotencyKeys: keys.length, rateLimitWindows: windows.length };
}
