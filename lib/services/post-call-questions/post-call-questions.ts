import "server-only";
import { and, eq, sql } from "drizzle-orm";
import { postCallQuestions } from "@/lib/db/schema";
import { batchNameProblems, QUESTION_LIMITS, questionInputProblems, type ItemProblem } from "@/lib/schemas/post-call-question-rules";
import type { BatchItemError, PostCallQuestion, PostCallQuestionItem, UpsertResult } from "@/lib/schemas/post-call-questions";
import { withTransaction, type ServiceContext } from "../context";
import { change, fieldChanges } from "../audit/audit-changes";
import { recordAudit } from "../audit/record-audit";
import { ConflictError, NotFoundError, ValidationError, type FieldProblem } from "@/lib/utils/domain-errors";
import { clashMessage, nameClashes, planCreate, planUpdate, type QuestionPlan } from "./question-batch-plan";
import { toPostCallQuestion } from "./question-response";
import { applyPlans, findAgent, loadQuestions, questionsById } from "./question-store";

function fieldPath(path: readonly (string | number)[]): string {
  return path.reduce<string>((out, part) => (typeof part === "number" ? `${out}[${part}]` : out ? `${out}.${part}` : part), "");
}

function fail(problems: FieldProblem[]): never {
  const summary = problems.length === 1 ? `Invalid ${problems[0].field}: ${problems[0].message}` : `Invalid request: ${problems.length} problems`;
  throw new ValidationError(summary, problems);
}

export async function listPostCallQuestions(ctx: ServiceContext, agentId: string): Promise<PostCallQuestion[]> {
  await findAgent(ctx, agentId);
  return (await loadQuestions(ctx, agentId)).map((q) => toPostCallQuestion(q.row, q.options));
}

export async function getPostCallQuestion(ctx: ServiceContext, agentId: string, questionId: string): Promise<PostCallQuestion> {
  await findAgent(ctx, agentId);
  const [question] = await loadQuestions(ctx, agentId, [questionId]);
  if (!question) throw new NotFoundError("Post-call question");
  return toPostCallQuestion(question.row, question.options);
}

/**
 * POST: all or nothing. Problems of the items are 400 with every field at its path (`questions[i].…`);
 * a name another question of the agent already has is 409 naming `questions[i].name`.
 */
export async function createPostCallQuestions(
  ctx: ServiceContext,
  agentId: string,
  inputs: PostCallQuestionItem[],
  now = new Date(),
): Promise<PostCallQuestion[]> {
  const problems: FieldProblem[] = inputs.flatMap((input, i) =>
    questionInputProblems(input, "create").map((p) => ({ field: fieldPath(["questions", i, ...p.path]), message: p.message })),
  );
  for (const { index, problem } of batchNameProblems(inputs)) {
    problems.push({ field: fieldPath(["questions", index, ...problem.path]), message: problem.message });
  }
  if (inputs.length === 0 || inputs.length > QUESTION_LIMITS.batch) {
    problems.push({ field: "questions", message: `Must hold 1 to ${QUESTION_LIMITS.batch} questions` });
  }
  if (problems.length) fail(problems);

  return withTransaction(ctx, async (tx) => {
    await findAgent(tx, agentId, true);
    const stored = await tx.db
      .select()
      .from(postCallQuestions)
      .where(and(eq(postCallQuestions.agentId, agentId), eq(postCallQuestions.organizationId, ctx.organizationId)));
    const plans = inputs.map((input, i) => planCreate(i, input));
    const clashes = nameClashes(stored, plans);
    if (clashes.size) {
      const details = [...clashes].map(([index, holder]) => ({ field: `questions[${index}].name`, message: clashMessage(holder, String(plans[index].values.name)) }));
      const summary = details.length === 1 ? `Invalid ${details[0].field}: ${details[0].message}` : `${details.length} names are already used by questions of this agent`;
      throw new ConflictError(summary, details);
    }
    const ids = await applyPlans(tx, agentId, plans, now);
    const created = await questionsById(tx, agentId, plans.map((plan) => ids.get(plan.index) as string));
    for (const question of created) await auditQuestion(tx, "post_call_question.created", null, question);
    return created;
  });
}

/**
 * PATCH: items with the `id` of a question of this agent update it (omitted fields keep their values),
 * items without `id` create one. Valid items are applied together in one transaction; each invalid item is
 * reported in `errors` and changes nothing. `items` carry their index in the request, so a caller that
 * refused some items for their shape reports consistent indexes.
 */
export async function upsertPostCallQuestions(
  ctx: ServiceContext,
  agentId: string,
  items: { index: number; input: PostCallQuestionItem }[],
  now = new Date(),
): Promise<UpsertResult> {
  return withTransaction(ctx, async (tx) => {
    await findAgent(tx, agentId, true);
    const stored = await loadQuestions(tx, agentId);
    const storedById = new Map(stored.map((q) => [q.row.id, q]));
    const errors: BatchItemError[] = [];
    const report = (index: number, problems: ItemProblem[]) => {
      for (const p of problems) errors.push({ index, field: fieldPath(["questions", index, ...p.path]), message: p.message });
    };
    const firstWithId = new Map<string, number>();
    const plans: QuestionPlan[] = [];
    for (const { index, input } of items) {
      const problems = questionInputProblems(input, "upsert");
      if (input.id !== undefined) {
        const id = input.id.toLowerCase();
        const first = firstWithId.get(id);
        if (first !== undefined) problems.push({ path: ["id"], message: `Same id as questions[${first}]: a question can be changed once per request` });
        else firstWithId.set(id, index);
      }
      if (problems.length) {
        report(index, problems);
        continue;
      }
      if (input.id === undefined) {
        plans.push(planCreate(index, input));
        continue;
      }
      const question = storedById.get(input.id.toLowerCase());
      if (!question) {
        report(index, [{ path: ["id"], message: "No post-call question with this id on this agent" }]);
        continue;
      }
      const plan = planUpdate(index, input, question);
      if (Array.isArray(plan)) report(index, plan);
      else plans.push(plan);
    }
    const clashes = nameClashes(
      stored.map((q) => q.row),
      plans,
    );
    const nameOf = new Map(plans.map((plan) => [plan.index, String(plan.values.name)]));
    for (const [index, holder] of clashes) report(index, [{ path: ["name"], message: clashMessage(holder, nameOf.get(index) ?? "") }]);
    const accepted = plans.filter((plan) => !clashes.has(plan.index));
    const ids = await applyPlans(tx, agentId, accepted, now);
    const idsOf = (creating: boolean) => accepted.filter((plan) => (plan.id === null) === creating).map((plan) => ids.get(plan.index) as string);
    const created = await questionsById(tx, agentId, idsOf(true));
    const updated = await questionsById(tx, agentId, idsOf(false));
    for (const question of created) await auditQuestion(tx, "post_call_question.created", null, question);
    for (const question of updated) {
      const before = storedById.get(question.id);
      await auditQuestion(tx, "post_call_question.updated", before ? toPostCallQuestion(before.row, before.options) : null, question);
    }
    errors.sort((a, b) => a.index - b.index);
    return { created, updated, errors };
  });
}

/** Deleting a question leaves the answers already given: they keep a copy of it. */
export async function deletePostCallQuestion(ctx: ServiceContext, agentId: string, questionId: string): Promise<void> {
  await withTransaction(ctx, async (tx) => {
    await findAgent(tx, agentId);
    const [question] = await loadQuestions(tx, agentId, [questionId]);
    const deleted = await tx.db
      .delete(postCallQuestions)
      .where(
        and(eq(postCallQuestions.id, questionId), eq(postCallQuestions.agentId, agentId), eq(postCallQuestions.organizationId, ctx.organizationId)),
      )
      .returning({ id: postCallQuestions.id });
    if (deleted.length === 0 || !question) throw new NotFoundError("Post-call question");
    await auditQuestion(tx, "post_call_question.deleted", toPostCallQuestion(question.row, question.options), null);
  });
}

/** One question's audit entry: its fields as the API shows them, before and after. */
async function auditQuestion(ctx: ServiceContext, action: string, before: PostCallQuestion | null, after: PostCallQuestion | null): Promise<void> {
  const question = (after ?? before)!;
  await recordAudit(ctx, {
    action,
    resourceType: "post_call_question",
    resourceId: question.id,
    changes: { ...(before ? {} : change("agent_id", null, question.agent_id)), ...fieldChanges(before, after, { ignore: ["id", "agent_id", "created_at", "updated_at"] }) },
  });
}

/** Inactive questions are kept (with their ids) but not asked after calls. Idempotent: updated_at moves only on a change. */
export async function setPostCallQuestionActive(
  ctx: ServiceContext,
  agentId: string,
  questionId: string,
  active: boolean,
  now = new Date(),
): Promise<PostCallQuestion> {
  return withTransaction(ctx, async (tx) => {
    await findAgent(tx, agentId);
    const [before] = await tx.db
      .select({ isActive: postCallQuestions.isActive })
      .from(postCallQuestions)
      .where(and(eq(postCallQuestions.id, questionId), eq(postCallQuestions.agentId, agentId), eq(postCallQuestions.organizationId, ctx.organizationId)))
      .for("update");
    if (!before) throw new NotFoundError("Post-call question");
    await tx.db
      .update(postCallQuestions)
      .set({
        isActive: active,
        updatedAt: sql`case when ${postCallQuestions.isActive} = ${active} then ${postCallQuestions.updatedAt} else ${now.toISOString()}::timestamptz end`,
      })
      .where(eq(postCallQuestions.id, questionId));
    if (before.isActive !== active) {
      await recordAudit(tx, {
        action: active ? "post_call_question.activated" : "post_call_question.deactivated",
        resourceType: "post_call_question",
        resourceId: questionId,
        changes: change("is_active", before.isActive, active),
      });
    }
    return getPostCallQuestion(tx, agentId, questionId);
  });
}
