import type { CallType } from "@/lib/schemas/call-values";
import type { Database, RawQuery } from "@/lib/db/client";
import { cursorPageQuery, type ListCallsInput } from "@/lib/services/calls/calls";
import { cursorPage } from "@/lib/services/cursor-paging";

export type Filters = {
  agentId?: string;
  callType?: CallType;
  fromNumber?: string;
  startTimeGt?: Date;
  startTimeLt?: Date;
};

export type Scenario = {
  name: string;
  limit: number;
  filters: Filters;
  cursor?: string;
  includeTranscript?: boolean;
  /** Follows next_cursor this many pages from the first page, timing each page, instead of repeating one request. */
  walkPages?: number;
};

/** What the scenarios are built from, read from the seeded data. */
export type ScenarioData = {
  organizationId: string;
  total: number;
  /** The newest call's start time (the analytics ranges end on its day). */
  newest: Date;
  agentId: string;
  agentShare: number;
  fromNumber: string;
  fromNumberCalls: number;
  range: { gt: Date; lt: Date; calls: number };
  cursors: { deep: string; deepRows: number; mid: string; midRows: number; oldest: string; oldestRows: number };
};

export const WALK_PAGES = 200;
const WALK_LIMIT = 50;

export function listInput(scenario: Scenario, cursor = scenario.cursor): ListCallsInput {
  return {
    ...scenario.filters,
    cursor,
    page: 1,
    limit: scenario.limit,
    useCursor: true,
    includeTranscript: scenario.includeTranscript ?? false,
    includeVariableValues: false,
  };
}

/** The query string the API gets for the scenario (the same input `listInput` gives the service). */
export function apiPath(scenario: Scenario, cursor = scenario.cursor): string {
  const params = new URLSearchParams({ limit: String(scenario.limit) });
  const f = scenario.filters;
  if (f.agentId) params.set("agent_id", f.agentId);
  if (f.callType) params.set("call_type", f.callType);
  if (f.fromNumber) params.set("from_number", f.fromNumber);
  if (f.startTimeGt) params.set("start_time_gt", f.startTimeGt.toISOString());
  if (f.startTimeLt) params.set("start_time_lt", f.startTimeLt.toISOString());
  if (cursor) params.set("cursor", cursor);
  if (scenario.includeTranscript) params.set("include_transcript", "true");
  return `/v1/calls?${params}`;
}

/** Exactly the SQL and parameters the API runs for this page. */
export function pageSql(db: Database, organizationId: string, scenario: Scenario, cursor = scenario.cursor) {
  return cursorPageQuery({ db, organizationId }, listInput(scenario, cursor)).toSQL();
}

type RawRow = Record<string, unknown>;

/** The next_cursor the API would answer for these raw rows (limit + 1 of them at most). */
export function rawNextCursor(rows: RawRow[], limit: number): string | null {
  return cursorPage(rows, limit, (row) => ({ time: row.start_time as Date, id: row.id as string })).next_cursor;
}

const DAY_MS = 86_400_000;

/** Reads the values the scenarios filter on, and the cursors at depth, from the seeded calls. */
export async function scenarioData(query: RawQuery, organizationId: string): Promise<ScenarioData> {
  const [bounds] = (
    await query("select count(*)::int as total, min(start_time) as oldest, max(start_time) as newest from calls where organization_id = $1", [
      organizationId,
    ])
  ).rows;
  const total = Number(bounds.total);
  if (total === 0) throw new Error("No calls were seeded");
  const oldest = bounds.oldest as Date;
  const newest = bounds.newest as Date;

  const [agent] = (
    await query(
      "select agent_id, count(*)::int as calls from calls where organization_id = $1 group by agent_id order by calls desc, agent_id limit 1",
      [organizationId],
    )
  ).rows;
  // One caller's number: a selective filter, as a lookup of one customer's calls is.
  const [caller] = (
    await query(
      `select from_number, count(*)::int as calls from calls
       where organization_id = $1 and direction = 'inbound' and from_number is not null
       group by from_number order by calls desc, from_number limit 1`,
      [organizationId],
    )
  ).rows;
  if (!caller) throw new Error("No inbound phone call with a from_number was seeded");

  // A week (or a tenth of the span, when shorter) in the older half of the data.
  const span = newest.getTime() - oldest.getTime();
  const gt = new Date(oldest.getTime() + Math.floor(span * 0.4));
  const lt = new Date(gt.getTime() + Math.max(1000, Math.min(7 * DAY_MS, Math.floor(span / 10))));
  const [inRange] = (
    await query("select count(*)::int as calls from calls where organization_id = $1 and start_time > $2 and start_time < $3", [
      organizationId,
      gt.toISOString(),
      lt.toISOString(),
    ])
  ).rows;

  const cursorAt = async (offset: number, direction: "asc" | "desc") => {
    const [row] = (
      await query(
        `select start_time, id from calls where organization_id = $1 order by start_time ${direction}, id ${direction} offset $2 limit 1`,
        [organizationId, offset],
      )
    ).rows;
    return `${(row.start_time as Date).toISOString()}_${row.id as string}`;
  };
  // The cursor is exclusive: a page after it starts with the row that follows. The deep one is where
  // WALK_PAGES pages of WALK_LIMIT end (the walk scenario follows next_cursor there page by page).
  const deepRows = Math.min(WALK_PAGES * WALK_LIMIT, Math.floor(total / 2));
  const midRows = Math.floor(total / 2);
  const oldestRows = Math.min(1500, Math.floor(total / 10));
  return {
    organizationId,
    total,
    newest,
    agentId: agent.agent_id as string,
    agentShare: Number(agent.calls) / total,
    fromNumber: caller.from_number as string,
    fromNumberCalls: Number(caller.calls),
    range: { gt, lt, calls: Number(inRange.calls) },
    cursors: {
      deep: await cursorAt(deepRows - 1, "desc"),
      deepRows,
      mid: await cursorAt(midRows - 1, "desc"),
      midRows,
      oldest: await cursorAt(oldestRows, "asc"),
      oldestRows,
    },
  };
}

const pct = (share: number) => `${(share * 100).toFixed(share < 0.01 ? 2 : 0)}%`;

export function describeData(data: ScenarioData): string[] {
  return [
    `agent_id ${data.agentId} (${pct(data.agentShare)} of calls)`,
    `from_number ${data.fromNumber} (${data.fromNumberCalls} calls)`,
    `start_time range ${data.range.gt.toISOString()} .. ${data.range.lt.toISOString()} (${data.range.calls} calls)`,
    `cursors: after ${data.cursors.deepRows} rows (${data.cursors.deepRows / WALK_LIMIT} pages of ${WALK_LIMIT}), after ${data.cursors.midRows} rows, ${data.cursors.oldestRows} rows before the oldest`,
  ];
}

export function buildScenarios(data: ScenarioData): Scenario[] {
  const filterSets: { label: string; filters: Filters }[] = [
    { label: "no filter", filters: {} },
    { label: "agent_id", filters: { agentId: data.agentId } },
    { label: "call_type=web_call", filters: { callType: "web_call" } },
    { label: "from_number (one caller)", filters: { fromNumber: data.fromNumber } },
    { label: "start_time range (7 days)", filters: { startTimeGt: data.range.gt, startTimeLt: data.range.lt } },
    {
      label: "agent_id + phone_call + range",
      filters: { agentId: data.agentId, callType: "phone_call", startTimeGt: data.range.gt, startTimeLt: data.range.lt },
    },
  ];
  const depths: { label: string; cursor: string }[] = [
    { label: `cursor ${data.cursors.deepRows / WALK_LIMIT} pages deep`, cursor: data.cursors.deep },
    { label: "cursor mid-table", cursor: data.cursors.mid },
    { label: "cursor near oldest", cursor: data.cursors.oldest },
  ];
  const scenarios: Scenario[] = [{ name: "limit 1 (per-request floor)", limit: 1, filters: {} }];
  for (const limit of [50, 1000]) {
    for (const set of filterSets) {
      scenarios.push({ name: `limit ${limit}, ${set.label}`, limit, filters: set.filters });
    }
    for (const depth of depths) {
      scenarios.push({ name: `limit ${limit}, ${depth.label}`, limit, filters: {}, cursor: depth.cursor });
    }
  }
  scenarios.push({ name: `limit ${WALK_LIMIT}, walk pages 1–${WALK_PAGES}`, limit: WALK_LIMIT, filters: {}, walkPages: WALK_PAGES });
  scenarios.push({ name: "limit 1000, include_transcript=true", limit: 1000, filters: {}, includeTranscript: true });
  return scenarios;
}
