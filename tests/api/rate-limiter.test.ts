import { setTimeout as sleep } from "node:timers/promises";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { RateLimiter } from "@/lib/services/rate-limits/rate-limiter";
import { createTestDatabase } from "../helpers/test-database";

let connection: Awaited<ReturnType<typeof createTestDatabase>>;

beforeAll(async () => {
  connection = await createTestDatabase();
});

afterAll(async () => {
  await connection.close();
});

// Mid-window, so that a test never straddles a minute boundary.
const now = () => new Date(Math.floor(Date.now() / 60_000) * 60_000 + 30_000);
let buckets = 0;
const freshBucket = () => `test:${process.pid}:${++buckets}`;

async function admitted(limiter: RateLimiter, bucket: string, limit: number, requests: number, concurrent = false) {
  const run = () => limiter.consume(bucket, limit, now());
  const decisions = concurrent ? await Promise.all(Array.from({ length: requests }, run)) : [];
  if (!concurrent) for (let i = 0; i < requests; i++) decisions.push(await run());
  return decisions;
}

describe("the rate limiter", () => {
  it("is exact on one instance: the limit passes, the next request is refused, remaining counts down", async () => {
    const limiter = new RateLimiter(connection.db);
    const decisions = await admitted(limiter, freshBucket(), 40, 45);
    expect(decisions.filter((d) => d.allowed)).toHaveLength(40);
    expect(decisions.slice(0, 40).every((d) => d.allowed)).toBe(true);
    expect(decisions.map((d) => d.remaining).slice(0, 41)).toEqual([...Array.from({ length: 40 }, (_, i) => 39 - i), 0]);
  });

  it("is exact on one instance under a concurrent burst", async () => {
    const limiter = new RateLimiter(connection.db);
    const decisions = await admitted(limiter, freshBucket(), 30, 120, true);
    expect(decisions.filter((d) => d.allowed)).toHaveLength(30);
  });

  it("shares the limit between instances exactly once their counts are synchronised", async () => {
    const a = new RateLimiter(connection.db, 20);
    const b = new RateLimiter(connection.db, 20);
    a.start();
    b.start();
    try {
      const bucket = freshBucket();
      expect((await admitted(a, bucket, 100, 60)).every((d) => d.allowed)).toBe(true);
      await a.flush(); // a's counts reach Postgres (its timer would, within an interval; a loaded machine may be late)
      const fromB = await admitted(b, bucket, 100, 60);
      expect(fromB.filter((d) => d.allowed)).toHaveLength(40);
      await b.flush();
      // a's view of the bucket is now older than two intervals, so a re-reads it before deciding.
      await sleep(60);
      const lastFromA = await admitted(a, bucket, 100, 5);
      expect(lastFromA.some((d) => d.allowed)).toBe(false);
    } finally {
      await a.stop();
      await b.stop();
    }
  });

  it("overshoots across instances by at most what the others admitted and have not synchronised yet", async () => {
    const a = new RateLimiter(connection.db, 60_000);
    const b = new RateLimiter(connection.db, 60_000);
    const bucket = freshBucket();
    // a admits 60: the first is counted in Postgres at once, 59 wait for its next sync.
    expect((await admitted(a, bucket, 100, 60)).every((d) => d.allowed)).toBe(true);
    const unsynced = 59;
    const fromB = (await admitted(b, bucket, 100, 150)).filter((d) => d.allowed).length;
    const total = 60 + fromB;
    expect(total).toBeGreaterThanOrEqual(100);
    expect(total - 100).toBeLessThanOrEqual(unsynced);
    // Once a syncs, neither admits any more in this window.
    await a.flush();
    expect((await admitted(a, bucket, 100, 3)).some((d) => d.allowed)).toBe(false);
    expect((await admitted(b, bucket, 100, 3)).some((d) => d.allowed)).toBe(false);
  });
});
