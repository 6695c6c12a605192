import type { AnalyticsRow } from "./analytics";
import type { DashboardPageRow } from "./dashboard-page";
import type { LoadResult } from "./load";
import type { Measured } from "./measure";
import type { Scenario } from "./scenarios";
import { formatMs, formatRatio, markdownTable, summarize, textTable, type Summary } from "./stats";

/**
 * The targets, on Postgres: limit 1, API p50 minus SQL p50 under 1.5 ms (the fixed cost of a request);
 * limit 50, p50 under 15 ms at any depth; limit 1000, API p50 within 1.5× of raw SQL p50. Under load
 * (50 connections, limit 50): at least 0.6× the requests/s of the bare floor, p99 under 100 ms, no errors.
 */
export const LIMIT_1_MAX_GAP_MS = 1.5;
export const LIMIT_50_P50_MS = 15;
export const LIMIT_1000_MAX_RATIO = 1.5;
export const LOAD_MIN_RATIO = 0.6;
export const LOAD_MAX_P99_MS = 100;

export type ResultRow = {
  scenario: Scenario;
  api: Summary;
  sql: Summary;
  /** The bare node:http + pg floor, on the plain first pages. */
  floor?: Summary;
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
  /** The load test, per round: the API and the floor (Postgres only). */
  load?: LoadResult[][];
};

function verdictFor(scenario: Scenario, api: Summary, sql: Summary, ratio: number): ResultRow["verdict"] {
  if (scenario.limit === 1) return { target: `API − SQL < ${LIMIT_1_MAX_GAP_MS} ms`, pass: api.p50 - sql.p50 < LIMIT_1_MAX_GAP_MS };
  if (scenario.limit === 50) return { target: `p50 < ${LIMIT_50_P50_MS} ms`, pass: api.p50 < LIMIT_50_P50_MS };
  if (scenario.limit === 1000) return { target: `ratio ≤ ${LIMIT_1000_MAX_RATIO}×`, pass: ratio <= LIMIT_1000_MAX_RATIO };
  return null;
}

export function resultRow(scenario: Scenario, api: Measured, sql: Measured, floor?: Measured): ResultRow {
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
    verdict: verdictFor(scenario, apiSummary, sqlSummary, ratio),
    floor: floor && summarize(floor.samples),
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
  const one = group(1);
  const fifty = group(50);
  const thousand = group(1000);
  const gap = one.reduce<ResultRow | undefined>((worst, row) => (!worst || row.api.p50 - row.sql.p50 > worst.api.p50 - worst.sql.p50 ? row : worst), undefined);
  const slowest = fifty.reduce<ResultRow | undefined>((worst, row) => (!worst || row.api.p50 > worst.api.p50 ? row : worst), undefined);
  const widest = thousand.reduce<ResultRow | undefined>((worst, row) => (!worst || row.ratio > worst.ratio ? row : worst), undefined);
  return [
    line(
      `limit 1: API p50 minus SQL p50 under ${LIMIT_1_MAX_GAP_MS} ms`,
      one,
      gap ? `${formatMs(gap.api.p50 - gap.sql.p50)} ms (API ${formatMs(gap.api.p50)}, SQL ${formatMs(gap.sql.p50)})` : "no scenario",
    ),
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

const LOAD_HEADER = ["round", "server", "requests/s", "p50", "p99", "errors", "API/floor"];
const LOAD_RIGHT = [true, false, true, true, true, true, true];

function loadCells(rounds: LoadResult[][]): string[][] {
  return rounds.flatMap((round, i) => {
    const floor = round.find((result) => result.name === "floor")!;
    return round.map((result) => [
      String(i + 1),
      result.name === "floor" ? "bare node:http + pg" : "API (lib/server)",
      result.rps.toFixed(0),
      formatMs(result.p50),
      formatMs(result.p99),
      String(result.errors),
      result.name === "floor" ? "" : formatRatio(result.rps / floor.rps),
    ]);
  });
}

/** The load targets, each round on its own: the API's share of the floor's throughput, its p99, its errors. */
function loadLines(rounds: LoadResult[][]): string[] {
  const api = rounds.map((round) => ({ api: round.find((r) => r.name === "API")!, floor: round.find((r) => r.name === "floor")! }));
  const ratios = api.map(({ api, floor }) => api.rps / floor.rps);
  const p99s = api.map(({ api }) => api.p99);
  const errors = api.reduce((sum, { api }) => sum + api.errors, 0);
  const verdict = (pass: boolean) => (pass ? "PASS" : "FAIL");
  return [
    `${verdict(ratios.every((r) => r >= LOAD_MIN_RATIO))}  load: API at least ${LOAD_MIN_RATIO}× the floor's requests/s in every round: ${ratios.map(formatRatio).join(", ")}`,
    `${verdict(p99s.every((p) => p < LOAD_MAX_P99_MS))}  load: API p99 under ${LOAD_MAX_P99_MS} ms in every round: ${p99s.map((p) => `${formatMs(p)} ms`).join(", ")}`,
    `${verdict(errors === 0)}  load: no errors (socket errors, timeouts, non-2xx): ${errors}`,
  ];
}

function floorLine(report: DatabaseReport): string | null {
  const rows = report.rows.filter((row) => row.floor);
  if (!rows.length) return null;
  return `The bare node:http + pg floor on the same first pages (sequential p50, alternating with the API and the SQL): ${rows
    .map((row) => `${row.scenario.name.replace(/,.*$/, "")} ${formatMs(row.floor!.p50)} ms (${formatRatio(row.floor!.p50 / row.sql.p50)} the SQL; API ${formatMs(row.api.p50)} ms)`)
    .join("; ")}`;
}

function roundTripLine(report: DatabaseReport): string | null {
  if (!report.roundTrips.length) return null;
  return `Statements the API runs besides the list query, now off the hot path (the key look-up about once a second per key, the counter upsert every 250 ms; raw SQL p50): ${report.roundTrips
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
  const floor = floorLine(report);
  if (floor) console.log(floor);
  for (const row of report.rows) if (row.mismatch) console.log(`WARNING ${row.scenario.name}: ${row.mismatch}`);
  if (report.load) {
    console.log(`\nLoad: GET /v1/calls?limit=50, 50 connections (${report.load[0][0].tool}), ms`);
    console.log(textTable(LOAD_HEADER, loadCells(report.load), LOAD_RIGHT));
  }
  console.log("Targets:");
  for (const line of [...targetLines(report), ...(report.load ? loadLines(report.load) : [])]) console.log(`  ${line}`);
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
  const floor = floorLine(report);
  if (floor) parts.push(floor, "");
  const mismatches = report.rows.filter((row) => row.mismatch);
  for (const row of mismatches) parts.push(`- WARNING ${row.scenario.name}: ${row.mismatch}`);
  if (mismatches.length) parts.push("");
  if (report.load) {
    parts.push(
      `Load: \`GET /v1/calls?limit=50\`, 50 connections on loopback (${report.load[0][0].tool}), the two servers alternating, each round in turn; latencies in ms.`,
      "",
      markdownTable(LOAD_HEADER, loadCells(report.load), LOAD_RIGHT),
      "",
    );
  }
  parts.push("Targets:", "", ...[...targetLines(report), ...(report.load ? loadLines(report.load) : [])].map((line) => `- ${line}`), "");
  return parts.join("\n");
}
