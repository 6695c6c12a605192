import { afterEach, describe, expect, it } from "vitest";
import { observePacing, PeriodicTimer, realClock } from "@/lib/media/clock";
import { instanceLoad } from "@/lib/load/instance-load";
import { ProcessLoad } from "@/lib/load/process-load";

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Keeps this event loop busy: `blockMs` of work, then a breath, for `forMs`. */
async function overload(forMs: number, blockMs = 40) {
  const until = performance.now() + forMs;
  while (performance.now() < until) {
    const end = performance.now() + blockMs;
    while (performance.now() < end) {
      // busy
    }
    await new Promise((resolve) => setImmediate(resolve));
  }
}

let load: ProcessLoad | undefined;
afterEach(() => {
  load?.stop();
  observePacing(null);
});

describe("a server process's own measure of its load (lib/load)", () => {
  it("refuses new calls while its event loop is busy and late, with the cause and Retry-After; takes them again once it keeps pace", async () => {
    let live = 0;
    load = new ProcessLoad({ windowMs: 600, limits: { maxLoopDelayMs: 15, busyUtilization: 0.5, retryAfterSeconds: 3 }, liveCalls: () => live }).start();
    await sleep(700);
    expect(load.admission()).toEqual({ accepting: true });

    await overload(700);
    // Holding no call, a busy, late loop (start-up, loading code) turns nobody away: there is no call to protect.
    expect(load.report()).toMatchObject({ accepting_calls: true, refusing_because: null });
    live = 1;
    const report = load.report();
    expect(report.loop_delay_p99_ms).toBeGreaterThan(15);
    expect(report.loop_utilization).toBeGreaterThan(0.5);
    expect(report).toMatchObject({ accepting_calls: false, refusing_because: "loop_delay" });
    const refused = load.admission();
    expect(refused).toMatchObject({ accepting: false, retryAfterSeconds: 3 });
    expect(refused.accepting === false && refused.reason).toMatch(/LOAD_MAX_LOOP_DELAY_MS=15/);

    await sleep(1_000); // two half windows of calm
    expect(load.admission()).toEqual({ accepting: true });
  });

  it("does not refuse for lateness while the loop itself is mostly idle (the machine's other work, not this process's)", async () => {
    load = new ProcessLoad({ windowMs: 600, limits: { maxFrameLatenessMs: 15, busyUtilization: 0.5 }, liveCalls: () => 1 }).start();
    await sleep(700);
    for (let i = 0; i < 50; i++) load.recordFrameLateness(40);
    expect(load.report().frame_lateness_p99_ms).toBeCloseTo(40, 0);
    expect(load.report()).toMatchObject({ accepting_calls: true, refusing_because: null });
  });

  it("hears every real-time frame tick's lateness, and refuses on it once the loop is busy", async () => {
    load = new ProcessLoad({ windowMs: 600, limits: { maxLoopDelayMs: 0, maxFrameLatenessMs: 15, busyUtilization: 0.5 }, liveCalls: () => 1 }).start();
    observePacing((ms) => load!.recordFrameLateness(ms));
    const timer = new PeriodicTimer(realClock, 20, () => undefined);
    timer.begin();
    try {
      await sleep(600);
      // Heard (a value, whatever this shared machine's timers do now), not yet refused: the loop is idle.
      expect(load.report()).toMatchObject({ frame_lateness_p99_ms: expect.any(Number), accepting_calls: true });
      await overload(700, 60);
      expect(load.report().frame_lateness_p99_ms!).toBeGreaterThan(15);
      expect(load.report()).toMatchObject({ accepting_calls: false, refusing_because: "frame_lateness" });
    } finally {
      timer.stop();
    }
  });

  it("caps live calls with LOAD_MAX_LIVE_CALLS whatever the loop does", () => {
    let live = 2;
    load = new ProcessLoad({ limits: { maxLiveCalls: 3 }, liveCalls: () => live });
    expect(load.admission()).toEqual({ accepting: true });
    live = 3;
    const refused = load.admission();
    expect(refused.accepting === false && refused.reason).toBe("it holds 3 live calls (LOAD_MAX_LIVE_CALLS=3)");
  });

  it("sums an instance's processes for GET /api/health: calls added, the worst delay, accepting while any process is", () => {
    const base = { loop_delay_max_ms: 0, loop_utilization: 0.2, refusing_because: null };
    const one = { ...base, pid: 1, live_calls: 120, loop_delay_p99_ms: 4, frame_lateness_p99_ms: 2, accepting_calls: true };
    const two = { ...base, pid: 2, live_calls: 150, loop_delay_p99_ms: 22, frame_lateness_p99_ms: null, accepting_calls: false, refusing_because: "loop_delay" as const };
    expect(instanceLoad([one, two])).toMatchObject({ live_calls: 270, loop_delay_p99_ms: 22, frame_lateness_p99_ms: 2, accepting_calls: true });
    expect(instanceLoad([two]).accepting_calls).toBe(false);
  });
});
