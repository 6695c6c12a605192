import { describe, expect, it } from "vitest";
import { costTicks, plural } from "@/components/dashboard/format";
import { rangeProblem } from "@/components/dashboard/dashboard-query";

describe("costTicks", () => {
  it.each([0, 0.004, 0.012, 0.0375, 0.9, 3.2, 47, 1234])("labels every tick of a %d axis differently, from $0 to past the top", (max) => {
    const { ticks, format } = costTicks(max);
    const labels = ticks.map(format);
    expect(new Set(labels).size).toBe(labels.length);
    expect(ticks[0]).toBe(0);
    expect(ticks.at(-1)!).toBeGreaterThanOrEqual(max);
    expect(ticks.length).toBeGreaterThanOrEqual(2);
    expect(ticks.length).toBeLessThanOrEqual(7);
  });

  it("shows a new organization's small costs with the decimals they need", () => {
    const { ticks, format } = costTicks(0.012);
    expect(ticks.map(format)).toEqual(["$0.000", "$0.005", "$0.010", "$0.015"]);
    expect(costTicks(0.004).ticks.map(costTicks(0.004).format)).toEqual(["$0.000", "$0.001", "$0.002", "$0.003", "$0.004"]);
    expect(costTicks(47).ticks.map(costTicks(47).format)).toEqual(["$0.00", "$20.00", "$40.00", "$60.00"]);
  });
});

describe("plural", () => {
  it("says 1 call, 2 calls, 0 calls", () => {
    expect(plural(1, "call")).toBe("1 call");
    expect(plural(2, "call")).toBe("2 calls");
    expect(plural(0, "call")).toBe("0 calls");
    expect(plural(12_345, "answer")).toBe("12,345 answers");
  });
});

describe("rangeProblem", () => {
  it("says when From is after To instead of changing either", () => {
    expect(rangeProblem("2026-03-10", "2026-03-01")).toBe("From (2026-03-10) is after To (2026-03-01): pick a From on or before 2026-03-01, or a later To.");
    expect(rangeProblem("2026-03-01", "2026-03-01")).toBeNull();
    expect(rangeProblem("", "2026-03-01")).toBe("Enter a From date.");
    expect(rangeProblem("2025-01-01", "2026-03-01")).toBe("A range can be at most 366 days long.");
  });
});
