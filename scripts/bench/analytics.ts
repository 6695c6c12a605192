/**
 * The analytics part of `npm run bench:api`: GET /v1/analytics/… over HTTP, next to the same figures
 * computed in the benchmark process two ways — the service functions the API runs (rollups + the
 * range's edges) and plain aggregates over `calls` and `call_post_call_answers` (no rollup: what the
 * endpoints would cost without one). See docs/performance.md.
 */
import type { Database, RawQuery } from "@/lib/db/client";
import { getPostCallAnswerBreakdown } from "@/lib/services/analytics/analytics-answers";
import { resolveAnalyticsRange } from "@/lib/services/analytics/analytics-range";
import type { AnalyticsFilter } from "@/lib/services/analytics/analytics-source";
import { getCallsPerDay, getCallTotals, getCostPerAgent, getDurationHistogram } from "@/lib/services/analytics/analytics";
import { getDashboardQuality, getQuality, getVersionFigures } from "@/lib/services/analytics/analytics-quality";
import { DASHBOARD_PAGE_P50_MS, type DashboardPageRow } from "./dashboard-page";
import type { KeepAliveClient } from "./http-client";
import type { Counts } from "./measure";
import { elapsedMs, formatMs, formatRatio, markdownTable, summarize, textTable, type Summary } from "./stats";


type Part = "summary" | "dashboard" | "post-call-answers" | "quality" | "versions";

export type AnalyticsScenario = { name: string; part: Part; query: Record<string, string> };

export type AnalyticsRow = {
  scenario: AnalyticsScenario;
  calls: number;
  api: Summary;
  service: Summary;
  plain: Summary;
  mismatch: string | null;
};

/** Ranges relative to the newest seeded call, so a kept database measures the same windows later. */
export function analyticsScenarios(newest: Date, agentId: string, revisedAgentId: string): AnalyticsScenario[] {
  const day = (offset: number) => new Date(newest.getTime() + offset * 86_400_000).toISOString().slice(0, 10);
  const last30 = { from: day(-29), to: day(0) };
  const unaligned = {
    from: new Date(newest.getTime() - 7 * 86_400_000 + 123_457).toISOString(),
    to: new Date(newest.getTime() - 60_000 * 7).toISOString(),
  };
  return [
    { name: "dashboard, last 30 days", part: "dashboard", query: last30 },
    { name: "dashboard, last 30 days, one agent", part: "dashboard", query: { ...last30, agent_id: agentId } },
    { name: "dashboard, last 30 days, Asia/Kathmandu", part: "dashboard", query: { ...last30, timezone: "Asia/Kathmandu" } },
    { name: "dashboard, all 90 days", part: "dashboard", query: { from: day(-90), to: day(0) } },
    { name: "summary, last 30 days", part: "summary", query: last30 },
    { name: "summary, 7 days, unaligned bounds", part: "summary", query: unaligned },
    { name: "post-call-answers, last 30 days", part: "post-call-answers", query: last30 },
    { name: "quality, last 30 days", part: "quality", query: last30 },
    { name: "quality, all 90 days", part: "quality", query: { from: day(-90), to: day(0) } },
    { name: "versions 1,2 of one agent, all 90 days", part: "versions", query: { from: day(-90), to: day(0), agent_id: revisedAgentId, versions: "1,2" } },
  ];
}

/** The studio page's ranges: its default view (the last 30 days) and one agent over 90 days. */
export function dashboardPageRanges(newest: Date, agentId: string): { name: string; query: Record<string, string> }[] {
  const day = (offset: number) => new Date(newest.getTime() + offset * 86_400_000).toISOString().slice(0, 10);
  return [
    { name: "GET /dashboard, last 30 days", query: { from: day(-29), to: day(0), timezone: "UTC" } },
    { name: "GET /dashboard, all 90 days, one agent", query: { from: day(-90), to: day(0), timezone: "UTC", agent_id: agentId } },
  ];
}

function filterOf(scenario: AnalyticsScenario): AnalyticsFilter {
  const range = resolveAnalyticsRange(scenario.query);
  return { ...range, agentId: scenario.query.agent_id };
}

/** What the API runs for the scenario, called in-process (Drizzle and the pool, no HTTP); returns the call count. */
async function serviceSide(db: Database, organizationId: string, scenario: AnalyticsScenario): Promise<number> {
  const ctx = { db, organizationId };
  const filter = filterOf(scenario);
  if (scenario.part === "summary") return (await getCallTotals(ctx, filter)).calls;
  if (scenario.part === "post-call-answers") return (await getPostCallAnswerBreakdown(ctx, filter)).length;
  if (scenario.part === "quality") return (await getQuality(ctx, filter)).totals.calls;
  if (scenario.part === "versions") {
    const { versions } = await getVersionFigures(ctx, { ...filter, agentId: scenario.query.agent_id }, scenario.query.versions.split(",").map(Number));
    return versions.reduce((sum, version) => sum + version.sums.calls, 0);
  }
  const [totals] = await Promise.all([
    getCallTotals(ctx, filter),
    getCallsPerDay(ctx, filter),
    getDurationHistogram(ctx, filter),
    getCostPerAgent(ctx, filter),
    getPostCallAnswerBreakdown(ctx, filter),
    getDashboardQuality(ctx, filter),
  ]);
  return totals.calls;
}

/** The same figures as plain aggregates over the calls and answers (run concurrently, as the API does). */
function plainStatements(organizationId: string, scenario: AnalyticsScenario): { sql: string; params: unknown[] }[] {
  const filter = filterOf(scenario);
  const params: unknown[] = [organizationId, filter.from.toISOString(), filter.to.toISOString()];
  let where = "c.organization_id = $1 and c.start_time >= $2 and c.start_time < $3";
  if (filter.agentId) {
    params.push(filter.agentId);
    where += ` and c.agent_id = $${params.length}`;
  }
  const totals = {
    sql: `select count(*) as calls, coalesce(sum(c.cost), 0) as total_cost, round(sum(c.cost) / nullif(count(c.cost), 0), 6) as average_cost,
      coalesce(sum(c.duration_seconds), 0) as total_duration_seconds, round(avg(c.duration_seconds), 2) as average_duration_seconds
      from calls c where ${where}`,
    params,
  };
  const answers = {
    sql: `select a.question_id, max(a.question_name), count(*) filter (where a.has_answer) as answered, count(*) filter (where not a.has_answer),
      count(*) filter (where a.has_answer and a.answer_boolean), count(*) filter (where a.has_answer and not a.answer_boolean),
      avg(a.answer_number) filter (where a.has_answer)
      from call_post_call_answers a join calls c on c.id = a.call_id where ${where} group by a.question_id`,
    params,
  };
  const options = {
    sql: `select a.question_id, o.value -> 'option' ->> 'id', count(*) from call_post_call_answers a join calls c on c.id = a.call_id
      cross join lateral jsonb_array_elements(a.selected_options) o where ${where} and a.has_answer group by 1, 2`,
    params,
  };
  const tzParams = [...params, filter.timezone];
  const tz = `$${tzParams.length}`;
  // The quality figures straight from the calls: verdicts, sentiment and scores, the latency percentiles
  // over every turn (exact, by sorting), interruptions, transfers and voicemails; per day or per version.
  const quality = (group: string, extra = "", zoned = false) => ({
    sql: `with q as (
        select ${group} as g, c.answered_at is not null as connected, c.analysis, c.transcript, c.transfer, c.end_reason, c.answer_type, c.cost, c.duration_seconds, c.turn_latency
        from calls c where ${where}${extra}
      ), turns as (
        select q.g, (t ->> 'first_audio_ms')::int as ms from q cross join lateral jsonb_array_elements(coalesce(q.turn_latency, '[]'::jsonb)) t
        where jsonb_typeof(t -> 'first_audio_ms') = 'number'
      ), latency as (
        select g, percentile_disc(0.5) within group (order by ms) as p50, percentile_disc(0.9) within group (order by ms) as p90, count(*) as turns from turns group by g
      )
      select q.g, count(*) as calls, count(*) filter (where analysis is not null) as analysed,
        count(*) filter (where analysis #>> '{success,verdict}' = 'success') as successes, count(*) filter (where analysis #>> '{success,verdict}' = 'failure') as failures,
        avg((analysis #>> '{success,score}')::numeric) as score, count(*) filter (where analysis ->> 'sentiment' = 'positive') as positive,
        count(*) filter (where analysis ->> 'sentiment' = 'negative') as negative, avg(cost) filter (where cost > 0) as cost,
        avg(duration_seconds) filter (where connected) as duration,
        sum((select count(*) from jsonb_array_elements(transcript) e where e -> 'interrupted' = 'true'::jsonb)) filter (where connected) as interruptions,
        count(*) filter (where connected and (transfer is not null or end_reason = 'transferred')) as transfers,
        count(*) filter (where connected and answer_type = 'voicemail') as voicemails, max(l.p50) as p50, max(l.p90) as p90
      from q left join latency l on l.g is not distinct from q.g group by q.g`,
    params: zoned ? tzParams : params,
  });
  if (scenario.part === "summary") return [totals];
  if (scenario.part === "post-call-answers") return [answers, options];
  if (scenario.part === "quality") return [quality(`(c.start_time at time zone ${tz})::date`, "", true), quality("c.agent_version")];
  if (scenario.part === "versions") return [quality("c.agent_version", ` and c.agent_version = any('{${scenario.query.versions}}'::int[])`)];
  return [
    totals,
    {
      sql: `select (c.start_time at time zone ${tz})::date::text as day, count(*), coalesce(sum(c.cost), 0), coalesce(sum(c.duration_seconds), 0)
        from calls c where ${where} group by 1 order by 1`,
      params: tzParams,
    },
    {
      sql: `select count(*) filter (where c.duration_seconds < 30), count(*) filter (where c.duration_seconds >= 30 and c.duration_seconds < 60),
        count(*) filter (where c.duration_seconds >= 60 and c.duration_seconds < 120), count(*) filter (where c.duration_seconds >= 120 and c.duration_seconds < 300),
        count(*) filter (where c.duration_seconds >= 300 and c.duration_seconds < 600), count(*) filter (where c.duration_seconds >= 600 and c.duration_seconds < 1200),
        count(*) filter (where c.duration_seconds >= 1200 and c.duration_seconds < 1800), count(*) filter (where c.duration_seconds >= 1800),
        count(*) filter (where c.duration_seconds is null) from calls c where ${where}`,
      params,
    },
    {
      sql: `select c.agent_id, a.name, count(*), coalesce(sum(c.cost), 0) as cost, coalesce(sum(c.duration_seconds), 0)
        from calls c left join agents a on a.id = c.agent_id where ${where} group by 1, 2 order by cost desc`,
      params,
    },
    answers,
    options,
    quality(`(c.start_time at time zone ${tz})::date`, "", true),
  ];
}

async function plainSide(query: RawQuery, organizationId: string, scenario: AnalyticsScenario): Promise<number> {
  const results = await Promise.all(plainStatements(organizationId, scenario).map((statement) => query(statement.sql, statement.params)));
  if (scenario.part === "post-call-answers") return results[0].rows.length;
  if (scenario.part === "quality" || scenario.part === "versions") return results[0].rows.reduce((sum, row) => sum + Number(row.calls), 0);
  return Number(results[0].rows[0].calls);
}

async function apiSide(client: KeepAliveClient, scenario: AnalyticsScenario): Promise<{ ms: number; calls: number }> {
  const response = await client.getOk(`/v1/analytics/${scenario.part}?${new URLSearchParams(scenario.query)}`);
  const data = JSON.parse(response.body.toString("utf8")).data;
  const calls =
    scenario.part === "dashboard"
      ? data.summary.calls
      : scenario.part === "summary"
        ? data.calls
        : scenario.part === "quality"
          ? data.totals.calls
          : scenario.part === "versions"
            ? (data.versions as { calls: number }[]).reduce((sum, version) => sum + version.calls, 0)
            : data.questions.length;
  return { ms: response.ms, calls };
}

async function timed(run: () => Promise<number>): Promise<{ ms: number; calls: number }> {
  const start = process.hrtime.bigint();
  const calls = await run();
  return { ms: elapsedMs(start), calls };
}

/**
 * Times the three sides of every scenario, alternating them (order rotating each round) so they
 * meet the same load and cache. The plain aggregates take seconds, so each scenario runs at most
 * `counts.requests` rounds within the time budget.
 */
export async function measureAnalytics(
  client: KeepAliveClient,
  db: Database,
  query: RawQuery,
  organizationId: string,
  scenarios: AnalyticsScenario[],
  counts: Counts,
  log: (line: string) => void,
): Promise<AnalyticsRow[]> {
  const rows: AnalyticsRow[] = [];
  for (const scenario of scenarios) {
    const sides = [
      () => apiSide(client, scenario),
      () => timed(() => serviceSide(db, organizationId, scenario)),
      () => timed(() => plainSide(query, organizationId, scenario)),
    ];
    const samples: number[][] = [[], [], []];
    const answers: number[] = [];
    for (let round = 0; round < Math.min(3, counts.warmup); round++) for (const side of sides) answers.push((await side()).calls);
    const start = process.hrtime.bigint();
    for (let round = 0; round < counts.requests && elapsedMs(start) < counts.seconds * 3000; round++) {
      for (let k = 0; k < sides.length; k++) {
        const i = (round + k) % sides.length;
        const result = await sides[i]();
        samples[i].push(result.ms);
        if (round === 0) answers[i] = result.calls;
      }
    }
    const [api, service, plain] = samples.map(summarize);
    const mismatch = answers[0] === answers[1] && answers[1] === answers[2] ? null : `API ${answers[0]}, service ${answers[1]}, plain SQL ${answers[2]}`;
    const row = { scenario, calls: answers[0], api, service, plain, mismatch };
    log(`  ${scenario.name}: API p50 ${formatMs(api.p50)} | service ${formatMs(service.p50)} | plain SQL ${formatMs(plain.p50)} (${formatRatio(plain.p50 / api.p50)} of the API)`);
    rows.push(row);
  }
  return rows;
}

const HEADER = ["scenario", "calls", "n", "API p50", "API p99", "service p50", "plain SQL p50", "plain SQL p99", "plain/API", "target"];
const RIGHT = [false, true, true, true, true, true, true, true, true, false];

function cells(row: AnalyticsRow): string[] {
  const target = row.scenario.part === "dashboard" ? `p50 < ${DASHBOARD_PAGE_P50_MS} ms: ${row.api.p50 < DASHBOARD_PAGE_P50_MS ? "PASS" : "FAIL"}` : "";
  return [
    row.scenario.name,
    row.scenario.part === "post-call-answers" ? `${row.calls} questions` : String(row.calls),
    String(row.api.count),
    formatMs(row.api.p50),
    formatMs(row.api.p99),
    formatMs(row.service.p50),
    formatMs(row.plain.p50),
    formatMs(row.plain.p99),
    formatRatio(row.plain.p50 / row.api.p50),
    target,
  ];
}

const PAGE_HEADER = ["page", "calls shown", "n", "p50", "p99", "target"];
const PAGE_RIGHT = [false, true, true, true, true, false];
const pageCells = (row: DashboardPageRow) => [
  row.name,
  String(row.calls ?? "–"),
  String(row.summary.count),
  formatMs(row.summary.p50),
  formatMs(row.summary.p99),
  `p50 < ${DASHBOARD_PAGE_P50_MS} ms: ${row.summary.p50 < DASHBOARD_PAGE_P50_MS ? "PASS" : "FAIL"}`,
];

export function printAnalytics(rows: AnalyticsRow[], pages: DashboardPageRow[]): void {
  console.log("\nGET /v1/analytics (ms): API over HTTP; service = the same functions in-process; plain SQL = aggregates over calls without the rollups");
  console.log(textTable(HEADER, rows.map(cells), RIGHT));
  for (const row of rows) if (row.mismatch) console.log(`WARNING ${row.scenario.name}: ${row.mismatch}`);
  if (pages.length) console.log(`\nThe studio's dashboard page (ms, whole streamed HTML)\n${textTable(PAGE_HEADER, pages.map(pageCells), PAGE_RIGHT)}`);
}

export function analyticsMarkdown(rows: AnalyticsRow[], pages: DashboardPageRow[]): string {
  const parts = [
    "#### GET /v1/analytics",
    "",
    "API: over HTTP through the server (`npm start`); service: the functions the API runs, in the benchmark process (rollups plus the " +
      "range's unaligned edges); plain SQL: the same figures as aggregates over `calls` and `call_post_call_answers` " +
      "without rollups (the dashboard's statements run concurrently, as the API's do). The three alternate. Latencies in ms.",
    "",
    markdownTable(HEADER, rows.map(cells), RIGHT),
    "",
  ];
  for (const row of rows) if (row.mismatch) parts.push(`- WARNING ${row.scenario.name}: ${row.mismatch}`);
  if (pages.length) {
    parts.push(
      "#### The studio's dashboard page",
      "",
      "GET /dashboard with a viewer's session cookie, sequential, timed to the last byte of the streamed HTML (all Suspense boundaries resolved; the page's own calls figure is checked).",
      "",
      markdownTable(PAGE_HEADER, pages.map(pageCells), PAGE_RIGHT),
      "",
    );
  }
  return parts.join("\n");
}
