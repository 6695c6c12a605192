import "server-only";
import { sql } from "drizzle-orm";
import type { Usage } from "@/lib/schemas/analytics";
import { getCallsPerDay, getCostPerAgent } from "./analytics";
import { selectRows, type AnalyticsFilter } from "./analytics-source";
import type { ServiceContext } from "../context";

const LONGEST_CALL_MS = 24 * 3_600_000;
const minutesOf = (seconds: number) => Math.round((seconds / 60) * 100) / 100;

/**
 * Peak concurrency by sweeping the calls' starts (+1) and ends (−1) in time order, per local day:
 * each day starts with the calls still live from the day before (a zero event at midnight). A call
 * without an end is live until now. Reads the calls of the range by the (organization, start) index.
 */
async function peaks(ctx: ServiceContext, filter: AnalyticsFilter, now: Date): Promise<{ days: Map<string, number>; peak: number; at: string | null }> {
  const tz = filter.timezone;
  const agent = filter.agentId ? sql` and agent_id = ${filter.agentId}::uuid` : sql``;
  const from = filter.from.toISOString();
  const to = filter.to.toISOString();
  const rows = await selectRows<{ date: string; peak: unknown; peak_at: string | null }>(
    ctx.db,
    sql`with spans as (
        select greatest(start_time, ${from}::timestamptz) as s, least(coalesce(end_time, ${now.toISOString()}::timestamptz), ${to}::timestamptz) as e
        from calls
        where organization_id = ${ctx.organizationId}::uuid${agent}
          and start_time >= ${new Date(filter.from.getTime() - LONGEST_CALL_MS).toISOString()}::timestamptz and start_time < ${to}::timestamptz
          and coalesce(end_time, ${now.toISOString()}::timestamptz) > ${from}::timestamptz
      ), events as (
        select s as t, 1 as d from spans where e > s
        union all select e, -1 from spans where e > s
        union all select (d::timestamp at time zone ${tz}), 0 from generate_series(
          (${from}::timestamptz at time zone ${tz})::date::timestamp,
          ((${to}::timestamptz - interval '1 millisecond') at time zone ${tz})::date::timestamp, interval '1 day') d
      ), running as (
        -- Ends before starts at the same instant: a call that ends as another begins is not overlap.
        select t, sum(d) over (order by t, d rows unbounded preceding) as live from events
      ), ranked as (
        select (t at time zone ${tz})::date as day, t, live, row_number() over (partition by (t at time zone ${tz})::date order by live desc, t) as n
        from running where t >= ${from}::timestamptz and t < ${to}::timestamptz
      )
      select day::text as date, live as peak, to_char(t at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as peak_at from ranked where n = 1 order by day`,
  );
  const days = new Map(rows.map((row) => [row.date, Number(row.peak)]));
  const best = rows.reduce<{ date: string; peak: unknown; peak_at: string | null } | null>((top, row) => (!top || Number(row.peak) > Number(top.peak) ? row : top), null);
  const peak = best ? Number(best.peak) : 0;
  return { days, peak, at: peak > 0 ? best!.peak_at : null };
}

/** Usage of a range: per day and per agent, from the analytics rollups; peak concurrency from the calls themselves. */
export async function getUsage(ctx: ServiceContext, filter: AnalyticsFilter, now = new Date()): Promise<Usage> {
  const [days, agents, concurrency] = await Promise.all([getCallsPerDay(ctx, filter), getCostPerAgent(ctx, filter), peaks(ctx, filter, now)]);
  return {
    days: days.map((day) => ({
      date: day.date,
      calls: day.calls,
      minutes: minutesOf(day.total_duration_seconds),
      total_cost: day.total_cost,
      peak_concurrent_calls: concurrency.days.get(day.date) ?? 0,
    })),
    agents: agents.map((agent) => ({
      agent_id: agent.agent_id,
      agent_name: agent.agent_name,
      calls: agent.calls,
      minutes: minutesOf(agent.total_duration_seconds),
      total_cost: agent.total_cost,
    })),
    totals: {
      calls: days.reduce((sum, day) => sum + day.calls, 0),
      minutes: minutesOf(days.reduce((sum, day) => sum + day.total_duration_seconds, 0)),
      total_cost: Math.round(days.reduce((sum, day) => sum + day.total_cost, 0) * 1e6) / 1e6,
    },
    peak_concurrent_calls: concurrency.peak,
    peak_at: concurrency.at,
  };
}
