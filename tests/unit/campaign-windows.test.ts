import { describe, expect, it } from "vitest";
import { insideWindows, nextWindowStart } from "@/lib/services/campaigns/calling-windows";
import { contactsFromCsv } from "@/lib/services/campaigns/contacts-csv";
import { normalizePhoneNumber, timezoneOfNumber } from "@/lib/services/campaigns/phone-number-facts";
import { normalizeAgent } from "@/lib/agents/normalize";
import { CallEngine, DO_NOT_CALL_GOODBYE } from "@/lib/runtime/engine";
import { initialSnapshot } from "@/lib/runtime/initial-snapshot";
import type { RuntimeEvent } from "@/lib/runtime/types";
import { fakeClock, scriptedLlm } from "../helpers/scripted-llm";

const weekdays = { days: ["mon", "tue", "wed", "thu", "fri"] as ("mon" | "tue" | "wed" | "thu" | "fri")[], start: "09:00", end: "20:00" };

describe("calling windows in the contact's zone", () => {
  it("reads the wall clock of the zone, start inclusive, end exclusive", () => {
    // Tuesday 2026-03-03 14:00 UTC is 09:00 in New York (EST) and 06:00 in Los Angeles.
    const at = new Date("2026-03-03T14:00:00Z");
    expect(insideWindows(at, [weekdays], "America/New_York")).toBe(true);
    expect(insideWindows(at, [weekdays], "America/Los_Angeles")).toBe(false);
    expect(insideWindows(new Date("2026-03-04T01:00:00Z"), [weekdays], "America/New_York")).toBe(false); // 20:00 sharp
  });

  it("finds the next opening: later today, tomorrow, or after the weekend", () => {
    expect(nextWindowStart(new Date("2026-03-03T11:00:00Z"), [weekdays], "America/New_York")?.toISOString()).toBe("2026-03-03T14:00:00.000Z");
    expect(nextWindowStart(new Date("2026-03-04T02:00:00Z"), [weekdays], "America/New_York")?.toISOString()).toBe("2026-03-04T14:00:00.000Z");
    // Friday 21:00 in Tokyo → Monday 09:00 there.
    expect(nextWindowStart(new Date("2026-03-06T12:00:00Z"), [weekdays], "Asia/Tokyo")?.toISOString()).toBe("2026-03-09T00:00:00.000Z");
  });

  it("follows daylight saving time: 09:00 local is 14:00 UTC in winter and 13:00 UTC in summer", () => {
    // US clocks move forward on Sunday 2026-03-08.
    expect(nextWindowStart(new Date("2026-03-07T02:00:00Z"), [weekdays], "America/New_York")?.toISOString()).toBe("2026-03-09T13:00:00.000Z");
    // A window opening inside the skipped hour (02:30 on 2026-03-08) opens when the clock reaches it.
    const night = { days: ["sun" as const], start: "02:30", end: "04:00" };
    const opens = nextWindowStart(new Date("2026-03-08T05:00:00Z"), [night], "America/New_York")!;
    expect(insideWindows(opens, [night], "America/New_York")).toBe(true);
    expect(opens.getTime()).toBeLessThanOrEqual(new Date("2026-03-08T08:00:00Z").getTime());
  });
});

describe("phone numbers", () => {
  it("normalises to E.164 with libphonenumber and refuses what is not a number", () => {
    expect(normalizePhoneNumber("+1 (212) 555-0123")).toMatchObject({ ok: true, e164: "+12125550123" });
    expect(normalizePhoneNumber("0044 20 7183 8750")).toMatchObject({ ok: true, e164: "+442071838750" });
    expect(normalizePhoneNumber("(415) 555-0123", "US")).toMatchObject({ ok: true, e164: "+14155550123" });
    expect(normalizePhoneNumber("(415) 555-0123").ok).toBe(false);
    expect(normalizePhoneNumber("+1 212 555 012").ok).toBe(false);
    expect(normalizePhoneNumber("hello").ok).toBe(false);
  });

  it("tells the zone from the country and the area code, and nothing when the number spans zones", () => {
    expect(timezoneOfNumber("+12125550123")).toBe("America/New_York");
    expect(timezoneOfNumber("+13125550123")).toBe("America/Chicago");
    expect(timezoneOfNumber("+14155550123")).toBe("America/Los_Angeles");
    expect(timezoneOfNumber("+442071838750")).toBe("Europe/London");
    expect(timezoneOfNumber("+819012345678")).toBe("Asia/Tokyo");
    expect(timezoneOfNumber("+79161234567")).toBe("Europe/Moscow");
  });
});

describe("contacts CSV", () => {
  it("maps phone_number, timezone, metadata.* and variables; numbers rows as a spreadsheet does", () => {
    const { drafts, rejected } = contactsFromCsv('\uFEFFphone,First Name,metadata.crm,timezone,notes\n+12125550123,"Ada, Jr.",A1,,x\n+13125550123,Bob,,America/Chicago,,extra\n', {
      phone: "phone_number",
      "First Name": "first_name",
      notes: "",
    });
    expect(drafts).toEqual([{ row: 2, phone_number: "+12125550123", dynamic_variables_values: { first_name: "Ada, Jr." }, metadata: { crm: "A1" }, fromCsv: true }]);
    expect(rejected).toEqual([{ row: 3, field: "row", message: "Has 6 cells; the header has 5" }]);
    expect(() => contactsFromCsv("name\nAda\n")).toThrow(/phone_number/);
  });
});

describe("the add_to_do_not_call tool in the engine", () => {
  it("says goodbye when the model said nothing, reports the event, ends the call", async () => {
    const agent = normalizeAgent({ name: "A", initial_state_name: "main", states: [{ name: "main", prompt: "Help.", tools: [{ type: "add_to_do_not_call" }] }] });
    const events: RuntimeEvent[] = [];
    const clock = fakeClock();
    const llm = scriptedLlm((request) => {
      expect(request.tools.map((tool) => tool.name)).toEqual(["add_to_do_not_call"]);
      return { calls: [{ name: "add_to_do_not_call" }] };
    });
    const engine = new CallEngine(agent, initialSnapshot(agent, { callId: "5b0b1b5e-0000-4000-8000-000000000002", fromNumber: null, toNumber: null, startTime: clock.now(), dynamicVariables: {} }, clock.now()), { clock, llm: llm.port, http: async () => ({ status: 200, text: () => "" }), sink: (event) => events.push(event) });
    await engine.handleUserTurn("Please never call me again");
    expect(events.filter((event) => event.type === "agent_message").map((event) => (event as { content: string }).content)).toEqual([DO_NOT_CALL_GOODBYE]);
    expect(events.some((event) => event.type === "add_to_do_not_call")).toBe(true);
    expect(engine.snapshot).toMatchObject({ status: "ended", end_reason: "agent_hangup" });
  });
});

describe("the dial pacer", () => {
  it("spaces a burst and keeps any second (plus its margin) to perSecond, counting calls sent before it", async () => {
    const { DialPacer } = await import("@/lib/services/campaigns/dial-pacer");
    const { maxInWindow } = await import("../helpers/campaign-checks");
    const pacer = new DialPacer(4, 225, 100, [0, 300]);
    const times = Array.from({ length: 12 }, () => pacer.next(400));
    expect(times[0]).toBe(525);
    expect(maxInWindow([0, 300, ...times], 1099)).toBeLessThanOrEqual(4);
    for (let i = 1; i < times.length; i++) expect(times[i] - times[i - 1]).toBeGreaterThanOrEqual(225);
  });
});
