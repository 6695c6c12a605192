import type { AnalyticsRow } from "./analytics";
import type { DashboardPageRow } from "./dashboard-page";
import type { Measured } from "./measure";
import type { Scenario } from "./scenarios";
import { formatMs, formatRatio, markdownTable, summarize, textTable, type Summary } from "./stats";

/** The issue's targets: on Postgres, limit 50 p50 under 15 ms at any depth; limit 1000 API p50 within 2× of raw SQL p50. */
export const LIMIT_50_P50_MS = 15;
export const LIMIT_1000_MAX_RATIO = 2;

export type ResultRow = {
  scenario: Scenario;
  api: Summary;
  sql: Summary;
  ratio: number;
  rows: number;
  bytes: number | undefined;
  verdict: { target: string; pass: boolean } | null;
  mismatch: string | null;
};

export type DatabaseReport = {
  title: string;
  driver: "postgres" | "pglite";
  calls: number;
  requests: number;
  notes: string[];
  rows: ResultRow[];
  roundTrips: { name: string; summary: Summary }[];
  /** The /v1/analytics scenarios (Postgres only). */
  analytics?: AnalyticsRow[];
  /** GET /dashboard of the studio (Postgres only). */
  dashboardPage?: DashboardPageRow[];
};

function verdictFor(scenario: Scenario, api: Summary, ratio: number): ResultRow["verdict"] {
  if (scenario.limit === 50) return { target: `p50 < ${LIMIT_50_P50_MS} ms`, pass: api.p50 < LIMIT_50_P50_MS };
  if (scenario.limit === 1000) return { target: `ratio ≤ ${LIMIT_1000_MAX_RATIO}×`, pass: ratio <= LIMIT_1000_MAX_RATIO };
  return null;
}

export function resultRow(scenario: Scenario, api: Measured, sql: Measured): ResultRow {
  const apiSummary = summarize(api.samples);
  const sqlSummary = summarize(sql.samples);
  const ratio = apiSummary.p50 / sqlSummary.p50;
  const problems: string[] = [];
  if (api.rows !== sql.rows) problems.push(`API returned ${api.rows} calls, SQL ${sql.rows}`);
  if (api.firstId !== sql.firstId) problems.push(`first call differs (API ${api.firstId}, SQL ${sql.firstId})`);
  if (scenario.walkPages && api.samples.length === sql.samples.length && api.endCursor !== sql.endCursor) problems.push(`walk ends at different cursors (API ${api.endCursor}, SQL ${sql.endCursor})`);
  return {
    scenario,
    api: apiSummary,
    sql: sqlSummary,
    ratio,
    rows: api.rows,
    bytes: api.bytes,
    verdict: verdictFor(scenario, apiSummary, ratio),
    mismatch: problems.length ? problems.join("; ") : null,
  };
}

const HEADER = ["scenario", "calls", "KiB", "n", "API p50", "API p99", "SQL p50", "SQL p99", "API/SQL", "target"];
const RIGHT = [false, true, true, true, true, true, true, true, true, false];

function cells(row: ResultRow, isTarget: boolean): string[] {
  const verdict = row.verdict ? `${row.verdict.target}: ${row.verdict.pass ? "PASS" : "FAIL"}${isTarget ? "" : " (info)"}` : "";
  return [
    row.scenario.name,
    String(row.rows),
    row.bytes === undefined ? "–" : (row.bytes / 1024).toFixed(row.bytes < 10_240 ? 1 : 0),
    row.api.count === row.sql.count ? String(row.api.count) : `${row.api.count}/${row.sql.count}`,
    formatMs(row.api.p50),
    formatMs(row.api.p99),
    formatMs(row.sql.p50),
    formatMs(row.sql.p99),
    formatRatio(row.ratio),
    verdict,
  ];
}

function targetLines(report: DatabaseReport): string[] {
  const official = report.driver === "postgres";
  const suffix = official ? "" : " (for information: the targets are set for Postgres)";
  const group = (limit: number) => report.rows.filter((row) => row.scenario.limit === limit && row.verdict);
  const line = (label: string, rows: ResultRow[], worst: string) => {
    const failed = rows.filter((row) => !row.verdict!.pass);
    const verdict = failed.length === 0 ? "PASS" : "FAIL";
    return `${verdict}  ${label}${suffix}: ${rows.length - failed.length}/${rows.length} scenarios pass; ${worst}${
      failed.length ? `; failing: ${failed.map((row) => row.scenario.name).join(", ")}` : ""
    }`;
  };
  const fifty = group(50);
  const thousand = group(1000);
  const slowest = fifty.reduce<ResultRow | undefined>((worst, row) => (!worst || row.api.p50 > worst.api.p50 ? row : worst), undefined);
  const widest = thousand.reduce<ResultRow | undefined>((worst, row) => (!worst || row.ratio > worst.ratio ? row : worst), undefined);
  return [
    line(
      `limit 50: API p50 under ${LIMIT_50_P50_MS} ms at any page depth`,
      fifty,
      slowest ? `slowest p50 ${formatMs(slowest.api.p50)} ms (${slowest.scenario.name})` : "no scenario",
    ),
    line(
      `limit 1000: API p50 within ${LIMIT_1000_MAX_RATIO}× of raw SQL p50`,
      thousand,
      widest ? `widest ratio ${formatRatio(widest.ratio)} (${widest.scenario.name})` : "no scenario",
    ),
  ];
}

function roundTripLine(report: DatabaseReport): string | null {
  if (!report.roundTrips.length) return null;
  return `Per-request statements besides the list query (raw SQL p50): ${report.roundTrips
    .map((trip) => `${trip.name} ${formatMs(trip.summary.p50)} ms`)
    .join(", ")}`;
}

export function printText(report: DatabaseReport): void {
  const official = report.driver === "postgres";
  console.log(`\n=== ${report.title}: ${report.calls.toLocaleString("en-US")} calls, up to ${report.requests} timed requests per scenario (ms) ===`);
  for (const note of report.notes) console.log(`  ${note}`);
  console.log(textTable(HEADER, report.rows.map((row) => cells(row, official)), RIGHT));
  const trips = roundTripLine(report);
  if (trips) console.log(trips);
  for (const row of report.rows) if (row.mismatch) console.log(`WARNING ${row.scenario.name}: ${row.mismatch}`);
  console.log("Targets:");
  for (const line of targetLines(report)) console.log(`  ${line}`);
}

export function markdown(report: DatabaseReport): string {
  const official = report.driver === "postgres";
  const parts = [
    `### ${report.title}: ${report.calls.toLocaleString("en-US")} calls`,
    "",
    `Up to ${report.requests} timed requests per scenario (n: how many ran within the time budget; API/SQL when they differ) after warm-up, sequential, one kept-alive connection; latencies in ms.`,
    ...report.notes.map((note) => `- ${note}`),
    "",
    markdownTable(HEADER, report.rows.map((row) => cells(row, official)), RIGHT),
    "",
  ];
  const trips = roundTripLine(report);
  if (trips) parts.push(trips, "");
  const mismatches = report.rows.filter((row) => row.mismatch);
  for (const row of mismatches) parts.push(`- WARNING ${row.scenario.name}: ${row.mismatch}`);
  if (mismatches.length) parts.push("");
  parts.push("Targets:", "", ...targetLines(report).map((line) => `- ${line}`), "");
  return parts.join("\n");
}
