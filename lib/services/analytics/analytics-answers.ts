import "server-only";
import { sql } from "drizzle-orm";
import type { QuestionBreakdown } from "@/lib/schemas/analytics";
import { answerStatsSource, optionStatsSource, selectRows, type AnalyticsFilter } from "./analytics-source";
import type { ServiceContext } from "../context";

type QuestionRow = {
  question_id: string;
  name: string;
  agent_id: string;
  agent_name: string | null;
  type: string;
  answered: unknown;
  unanswered: unknown;
  yes: unknown;
  no: unknown;
  number_count: unknown;
  number_total: unknown;
};

const CHOICE_TYPES = new Set(["single_choice", "multi_choice"]);
const rate = (part: number, whole: number) => (whole > 0 ? Math.round((part / whole) * 10_000) / 10_000 : null);

/**
 * Questions answered about the range's calls, by name. A question that still exists shows its current
 * name, type and options (options nobody chose count 0); a deleted one, what its answers recorded.
 */
export async function getPostCallAnswerBreakdown(ctx: ServiceContext, filter: AnalyticsFilter): Promise<QuestionBreakdown[]> {
  const [questions, selections] = await Promise.all([
    selectRows<QuestionRow>(
      ctx.db,
      sql`select s.question_id, coalesce(q.name, max(s.question_name)) as name,
          coalesce(q.type, max(s.question_type)) as type, coalesce(q.agent_id, (array_agg(s.agent_id))[1]) as agent_id,
          (select a.name from agents a where a.id = coalesce(q.agent_id, (array_agg(s.agent_id))[1]) and a.organization_id = ${ctx.organizationId}::uuid) as agent_name,
          sum(s.answered) as answered, sum(s.unanswered) as unanswered, sum(s.yes) as yes, sum(s.no) as no,
          sum(s.number_count) as number_count, sum(s.number_total) as number_total
        from ${answerStatsSource(ctx, filter)} s
        left join post_call_questions q on q.id = s.question_id and q.organization_id = ${ctx.organizationId}::uuid
        group by s.question_id, q.name, q.type, q.agent_id
        having sum(s.answered) + sum(s.unanswered) > 0
        order by agent_name nulls last, name, s.question_id`,
    ),
    selectRows<{ question_id: string; option_id: string; value: string; count: unknown; position: number | null }>(
      ctx.db,
      sql`with chosen as (
          select s.question_id, s.option_id, max(s.option_value) as value,
            sum(s.selections) as count
          from ${optionStatsSource(ctx, filter)} s group by 1, 2
        ), current_options as (
          select o.question_id, o.id::text as option_id, o.value, o.position
          from post_call_question_options o join post_call_questions q on q.id = o.question_id
          where q.organization_id = ${ctx.organizationId}::uuid and q.type in ('single_choice', 'multi_choice')
        )
        select coalesce(c.question_id, o.question_id) as question_id, coalesce(c.option_id, o.option_id) as option_id,
          coalesce(o.value, c.value) as value, coalesce(c.count, 0) as count, o.position
        from chosen c full join current_options o on o.question_id = c.question_id and o.option_id = c.option_id
        where coalesce(c.count, 0) > 0 or o.option_id is not null
        order by 1, o.position nulls last, count desc, value`,
    ),
  ]);

  const optionsByQuestion = new Map<string, { option_id: string; value: string; count: number }[]>();
  for (const row of selections) {
    const list = optionsByQuestion.get(row.question_id) ?? [];
    list.push({ option_id: row.option_id, value: row.value, count: Number(row.count) });
    optionsByQuestion.set(row.question_id, list);
  }

  return questions.map((row) => {
    const answered = Number(row.answered);
    const yes = Number(row.yes);
    const numberCount = Number(row.number_count);
    const numberTotal = Number(row.number_total);
    return {
      question_id: row.question_id,
      name: row.name,
      agent_id: row.agent_id,
      agent_name: row.agent_name,
      type: row.type,
      answered,
      unanswered: Number(row.unanswered),
      boolean: row.type === "boolean" ? { yes, no: Number(row.no), yes_rate: rate(yes, answered) } : null,
      number:
        row.type === "number"
          ? { count: numberCount, total: numberTotal, average: numberCount > 0 ? Math.round((numberTotal / numberCount) * 100) / 100 : null }
          : null,
      options: CHOICE_TYPES.has(row.type)
        ? (optionsByQuestion.get(row.question_id) ?? []).map((option) => ({ ...option, rate: rate(option.count, answered) }))
        : null,
    };
  });
}
