import "server-only";
import { and, eq, lt, sql } from "drizzle-orm";
import type { Database } from "@/lib/db/client";
import { rateLimitCounters } from "@/lib/db/schema";

export type RateLimitDecision = { limit: number; remaining: number; resetAt: Date; allowed: boolean };

const WINDOW_MS = 60_000;

/**
 * Fixed one-minute windows counted in Postgres, so every app instance shares the count.
 * One upsert per request; the first request of a window clears the bucket's old windows.
 */
export async function consumeRateLimit(db: Database, bucket: string, limit: number, now: Date): Promise<RateLimitDecision> {
  const windowStart = new Date(Math.floor(now.getTime() / WINDOW_MS) * WINDOW_MS);
  const [row] = await db
    .insert(rateLimitCounters)
    .values({ bucket, windowStart, count: 1 })
    .onConflictDoUpdate({
      target: [rateLimitCounters.bucket, rateLimitCounters.windowStart],
      set: { count: sql`${rateLimitCounters.count} + 1` },
    })
    .returning({ count: rateLimitCounters.count });
  if (row.count === 1) {
    await db.delete(rateLimitCounters).where(and(eq(rateLimitCounters.bucket, bucket), lt(rateLimitCounters.windowStart, windowStart)));
  }
  return {
    limit,
    remaining: Math.max(0, limit - row.count),
    resetAt: new Date(windowStart.getTime() + WINDOW_MS),
    allowed: row.count <= limit,
  };
}
