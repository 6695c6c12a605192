import { describe, expect, it } from "vitest";
import { callCsvColumns, callsToCsvLines, csvField, csvHeaderLine } from "@/components/calls/calls-csv";
import type { Call } from "@/lib/voice-api/calls";
import { parseCsv } from "../helpers/csv-reader";

const call: Call = {
  id: "7d3c2b1a-0000-4000-8000-000000000001",
  status: "ended",
  from_number: "+14155550101",
  to_number: "+14155550199",
  direction: "inbound",
  organization_id: "00000000-0000-4000-8000-000000000000",
  type: "phone_call",
  agent_id: "a0000000-0000-4000-8000-000000000001",
  agent_version: 1,
  metadata: { note: 'said "hi", left' },
  start_time: "2026-11-20T10:00:00.000Z",
  end_time: "2026-11-20T10:02:05.000Z",
  duration_seconds: 125,
  redirect_duration_seconds: null,
  cost: 0.1234,
  cost_breakdown: null,
  end_reason: "user_hangup",
  answer_type: "human",
  recording_url: null,
  secure_recording_url: false,
  dynamic_variables_values: null,
  custom_headers: null,
  carrier: null,
  carrier_call_id: null,
  campaign_id: null,
  transfer: null,
  started_by: null,
  redacted_categories: [],
  transcript_string: "agent: Hello\nuser: =SUM(A1)",
};


describe("calls CSV", () => {
  it("quotes only what needs quoting and doubles quotes", () => {
    expect(csvField("plain")).toBe("plain");
    expect(csvField("a,b")).toBe('"a,b"');
    expect(csvField('say "x"')).toBe('"say ""x"""');
    expect(csvField("line\nbreak")).toBe('"line\nbreak"');
    expect(csvField(null)).toBe("");
    expect(csvField(0)).toBe("0");
    expect(csvField(false)).toBe("false");
  });

  it("keeps phone numbers exact but defuses formulas in free text", () => {
    expect(csvField("+14155550101")).toBe("+14155550101");
    expect(csvField("=HYPERLINK(1)", { freeText: true })).toBe("'=HYPERLINK(1)");
    expect(csvField("-1", { freeText: true })).toBe("'-1");
    expect(csvField("fine", { freeText: true })).toBe("fine");
  });

  it("writes one row per call that reads back to the call's values", () => {
    const columns = callCsvColumns(true);
    const text = csvHeaderLine(columns) + callsToCsvLines([call, { ...call, id: "second", metadata: {} }], columns, new Map([[call.agent_id, "Front, desk"]]));
    const [header, first, second, ...rest] = parseCsv(text);
    expect(rest).toEqual([]);
    const record = Object.fromEntries(header.map((name, i) => [name, first[i]]));
    expect(record).toMatchObject({
      id: call.id,
      from_number: "+14155550101",
      agent_name: "Front, desk",
      duration_seconds: "125",
      cost_usd: "0.1234",
      metadata: JSON.stringify(call.metadata),
      transcript: "agent: Hello\nuser: =SUM(A1)",
    });
    expect(second[header.indexOf("metadata")]).toBe("");
  });

  it("leaves the transcript out unless asked", () => {
    expect(callCsvColumns(false).map((c) => c.header)).not.toContain("transcript");
    expect(callCsvColumns(true).map((c) => c.header)).toContain("transcript");
  });
});
