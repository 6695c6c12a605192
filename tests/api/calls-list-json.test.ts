import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seedCalls } from "@/lib/demo/calls";
import { listCallsJson, isoTimestamp } from "@/lib/services/calls/call-list-json";
import { listCalls, type ListCallsInput } from "@/lib/services/calls/calls";
import { insertAgent, insertCall } from "../helpers/fixtures";
import { createTestApi, type TestApi } from "../helpers/test-api";

let api: TestApi;
let organizationId: string;
let agentId: string;

beforeAll(async () => {
  // A fixed clock, so that both ways sign the same recording links.
  api = await createTestApi({ links: { now: () => new Date("2026-06-10T00:00:00Z") } });
  ({ organizationId } = await api.createOrganization());
  agentId = await insertAgent(api.db, organizationId);
  await seedCalls(api.db, { organizationId, count: 300, seed: 7, now: new Date("2026-06-01T00:00:00Z") });
  // What a generic serializer handles and a hand-written one could get wrong.
  const awkward = [
    { metadata: { quote: 'say "hi"\\now', newline: "a\nb\tc", unicode: "é ü 日本 🎉", control: "\u0001", nested: { list: [1, 2.5, null, true] } } },
    { metadata: { price: 1.5, big: 12345678901234, small: 1e-7, negative: -0.25 }, cost: 0.0254, costBreakdown: { llm: 0.1 } },
    { fromNumber: 'sip:"odd"@example.com', toNumber: null, endTime: null, durationSeconds: null, cost: null, endReason: null },
    { startTime: new Date("2026-06-02T00:00:00.000Z"), dynamicVariablesValues: { name: "Zoë" }, customHeaders: { "X-Tag": "a\\b" } },
    { startTime: new Date("2026-06-02T00:00:00.100Z"), recordingBlobKey: "recordings/x.wav", secureRecordingUrl: true },
    { startTime: new Date("2026-06-02T00:00:00.120Z"), transcript: [{ role: "user" as const, content: 'He said "no"\n', start_time: "2026-06-02T00:00:00.120Z" }] },
    { startTime: new Date("2026-06-02T00:00:00.120Z"), answerType: "voicemail" as const, redirectDurationSeconds: 12 },
  ];
  // Newer than the seeded calls, so that they make the first page.
  for (const [i, extra] of awkward.entries()) {
    await insertCall(api.db, organizationId, agentId, { startTime: new Date(Date.UTC(2026, 5, 3, 0, 0, i)), ...extra });
  }
});

afterAll(async () => {
  await api.close();
});

const input = (extra: Partial<ListCallsInput> = {}): ListCallsInput => ({
  page: 1,
  limit: 50,
  useCursor: true,
  includeTranscript: false,
  includeVariableValues: false,
  ...extra,
});

async function bothWays(extra: Partial<ListCallsInput>) {
  const ctx = { db: api.db, organizationId, links: api.links.forOrigin("https://voice.example.com") };
  const [objects, json] = await Promise.all([listCalls(ctx, input(extra)), listCallsJson(ctx, input(extra))]);
  const { items, ...paging } = objects;
  const { itemsJson, ...jsonPaging } = json;
  return { expected: JSON.parse(JSON.stringify(items)), actual: JSON.parse(itemsJson), paging, jsonPaging };
}

describe("the calls page written from Postgres' text", () => {
  it("equals listCalls on every page of a walk, with and without transcripts and variable values", async () => {
    for (const extra of [{}, { includeTranscript: true }, { includeVariableValues: true }, { includeTranscript: true, includeVariableValues: true }]) {
      let cursor: string | undefined;
      let pages = 0;
      do {
        const { expected, actual, paging, jsonPaging } = await bothWays({ ...extra, limit: 40, cursor });
        expect(actual).toEqual(expected);
        expect(jsonPaging).toEqual(paging);
        cursor = paging.next_cursor ?? undefined;
        pages += 1;
      } while (cursor);
      expect(pages).toBe(Math.ceil(307 / 40));
    }
  });

  it("keeps the awkward rows exact: escapes, unicode, numbers, nulls, links and millisecond times", async () => {
    const { expected, actual } = await bothWays({ limit: 10, includeTranscript: true });
    expect(actual).toEqual(expected);
    const byTime = (iso: string) => actual.filter((call: { start_time: string }) => call.start_time === iso);
    expect(byTime("2026-06-02T00:00:00.100Z")[0].recording_url).toMatch(/^https:\/\/voice\.example\.com\//);
    expect(byTime("2026-06-02T00:00:00.120Z")).toHaveLength(2);
    expect(actual.find((call: { metadata: { unicode?: string } }) => call.metadata.unicode)?.metadata.unicode).toBe("é ü 日本 🎉");
  });

  it("equals listCalls in page mode, with totals", async () => {
    for (const page of [1, 4, 99]) {
      const { expected, actual, paging, jsonPaging } = await bothWays({ useCursor: false, page, limit: 100 });
      expect(actual).toEqual(expected);
      expect(jsonPaging).toEqual(paging);
    }
  });

  it.each<[string, Partial<ListCallsInput>]>([
    ["call type and time", { callType: "web_call", startTimeGt: new Date("2026-04-01T00:00:00Z") }],
    ["status", { status: "failed" }],
    ["end reason, in page mode", { endReason: "completed", useCursor: false, page: 2 }],
    ["answer type and status", { answerType: "human", status: "ended", includeTranscript: true }],
    ["answer type voicemail, in page mode", { answerType: "voicemail", useCursor: false }],
    ["search (served by listCalls)", { search: "heater or leaking", includeTranscript: true }],
  ])("equals listCalls with filters: %s", async (_label, filters) => {
    const { expected, actual, paging, jsonPaging } = await bothWays({ limit: 20, ...filters });
    expect(actual.length).toBeGreaterThan(0);
    expect(actual).toEqual(expected);
    expect(jsonPaging).toEqual(paging);
    // The filter holds on every item (the cached SQL of another shape would not).
    for (const call of actual) {
      if (filters.status) expect(call.status).toBe(filters.status);
      if (filters.endReason) expect(call.end_reason).toBe(filters.endReason);
      if (filters.answerType) expect(call.answer_type).toBe(filters.answerType);
      expect(Object.keys(call).some((key) => /search/i.test(key))).toBe(false);
    }
  });
});

describe("isoTimestamp", () => {
  it("turns Postgres' timestamptz text into ISO 8601 with milliseconds, in any session time zone", () => {
    expect(isoTimestamp("2026-11-23 14:50:12.772+00")).toBe("2026-11-23T14:50:12.772Z");
    expect(isoTimestamp("2026-11-23 14:50:12.77+00")).toBe("2026-11-23T14:50:12.770Z");
    expect(isoTimestamp("2026-11-23 14:50:12+00")).toBe("2026-11-23T14:50:12.000Z");
    expect(isoTimestamp("2026-11-23 20:20:12.5+05:30")).toBe("2026-11-23T14:50:12.500Z");
    expect(isoTimestamp("2026-11-23 11:50:12-03")).toBe("2026-11-23T14:50:12.000Z");
  });
});
