import "server-only";
import { sql, type SQL } from "drizzle-orm";
import type { DashboardQuality } from "@/lib/schemas/analytics";
import type { QualityDay, QualityFigures, QualityVersion } from "@/lib/schemas/analytics-quality";
import { LATENCY_BUCKETS } from "@/lib/schemas/latency-buckets";
import { localDate } from "./analytics-range";
import { qualityStatsSource, selectRows, type AnalyticsFilter } from "./analytics-source";
import { addSums, emptySums, qualityFigures, sumsOfRow, SUM_COLUMNS, type QualitySums } from "./quality-figures";
import type { ServiceContext } from "../context";

const summed = sql.raw(
  [...Object.values(SUM_COLUMNS), ...LATENCY_BUCKETS.map((bucket) => bucket.column)].map((column) => `sum(s.${column}) as ${column}`).join(", "),
);

type Grouping = { day?: boolean; agent?: boolean; version?: boolean; versions?: number[] };
type GroupedSums = { date: string | null; agentId: string | null; agentVersion: number | null; sums: QualitySums };

/** The quality rollup's sums over the range, grouped by local day, agent and/or version (version 0: none recorded). */
async function groupedSums(ctx: ServiceContext, filter: AnalyticsFilter, grouping: Grouping): Promise<GroupedSums[]> {
  const keys: SQL[] = [
    grouping.day ? sql`((s.period_start at time zone ${filter.timezone})::date)::text as date` : sql`null::text as date`,
    grouping.agent ? sql`s.agent_id` : sql`null::uuid as agent_id`,
    grouping.version ? sql`s.agent_version` : sql`null::integer as agent_version`,
  ];
  const where = grouping.versions ? sql`where s.agent_version in (${sql.join(grouping.versions.map((version) => sql`${version}`), sql`, `)})` : sql``;
  const rows = await selectRows<Record<string, unknown>>(
    ctx.db,
    sql`select ${sql.join(keys, sql`, `)}, ${summed} from ${qualityStatsSource(ctx, filter)} s ${where} group by 1, 2, 3`,
  );
  return rows.map((row) => ({
    date: (row.date as string | null) ?? null,
    agentId: (row.agent_id as string | null) ?? null,
    agentVersion: row.agent_version === null || row.agent_version === undefined ? null : Number(row.agent_version),
    sums: sumsOfRow(row),
  }));
}

/** Every calendar day of the range in its time zone, oldest first. */
export function rangeDays(filter: AnalyticsFilter): string[] {
  const [ly, lm, ld] = localDate(new Date(filter.to.getTime() - 1), filter.timezone);
  const last = Date.UTC(ly, lm - 1, ld);
  const [fy, fm, fd] = localDate(filter.from, filter.timezone);
  const days: string[] = [];
  for (let day = Date.UTC(fy, fm - 1, fd); day <= last; day += 86_400_000) days.push(new Date(day).toISOString().slice(0, 10));
  return days;
}

function byDay(filter: AnalyticsFilter, rows: GroupedSums[]): QualityDay[] {
  const sums = new Map<string, QualitySums>();
  for (const row of rows) if (row.date) sums.set(row.date, addSums(sums.get(row.date) ?? emptySums(), row.sums));
  return rangeDays(filter).map((date) => ({ date, ...qualityFigures(sums.get(date) ?? emptySums()) }));
}

const totalOf = (rows: GroupedSums[]) => qualityFigures(rows.reduce((total, row) => addSums(total, row.sums), emptySums()));

async function agentNames(ctx: ServiceContext, ids: string[]): Promise<Map<string, string>> {
  if (!ids.length) return new Map();
  const rows = await selectRows<{ id: string; name: string }>(
    ctx.db,
    sql`select id, name from agents where organization_id = ${ctx.organizationId}::uuid and id in (${sql.join(ids.map((id) => sql`${id}::uuid`), sql`, `)})`,
  );
  return new Map(rows.map((row) => [row.id, row.name]));
}

/** The dashboard's part: the range's quality figures and each day's. */
export async function getDashboardQuality(ctx: ServiceContext, filter: AnalyticsFilter): Promise<DashboardQuality> {
  const rows = await groupedSums(ctx, filter, { day: true });
  return { ...totalOf(rows), days: byDay(filter, rows) };
}

/** Quality figures of the range: in total, per day, and per agent version. */
export async function getQuality(ctx: ServiceContext, filter: AnalyticsFilter): Promise<{ totals: QualityFigures; days: QualityDay[]; versions: QualityVersion[] }> {
  const rows = await groupedSums(ctx, filter, { day: true, agent: true, version: true });
  const versions = new Map<string, { agentId: string; agentVersion: number; sums: QualitySums }>();
  for (const row of rows) {
    const key = `${row.agentId}:${row.agentVersion}`;
    const entry = versions.get(key) ?? { agentId: row.agentId!, agentVersion: row.agentVersion!, sums: emptySums() };
    addSums(entry.sums, row.sums);
    versions.set(key, entry);
  }
  const names = await agentNames(ctx, [...new Set([...versions.values()].map((entry) => entry.agentId))]);
  const listed = [...versions.values()]
    .filter((entry) => entry.sums.calls > 0)
    .map((entry) => ({
      agent_id: entry.agentId,
      agent_name: names.get(entry.agentId) ?? null,
      agent_version: entry.agentVersion === 0 ? null : entry.agentVersion,
      ...qualityFigures(entry.sums),
    }))
    .sort(
      (a, b) =>
        (a.agent_name ?? "\uffff").localeCompare(b.agent_name ?? "\uffff") || a.agent_id.localeCompare(b.agent_id) || (a.agent_version ?? 0) - (b.agent_version ?? 0),
    );
  return { totals: totalOf(rows), days: byDay(filter, rows), versions: listed };
}

/** Figures of the named versions of one agent (the filter's agent), in the order asked, zeros for a version without calls. */
export async function getVersionFigures(ctx: ServiceContext, filter: AnalyticsFilter & { agentId: string }, versions: number[]) {
  const rows = await groupedSums(ctx, filter, { version: true, versions });
  const names = await agentNames(ctx, [filter.agentId]);
  const sums = new Map(rows.map((row) => [row.agentVersion, row.sums]));
  return {
    agentName: names.get(filter.agentId) ?? null,
    versions: versions.map((version) => ({ version, sums: sums.get(version) ?? emptySums() })),
  };
}
