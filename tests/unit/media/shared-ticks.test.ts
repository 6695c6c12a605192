import { afterEach, describe, expect, it } from "vitest";
import { PeriodicTimer, realClock, sharedTickTimers } from "@/lib/media/clock";

const timers: PeriodicTimer[] = [];
afterEach(() => timers.splice(0).forEach((timer) => timer.stop()));

describe("shared real-time ticks", () => {
  it("runs 200 calls' 20 ms timers from at most 4 operating-system timers, each on its own deadlines and never early", async () => {
    const ticks: { firstAt: number; deadlines: number[]; lateness: number[] }[] = [];
    for (let i = 0; i < 200; i++) {
      const record = { firstAt: realClock.now() + (i % 20) + 0.37, deadlines: [] as number[], lateness: [] as number[] };
      ticks.push(record);
      const timer = new PeriodicTimer(realClock, 20, (_slot, deadline) => {
        record.deadlines.push(deadline);
        record.lateness.push(realClock.now() - deadline);
      });
      timers.push(timer);
      timer.begin(record.firstAt);
    }
    const armed: number[] = [];
    for (let i = 0; i < 10; i++) {
      await new Promise((resolve) => setTimeout(resolve, 30));
      armed.push(sharedTickTimers());
    }
    expect(Math.max(...armed)).toBeLessThanOrEqual(4);
    for (const record of ticks) {
      expect(record.deadlines.length).toBeGreaterThanOrEqual(10);
      // The first deadline is the first 5 ms grid point from the asked start, then one every 20 ms (a missed one skipped, never doubled).
      expect(record.deadlines[0]).toBeGreaterThanOrEqual(record.firstAt);
      expect((record.deadlines[0] - record.firstAt) % 20).toBeLessThan(5);
      record.deadlines.slice(1).forEach((deadline, index) => expect((deadline - record.deadlines[index]) % 20).toBeCloseTo(0, 6));
      record.deadlines.slice(1).forEach((deadline, index) => expect(deadline).toBeGreaterThan(record.deadlines[index]));
      expect(Math.min(...record.lateness)).toBeGreaterThanOrEqual(0);
    }
    timers.splice(0).forEach((timer) => timer.stop());
    expect(sharedTickTimers()).toBe(0);
  });

  it("a timer stopped in its own tick ticks no more; one started again there keeps to its new schedule", async () => {
    let aTicks = 0;
    const a = new PeriodicTimer(realClock, 20, () => {
      if (++aTicks === 2) a.stop();
    });
    let restartAt: number | null = null;
    const bDeadlines: number[] = [];
    const b = new PeriodicTimer(realClock, 20, (_slot, deadline) => {
      bDeadlines.push(deadline);
      if (restartAt === null) b.begin((restartAt = realClock.now() + 42));
    });
    timers.push(a, b);
    a.begin();
    b.begin();
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(aTicks).toBe(2);
    expect(a.running).toBe(false);
    // After the restart: the first deadline is the grid point at or after the new start, then every 20 ms.
    expect(bDeadlines.length).toBeGreaterThanOrEqual(3);
    expect(bDeadlines[1]).toBeGreaterThanOrEqual(restartAt!);
    expect((bDeadlines[1] - restartAt!) % 20).toBeLessThan(5);
    bDeadlines.slice(2).forEach((deadline, index) => expect((deadline - bDeadlines[1 + index]) % 20).toBeCloseTo(0, 6));
  });

  it("a tick that throws stops its own timer, not the other timers of its phase", async () => {
    const errors: unknown[] = [];
    const onError = (error: unknown) => errors.push(error);
    const listeners = process.listeners("uncaughtException");
    process.removeAllListeners("uncaughtException");
    process.on("uncaughtException", onError);
    try {
      let healthy = 0;
      let failed = 0;
      const start = realClock.now();
      const failing = new PeriodicTimer(realClock, 20, () => {
        failed++;
        throw new Error("one call's bug");
      });
      const other = new PeriodicTimer(realClock, 20, () => void healthy++);
      timers.push(failing, other);
      failing.begin(start);
      other.begin(start);
      for (const until = realClock.now() + 2000; (healthy < 4 || errors.length === 0) && realClock.now() < until; ) await new Promise((resolve) => setTimeout(resolve, 20));
      expect(healthy).toBeGreaterThanOrEqual(4);
      expect(failed).toBe(1);
      expect(failing.running).toBe(false);
      expect(errors).toHaveLength(1);
      expect(String(errors[0])).toContain("one call's bug");
    } finally {
      timers.splice(0).forEach((timer) => timer.stop());
      process.removeListener("uncaughtException", onError);
      for (const listener of listeners) process.on("uncaughtException", listener);
    }
  });
});

