import "server-only";
import { sql } from "drizzle-orm";
import type { AgentTotals, CallTotals, DayTotals, DurationHistogram } from "@/lib/schemas/analytics";
import { DURATION_BUCKETS } from "./analytics-buckets";
import { callStatsSource, selectRows, type AnalyticsFilter } from "./analytics-source";
import type { ServiceContext } from "../context";
import { ValidationError } from "@/lib/utils/domain-errors";

type TotalsRow = { calls: unknown; total_cost: unknown; average_cost: unknown; total_duration_seconds: unknown; average_duration_seconds: unknown };

// Sums are numeric in SQL and rounded there: costs to the micro-dollar, average durations to the hundredth.
const totalsColumns = sql`
  coalesce(sum(s.calls), 0) as calls,
  coalesce(sum(s.cost_total), 0) as total_cost,
  round(sum(s.cost_total) / nullif(sum(s.priced_calls), 0), 6) as average_cost,
  coalesce(sum(s.duration_total), 0) as total_duration_seconds,
  round(sum(s.duration_total)::numeric / nullif(sum(s.timed_calls), 0), 2) as average_duration_seconds`;

const nullableNumber = (value: unknown) => (value === null || value === undefined ? null : Number(value));

function toTotals(row: TotalsRow): CallTotals {
  return {
    calls: Number(row.calls),
    total_cost: Number(row.total_cost),
    average_cost: nullableNumber(row.average_cost),
    total_duration_seconds: Number(row.total_duration_seconds),
    average_duration_seconds: nullableNumber(row.average_duration_seconds),
  };
}

/**
 * An agent filter names an agent of the organization, or one that was deleted but whose calls remain
 * (cost per agent lists those too). Anything else is 400 naming `agent_id`, as elsewhere in the API.
 */
export async function checkAgentFilter(ctx: ServiceContext, agentId: string | undefined): Promise<void> {
  if (!agentId) return;
  const rows = await selectRows<{ found: unknown }>(
    ctx.db,
    sql`select exists (select 1 from agents where id = ${agentId}::uuid and organization_id = ${ctx.organizationId}::uuid)
      or exists (select 1 from calls where organization_id = ${ctx.organizationId}::uuid and agent_id = ${agentId}::uuid) as found`,
  );
  if (!rows[0]?.found) throw ValidationError.field("agent_id", "No agent with this id in your organization");
}

export async function getCallTotals(ctx: ServiceContext, filter: AnalyticsFilter): Promise<CallTotals> {
  const [row] = await selectRows<TotalsRow>(ctx.db, sql`select ${totalsColumns} from ${callStatsSource(ctx, filter)} s`);
  return toTotals(row);
}

/** One entry per calendar day of the range in its time zone, days without calls included as zeros. */
export async function getCallsPerDay(ctx: ServiceContext, filter: AnalyticsFilter): Promise<DayTotals[]> {
  const tz = filter.timezone;
  const rows = await selectRows<{ date: string; calls: unknown; total_cost: unknown; total_duration_seconds: unknown }>(
    ctx.db,
    sql`with per_day as (
        select (s.period_start at time zone ${tz})::date as day, sum(s.calls) as calls, sum(s.cost_total) as total_cost,
          sum(s.duration_total) as total_duration_seconds
        from ${callStatsSource(ctx, filter)} s group by 1
      ), days as (
        select d::date as day from generate_series(
          (${filter.from.toISOString()}::timestamptz at time zone ${tz})::date::timestamp,
          ((${filter.to.toISOString()}::timestamptz - interval '1 millisecond') at time zone ${tz})::date::timestamp,
          interval '1 day') d
      )
      select days.day::text as date, coalesce(p.calls, 0) as calls, coalesce(p.total_cost, 0) as total_cost,
        coalesce(p.total_duration_seconds, 0) as total_duration_seconds
      from days left join per_day p using (day) order by days.day`,
  );
  return rows.map((row) => ({
    date: row.date,
    calls: Number(row.calls),
    total_cost: Number(row.total_cost),
    total_duration_seconds: Number(row.total_duration_seconds),
  }));
}

/** Calls by duration (from answer to end); calls that have none yet (not answered or still going) are counted apart. */
export async function getDurationHistogram(ctx: ServiceContext, filter: AnalyticsFilter): Promise<DurationHistogram> {
  const sums = sql.raw(DURATION_BUCKETS.map((bucket) => `coalesce(sum(s.${bucket.column}), 0) as ${bucket.column}`).join(", "));
  const [row] = await selectRows<Record<string, unknown>>(
    ctx.db,
    sql`select ${sums}, coalesce(sum(s.calls - s.timed_calls), 0) as without_duration from ${callStatsSource(ctx, filter)} s`,
  );
  return {
    buckets: DURATION_BUCKETS.map((bucket) => ({
      min_seconds: bucket.min,
      max_seconds: bucket.max,
      label: bucket.label,
      calls: Number(row[bucket.column]),
    })),
    calls_without_duration: Number(row.without_duration),
  };
}

/** Agents with calls in the range, highest cost first; a deleted agent's name is null. */
export async function getCostPerAgent(ctx: ServiceContext, filter: AnalyticsFilter): Promise<AgentTotals[]> {
  const rows = await selectRows<TotalsRow & { agent_id: string; agent_name: string | null }>(
    ctx.db,
    sql`select s.agent_id, a.name as agent_name, ${totalsColumns}
      from ${callStatsSource(ctx, filter)} s
      left join agents a on a.id = s.agent_id and a.organization_id = ${ctx.organizationId}::uuid
      group by s.agent_id, a.name
      having sum(s.calls) > 0
      order by total_cost desc, calls desc, s.agent_id`,
  );
  return rows.map((row) => ({ agent_id: row.agent_id, agent_name: row.agent_name, ...toTotals(row) }));
}
