import "server-only";
import { randomBytes } from "node:crypto";
import { and, asc, eq, inArray } from "drizzle-orm";
import { agents, postCallQuestionOptions, postCallQuestions } from "@/lib/db/schema";
import type { PostCallQuestion } from "@/lib/schemas/post-call-questions";
import type { ServiceContext } from "../context";
import { NotFoundError } from "@/lib/utils/domain-errors";
import type { QuestionPlan } from "./question-batch-plan";
import { toPostCallQuestion, type OptionRow, type QuestionRow } from "./question-response";

/** The agent, or 404 for a missing one and another organization's alike. `lock` serializes writers per agent. */
export async function findAgent(ctx: ServiceContext, agentId: string, lock = false): Promise<void> {
  const query = ctx.db
    .select({ id: agents.id })
    .from(agents)
    .where(and(eq(agents.id, agentId), eq(agents.organizationId, ctx.organizationId)));
  const [agent] = lock ? await query.for("update") : await query;
  if (!agent) throw new NotFoundError("Agent");
}

/** Questions of the agent (all, or those with the given ids), oldest first, with their options in order. */
export async function loadQuestions(ctx: ServiceContext, agentId: string, ids?: string[]): Promise<{ row: QuestionRow; options: OptionRow[] }[]> {
  if (ids && ids.length === 0) return [];
  const scope = and(eq(postCallQuestions.agentId, agentId), eq(postCallQuestions.organizationId, ctx.organizationId));
  const rows = await ctx.db
    .select()
    .from(postCallQuestions)
    .where(ids ? and(scope, inArray(postCallQuestions.id, ids)) : scope)
    .orderBy(asc(postCallQuestions.createdAt), asc(postCallQuestions.id));
  if (rows.length === 0) return [];
  const options = await ctx.db
    .select()
    .from(postCallQuestionOptions)
    .where(
      inArray(
        postCallQuestionOptions.questionId,
        rows.map((row) => row.id),
      ),
    )
    .orderBy(asc(postCallQuestionOptions.questionId), asc(postCallQuestionOptions.position));
  const byQuestion = new Map<string, OptionRow[]>();
  for (const option of options) byQuestion.set(option.questionId, [...(byQuestion.get(option.questionId) ?? []), option]);
  return rows.map((row) => ({ row, options: byQuestion.get(row.id) ?? [] }));
}

/** The given questions as the API returns them, in the order of `ids`. */
export async function questionsById(ctx: ServiceContext, agentId: string, ids: string[]): Promise<PostCallQuestion[]> {
  const byId = new Map((await loadQuestions(ctx, agentId, ids)).map((q) => [q.row.id, toPostCallQuestion(q.row, q.options)]));
  return ids.map((id) => byId.get(id) as PostCallQuestion);
}

/**
 * RFC 9562 version 7 ids with a counter in rand_a: they increase within a batch, so questions created together
 * (same created_at) list in the order they were sent.
 */
function orderedIds(count: number, now: Date): string[] {
  const ms = BigInt(now.getTime());
  return Array.from({ length: count }, (_, i) => {
    const bytes = randomBytes(16);
    for (let b = 0; b < 6; b++) bytes[b] = Number((ms >> BigInt(8 * (5 - b))) & BigInt(0xff));
    bytes[6] = 0x70 | ((i >> 8) & 0x0f);
    bytes[7] = i & 0xff;
    bytes[8] = 0x80 | (bytes[8] & 0x3f);
    const hex = bytes.toString("hex");
    return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
  });
}

/** Inserts the new questions (ids in batch order) and replaces the options of those whose options changed; returns each plan's id by index. */
export async function applyPlans(ctx: ServiceContext, agentId: string, plans: QuestionPlan[], now: Date): Promise<Map<number, string>> {
  const idByIndex = new Map<number, string>();
  const creates = plans.filter((plan) => plan.id === null);
  const ids = orderedIds(creates.length, now);
  creates.forEach((plan, i) => idByIndex.set(plan.index, ids[i]));
  if (creates.length) {
    await ctx.db.insert(postCallQuestions).values(
      creates.map((plan) => ({
        id: idByIndex.get(plan.index) as string,
        organizationId: ctx.organizationId,
        agentId,
        ...plan.values,
        createdAt: now,
        updatedAt: now,
      })),
    );
  }
  for (const plan of plans) {
    if (plan.id === null) continue;
    idByIndex.set(plan.index, plan.id);
    if (!plan.changed) continue;
    await ctx.db
      .update(postCallQuestions)
      .set({ ...plan.values, updatedAt: now })
      .where(eq(postCallQuestions.id, plan.id));
  }
  // Options are rewritten whole (kept ones with their id and created_at): no position shuffling against the unique index.
  const rewritten = plans.filter((plan) => plan.optionsChanged);
  const replaced = rewritten.filter((plan) => plan.id !== null).map((plan) => plan.id as string);
  if (replaced.length) await ctx.db.delete(postCallQuestionOptions).where(inArray(postCallQuestionOptions.questionId, replaced));
  const optionRows = rewritten.flatMap((plan) =>
    plan.options.map((option, position) => ({
      ...(option.id ? { id: option.id } : {}),
      questionId: idByIndex.get(plan.index) as string,
      value: option.value,
      position,
      createdAt: option.createdAt ?? now,
    })),
  );
  if (optionRows.length) await ctx.db.insert(postCallQuestionOptions).values(optionRows);
  return idByIndex;
}
