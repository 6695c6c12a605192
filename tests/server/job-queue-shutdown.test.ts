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
    const started = new Set<string>();
    const finished = new Set<string>();
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    const jobs = { "shutdown-short": () => sleep(300), "shutdown-straggler": () => released };
    for (const [queue, work] of Object.entries(jobs)) {
      await api.boss.createQueue(queue);
      await api.boss.work(queue, { pollingIntervalSeconds: 0.5 }, async () => {
        started.add(queue);
        await work();
        finished.add(queue);
      });
      await api.boss.send(queue, {});
    }
    for (let waited = 0; started.size < 2 && waited < 5000; waited += 20) await sleep(20);
    expect(started.size).toBe(2);
    await api.close(); // returns although the straggler still runs: pg-boss fails its job at the timeout
    expect(finished.has("shutdown-short")).toBe(true);
    expect(finished.has("shutdown-straggler")).toBe(false);
    release();
    await released;
    await sleep(300); // the straggler's report, had it reached the ended pool, would have failed by now
    expect(finished.has("shutdown-straggler")).toBe(true);
    expect(unhandled).toEqual([]);
  });
});
