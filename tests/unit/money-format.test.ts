import { describe, expect, it } from "vitest";
import { formatMoney, formatMoneyParts, moneyDecimals } from "@/lib/utils/money";
import { roundToTotal } from "@/lib/utils/round-to-total";

/** "$1,234.5600" → 123456 units of the last decimal shown. */
const units = (text: string) => Number(text.replace(/[$,.]/g, ""));

describe("formatMoney", () => {
  it("shows every call cost with the same four decimals, under a cent and above", () => {
    // What the calls list mixed before: "$0.02", "$0.009", "$0.0193", "$0.021".
    expect([0.02, 0.009, 0.0193, 0.021].map((cost) => formatMoney(cost))).toEqual(["$0.0200", "$0.0090", "$0.0193", "$0.0210"]);
    expect(formatMoney(0)).toBe("$0.0000");
    expect(formatMoney(12.5)).toBe("$12.5000");
    expect(formatMoney(1234.56789)).toBe("$1,234.5679");
    expect(formatMoney(-0)).toBe("$0.0000");
  });

  it("says — for no amount", () => {
    expect(formatMoney(null)).toBe("—");
    expect(formatMoney(undefined)).toBe("—");
    expect(formatMoney(Number.NaN)).toBe("—");
  });

  it("never shows an amount that is not zero as zero: it takes the decimals it needs, up to the micro-dollar", () => {
    expect(formatMoney(0.00004)).toBe("$0.00004");
    expect(formatMoney(0.000001)).toBe("$0.000001");
    expect(moneyDecimals([0.0193, 0.000764, 0])).toBe(4);
    expect(moneyDecimals([0.0193, 0.000031])).toBe(5);
    expect(moneyDecimals([0.000004, null, undefined])).toBe(6);
  });
});

describe("formatMoneyParts", () => {
  it("shows a cost breakdown's lines and its total in one precision, adding up", () => {
    // A web call of the demo: LLM, telephony, speech to text, text to speech.
    const shown = formatMoneyParts([0.000764, 0, 0.005, 0.005535], 0.011299);
    expect(shown).toEqual({ parts: ["$0.0008", "$0.0000", "$0.0050", "$0.0055"], total: "$0.0113", decimals: 4 });
  });

  it("shows tiny lines instead of $0.00 lines beside a total of $0.0016", () => {
    const shown = formatMoneyParts([0.00004, 0.0012, 0.00036], 0.0016);
    expect(shown.parts).toEqual(["$0.00004", "$0.00120", "$0.00036"]);
    expect(shown.total).toBe("$0.00160");
  });

  it("rounds the lines so the figures shown add up to the total shown, whatever the amounts", () => {
    let seed = 7;
    const random = () => ((seed = (seed * 48271) % 2147483647) / 2147483647);
    for (let run = 0; run < 500; run++) {
      const parts = Array.from({ length: 1 + Math.floor(random() * 6) }, () => Math.round(random() * random() * 50_000) / 1e6);
      const total = Math.round(parts.reduce((sum, part) => sum + part, 0) * 1e6) / 1e6;
      const shown = formatMoneyParts(parts, total);
      expect(shown.parts.reduce((sum, part) => sum + units(part), 0), `${parts.join(" + ")} = ${total}`).toBe(units(shown.total));
      expect(new Set([...shown.parts, shown.total].map((text) => text.split(".")[1].length)).size).toBe(1);
    }
  });
});

describe("roundToTotal", () => {
  it("gives the missing unit to the part that rounding took the most from", () => {
    expect(roundToTotal([0.00124, 0.00124], 0.00248, 4)).toEqual([0.0013, 0.0012]);
    expect(roundToTotal([0.00126, 0.00126], 0.00252, 4)).toEqual([0.0012, 0.0013]);
    expect(roundToTotal([1.4, 1.4, 1.2], 4, 0)).toEqual([2, 1, 1]);
    expect(roundToTotal([10.123, 0, 3.456], 13.579, 2)).toEqual([10.12, 0, 3.46]);
  });

  it("keeps zero parts at zero when units are taken away", () => {
    expect(roundToTotal([0, 1.4], 0, 0)).toEqual([0, 0]);
    expect(roundToTotal([0, 0.6, 0.6], 1, 0)).toEqual([0, 0, 1]);
  });
});
