import "server-only";
import { and, eq, lt, sql } from "drizzle-orm";
import type { Database } from "@/lib/db/client";
import { rateLimitCounters } from "@/lib/db/schema";

export type WindowIncrement = { bucket: string; windowStart: Date; count: number };

/**
 * Adds requests to one-minute windows in Postgres, where every app instance counts, in one
 * statement for any number of buckets (one window each); returns each bucket's new total.
 */
export async function addToRateLimitWindows(db: Database, increments: WindowIncrement[]): Promise<Map<string, number>> {
  if (increments.length === 0) return new Map();
  const rows = await db
    .insert(rateLimitCounters)
    .values(increments)
    .onConflictDoUpdate({
      target: [rateLimitCounters.bucket, rateLimitCounters.windowStart],
      set: { count: sql`${rateLimitCounters.count} + excluded.count` },
    })
    .returning({ bucket: rateLimitCounters.bucket, count: rateLimitCounters.count });
  return new Map(rows.map((row) => [row.bucket, row.count]));
}

/** The first request of a window clears the bucket's older windows (maintenance purges the rest). */
export async function deleteOlderWindows(db: Database, bucket: string, windowStart: Date): Promise<void> {
  await db.delete(rateLimitCounters).where(and(eq(rateLimitCounters.bucket, bucket), lt(rateLimitCounters.windowStart, windowStart)));
}
