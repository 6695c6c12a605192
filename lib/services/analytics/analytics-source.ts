import "server-only";
import { sql, type SQL } from "drizzle-orm";
import type { Database } from "@/lib/db/client";
import { LATENCY_BUCKETS } from "@/lib/schemas/latency-buckets";
import { DURATION_BUCKETS } from "./analytics-buckets";
import { SUM_COLUMNS } from "./quality-figures";
import type { AnalyticsRange } from "./analytics-range";
import type { ServiceContext } from "../context";

export type AnalyticsFilter = AnalyticsRange & { agentId?: string };

const PERIOD_MS = 15 * 60_000;

/**
 * The rollups hold whole 15-minute periods: a range reads the periods inside it from the rollup and
 * the calls of its unaligned edges from `calls` (each edge under 15 minutes, read by index).
 */
export function splitRange({ from, to }: AnalyticsRange) {
  const ceil = Math.ceil(from.getTime() / PERIOD_MS) * PERIOD_MS;
  const floor = Math.floor(to.getTime() / PERIOD_MS) * PERIOD_MS;
  const inner = new Date(Math.min(ceil, to.getTime()));
  const innerEnd = new Date(Math.max(floor, inner.getTime()));
  return { inner, innerEnd };
}

const agentCondition = (column: SQL, agentId?: string) => (agentId ? sql` and ${column} = ${agentId}::uuid` : sql``);

/** The condition on `calls c` that selects the calls in the edges of the range. */
function edgeCalls(ctx: ServiceContext, filter: AnalyticsFilter): SQL {
  const { inner, innerEnd } = splitRange(filter);
  return sql`c.organization_id = ${ctx.organizationId}::uuid${agentCondition(sql`c.agent_id`, filter.agentId)}
    and ((c.start_time >= ${filter.from.toISOString()}::timestamptz and c.start_time < ${inner.toISOString()}::timestamptz)
      or (c.start_time >= ${innerEnd.toISOString()}::timestamptz and c.start_time < ${filter.to.toISOString()}::timestamptz))`;
}

function rollupRows(table: string, ctx: ServiceContext, filter: AnalyticsFilter): SQL {
  const { inner, innerEnd } = splitRange(filter);
  return sql`${sql.raw(table)} s where s.organization_id = ${ctx.organizationId}::uuid${agentCondition(sql`s.agent_id`, filter.agentId)}
    and s.period_start >= ${inner.toISOString()}::timestamptz and s.period_start < ${innerEnd.toISOString()}::timestamptz`;
}

const histogramColumns = sql.raw(DURATION_BUCKETS.map((bucket) => bucket.column).join(", "));
const histogramFromCalls = sql.raw(
  DURATION_BUCKETS.map(
    (bucket) =>
      `(c.answered_at is not null and c.duration_seconds >= ${bucket.min}${bucket.max === null ? "" : ` and c.duration_seconds < ${bucket.max}`})::int`,
  )
    .map((expression) => `coalesce(${expression}, 0)`)
    .join(", "),
);

/**
 * Call statistics per agent and period: `(agent_id, period_start, calls, priced_calls, cost_total, timed_calls, duration_total, duration_*)`.
 * Priced: a cost above zero. Timed (and in the histogram): answered, with a duration (as migration 0010's triggers count).
 */
export function callStatsSource(ctx: ServiceContext, filter: AnalyticsFilter): SQL {
  return sql`(
    select s.agent_id, s.period_start, s.calls, s.priced_calls, s.cost_total, s.timed_calls, s.duration_total, ${histogramColumns}
    from ${rollupRows("call_stats_15m", ctx, filter)}
    union all
    select c.agent_id, analytics_period(c.start_time), 1, coalesce(c.cost > 0, false)::int, coalesce(c.cost, 0),
      (c.answered_at is not null and c.duration_seconds is not null)::int,
      case when c.answered_at is not null then coalesce(c.duration_seconds, 0) else 0 end, ${histogramFromCalls}
    from calls c where ${edgeCalls(ctx, filter)}
  )`;
}

/** Answer statistics per period, agent and question (as `answer_stats_15m`'s columns). */
export function answerStatsSource(ctx: ServiceContext, filter: AnalyticsFilter): SQL {
  return sql`(
    select s.period_start, s.agent_id, s.question_id, s.question_name, s.question_type, s.answered, s.unanswered, s.yes, s.no,
      s.number_count, s.number_total
    from ${rollupRows("answer_stats_15m", ctx, filter)}
    union all
    select analytics_period(c.start_time), c.agent_id, a.question_id, a.question_name, a.question_type, a.has_answer::int,
      (not a.has_answer)::int, (a.has_answer and a.answer_boolean is true)::int, (a.has_answer and a.answer_boolean is false)::int,
      (a.has_answer and a.answer_number is not null)::int, case when a.has_answer then coalesce(a.answer_number, 0) else 0 end
    from call_post_call_answers a join calls c on c.id = a.call_id where ${edgeCalls(ctx, filter)}
  )`;
}

/** Option selections per period, question and option. */
export function optionStatsSource(ctx: ServiceContext, filter: AnalyticsFilter): SQL {
  return sql`(
    select s.period_start, s.question_id, s.option_id, s.option_value, s.selections
    from ${rollupRows("answer_option_stats_15m", ctx, filter)}
    union all
    select analytics_period(c.start_time), a.question_id, o.value -> 'option' ->> 'id', o.value -> 'option' ->> 'value', 1
    from call_post_call_answers a join calls c on c.id = a.call_id
    cross join lateral jsonb_array_elements(case when jsonb_typeof(a.selected_options) = 'array' then a.selected_options else '[]'::jsonb end) o
    where ${edgeCalls(ctx, filter)} and a.has_answer and o.value -> 'option' ->> 'id' is not null
  )`;
}

const qualityColumns = sql.raw(["agent_id", "agent_version", "period_start", ...Object.values(SUM_COLUMNS), ...LATENCY_BUCKETS.map((bucket) => bucket.column)].map((column) => `s.${column}`).join(", "));

/**
 * Quality rollup rows (`call_quality_15m`'s columns) of the range: its whole periods from the rollup,
 * its unaligned edges computed from their calls by the same SQL function the triggers use.
 */
export function qualityStatsSource(ctx: ServiceContext, filter: AnalyticsFilter): SQL {
  return sql`(
    select ${qualityColumns} from ${rollupRows("call_quality_15m", ctx, filter)}
    union all
    select ${qualityColumns} from analytics_quality_rows((select array_agg(analytics_quality_fact_of(c)) from calls c where ${edgeCalls(ctx, filter)}), null) s
  )`;
}

export async function selectRows<T>(db: Database, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}
