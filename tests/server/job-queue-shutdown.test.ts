import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createTestApi } from "../helpers/test-api";

// pg-boss reports a job's end (complete/fail) without awaiting it. A test's app that closed its database
// while a job ran used to leave that report to run on an ended pool: an unhandled rejection ("Cannot use
// a pool after calling end on the pool"), which fails a whole vitest run.

const unhandled: unknown[] = [];
const note = (reason: unknown) => unhandled.push(reason);
beforeEach(() => {
  unhandled.length = 0;
  process.on("unhandledRejection", note);
});
afterEach(() => {
  process.off("unhandledRejection", note);
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe("closing an app while jobs run", () => {
  it("lets a short job finish and report before the database closes, and drops the report of one that outlives the close without an unhandled error", async () => {
    const api = await createTestApi({ shutdownTimeoutMs: 1000 });
    const finished = new Set<string>();
    const started = new Set<string>();
    for (const [queue, ms] of [["shutdown-short", 300], ["shutdown-straggler", 2000]] as const) {
      await api.boss.createQueue(queue);
      await api.boss.work(queue, { pollingIntervalSeconds: 0.5 }, async () => {
        started.add(queue);
        await sleep(ms);
        finished.add(queue);
      });
      await api.boss.send(queue, {});
    }
    for (let waited = 0; started.size < 2 && waited < 5000; waited += 20) await sleep(20);
    expect(started.size).toBe(2);
    const closing = Date.now();
    await api.close();
    // The short job finished inside the close; the straggler was failed at the timeout (pg-boss retries it).
    expect(finished.has("shutdown-short")).toBe(true);
    expect(finished.has("shutdown-straggler")).toBe(false);
    expect(Date.now() - closing).toBeLessThan(1900);
    for (let waited = 0; !finished.has("shutdown-straggler") && waited < 3000; waited += 50) await sleep(50);
    expect(finished.has("shutdown-straggler")).toBe(true);
    await sleep(300); // its report, had it reached the ended pool, would have failed by now
    expect(unhandled).toEqual([]);
  });
});
