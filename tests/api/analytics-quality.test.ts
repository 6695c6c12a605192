import { and, eq, gte, lt, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { calls } from "@/lib/db/schema";
import type { CallAnalysis } from "@/lib/schemas/call-analysis";
import type { TranscriptEntry, TurnLatency } from "@/lib/schemas/call-values";
import { LATENCY_BUCKETS, latencyBucketIndex } from "@/lib/schemas/latency-buckets";
import { insertAgent, insertCall } from "../helpers/fixtures";
import { createTestApi, type TestApi } from "../helpers/test-api";

let api: TestApi;
let key: string;
let orgId: string;
let alpha: string;
let beta: string;
const call: Record<string, string> = {};
const RANGE = "from=2026-03-01&to=2026-03-04";

function analysis(verdict: "success" | "failure" | "unknown", sentiment: "positive" | "neutral" | "negative", score: number | null = null): CallAnalysis {
  return { summary: `${verdict} call`, sentiment, success: { verdict, score, reason: "r" }, criteria: null, analyzed_at: "2026-03-05T00:00:00.000Z", model: "m" };
}

function transcript(interruptions: number): TranscriptEntry[] {
  const entries: TranscriptEntry[] = [
    { role: "agent", content: "Hello.", start_time: "2026-03-01T10:00:01.000Z" },
    { role: "user", content: "Hi.", start_time: "2026-03-01T10:00:02.000Z" },
  ];
  for (let i = 0; i < interruptions; i++) {
    entries.push({ role: "agent", content: "Let me", start_time: "2026-03-01T10:00:03.000Z", interrupted: true }, { role: "user", content: "Wait.", start_time: "2026-03-01T10:00:04.000Z" });
  }
  return entries;
}

function latency(firstAudio: (number | null)[]): TurnLatency[] {
  return firstAudio.map((ms, i) => ({
    turn: i + 1,
    speech_ended_at_ms: 1000 * (i + 1),
    end_of_turn_ms: 700,
    transcript_ms: 750,
    first_token_ms: 900,
    first_sentence_ms: ms === null ? null : ms - 200,
    first_speech_byte_ms: ms === null ? null : ms - 50,
    first_audio_ms: ms,
  }));
}

async function get(path: string, apiKey = key) {
  const res = await api.request("GET", `/v1/analytics/${path}`, { apiKey });
  return { res, body: await res.json() };
}

beforeAll(async () => {
  api = await createTestApi();
  ({ apiKey: key, organizationId: orgId } = await api.createOrganization("Quality Org"));
  alpha = await insertAgent(api.db, orgId, "Alpha");
  beta = await insertAgent(api.db, orgId, "Beta");
  const at = (iso: string) => ({ startTime: new Date(iso), endTime: new Date(iso) });
  const human = { answerType: "human" as const };
  call.c1 = await insertCall(api.db, orgId, alpha, {
    ...at("2026-03-01T10:00:00Z"), ...human, agentVersion: 1, cost: 0.5, durationSeconds: 60,
    analysis: analysis("success", "positive", 8), transcript: transcript(1), turnLatency: latency([800, 1200]),
  });
  call.c2 = await insertCall(api.db, orgId, alpha, {
    ...at("2026-03-01T23:30:00Z"), ...human, agentVersion: 1, cost: 1, durationSeconds: 120,
    analysis: analysis("failure", "negative", 3), transcript: transcript(0), turnLatency: latency([1500, 2600, null]),
    transfer: { to: "+14155550199", status: "completed", duration_seconds: 30 },
  });
  call.c3 = await insertCall(api.db, orgId, alpha, {
    ...at("2026-03-02T08:07:00Z"), ...human, agentVersion: 2, cost: 0.25, durationSeconds: 30,
    analysis: analysis("success", "neutral"), transcript: transcript(2), turnLatency: latency([600]),
  });
  call.c4 = await insertCall(api.db, orgId, alpha, {
    ...at("2026-03-02T12:00:00Z"), answerType: "voicemail", agentVersion: 2, cost: 0.1, durationSeconds: 20, analysisSkipped: "not_answered_by_human",
  });
  call.c5 = await insertCall(api.db, orgId, alpha, {
    ...at("2026-03-03T09:00:00Z"), agentVersion: 2, cost: null, durationSeconds: null, answeredAt: null, status: "failed", endReason: "no_answer", transcript: [],
  });
  call.c6 = await insertCall(api.db, orgId, alpha, {
    ...at("2026-03-03T09:05:00Z"), ...human, agentVersion: 2, cost: 0, durationSeconds: 90,
    analysis: analysis("unknown", "positive"), turnLatency: latency([950, 1000, 1040]),
  });
  call.c7 = await insertCall(api.db, orgId, beta, {
    ...at("2026-03-02T10:00:00Z"), ...human, agentVersion: null, cost: 0.15, durationSeconds: 40,
    analysis: analysis("success", "positive"), turnLatency: latency([700]),
  });
  call.before = await insertCall(api.db, orgId, alpha, { ...at("2026-02-20T09:00:00Z"), ...human, agentVersion: 1, analysis: analysis("failure", "negative") });
  // Another organization's calls in the same days never show.
  const other = await api.createOrganization("Other Org");
  const otherAgent = await insertAgent(api.db, other.organizationId, "Other");
  await insertCall(api.db, other.organizationId, otherAgent, { ...at("2026-03-01T12:00:00Z"), agentVersion: 1, analysis: analysis("failure", "negative"), turnLatency: latency([100]) });
});
afterAll(async () => api?.close());

const empty = {
  calls: 0,
  connected_calls: 0,
  analyzed_calls: 0,
  verdicts: { success: 0, failure: 0, unknown: 0 },
  success_rate: null,
  average_score: null,
  sentiment: { positive: null, neutral: null, negative: null },
  sentiment_counts: { positive: 0, neutral: 0, negative: 0 },
  average_cost: null,
  average_duration_seconds: null,
  turn_latency_p50_ms: null,
  turn_latency_p90_ms: null,
  latency_turns: 0,
  interruptions_per_call: null,
  transfer_rate: null,
  voicemail_rate: null,
};

describe("GET /v1/analytics/quality", () => {
  it("computes every figure of the range by hand's rules: in total, per day, per agent version", async () => {
    const { res, body } = await get(`quality?${RANGE}`);
    expect(res.status).toBe(200);
    expect(body.data).toMatchObject({ from: "2026-03-01T00:00:00.000Z", to: "2026-03-05T00:00:00.000Z", timezone: "UTC", agent_id: null });
    expect(body.data.totals).toEqual({
      calls: 7,
      connected_calls: 6,
      analyzed_calls: 5,
      verdicts: { success: 3, failure: 1, unknown: 1 },
      success_rate: 0.75,
      average_score: 5.5,
      sentiment: { positive: 0.6, neutral: 0.2, negative: 0.2 },
      sentiment_counts: { positive: 3, neutral: 1, negative: 1 },
      average_cost: 0.4,
      average_duration_seconds: 60,
      // 600 700 800 950 1000 1040 1200 1500 2600: the 5th and the 9th.
      turn_latency_p50_ms: 1000,
      turn_latency_p90_ms: 2600,
      latency_turns: 9,
      interruptions_per_call: 0.5,
      transfer_rate: 0.1667,
      voicemail_rate: 0.1667,
    });
    expect(body.data.days.map((day: { date: string }) => day.date)).toEqual(["2026-03-01", "2026-03-02", "2026-03-03", "2026-03-04"]);
    const [d1, d2, d3, d4] = body.data.days;
    expect(d1).toMatchObject({ calls: 2, success_rate: 0.5, average_score: 5.5, turn_latency_p50_ms: 1200, turn_latency_p90_ms: 2600, transfer_rate: 0.5 });
    expect(d2).toMatchObject({ calls: 3, analyzed_calls: 2, success_rate: 1, turn_latency_p50_ms: 600, turn_latency_p90_ms: 700, voicemail_rate: 0.3333, interruptions_per_call: 0.67 });
    // 1040 ms lies in the 1000–1050 ms bucket: reported as its lower bound.
    expect(d3).toMatchObject({ calls: 2, connected_calls: 1, analyzed_calls: 1, verdicts: { success: 0, failure: 0, unknown: 1 }, success_rate: null, turn_latency_p50_ms: 1000, turn_latency_p90_ms: 1000 });
    expect(d4).toEqual({ date: "2026-03-04", ...empty });

    expect(body.data.versions.map((v: { agent_name: string; agent_version: number | null }) => [v.agent_name, v.agent_version])).toEqual([
      ["Alpha", 1],
      ["Alpha", 2],
      ["Beta", null],
    ]);
    const [v1, v2, betaNone] = body.data.versions;
    expect(v1).toMatchObject({ agent_id: alpha, calls: 2, success_rate: 0.5, average_cost: 0.75, average_duration_seconds: 90, interruptions_per_call: 0.5, transfer_rate: 0.5, turn_latency_p50_ms: 1200 });
    expect(v2).toMatchObject({ calls: 4, connected_calls: 3, analyzed_calls: 2, success_rate: 1, average_score: null, voicemail_rate: 0.3333, average_cost: 0.175, turn_latency_p50_ms: 950 });
    expect(betaNone).toMatchObject({ agent_id: beta, calls: 1, success_rate: 1, sentiment: { positive: 1, neutral: 0, negative: 0 }, turn_latency_p50_ms: 700 });
  });

  it("follows the agent filter and counts days in the time zone", async () => {
    const { body } = await get(`quality?${RANGE}&agent_id=${beta}`);
    expect(body.data.totals).toMatchObject({ calls: 1, success_rate: 1 });
    expect(body.data.versions).toHaveLength(1);
    // In Asia/Kathmandu (+5:45) c2 (23:30 UTC on the 1st) falls on the 2nd.
    const zoned = await get(`quality?${RANGE}&timezone=Asia/Kathmandu`);
    expect(zoned.body.data.days[0]).toMatchObject({ date: "2026-03-01", calls: 1, success_rate: 1 });
    expect(zoned.body.data.days[1]).toMatchObject({ date: "2026-03-02", calls: 4, verdicts: { success: 2, failure: 1, unknown: 0 } });
  });

  it("answers zeros and nulls for a range without calls, and is part of the dashboard", async () => {
    const quiet = await get("quality?from=2025-01-01&to=2025-01-02");
    expect(quiet.body.data.totals).toEqual(empty);
    expect(quiet.body.data.versions).toEqual([]);
    const dashboard = await get(`dashboard?${RANGE}`);
    const quality = await get(`quality?${RANGE}`);
    const { days, ...totals } = dashboard.body.data.quality;
    expect(totals).toEqual(quality.body.data.totals);
    expect(days).toEqual(quality.body.data.days);
  });
});

/** The same figures computed straight from the calls, in TypeScript: what the rollups must always agree with. */
async function fromCalls(from: Date, to: Date) {
  const rows = await api.db
    .select()
    .from(calls)
    .where(and(eq(calls.organizationId, orgId), gte(calls.startTime, from), lt(calls.startTime, to)));
  const connected = rows.filter((row) => row.answeredAt !== null);
  const analysed = rows.filter((row) => row.analysis);
  const verdict = (v: string) => analysed.filter((row) => row.analysis!.success.verdict === v).length;
  const latencies = rows.flatMap((row) => (row.turnLatency ?? []).map((turn) => turn.first_audio_ms).filter((ms): ms is number => ms !== null)).sort((a, b) => a - b);
  return {
    calls: rows.length,
    connected: connected.length,
    analyzed: analysed.length,
    success: verdict("success"),
    failure: verdict("failure"),
    positive: analysed.filter((row) => row.analysis!.sentiment === "positive").length,
    interruptions: connected.reduce((sum, row) => sum + row.transcript.filter((entry) => entry.interrupted).length, 0),
    transferred: connected.filter((row) => row.transfer !== null || row.endReason === "transferred").length,
    latencies,
  };
}

describe("the latency buckets", () => {
  it("are the same in the database's trigger function and in lib/schemas/latency-buckets.ts", async () => {
    const values = [...LATENCY_BUCKETS.flatMap((bucket) => [bucket.min - 1, bucket.min, bucket.min + 1]), ...Array.from({ length: 5000 }, (_, i) => i * 7), 45_000, 1_000_000].filter((v) => v >= 0);
    const result = await api.db.execute(sql`select v, analytics_latency_bucket(v) as bucket from unnest(${`{${values.join(",")}}`}::int[]) v`);
    const rows = (result as unknown as { rows: { v: number; bucket: number }[] }).rows;
    const wrong = rows.filter((row) => Number(row.bucket) !== latencyBucketIndex(Number(row.v)));
    expect(wrong).toEqual([]);
    expect(rows).toHaveLength(values.length);
  });
});

describe("writes keep the figures exact", () => {
  it("counts inserts, analysis changes (re-runs), transcript and latency updates, deletes and retention deletes", async () => {
    const totals = async () => (await get(`quality?${RANGE}`)).body.data.totals;
    const added = await insertCall(api.db, orgId, alpha, {
      startTime: new Date("2026-03-04T16:00:00Z"), answerType: "human", agentVersion: 2, analysis: analysis("failure", "negative", 1), turnLatency: latency([3000]),
    });
    expect(await totals()).toMatchObject({ calls: 8, verdicts: { success: 3, failure: 2, unknown: 1 }, success_rate: 0.6, average_score: 4, latency_turns: 10 });
    // A re-run replaces the analysis: the old verdict leaves, the new one counts.
    await api.db.update(calls).set({ analysis: analysis("success", "positive", 10) }).where(eq(calls.id, added));
    expect(await totals()).toMatchObject({ verdicts: { success: 4, failure: 1, unknown: 1 }, success_rate: 0.8, average_score: 7, sentiment_counts: { positive: 4, neutral: 1, negative: 1 } });
    await api.db.update(calls).set({ transcript: transcript(3), turnLatency: latency([3000, 4000]) }).where(eq(calls.id, added));
    expect(await totals()).toMatchObject({ interruptions_per_call: 0.86, latency_turns: 11 });
    // Updates that touch nothing counted (metadata, runtime state) change nothing.
    const before = await totals();
    await api.db.update(calls).set({ metadata: { note: "x" }, runtimeState: { a: 1 } }).where(eq(calls.organizationId, orgId));
    expect(await totals()).toEqual(before);
    await api.db.delete(calls).where(eq(calls.id, added));
    expect((await totals()).calls).toBe(7);
    // A retention job deletes the oldest calls in one statement.
    const oldest = await insertCall(api.db, orgId, alpha, { startTime: new Date("2026-03-01T00:05:00Z"), answerType: "human", agentVersion: 1, analysis: analysis("failure", "neutral") });
    expect((await totals()).calls).toBe(8);
    await api.db.delete(calls).where(and(eq(calls.organizationId, orgId), lt(calls.startTime, new Date("2026-03-01T00:10:00Z"))));
    expect(await totals()).toMatchObject({ calls: 7, success_rate: 0.75 });
    expect(oldest).toBeTruthy();
  });

  it("agrees with the calls themselves for any range, aligned or not", async () => {
    // More calls at awkward times (period edges, the same instant) to test the rollup against.
    for (let i = 0; i < 40; i++) {
      const minute = (i * 37) % (4 * 24 * 60);
      await insertCall(api.db, orgId, i % 3 ? alpha : beta, {
        startTime: new Date(Date.UTC(2026, 2, 1, 0, minute, i % 2 ? 0 : 59, i % 5 ? 0 : 999)),
        answerType: i % 7 === 0 ? "voicemail" : "human",
        ...(i % 9 === 0 ? { answeredAt: null } : {}),
        agentVersion: (i % 4) + 1,
        analysis: i % 6 === 0 ? null : analysis((["success", "failure", "unknown"] as const)[i % 3], (["positive", "neutral", "negative"] as const)[i % 5 % 3], i % 2 ? i % 11 : null),
        transcript: transcript(i % 3),
        turnLatency: i % 4 === 0 ? null : latency([300 + i * 97, i % 3 ? 2000 + i * 13 : null]),
        transfer: i % 8 === 0 ? { to: "+14155550199", status: "busy", duration_seconds: null } : null,
      });
    }
    const ranges = [
      ["2026-03-01T00:00:00.000Z", "2026-03-05T00:00:00.000Z"],
      ["2026-03-01T03:07:59.999Z", "2026-03-02T18:52:00.001Z"],
      ["2026-03-01T00:14:59.000Z", "2026-03-01T00:15:00.000Z"],
      ["2026-03-02T11:11:11.111Z", "2026-03-04T23:59:59.999Z"],
    ];
    for (const [from, to] of ranges) {
      const { body } = await get(`quality?from=${from}&to=${to}`);
      const expected = await fromCalls(new Date(from), new Date(to));
      const t = body.data.totals;
      const label = `${from} – ${to}`;
      expect([t.calls, t.connected_calls, t.analyzed_calls, t.verdicts.success, t.verdicts.failure, t.sentiment_counts.positive, t.latency_turns], label).toEqual([
        expected.calls,
        expected.connected,
        expected.analyzed,
        expected.success,
        expected.failure,
        expected.positive,
        expected.latencies.length,
      ]);
      expect(t.interruptions_per_call, label).toBe(expected.connected ? Math.round((expected.interruptions / expected.connected) * 100) / 100 : null);
      expect(t.transfer_rate, label).toBe(expected.connected ? Math.round((expected.transferred / expected.connected) * 10_000) / 10_000 : null);
      // Nearest rank, then its bucket's lower bound: never above the true figure, less than one bucket below.
      for (const [percent, figure] of [[50, t.turn_latency_p50_ms], [90, t.turn_latency_p90_ms]] as const) {
        if (!expected.latencies.length) {
          expect(figure, label).toBeNull();
          continue;
        }
        const truth = expected.latencies[Math.ceil((percent * expected.latencies.length) / 100) - 1];
        expect(figure, `${label} p${percent}`).toBeLessThanOrEqual(truth);
        expect(truth - figure!, `${label} p${percent}`).toBeLessThan(truth < 1500 ? 50 : truth < 3000 ? 100 : truth < 5000 ? 250 : 1000);
      }
    }
    // The rollup rows equal a recount from scratch.
    const recount = await api.db.execute(sql`
      select count(*) as differences from (
        (select * from call_quality_15m where organization_id = ${orgId}::uuid and calls <> 0
          except select * from analytics_quality_rows((select array_agg(analytics_quality_fact_of(c)) from calls c where c.organization_id = ${orgId}::uuid), null))
        union all
        (select * from analytics_quality_rows((select array_agg(analytics_quality_fact_of(c)) from calls c where c.organization_id = ${orgId}::uuid), null)
          except select * from call_quality_15m where organization_id = ${orgId}::uuid and calls <> 0)
      ) d`);
    expect(Number((recount as unknown as { rows: { differences: unknown }[] }).rows[0].differences)).toBe(0);
  });
});

describe("GET /v1/analytics/versions", () => {
  let gamma: string;
  beforeAll(async () => {
    gamma = await insertAgent(api.db, orgId, "Gamma");
    // Version 1: 12 of 30 judged calls succeed; version 2: 24 of 30; version 3: 13 of 30 (and 5 unknown); version 4: 10 calls.
    const plan: [number, number, number, number][] = [
      [1, 30, 12, 0],
      [2, 30, 24, 0],
      [3, 30, 13, 5],
      [4, 10, 9, 0],
    ];
    const rows: (typeof calls.$inferInsert)[] = [];
    for (const [version, judged, successes, unknown] of plan) {
      for (let i = 0; i < judged + unknown; i++) {
        const verdict = i < successes ? "success" : i < judged ? "failure" : "unknown";
        const start = new Date(Date.UTC(2026, 2, 10, 8, version * 10, i));
        rows.push({
          organizationId: orgId, agentId: gamma, agentVersion: version, type: "web_call", status: "ended", direction: "inbound",
          startTime: start, answeredAt: start, endTime: start, durationSeconds: 60 + version, cost: 0.01 * version, answerType: "human",
          analysis: analysis(verdict, "neutral"), turnLatency: latency([500 + version * 100]),
        });
      }
    }
    await api.db.insert(calls).values(rows);
  });

  const compare = (versions: string, extra = "") => get(`versions?agent_id=${gamma}&versions=${versions}&from=2026-03-10&to=2026-03-10${extra}`);

  it("puts the versions side by side in the order asked, with a two-proportion test for every pair", async () => {
    const { res, body } = await compare("2,1,3");
    expect(res.status).toBe(200);
    expect(body.data).toMatchObject({ agent_id: gamma, agent_name: "Gamma", from: "2026-03-10T00:00:00.000Z", to: "2026-03-11T00:00:00.000Z" });
    expect(body.data.versions.map((v: { agent_version: number; calls: number; success_rate: number }) => [v.agent_version, v.calls, v.success_rate])).toEqual([
      [2, 30, 0.8],
      [1, 30, 0.4],
      [3, 35, 0.4333],
    ]);
    expect(body.data.versions[0]).toMatchObject({ average_duration_seconds: 62, average_cost: 0.02, turn_latency_p50_ms: 700, analyzed_calls: 30 });
    expect(body.data.comparisons).toHaveLength(3);
    // 24/30 against 12/30: pooled 0.6, SE √(0.6·0.4·(2/30)) = 0.12649, z = −3.162, p = 0.00157.
    expect(body.data.comparisons[0]).toEqual({
      version_a: 2,
      version_b: 1,
      calls_a: 30,
      calls_b: 30,
      success_rate_a: 0.8,
      success_rate_b: 0.4,
      difference: -0.4,
      z: -3.162,
      p_value: 0.0016,
      result: "significant",
      message: expect.stringContaining("more than chance"),
    });
    // 12/30 against 13/30 (unknown verdicts left out): pooled 25/60, SE 0.12729, z = 0.262, p = 0.7934.
    expect(body.data.comparisons[2]).toMatchObject({ version_a: 1, version_b: 3, calls_b: 30, z: 0.262, p_value: 0.7934, result: "not_significant" });
  });

  it("says there are not enough calls below 30 judged calls in either version", async () => {
    const { body } = await compare("1,4");
    expect(body.data.comparisons).toEqual([
      expect.objectContaining({ version_a: 1, version_b: 4, calls_a: 30, calls_b: 10, z: null, p_value: null, result: "not_enough_calls", message: expect.stringContaining("not enough calls") }),
    ]);
    const missing = await compare("1,9");
    expect(missing.body.data.versions[1]).toMatchObject({ agent_version: 9, ...empty });
    expect(missing.body.data.comparisons[0]).toMatchObject({ result: "not_enough_calls", success_rate_b: null, difference: null });
  });

  it("refuses what is not two or more versions of one agent of the organization, naming the field", async () => {
    const cases: [string, string][] = [
      [`versions=1,2`, "agent_id"],
      [`agent_id=${gamma}`, "versions"],
      [`agent_id=${gamma}&versions=1`, "versions"],
      [`agent_id=${gamma}&versions=1,1`, "versions"],
      [`agent_id=${gamma}&versions=1,x`, "versions"],
      [`agent_id=${gamma}&versions=0,1`, "versions"],
      [`agent_id=${gamma}&versions=${Array.from({ length: 11 }, (_, i) => i + 1).join(",")}`, "versions"],
      [`agent_id=00000000-0000-4000-8000-000000000000&versions=1,2`, "agent_id"],
      [`agent_id=${gamma}&versions=1,2&from=2026-03-10&to=2026-03-01`, "from"],
    ];
    for (const [query, field] of cases) {
      const { res, body } = await get(`versions?${query}`);
      expect(res.status, query).toBe(400);
      expect(body.error.details.map((detail: { field: string }) => detail.field), query).toContain(field);
    }
    const stranger = await api.createOrganization("Stranger");
    expect((await get(`versions?agent_id=${gamma}&versions=1,2`, stranger.apiKey)).res.status).toBe(400);
  });
});
