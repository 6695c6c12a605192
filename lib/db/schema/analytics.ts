import { bigint, doublePrecision, integer, numeric, pgTable, primaryKey, text, uuid } from "drizzle-orm/pg-core";
import { LATENCY_BUCKETS } from "@/lib/schemas/latency-buckets";
import { organizations } from "./accounts";
import { timestampMs } from "./columns";

/**
 * Rollups behind /v1/analytics, per organization, agent and 15-minute period of `start_time`
 * (15 minutes so that a day starts on a period boundary in every time zone). Database triggers on
 * `calls` and `call_post_call_answers` keep them exact in the writing transaction (migrations
 * 0006 and 0009); no application code writes them. Agents have no foreign key: a
 * deleted agent's calls stay counted.
 */
export const callStats15m = pgTable(
  "call_stats_15m",
  {
    organizationId: uuid("organization_id")
      .notNull()
      .references(() => organizations.id, { onDelete: "cascade" }),
    periodStart: timestampMs("period_start").notNull(),
    agentId: uuid("agent_id").notNull(),
    calls: integer("calls").notNull(),
    /** Calls with a cost above zero (the average cost is over these). */
    pricedCalls: integer("priced_calls").notNull(),
    costTotal: numeric("cost_total", { precision: 18, scale: 6, mode: "number" }).notNull(),
    /** Answered calls with a duration (the average duration, its total and the histogram are over these). */
    timedCalls: integer("timed_calls").notNull(),
    durationTotal: bigint("duration_total", { mode: "number" }).notNull(),
    // Duration histogram, bounds in lib/services/analytics-buckets.ts.
    durationUnder30s: integer("duration_under_30s").notNull(),
    durationUnder1m: integer("duration_under_1m").notNull(),
    durationUnder2m: integer("duration_under_2m").notNull(),
    durationUnder5m: integer("duration_under_5m").notNull(),
    durationUnder10m: integer("duration_under_10m").notNull(),
    durationUnder20m: integer("duration_under_20m").notNull(),
    durationUnder30m: integer("duration_under_30m").notNull(),
    duration30mOrMore: integer("duration_30m_or_more").notNull(),
  },
  (table) => [primaryKey({ columns: [table.organizationId, table.periodStart, table.agentId] })],
);

/** Post-call answers per question and period; `question_name`/`question_type` are the latest seen. */
export const answerStats15m = pgTable(
  "answer_stats_15m",
  {
    organizationId: uuid("organization_id")
      .notNull()
      .references(() => organizations.id, { onDelete: "cascade" }),
    periodStart: timestampMs("period_start").notNull(),
    agentId: uuid("agent_id").notNull(),
    questionId: uuid("question_id").notNull(),
    questionName: text("question_name").notNull(),
    questionType: text("question_type").notNull(),
    answered: integer("answered").notNull(),
    unanswered: integer("unanswered").notNull(),
    yes: integer("yes").notNull(),
    no: integer("no").notNull(),
    numberCount: integer("number_count").notNull(),
    numberTotal: doublePrecision("number_total").notNull(),
  },
  (table) => [primaryKey({ columns: [table.organizationId, table.periodStart, table.agentId, table.questionId] })],
);

/** Selections of each option of single- and multi-choice questions, per period. */
export const answerOptionStats15m = pgTable(
  "answer_option_stats_15m",
  {
    organizationId: uuid("organization_id")
      .notNull()
      .references(() => organizations.id, { onDelete: "cascade" }),
    periodStart: timestampMs("period_start").notNull(),
    agentId: uuid("agent_id").notNull(),
    questionId: uuid("question_id").notNull(),
    optionId: text("option_id").notNull(),
    optionValue: text("option_value").notNull(),
    selections: integer("selections").notNull(),
  },
  (table) => [primaryKey({ columns: [table.organizationId, table.periodStart, table.agentId, table.questionId, table.optionId] })],
);

/** One column per turn-latency bucket (bounds in lib/schemas/latency-buckets.ts). */
const latencyColumns = Object.fromEntries(LATENCY_BUCKETS.map((bucket) => [bucket.column, integer(bucket.column).notNull()])) as Record<
  `latency_${string}`,
  ReturnType<typeof integer>
>;

/**
 * Quality figures per organization, agent, agent version and 15-minute period of `start_time`
 * (behind /v1/analytics/quality and /versions), kept exact by triggers on `calls` (migration 0027)
 * like the rollups above. `agent_version` 0 stands for calls without a version. Connected calls are
 * those answered; the analysis counts come from `calls.analysis`, the latency histogram from each
 * turn's `first_audio_ms` in `calls.turn_latency`.
 */
export const callQuality15m = pgTable(
  "call_quality_15m",
  {
    organizationId: uuid("organization_id")
      .notNull()
      .references(() => organizations.id, { onDelete: "cascade" }),
    periodStart: timestampMs("period_start").notNull(),
    agentId: uuid("agent_id").notNull(),
    agentVersion: integer("agent_version").notNull(),
    calls: integer("calls").notNull(),
    connectedCalls: integer("connected_calls").notNull(),
    pricedCalls: integer("priced_calls").notNull(),
    costTotal: numeric("cost_total", { precision: 18, scale: 6, mode: "number" }).notNull(),
    timedCalls: integer("timed_calls").notNull(),
    durationTotal: bigint("duration_total", { mode: "number" }).notNull(),
    analyzedCalls: integer("analyzed_calls").notNull(),
    successCalls: integer("success_calls").notNull(),
    failureCalls: integer("failure_calls").notNull(),
    unknownCalls: integer("unknown_calls").notNull(),
    scoredCalls: integer("scored_calls").notNull(),
    scoreTotal: numeric("score_total", { precision: 18, scale: 4, mode: "number" }).notNull(),
    positiveCalls: integer("positive_calls").notNull(),
    neutralCalls: integer("neutral_calls").notNull(),
    negativeCalls: integer("negative_calls").notNull(),
    interruptions: integer("interruptions").notNull(),
    transferredCalls: integer("transferred_calls").notNull(),
    voicemailCalls: integer("voicemail_calls").notNull(),
    latencyTurns: integer("latency_turns").notNull(),
    ...latencyColumns,
  },
  (table) => [primaryKey({ columns: [table.organizationId, table.periodStart, table.agentId, table.agentVersion] })],
);
