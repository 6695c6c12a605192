import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { agents, calls, callPostCallAnswers, postCallQuestionOptions, postCallQuestions } from "@/lib/db/schema";
import { insertAgent, insertCall, insertPostCallAnswer } from "../helpers/fixtures";
import { createTestApi, type TestApi } from "../helpers/test-api";

let api: TestApi;
let key: string;
let orgId: string;
let otherKey: string;
let otherAgent: string;
let alpha: string;
let beta: string;
const call: Record<string, string> = {};
const q = { resolved: "", sentiment: "", topics: "7b0c4a52-43f5-4b8e-9d3e-2f1a6c9e0d11", rating: "", summary: "" };
const option = { positive: "", neutral: "", negative: "" };

const RANGE = "from=2026-03-01&to=2026-03-05";

async function get(path: string, apiKey = key) {
  const res = await api.request("GET", `/v1/analytics/${path}`, { apiKey });
  return { res, body: await res.json() };
}

async function insertQuestion(agentId: string, name: string, type: "boolean" | "number" | "text" | "single_choice", options: string[] = []) {
  const [row] = await api.db.insert(postCallQuestions).values({ organizationId: orgId, agentId, name, type }).returning({ id: postCallQuestions.id });
  const ids: string[] = [];
  for (const [position, value] of options.entries()) {
    const [inserted] = await api.db.insert(postCallQuestionOptions).values({ questionId: row.id, value, position }).returning({ id: postCallQuestionOptions.id });
    ids.push(inserted.id);
  }
  return { id: row.id, options: ids };
}

beforeAll(async () => {
  api = await createTestApi();
  ({ apiKey: key, organizationId: orgId } = await api.createOrganization("Analytics Org"));
  alpha = await insertAgent(api.db, orgId, "Alpha");
  beta = await insertAgent(api.db, orgId, "Beta");
  const at = (iso: string) => ({ startTime: new Date(iso), endTime: new Date(iso) });
  call.c1 = await insertCall(api.db, orgId, alpha, { ...at("2026-03-01T10:00:00.000Z"), cost: 0.5, durationSeconds: 20 });
  call.c2 = await insertCall(api.db, orgId, alpha, { ...at("2026-03-01T23:30:00.000Z"), cost: 1.25, durationSeconds: 90 });
  call.c3 = await insertCall(api.db, orgId, beta, { ...at("2026-03-02T08:07:00.000Z"), cost: 0.25, durationSeconds: 400, type: "web_call" });
  call.c4 = await insertCall(api.db, orgId, beta, {
    ...at("2026-03-04T12:00:00.000Z"),
    cost: null,
    durationSeconds: null,
    status: "failed",
    endReason: "no_answer",
  });
  call.c5 = await insertCall(api.db, orgId, alpha, { ...at("2026-03-05T00:10:00.000Z"), cost: 2, durationSeconds: 1800 });
  call.before = await insertCall(api.db, orgId, alpha, { ...at("2026-02-20T09:00:00.000Z"), cost: 9, durationSeconds: 60 });

  const resolved = await insertQuestion(alpha, "resolved", "boolean");
  const sentiment = await insertQuestion(alpha, "sentiment", "single_choice", ["Positive", "Neutral", "Negative"]);
  const rating = await insertQuestion(alpha, "rating", "number");
  const summary = await insertQuestion(alpha, "summary", "text");
  Object.assign(q, { resolved: resolved.id, sentiment: sentiment.id, rating: rating.id, summary: summary.id });
  [option.positive, option.neutral, option.negative] = sentiment.options;
  const chosen = (id: string, value: string) => ({ option: { id, value } });
  const answer = (callId: string, questionId: string, questionName: string, questionType: string, extra: Record<string, unknown>) =>
    insertPostCallAnswer(api.db, orgId, callId, { questionId, questionName, questionType, hasAnswer: true, ...extra });
  await answer(call.c1, q.resolved, "resolved", "boolean", { answerBoolean: true });
  await answer(call.c2, q.resolved, "resolved", "boolean", { answerBoolean: false });
  await answer(call.c3, q.resolved, "resolved", "boolean", { answerBoolean: true });
  await answer(call.c5, q.resolved, "resolved", "boolean", { hasAnswer: false });
  await answer(call.before, q.resolved, "resolved", "boolean", { answerBoolean: false });
  await answer(call.c1, q.sentiment, "sentiment", "single_choice", { selectedOptions: [chosen(option.positive, "Positive")] });
  await answer(call.c2, q.sentiment, "sentiment", "single_choice", { selectedOptions: [chosen(option.positive, "Positive")] });
  await answer(call.c3, q.sentiment, "sentiment", "single_choice", { selectedOptions: [chosen(option.negative, "Negative")] });
  // A multi-choice question that no longer exists: its options are known only from the answers.
  await answer(call.c1, q.topics, "topics", "multi_choice", { selectedOptions: [chosen("t-billing", "Billing"), chosen("t-hours", "Hours")] });
  await answer(call.c2, q.topics, "topics", "multi_choice", { selectedOptions: [chosen("t-billing", "Billing")] });
  await answer(call.c1, q.rating, "rating", "number", { answerNumber: 4 });
  await answer(call.c3, q.rating, "rating", "number", { answerNumber: 5 });
  await answer(call.c2, q.rating, "rating", "number", { hasAnswer: false });
  await answer(call.c1, q.summary, "summary", "text", { answerText: "Booked." });

  // Another organization's calls and answers in the same days must never show.
  const other = await api.createOrganization("Other Org");
  otherKey = other.apiKey;
  otherAgent = await insertAgent(api.db, other.organizationId, "Other");
  const otherCall = await insertCall(api.db, other.organizationId, otherAgent, { ...at("2026-03-01T11:00:00.000Z"), cost: 100, durationSeconds: 30 });
  await insertPostCallAnswer(api.db, other.organizationId, otherCall, {
    questionId: q.resolved,
    questionName: "resolved",
    questionType: "boolean",
    hasAnswer: true,
    answerBoolean: false,
  });
});
afterAll(async () => api?.close());

const rangeOf = (from: string, to: string, timezone = "UTC", agentId: string | null = null) => ({ from, to, timezone, agent_id: agentId });

describe("GET /v1/analytics/summary", () => {
  it("totals the calls that started in the range, averaging cost over priced calls and duration over timed ones", async () => {
    const { res, body } = await get(`summary?${RANGE}`);
    expect(res.status).toBe(200);
    expect(body.error).toBeNull();
    expect(body.data).toEqual({
      ...rangeOf("2026-03-01T00:00:00.000Z", "2026-03-06T00:00:00.000Z"),
      calls: 5,
      total_cost: 4,
      average_cost: 1,
      total_duration_seconds: 2310,
      average_duration_seconds: 577.5,
    });
  });

  it("treats date-times as exact bounds, `to` exclusive (ranges not aligned to the rollup's 15-minute periods)", async () => {
    const from = encodeURIComponent("2026-03-01T10:00:00.001Z");
    const to = encodeURIComponent("2026-03-05T01:10:00+01:00");
    const { body } = await get(`summary?from=${from}&to=${to}`);
    expect(body.data).toMatchObject({ from: "2026-03-01T10:00:00.001Z", to: "2026-03-05T00:10:00.000Z", calls: 3, total_cost: 1.5 });
    expect(body.data.total_duration_seconds).toBe(490);
    expect(body.data.average_duration_seconds).toBe(245);
  });

  it("filters by agent", async () => {
    const { body } = await get(`summary?${RANGE}&agent_id=${beta}`);
    expect(body.data).toMatchObject({ agent_id: beta, calls: 2, total_cost: 0.25, average_cost: 0.25, total_duration_seconds: 400, average_duration_seconds: 400 });
  });

  it("answers zeros and null averages for a range without calls", async () => {
    const { res, body } = await get("summary?from=2025-01-01&to=2025-01-03");
    expect(res.status).toBe(200);
    expect(body.data).toEqual({
      ...rangeOf("2025-01-01T00:00:00.000Z", "2025-01-04T00:00:00.000Z"),
      calls: 0,
      total_cost: 0,
      average_cost: null,
      total_duration_seconds: 0,
      average_duration_seconds: null,
    });
  });

  it("defaults to the last 30 days of the time zone, today included", async () => {
    const { body } = await get("summary");
    const tomorrow = new Date();
    tomorrow.setUTCHours(24, 0, 0, 0);
    expect(body.data.to).toBe(tomorrow.toISOString());
    expect(body.data.from).toBe(new Date(tomorrow.getTime() - 30 * 86_400_000).toISOString());
    expect(body.data.calls).toBe(0);
    const from = new Date(tomorrow.getTime() - 3 * 86_400_000).toISOString().slice(0, 10);
    const onlyFrom = (await get(`summary?from=${from}`)).body.data;
    expect(onlyFrom).toMatchObject({ from: `${from}T00:00:00.000Z`, to: tomorrow.toISOString() });
  });

  it("shows only the caller's organization", async () => {
    const { body } = await get(`summary?${RANGE}`, otherKey);
    expect(body.data).toMatchObject({ calls: 1, total_cost: 100 });
  });
});

describe("GET /v1/analytics/calls-per-day", () => {
  it("lists every day of the range with zeros for days without calls", async () => {
    const { body } = await get(`calls-per-day?${RANGE}`);
    expect(body.data.days).toEqual([
      { date: "2026-03-01", calls: 2, total_cost: 1.75, total_duration_seconds: 110 },
      { date: "2026-03-02", calls: 1, total_cost: 0.25, total_duration_seconds: 400 },
      { date: "2026-03-03", calls: 0, total_cost: 0, total_duration_seconds: 0 },
      { date: "2026-03-04", calls: 1, total_cost: 0, total_duration_seconds: 0 },
      { date: "2026-03-05", calls: 1, total_cost: 2, total_duration_seconds: 1800 },
    ]);
  });

  it("counts days in the given time zone", async () => {
    const { body } = await get(`calls-per-day?${RANGE}&timezone=Europe/Berlin`);
    expect(body.data).toMatchObject(rangeOf("2026-02-28T23:00:00.000Z", "2026-03-05T23:00:00.000Z", "Europe/Berlin"));
    expect(body.data.days).toEqual([
      { date: "2026-03-01", calls: 1, total_cost: 0.5, total_duration_seconds: 20 },
      { date: "2026-03-02", calls: 2, total_cost: 1.5, total_duration_seconds: 490 },
      { date: "2026-03-03", calls: 0, total_cost: 0, total_duration_seconds: 0 },
      { date: "2026-03-04", calls: 1, total_cost: 0, total_duration_seconds: 0 },
      { date: "2026-03-05", calls: 1, total_cost: 2, total_duration_seconds: 1800 },
    ]);
  });

  it("splits days exactly in a zone 5 h 45 min from UTC", async () => {
    // 18:14 UTC is 23:59 in Kathmandu, 18:16 UTC is 00:01 the next day.
    const org = await api.createOrganization("Kathmandu Org");
    const agent = await insertAgent(api.db, org.organizationId, "K");
    for (const time of ["2026-06-10T18:14:00.000Z", "2026-06-10T18:16:00.000Z", "2026-06-10T18:29:00.000Z"]) {
      await insertCall(api.db, org.organizationId, agent, { startTime: new Date(time), cost: 1, durationSeconds: 10 });
    }
    const { body } = await get("calls-per-day?from=2026-06-10&to=2026-06-11&timezone=Asia/Kathmandu", org.apiKey);
    expect(body.data.days.map((day: { date: string; calls: number }) => [day.date, day.calls])).toEqual([
      ["2026-06-10", 1],
      ["2026-06-11", 2],
    ]);
  });
});

describe("GET /v1/analytics/duration-histogram", () => {
  it("buckets calls by duration and counts calls without one apart", async () => {
    const { body } = await get(`duration-histogram?${RANGE}`);
    expect(body.data.buckets.map((b: { min_seconds: number; max_seconds: number | null; calls: number }) => [b.min_seconds, b.max_seconds, b.calls])).toEqual([
      [0, 30, 1],
      [30, 60, 0],
      [60, 120, 1],
      [120, 300, 0],
      [300, 600, 1],
      [600, 1200, 0],
      [1200, 1800, 0],
      [1800, null, 1],
    ]);
    expect(body.data.calls_without_duration).toBe(1);
    expect(body.data.buckets[2].label).toBe("1–2 min");
  });
});

describe("GET /v1/analytics/agents", () => {
  it("gives calls, cost and duration per agent with names, highest cost first", async () => {
    const { body } = await get(`agents?${RANGE}`);
    expect(body.data.agents).toEqual([
      { agent_id: alpha, agent_name: "Alpha", calls: 3, total_cost: 3.75, average_cost: 1.25, total_duration_seconds: 1910, average_duration_seconds: 636.67 },
      { agent_id: beta, agent_name: "Beta", calls: 2, total_cost: 0.25, average_cost: 0.25, total_duration_seconds: 400, average_duration_seconds: 400 },
    ]);
  });
});

describe("GET /v1/analytics/post-call-answers", () => {
  it("breaks answers down per question, counting only answered ones in rates", async () => {
    const { body } = await get(`post-call-answers?${RANGE}`);
    const byName = Object.fromEntries(body.data.questions.map((question: { name: string }) => [question.name, question]));
    expect(body.data.questions.map((question: { name: string }) => question.name)).toEqual(["rating", "resolved", "sentiment", "summary", "topics"]);
    expect(byName.resolved).toEqual({
      question_id: q.resolved,
      name: "resolved",
      agent_id: alpha,
      agent_name: "Alpha",
      type: "boolean",
      answered: 3,
      unanswered: 1,
      boolean: { yes: 2, no: 1, yes_rate: 0.6667 },
      number: null,
      options: null,
    });
    expect(byName.sentiment).toMatchObject({ answered: 3, unanswered: 0, boolean: null, number: null });
    expect(byName.sentiment.options).toEqual([
      { option_id: option.positive, value: "Positive", count: 2, rate: 0.6667 },
      { option_id: option.neutral, value: "Neutral", count: 0, rate: 0 },
      { option_id: option.negative, value: "Negative", count: 1, rate: 0.3333 },
    ]);
    // A deleted question still names the agent that asked it.
    expect(byName.topics).toMatchObject({ type: "multi_choice", answered: 2, agent_id: alpha, agent_name: "Alpha" });
    expect(byName.topics.options).toEqual([
      { option_id: "t-billing", value: "Billing", count: 2, rate: 1 },
      { option_id: "t-hours", value: "Hours", count: 1, rate: 0.5 },
    ]);
    expect(byName.rating).toMatchObject({ answered: 2, unanswered: 1, number: { count: 2, total: 9, average: 4.5 }, options: null });
    expect(byName.summary).toMatchObject({ type: "text", answered: 1, unanswered: 0, boolean: null, number: null, options: null });
  });

  it("follows the agent filter and the organization", async () => {
    expect((await get(`post-call-answers?${RANGE}&agent_id=${beta}`)).body.data.questions.map((x: { name: string; answered: number }) => [x.name, x.answered])).toEqual([
      ["rating", 1],
      ["resolved", 1],
      ["sentiment", 1],
    ]);
    const other = (await get(`post-call-answers?${RANGE}`, otherKey)).body.data.questions;
    expect(other).toHaveLength(1);
    expect(other[0]).toMatchObject({ answered: 1, boolean: { yes: 0, no: 1, yes_rate: 0 } });
  });

  it("shows a renamed question under its current name", async () => {
    await api.db.update(postCallQuestions).set({ name: "issue_resolved" }).where(eq(postCallQuestions.id, q.resolved));
    const names = (await get(`post-call-answers?${RANGE}`)).body.data.questions.map((x: { name: string }) => x.name);
    await api.db.update(postCallQuestions).set({ name: "resolved" }).where(eq(postCallQuestions.id, q.resolved));
    expect(names).toContain("issue_resolved");
    expect(names).not.toContain("resolved");
  });
});

describe("GET /v1/analytics/dashboard", () => {
  it("returns the five analytics of one range together, equal to the separate endpoints, with the quality figures", async () => {
    const query = `${RANGE}&timezone=Europe/Berlin&agent_id=${alpha}`;
    const [{ body: dashboard }, summary, days, histogram, perAgent, answers, quality] = await Promise.all(
      ["dashboard", "summary", "calls-per-day", "duration-histogram", "agents", "post-call-answers", "quality"].map((path) => get(`${path}?${query}`)),
    );
    const { from, to, timezone, agent_id, ...totals } = summary.body.data;
    expect(dashboard.data).toEqual({
      from,
      to,
      timezone,
      agent_id,
      summary: totals,
      days: days.body.data.days,
      duration_histogram: { buckets: histogram.body.data.buckets, calls_without_duration: histogram.body.data.calls_without_duration },
      agents: perAgent.body.data.agents,
      questions: answers.body.data.questions,
      quality: { ...quality.body.data.totals, days: quality.body.data.days },
    });
    expect(dashboard.data.summary.calls).toBe(3);
    expect(dashboard.data.quality.calls).toBe(3);
  });
});

describe("writes keep the figures exact", () => {
  it("counts a call's new cost and duration, a deleted call, and a changed answer", async () => {
    const org = await api.createOrganization("Writes Org");
    const agent = await insertAgent(api.db, org.organizationId, "W");
    const first = await insertCall(api.db, org.organizationId, agent, { startTime: new Date("2026-04-01T09:00:00Z"), cost: null, durationSeconds: null, status: "in_progress" });
    const second = await insertCall(api.db, org.organizationId, agent, { startTime: new Date("2026-04-01T09:05:00Z"), cost: 1, durationSeconds: 100 });
    const questionId = "0d6f7d3a-1c55-4c59-a3a1-5d7f4e0b9a21";
    const answerId = await insertPostCallAnswer(api.db, org.organizationId, second, { questionId, questionName: "ok", questionType: "boolean", hasAnswer: true, answerBoolean: true });
    const read = async () => {
      const summary = (await get("summary?from=2026-04-01&to=2026-04-01", org.apiKey)).body.data;
      const answers = (await get("post-call-answers?from=2026-04-01&to=2026-04-01", org.apiKey)).body.data.questions;
      return { calls: summary.calls, cost: summary.total_cost, priced: summary.average_cost, duration: summary.total_duration_seconds, answers: answers.map((a: { answered: number; boolean: unknown }) => [a.answered, a.boolean]) };
    };
    expect(await read()).toEqual({ calls: 2, cost: 1, priced: 1, duration: 100, answers: [[1, { yes: 1, no: 0, yes_rate: 1 }]] });

    await api.db.update(calls).set({ status: "ended", cost: 0.5, durationSeconds: 30, answeredAt: new Date("2026-04-01T09:00:05Z") }).where(eq(calls.id, first));
    await api.db.update(calls).set({ metadata: { touched: true } }).where(eq(calls.organizationId, org.organizationId));
    await api.db.update(callPostCallAnswers).set({ answerBoolean: false }).where(eq(callPostCallAnswers.id, answerId));
    expect(await read()).toEqual({ calls: 2, cost: 1.5, priced: 0.75, duration: 130, answers: [[1, { yes: 0, no: 1, yes_rate: 0 }]] });

    const deleted = await api.request("DELETE", `/v1/calls/${second}`, { apiKey: org.apiKey });
    expect(deleted.status).toBe(204);
    expect(await read()).toEqual({ calls: 1, cost: 0.5, priced: 0.5, duration: 30, answers: [] });
  });

  it("agrees with the calls themselves for any range, aligned or not", async () => {
    const org = await api.createOrganization("Random Org");
    const agentIds = [await insertAgent(api.db, org.organizationId, "R1"), await insertAgent(api.db, org.organizationId, "R2")];
    let state = 12345;
    const next = () => (state = (state * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
    const start = Date.parse("2026-05-01T00:00:00Z");
    const made: { time: number; cents: number | null; duration: number | null; answered: boolean; agent: string }[] = [];
    for (let i = 0; i < 120; i++) {
      // Some calls were never answered and still carry a 0 s duration and a $0 cost, as a terminated ringing call does.
      const answered = next() >= 0.15;
      const row = {
        time: start + Math.floor(next() * 3 * 86_400_000),
        cents: !answered ? 0 : next() < 0.2 ? null : Math.floor(next() * 500),
        duration: !answered ? 0 : next() < 0.2 ? null : Math.floor(next() * 2400),
        answered,
        agent: agentIds[i % 2],
      };
      made.push(row);
      await insertCall(api.db, org.organizationId, row.agent, {
        startTime: new Date(row.time),
        answeredAt: answered && row.duration !== null ? new Date(row.time + 3000) : null,
        cost: row.cents === null ? null : row.cents / 100,
        durationSeconds: row.duration,
      });
    }
    const timed = (row: (typeof made)[number]) => row.answered && row.duration !== null;
    const average = (values: number[], digits: number) =>
      values.length ? Math.round((values.reduce((sum, value) => sum + value, 0) / values.length) * 10 ** digits) / 10 ** digits : null;
    for (let i = 0; i < 12; i++) {
      const a = start + Math.floor(next() * 3 * 86_400_000);
      const b = a + 1 + Math.floor(next() * 86_400_000);
      const agent = i % 3 === 0 ? agentIds[1] : undefined;
      const inRange = made.filter((row) => row.time >= a && row.time < b && (!agent || row.agent === agent));
      const query = `from=${encodeURIComponent(new Date(a).toISOString())}&to=${encodeURIComponent(new Date(b).toISOString())}${agent ? `&agent_id=${agent}` : ""}`;
      const { body } = await get(`summary?${query}`, org.apiKey);
      const cents = inRange.reduce((sum, row) => sum + (row.cents ?? 0), 0);
      expect(body.data.calls, query).toBe(inRange.length);
      expect(body.data.total_cost, query).toBe(cents / 100);
      expect(body.data.total_duration_seconds, query).toBe(inRange.reduce((sum, row) => sum + (row.duration ?? 0), 0));
      // "Average duration per answered call" and "average cost per call with a cost", as the dashboard labels them.
      expect(body.data.average_duration_seconds, query).toBe(average(inRange.filter(timed).map((row) => row.duration!), 2));
      expect(body.data.average_cost, query).toBe(average(inRange.filter((row) => (row.cents ?? 0) > 0).map((row) => row.cents! / 100), 6));
      const histogram = (await get(`duration-histogram?${query}`, org.apiKey)).body.data;
      expect(histogram.buckets.reduce((sum: number, b: { calls: number }) => sum + b.calls, 0) + histogram.calls_without_duration, query).toBe(inRange.length);
      expect(histogram.buckets[0].calls, query).toBe(inRange.filter((row) => timed(row) && row.duration! < 30).length);
      expect(histogram.buckets[7].calls, query).toBe(inRange.filter((row) => timed(row) && row.duration! >= 1800).length);
    }
    // And the rollup holds what a recount of the calls gives.
    const recount = await api.db.execute(sql`
      select count(*) as n from (
        select agent_id, analytics_period(start_time) p, count(*) c, coalesce(sum(cost), 0) cost,
          coalesce(sum(duration_seconds) filter (where answered_at is not null), 0) d, count(*) filter (where cost > 0) priced,
          count(*) filter (where answered_at is not null and duration_seconds is not null) timed
        from calls where organization_id = ${org.organizationId}::uuid group by 1, 2
        except
        select agent_id, period_start, calls, cost_total, duration_total, priced_calls, timed_calls from call_stats_15m
        where organization_id = ${org.organizationId}::uuid
      ) x`);
    expect(Number((recount as unknown as { rows: { n: unknown }[] }).rows[0].n)).toBe(0);
  });
});

describe("GET /v1/analytics/usage", () => {
  it("gives minutes, calls and cost per day and agent, and the most calls live at once", async () => {
    const org = await api.createOrganization("Usage Org");
    const a = await insertAgent(api.db, org.organizationId, "Sales");
    const b = await insertAgent(api.db, org.organizationId, "Support");
    const span = (start: string, end: string | null, agent: string, extra: Record<string, unknown> = {}) =>
      insertCall(api.db, org.organizationId, agent, {
        startTime: new Date(start),
        answeredAt: new Date(start),
        endTime: end ? new Date(end) : null,
        durationSeconds: end ? (Date.parse(end) - Date.parse(start)) / 1000 : null,
        cost: 0.1,
        ...extra,
      });
    // March 1: three overlap 10:05–10:10; a fourth starts exactly when one ends (not an overlap).
    await span("2026-03-01T10:00:00Z", "2026-03-01T10:10:00Z", a, { cost: 0.2 });
    await span("2026-03-01T10:05:00Z", "2026-03-01T10:20:00Z", a, { cost: 0.2 });
    await span("2026-03-01T10:08:00Z", "2026-03-01T10:12:00Z", b);
    await span("2026-03-01T10:20:00Z", "2026-03-01T10:21:00Z", b);
    // Crossing midnight into March 2, where it is the only call live (and one more starts later).
    await span("2026-03-01T23:50:00Z", "2026-03-02T00:30:00Z", a, { cost: 0.2 });
    await span("2026-03-02T09:00:00Z", "2026-03-02T09:03:00Z", b);
    const { res, body } = await get("usage?from=2026-03-01&to=2026-03-03", org.apiKey);
    expect(res.status).toBe(200);
    expect(body.data.days).toEqual([
      { date: "2026-03-01", calls: 5, minutes: 10 + 15 + 4 + 1 + 40, total_cost: 0.8, peak_concurrent_calls: 3 },
      { date: "2026-03-02", calls: 1, minutes: 3, total_cost: 0.1, peak_concurrent_calls: 1 },
      { date: "2026-03-03", calls: 0, minutes: 0, total_cost: 0, peak_concurrent_calls: 0 },
    ]);
    expect(body.data).toMatchObject({ peak_concurrent_calls: 3, peak_at: "2026-03-01T10:08:00.000Z", totals: { calls: 6, minutes: 73, total_cost: 0.9 } });
    expect(body.data.agents.map((agent: { agent_name: string; minutes: number; calls: number }) => [agent.agent_name, agent.calls, agent.minutes])).toEqual([
      ["Sales", 3, 65],
      ["Support", 3, 8],
    ]);
    // The agent filter applies to the peak too.
    expect((await get(`usage?from=2026-03-01&to=2026-03-01&agent_id=${b}`, org.apiKey)).body.data.peak_concurrent_calls).toBe(1);
  });
});

describe("agents in the filter and the list", () => {
  it("keeps a deleted agent's calls, with a null name, and still accepts its id", async () => {
    const org = await api.createOrganization("Deleted Agent Org");
    const agent = await insertAgent(api.db, org.organizationId, "Gone");
    await insertCall(api.db, org.organizationId, agent, { startTime: new Date("2026-03-02T10:00:00Z"), cost: 0.3 });
    await api.db.delete(agents).where(eq(agents.id, agent));
    const list = (await get(`agents?${RANGE}`, org.apiKey)).body.data.agents;
    expect(list).toEqual([expect.objectContaining({ agent_id: agent, agent_name: null, calls: 1, total_cost: 0.3 })]);
    const { res, body } = await get(`summary?${RANGE}&agent_id=${agent}`, org.apiKey);
    expect(res.status).toBe(200);
    expect(body.data.calls).toBe(1);
  });
});

describe("validation", () => {
  const cases: [string, string][] = [
    ["timezone=Mars/Olympus_Mons", "timezone"],
    ["from=yesterday", "from"],
    ["to=2026-02-30", "to"],
    ["from=2026-03-01T10:00:00", "from"],
    ["from=2026-03-05&to=2026-03-01", "from"],
    ["from=2026-03-05T00:00:00Z&to=2026-03-05T00:00:00Z", "from"],
    ["from=2025-01-01&to=2026-03-01", "to"],
    ["agent_id=not-a-uuid", "agent_id"],
    ["agent_id=00000000-0000-4000-8000-000000000000", "agent_id"],
  ];
  it.each(cases)("%s is 400 naming %s", async (query, field) => {
    for (const path of ["summary", "dashboard"]) {
      const { res, body } = await get(`${path}?${query}`);
      expect(res.status).toBe(400);
      expect(body.error.type).toBe("generic_error");
      expect(body.error.details.map((detail: { field: string }) => detail.field)).toContain(field);
    }
  });

  it("refuses another organization's agent as unknown", async () => {
    const { res, body } = await get(`agents?${RANGE}&agent_id=${otherAgent}`);
    expect(res.status).toBe(400);
    expect(body.error.details).toEqual([{ field: "agent_id", message: "No agent with this id in your organization" }]);
  });

  it("accepts a range of exactly 366 days", async () => {
    const { res, body } = await get("calls-per-day?from=2024-01-01&to=2024-12-31");
    expect(res.status).toBe(200);
    expect(body.data.days).toHaveLength(366);
  });

  it("needs an API key", async () => {
    const res = await api.request("GET", "/v1/analytics/summary");
    expect(res.status).toBe(401);
  });

  it("is marked as an extension in the OpenAPI document", async () => {
    const doc = await (await api.request("GET", "/v1/openapi.json")).json();
    for (const path of ["summary", "calls-per-day", "duration-histogram", "agents", "post-call-answers", "dashboard"]) {
      expect(doc.paths[`/v1/analytics/${path}`].get["x-extension"], path).toBe(true);
    }
  });
});
