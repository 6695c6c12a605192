import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { executeOn } from "@/lib/db/raw-sql";
import { seedCalls } from "@/lib/demo/calls";
import { cursorPageQuery, EXACT_COUNT_LIMIT } from "@/lib/services/calls/calls";
import { insertAgent, insertCall } from "../helpers/fixtures";
import { createTestApi, type TestApi } from "../helpers/test-api";

let api: TestApi;
let key: string;
let orgId: string;
let agentA: string;
let agentB: string;
const base = Date.parse("2026-03-01T00:00:00.000Z");
const minutes = (n: number) => new Date(base + n * 60_000);

beforeAll(async () => {
  api = await createTestApi();
  ({ apiKey: key, organizationId: orgId } = await api.createOrganization());
  agentA = await insertAgent(api.db, orgId, "A");
  agentB = await insertAgent(api.db, orgId, "B");
  // 10 calls a minute apart: even ones web calls by agent B from another number.
  for (let i = 0; i < 10; i++) {
    await insertCall(api.db, orgId, i % 2 ? agentA : agentB, {
      type: i % 2 ? "phone_call" : "web_call",
      fromNumber: i % 2 ? "+14155550100" : "+14155550199",
      toNumber: i % 3 ? "+14155550123" : "+442071838750",
      startTime: minutes(i),
      metadata: { n: i },
    });
  }
});
afterAll(async () => api?.close());

async function list(query: string) {
  const res = await api.request("GET", `/v1/calls${query}`, { apiKey: key });
  return { res, body: await res.json() };
}

describe("GET /v1/calls", () => {
  it("lists newest first in cursor mode by default, without transcript or variable values", async () => {
    const { res, body } = await list("");
    expect(res.status).toBe(200);
    expect(body.error).toBeNull();
    expect(body.status).toBe(200);
    expect(body.data.map((c: { metadata: { n: number } }) => c.metadata.n)).toEqual([9, 8, 7, 6, 5, 4, 3, 2, 1, 0]);
    expect(body.next_cursor).toBeNull();
    expect(body.total_items).toBeNull();
    const call = body.data[0];
    expect(call).not.toHaveProperty("transcript");
    expect(call).not.toHaveProperty("variable_values");
    expect(call).not.toHaveProperty("post_call_answers");
    expect(call).toMatchObject({ organization_id: orgId, status: "ended", direction: "outbound", cost: 0.42, duration_seconds: 120 });
    expect(call.start_time).toBe(minutes(9).toISOString());
  });

  it("includes transcript and variable values on request", async () => {
    const { body } = await list("?limit=1&include_transcript=true&include_variable_values=true");
    expect(body.data[0].transcript).toEqual([
      { role: "agent", content: "Hello, how can I help?", start_time: "2026-03-01T10:00:01.000Z" },
      { role: "user", content: "I'd like to book a table.", start_time: "2026-03-01T10:00:04.000Z" },
    ]);
    expect(body.data[0].transcript_string).toBe("agent: Hello, how can I help?\nuser: I'd like to book a table.");
    expect(body.data[0].variable_values).toEqual([{ name: "party_size", type: "string", value: "4", timestamp: "2026-03-01T10:00:20.000Z" }]);
  });

  it("filters by agent, type, numbers and start time", async () => {
    const ns = (body: { data: { metadata: { n: number } }[] }) => body.data.map((c) => c.metadata.n);
    expect(ns((await list(`?agent_id=${agentA}`)).body)).toEqual([9, 7, 5, 3, 1]);
    expect(ns((await list("?call_type=web_call")).body)).toEqual([8, 6, 4, 2, 0]);
    expect(ns((await list("?from_number=%2B14155550199")).body)).toEqual([8, 6, 4, 2, 0]);
    expect(ns((await list("?to_number=%2B442071838750")).body)).toEqual([9, 6, 3, 0]);
    // An unencoded + arrives as a space; it is read back as +.
    expect(ns((await list("?to_number=+442071838750")).body)).toEqual([9, 6, 3, 0]);
    const gt = encodeURIComponent(minutes(3).toISOString());
    const lt = encodeURIComponent(minutes(7).toISOString());
    expect(ns((await list(`?start_time_gt=${gt}&start_time_lt=${lt}`)).body)).toEqual([6, 5, 4]);
    expect(ns((await list(`?start_time_gt=${gt}&call_type=phone_call&agent_id=${agentA}`)).body)).toEqual([9, 7, 5]);
  });

  it("pages with a cursor", async () => {
    const first = await list("?limit=4");
    expect(first.body.data).toHaveLength(4);
    expect(first.body.next_cursor).toBe(minutes(6).toISOString());
    const second = await list(`?limit=4&cursor=${encodeURIComponent(first.body.next_cursor)}`);
    expect(second.body.data.map((c: { metadata: { n: number } }) => c.metadata.n)).toEqual([5, 4, 3, 2]);
    const third = await list(`?limit=4&cursor=${encodeURIComponent(second.body.next_cursor)}`);
    expect(third.body.data.map((c: { metadata: { n: number } }) => c.metadata.n)).toEqual([1, 0]);
    expect(third.body.next_cursor).toBeNull();
  });

  it("accepts a plain ISO time as cursor", async () => {
    const { body } = await list(`?cursor=${encodeURIComponent(minutes(2).toISOString())}`);
    expect(body.data.map((c: { metadata: { n: number } }) => c.metadata.n)).toEqual([1, 0]);
  });

  it("pages by page number with totals", async () => {
    const { body } = await list("?use_cursor=false&limit=4&page=2");
    expect(body.data.map((c: { metadata: { n: number } }) => c.metadata.n)).toEqual([5, 4, 3, 2]);
    expect(body).toMatchObject({ current_page: 2, total_pages: 3, total_items: 10, next_cursor: null });
    const past = await list("?use_cursor=false&limit=4&page=9");
    expect(past.res.status).toBe(200);
    expect(past.body.data).toEqual([]);
    expect(past.body.total_items).toBe(10);
    const filtered = await list("?use_cursor=false&call_type=web_call");
    expect(filtered.body).toMatchObject({ current_page: 1, total_pages: 1, total_items: 5 });
  });

  it.each([
    ["limit=0", "limit"],
    ["limit=1001", "limit"],
    ["limit=abc", "limit"],
    ["limit=2.5", "limit"],
    ["page=0", "page"],
    ["page=x", "page"],
    ["use_cursor=maybe", "use_cursor"],
    ["include_transcript=yes", "include_transcript"],
    ["call_type=fax", "call_type"],
    ["agent_id=not-a-uuid", "agent_id"],
    ["from_number=14155550100", "from_number"],
    ["to_number=%2B123", "to_number"],
    ["start_time_gt=yesterday", "start_time_gt"],
    ["cursor=garbage", "cursor"],
    ["status=done", "status"],
    ["end_reason=bored", "end_reason"],
    ["answer_type=robot", "answer_type"],
    [`search=${"x".repeat(201)}`, "search"],
  ])("rejects %s naming %s", async (query, field) => {
    const { res, body } = await list(`?${query}`);
    expect(res.status).toBe(400);
    expect(body.error.type).toBe("generic_error");
    expect(body.error.details.map((d: { field: string }) => d.field)).toContain(field);
    expect(body.data).toBeNull();
  });

  it("filters by status, end reason and answer type (extensions)", async () => {
    const org = await api.createOrganization("Outcomes");
    const agent = await insertAgent(api.db, org.organizationId, "O");
    const failed = await insertCall(api.db, org.organizationId, agent, { status: "failed", endReason: "no_answer", answerType: null, durationSeconds: null });
    const voicemail = await insertCall(api.db, org.organizationId, agent, { endReason: "agent_hangup", answerType: "voicemail", startTime: minutes(1) });
    const human = await insertCall(api.db, org.organizationId, agent, { endReason: "completed", answerType: "human", startTime: minutes(2) });
    const ids = async (query: string) =>
      (await (await api.request("GET", `/v1/calls?${query}`, { apiKey: org.apiKey })).json()).data.map((call: { id: string }) => call.id);
    expect(await ids("status=failed")).toEqual([failed]);
    expect(await ids("status=ended")).toEqual([human, voicemail]);
    expect(await ids("end_reason=agent_hangup")).toEqual([voicemail]);
    expect(await ids("answer_type=human")).toEqual([human]);
    expect(await ids("status=ended&end_reason=no_answer")).toEqual([]);
  });

  it("searches what was said, stemmed, in web-search syntax, within the organization only", async () => {
    const org = await api.createOrganization("Search");
    const agent = await insertAgent(api.db, org.organizationId, "S");
    const said = (at: number, ...lines: string[]) =>
      insertCall(api.db, org.organizationId, agent, {
        startTime: minutes(at),
        transcript: lines.map((content, i) => ({ role: i % 2 ? "user" : "agent", content, start_time: minutes(at).toISOString() })),
      });
    const leak = await said(1, "How can I help?", "My water heater is leaking again.");
    const booking = await said(2, "Hello!", "I'd like to book a cleaning on Tuesday.");
    const moved = await said(3, "Hi there.", "Could we move my booking to Friday?", "Booked for Friday.");
    const other = await api.createOrganization("Search elsewhere");
    const otherAgent = await insertAgent(api.db, other.organizationId, "T");
    await insertCall(api.db, other.organizationId, otherAgent, { startTime: minutes(4), transcript: [{ role: "user", content: "book a cleaning", start_time: minutes(4).toISOString() }] });
    const search = async (words: string) => {
      const res = await api.request("GET", `/v1/calls?search=${encodeURIComponent(words)}`, { apiKey: org.apiKey });
      return (await res.json()).data.map((call: { id: string }) => call.id);
    };
    expect(await search("leaking heater")).toEqual([leak]);
    expect(await search("booking")).toEqual([moved, booking]);
    expect(await search('"book a cleaning"')).toEqual([booking]);
    expect(await search("booked -friday")).toEqual([booking]);
    expect(await search("tuesday or heater")).toEqual([booking, leak]);
    expect(await search("how")).toEqual([]); // stop words only: nothing, not everything
    const count = await api.request("GET", `/v1/calls/count?search=booking`, { apiKey: org.apiKey });
    expect((await count.json()).data).toEqual({ total: 2, exact: true });
  });

  it("counts the calls of a filter (extension): from the rollups for agent and time, counted otherwise", async () => {
    const count = async (query: string) => {
      const res = await api.request("GET", `/v1/calls/count${query}`, { apiKey: key });
      expect(res.status).toBe(200);
      return (await res.json()).data;
    };
    expect(await count("")).toEqual({ total: 10, exact: true });
    expect(await count(`?agent_id=${agentA}`)).toEqual({ total: 5, exact: true });
    // start_time_gt is exclusive, start_time_lt too: minutes 2..6 strictly between 1 and 7.
    expect(await count(`?start_time_gt=${minutes(1).toISOString()}&start_time_lt=${minutes(7).toISOString()}`)).toEqual({ total: 5, exact: true });
    expect(await count("?call_type=web_call&from_number=%2B14155550199")).toEqual({ total: 5, exact: true });
    const refused = await api.request("GET", "/v1/calls/count?status=done", { apiKey: key });
    expect(refused.status).toBe(400);
    expect((await refused.json()).error.details).toEqual([{ field: "status", message: "Must be one of created, ringing, in_progress, ended or failed" }]);
  });

  it("estimates past 10,000 matches instead of counting them, and stays exact for agent and time filters", async () => {
    const org = await api.createOrganization("Many");
    await insertAgent(api.db, org.organizationId, "M");
    await seedCalls(api.db, { organizationId: org.organizationId, count: 10_400, seed: 4, maxRecordings: 0 });
    await api.db.execute(sql`analyze calls`);
    const count = async (query: string) => (await (await api.request("GET", `/v1/calls/count${query}`, { apiKey: org.apiKey })).json()).data;
    expect(await count("")).toEqual({ total: 10_400, exact: true });
    const ended = await count("?status=ended");
    expect(ended.exact).toBe(false);
    expect(ended.total).toBeGreaterThan(EXACT_COUNT_LIMIT);
    expect(ended.total).toBeLessThan(20_000);
    const page = await (await api.request("GET", "/v1/calls?use_cursor=false&status=failed&limit=1", { apiKey: org.apiKey })).json();
    expect(page.total_items).toBeGreaterThan(0);
    expect(page.total_items).toBeLessThan(1000);
    // Page mode's total with time filters only is the rollups' exact figure, past 10,000 too (not an estimate).
    const newest = await (await api.request("GET", "/v1/calls?limit=200", { apiKey: org.apiKey })).json();
    const before = `start_time_lt=${encodeURIComponent(newest.data.at(-1).start_time)}`;
    const exact = await count(`?${before}`);
    expect(exact.exact).toBe(true);
    expect(exact.total).toBeGreaterThan(EXACT_COUNT_LIMIT);
    const all = await (await api.request("GET", `/v1/calls?use_cursor=false&limit=1&page=3&${before}`, { apiKey: org.apiKey })).json();
    expect(all.total_items).toBe(exact.total);
  }, 120_000);

  it("accepts the largest limit", async () => {
    const { res, body } = await list("?limit=1000");
    expect(res.status).toBe(200);
    expect(body.data).toHaveLength(10);
  });
});

describe("cursor paging over calls that share one start_time", () => {
  it("returns every call exactly once", async () => {
    const same = await createTestApi();
    try {
      const org = await same.createOrganization();
      const agent = await insertAgent(same.db, org.organizationId);
      const at = new Date("2026-04-01T09:30:00.123Z");
      const ids = new Set<string>();
      for (let i = 0; i < 25; i++) ids.add(await insertCall(same.db, org.organizationId, agent, { startTime: at }));
      await insertCall(same.db, org.organizationId, agent, { startTime: new Date(at.getTime() - 1000), metadata: { older: true } });
      const seen: string[] = [];
      let cursor: string | null = null;
      let pages = 0;
      do {
        const query: string = `?limit=4${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ""}`;
        const res = await same.request("GET", `/v1/calls${query}`, { apiKey: org.apiKey });
        const body = await res.json();
        expect(res.status).toBe(200);
        seen.push(...body.data.map((c: { id: string }) => c.id));
        cursor = body.next_cursor;
        pages++;
      } while (cursor && pages < 20);
      expect(seen).toHaveLength(26);
      expect(new Set(seen).size).toBe(26);
      for (const id of ids) expect(seen).toContain(id);
      expect(seen.slice(0, 25).every((id) => ids.has(id))).toBe(true);
    } finally {
      await same.close();
    }
  });
});

describe("the list query's plan", () => {
  const base = { page: 1, limit: 50, useCursor: true, includeTranscript: false, includeVariableValues: false };
  it.each([
    ["no filter", {}],
    ["agent_id", { agentId: "00000000-0000-4000-8000-000000000001" }],
    ["call_type", { callType: "web_call" as const }],
    ["from_number", { fromNumber: "+14155550100" }],
    ["to_number", { toNumber: "+14155550123" }],
    ["status and end reason", { status: "ended" as const, endReason: "completed" as const }],
    ["a deep cursor", { cursor: "2026-03-01T00:05:00.000Z_00000000-0000-4000-8000-000000000009" }],
  ])("walks an index in order, with no sort (%s)", async (_label, filters) => {
    const query = cursorPageQuery({ db: api.db, organizationId: orgId }, { ...base, ...filters }).toSQL();
    const plan = await api.db.transaction(async (tx) => {
      // Tiny tables favour sequential scans; switched off, what is left shows whether an index fits the order.
      await tx.execute(sql`set local enable_seqscan = off`);
      await tx.execute(sql`set local enable_sort = off`);
      return executeOn(tx, `explain ${query.sql}`, query.params);
    });
    const text = plan.rows.map((row) => Object.values(row)[0]).join("\n");
    expect(text).toMatch(/Index (Only )?Scan/);
    expect(text).not.toMatch(/Sort/);
  });
});
