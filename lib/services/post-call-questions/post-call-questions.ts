import "server-only";
import { randomBytes } from "node:crypto";
import { and, asc, eq, inArray, sql } from "drizzle-orm";
import { agents, postCallQuestionOptions, postCallQuestions, questionTypes, type QuestionType } from "@/lib/db/schema";
import { withTransaction, type ServiceContext } from "../context";
import { ConflictError, NotFoundError, ValidationError, type FieldProblem } from "../errors";

/** Limits of a question, shared with the API schema. */
export const QUESTION_LIMITS = {
  batch: 50,
  name: 200,
  description: 2000,
  model: 200,
  examples: 20,
  example: 500,
  options: 100,
  optionValue: 500,
} as const;

export const choiceTypes: readonly QuestionType[] = ["single_choice", "multi_choice"];
const isChoice = (type: QuestionType) => choiceTypes.includes(type);

export type QuestionOptionInput = { value: string; option_id?: string };

/** One batch item as the API accepts it (trimmed). Without `id` it creates; with one (PATCH only) it updates. */
export type PostCallQuestionInput = {
  id?: string;
  name?: string;
  description?: string;
  type?: QuestionType;
  optional?: boolean;
  model?: string | null;
  examples?: string[];
  options?: QuestionOptionInput[];
};

export type PostCallQuestionOption = { id: string; value: string; created_at: string };

export type PostCallQuestionResponse = {
  id: string;
  agent_id: string;
  name: string;
  description: string;
  type: QuestionType;
  optional: boolean;
  model: string | null;
  examples: string[];
  options: PostCallQuestionOption[];
  is_active: boolean;
  question_origin: string;
  created_at: string;
  updated_at: string;
};

/** A problem of one PATCH item; `field` is the full path in the body, e.g. `questions[3].options[0].option_id`. */
export type BatchItemError = { index: number; field: string; message: string };

export type UpsertResult = { created: PostCallQuestionResponse[]; updated: PostCallQuestionResponse[]; errors: BatchItemError[] };

/** A problem at a path relative to one item (zod's path form, so the API schema can report it too). */
export type ItemProblem = { path: (string | number)[]; message: string };

type QuestionRow = typeof postCallQuestions.$inferSelect;
type OptionRow = typeof postCallQuestionOptions.$inferSelect;

/** Names and option values are compared ignoring case, Unicode form and surrounding spaces. */
export const sameText = (value: string) => value.trim().normalize("NFKC").toLowerCase();

function fieldPath(path: readonly (string | number)[]): string {
  return path.reduce<string>((out, part) => (typeof part === "number" ? `${out}[${part}]` : out ? `${out}.${part}` : part), "");
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === "object" && value !== null && !Array.isArray(value);

const OPTIONS_REQUIRED = "Required: single_choice and multi_choice questions need at least one option";
const OPTIONS_REFUSED = "Only single_choice and multi_choice questions have options";

/**
 * Rules of one item that need nothing stored. `create` is POST (ids refused); `upsert` is PATCH, where an
 * item with `id` updates and may omit fields. Tolerates malformed input: the API runs it beside zod's checks
 * so that every problem of a request is reported at once.
 */
export function questionInputProblems(input: unknown, mode: "create" | "upsert"): ItemProblem[] {
  if (!isRecord(input)) return [];
  const problems: ItemProblem[] = [];
  const updating = mode === "upsert" && input.id !== undefined;
  if (mode === "create" && input.id !== undefined) {
    problems.push({ path: ["id"], message: "Not accepted when creating: ids are assigned by the server (update questions with PATCH)" });
  }
  if (!updating) {
    if (input.name === undefined) problems.push({ path: ["name"], message: "Required" });
    if (input.type === undefined) problems.push({ path: ["type"], message: "Required" });
  }
  const options = Array.isArray(input.options) ? input.options : undefined;
  const type = questionTypes.find((known) => known === input.type);
  if (type && isChoice(type)) {
    if (input.options === undefined ? !updating : options?.length === 0) problems.push({ path: ["options"], message: OPTIONS_REQUIRED });
  } else if (type && options?.length) {
    problems.push({ path: ["options"], message: OPTIONS_REFUSED });
  }
  const values = new Map<string, number>();
  const optionIds = new Map<string, number>();
  options?.forEach((option, j) => {
    if (!isRecord(option)) return;
    if (typeof option.value === "string" && option.value.trim()) {
      const key = sameText(option.value);
      const first = values.get(key);
      if (first === undefined) values.set(key, j);
      else problems.push({ path: ["options", j, "value"], message: `Same value as options[${first}] (values are unique, ignoring case)` });
    }
    if (typeof option.option_id === "string") {
      if (!updating) {
        problems.push({ path: ["options", j, "option_id"], message: "Not accepted when creating a question: new options get new ids" });
        return;
      }
      const key = option.option_id.toLowerCase();
      const first = optionIds.get(key);
      if (first === undefined) optionIds.set(key, j);
      else problems.push({ path: ["options", j, "option_id"], message: `Same option_id as options[${first}]` });
    }
  });
  return problems;
}

/** Names repeated within one create batch; each repeat is reported at its own index. */
const sameNameMessage = (name: string, first: number) =>
  `Same name as question ${first + 1} of this request (questions[${first}]): "${name.trim()}" can name only one question of an agent, ignoring case`;

export function batchNameProblems(items: readonly unknown[]): { index: number; problem: ItemProblem }[] {
  const seen = new Map<string, number>();
  const out: { index: number; problem: ItemProblem }[] = [];
  items.forEach((item, index) => {
    if (!isRecord(item) || typeof item.name !== "string" || !item.name.trim()) return;
    const key = sameText(item.name);
    const first = seen.get(key);
    if (first === undefined) seen.set(key, index);
    else out.push({ index, problem: { path: ["name"], message: sameNameMessage(item.name, first) } });
  });
  return out;
}

function fail(problems: FieldProblem[]): never {
  const summary = problems.length === 1 ? `Invalid ${problems[0].field}: ${problems[0].message}` : `Invalid request: ${problems.length} problems`;
  throw new ValidationError(summary, problems);
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

function toResponse(row: QuestionRow, options: OptionRow[]): PostCallQuestionResponse {
  return {
    id: row.id,
    agent_id: row.agentId,
    name: row.name,
    description: row.description,
    type: row.type,
    optional: row.optional,
    model: row.model,
    examples: row.examples,
    options: options.map((option) => ({ id: option.id, value: option.value, created_at: option.createdAt.toISOString() })),
    is_active: row.isActive,
    question_origin: row.questionOrigin,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

/** The agent, or 404 for a missing one and another organization's alike. `lock` serializes writers per agent. */
async function findAgent(ctx: ServiceContext, agentId: string, lock = false): Promise<void> {
  const query = ctx.db
    .select({ id: agents.id })
    .from(agents)
    .where(and(eq(agents.id, agentId), eq(agents.organizationId, ctx.organizationId)));
  const [agent] = lock ? await query.for("update") : await query;
  if (!agent) throw new NotFoundError("Agent");
}

/** Questions of the agent (all, or those with the given ids), oldest first, with their options in order. */
async function loadQuestions(ctx: ServiceContext, agentId: string, ids?: string[]): Promise<{ row: QuestionRow; options: OptionRow[] }[]> {
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

export async function listPostCallQuestions(ctx: ServiceContext, agentId: string): Promise<PostCallQuestionResponse[]> {
  await findAgent(ctx, agentId);
  return (await loadQuestions(ctx, agentId)).map((q) => toResponse(q.row, q.options));
}

export async function getPostCallQuestion(ctx: ServiceContext, agentId: string, questionId: string): Promise<PostCallQuestionResponse> {
  await findAgent(ctx, agentId);
  const [question] = await loadQuestions(ctx, agentId, [questionId]);
  if (!question) throw new NotFoundError("Post-call question");
  return toResponse(question.row, question.options);
}

/** A question as it will be stored: options carry their kept id (and created_at) or none when new. */
type QuestionPlan = {
  index: number;
  id: string | null;
  values: { name: string; description: string; type: QuestionType; optional: boolean; model: string | null; examples: string[] };
  options: { id?: string; value: string; createdAt?: Date }[];
  /** Whether the stored question changes (always true for a new one). */
  changed: boolean;
  optionsChanged: boolean;
};

function planCreate(index: number, input: PostCallQuestionInput): QuestionPlan {
  const type = input.type as QuestionType;
  return {
    index,
    id: null,
    values: {
      name: input.name as string,
      description: input.description ?? "",
      type,
      optional: input.optional ?? false,
      model: input.model ?? null,
      examples: input.examples ?? [],
    },
    options: isChoice(type) ? (input.options ?? []).map((option) => ({ value: option.value })) : [],
    changed: true,
    optionsChanged: true,
  };
}

/**
 * Omitted fields keep their values; `options`, when sent, is the whole new list: each entry keeps the id of
 * the stored option named by `option_id`, else of a not yet matched stored option with the same value;
 * stored options left unmatched are removed. Changing to a type without options removes them.
 */
function planUpdate(index: number, input: PostCallQuestionInput, stored: { row: QuestionRow; options: OptionRow[] }): QuestionPlan | ItemProblem[] {
  const { row } = stored;
  const type = input.type ?? row.type;
  const problems: ItemProblem[] = [];
  let options: QuestionPlan["options"] = [];
  if (!isChoice(type)) {
    if (input.options?.length) problems.push({ path: ["options"], message: `${OPTIONS_REFUSED} (this one is ${type})` });
  } else if (input.options === undefined) {
    options = stored.options.map((option) => ({ id: option.id, value: option.value, createdAt: option.createdAt }));
    if (options.length === 0) problems.push({ path: ["options"], message: OPTIONS_REQUIRED });
  } else if (input.options.length === 0) {
    problems.push({ path: ["options"], message: OPTIONS_REQUIRED });
  } else {
    const unmatched = new Map(stored.options.map((option) => [option.id, option]));
    const matched: (OptionRow | undefined)[] = input.options.map((option, j) => {
      if (option.option_id === undefined) return undefined;
      const found = unmatched.get(option.option_id.toLowerCase());
      if (!found) problems.push({ path: ["options", j, "option_id"], message: "Not an option of this question" });
      else unmatched.delete(found.id);
      return found;
    });
    input.options.forEach((option, j) => {
      if (option.option_id !== undefined) return;
      const found = [...unmatched.values()].find((candidate) => sameText(candidate.value) === sameText(option.value));
      if (found) {
        unmatched.delete(found.id);
        matched[j] = found;
      }
    });
    options = input.options.map((option, j) => ({ id: matched[j]?.id, value: option.value, createdAt: matched[j]?.createdAt }));
  }
  if (problems.length) return problems;

  const values = {
    name: input.name ?? row.name,
    description: input.description ?? row.description,
    type,
    optional: input.optional ?? row.optional,
    model: input.model === undefined ? row.model : input.model,
    examples: input.examples ?? row.examples,
  };
  const optionsChanged =
    options.length !== stored.options.length || options.some((option, j) => option.id !== stored.options[j].id || option.value !== stored.options[j].value);
  const changed =
    optionsChanged ||
    values.name !== row.name ||
    values.description !== row.description ||
    values.type !== row.type ||
    values.optional !== row.optional ||
    values.model !== row.model ||
    JSON.stringify(values.examples) !== JSON.stringify(row.examples);
  return { index, id: row.id, values, options, changed, optionsChanged };
}

/**
 * Names stay unique per agent. Stored questions the batch does not rename keep theirs; the batch's names are
 * then taken in index order, and an item whose name is taken is refused. Refusing an item keeps its stored
 * name, which may take a name another item wanted, so this repeats until nothing more is refused.
 */
function nameClashes(stored: QuestionRow[], plans: QuestionPlan[]): Map<number, string> {
  const refused = new Map<number, string>();
  for (;;) {
    const accepted = plans.filter((plan) => !refused.has(plan.index));
    const renaming = new Map(accepted.filter((plan) => plan.id).map((plan) => [plan.id as string, plan]));
    const holders = new Map<string, string>();
    for (const row of stored) {
      const plan = renaming.get(row.id);
      if (!plan || sameText(plan.values.name) === sameText(row.name)) holders.set(sameText(row.name), `stored:${row.name}`);
    }
    let added = false;
    for (const plan of accepted) {
      const stays = plan.id !== null && sameText(plan.values.name) === sameText(stored.find((row) => row.id === plan.id)?.name ?? "");
      if (stays) continue;
      const key = sameText(plan.values.name);
      const holder = holders.get(key);
      if (holder) {
        refused.set(plan.index, holder);
        added = true;
      } else {
        holders.set(key, `batch:${plan.index}`);
      }
    }
    if (!added) return refused;
  }
}

/** Says who holds the name: another item of this request, or a question the agent already has (by its name). */
function clashMessage(holder: string, name: string): string {
  if (holder.startsWith("batch:")) return sameNameMessage(name, Number(holder.slice(6)));
  return `Already used by the agent's question "${holder.slice(7)}" (names are unique per agent, ignoring case)`;
}

/** Inserts the new questions (ids in batch order) and replaces the options of those whose options changed. */
async function apply(ctx: ServiceContext, agentId: string, plans: QuestionPlan[], now: Date): Promise<Map<number, string>> {
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

async function responsesFor(ctx: ServiceContext, agentId: string, ids: string[]): Promise<PostCallQuestionResponse[]> {
  const byId = new Map((await loadQuestions(ctx, agentId, ids)).map((q) => [q.row.id, toResponse(q.row, q.options)]));
  return ids.map((id) => byId.get(id) as PostCallQuestionResponse);
}

/**
 * POST: all or nothing. Problems of the items are 400 with every field at its path (`questions[i].…`);
 * a name another question of the agent already has is 409 naming `questions[i].name`.
 */
export async function createPostCallQuestions(
  ctx: ServiceContext,
  agentId: string,
  inputs: PostCallQuestionInput[],
  now = new Date(),
): Promise<PostCallQuestionResponse[]> {
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
    const ids = await apply(tx, agentId, plans, now);
    return responsesFor(tx, agentId, plans.map((plan) => ids.get(plan.index) as string));
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
  items: { index: number; input: PostCallQuestionInput }[],
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
    const ids = await apply(tx, agentId, accepted, now);
    const idsOf = (creating: boolean) => accepted.filter((plan) => (plan.id === null) === creating).map((plan) => ids.get(plan.index) as string);
    const created = await responsesFor(tx, agentId, idsOf(true));
    const updated = await responsesFor(tx, agentId, idsOf(false));
    errors.sort((a, b) => a.index - b.index);
    return { created, updated, errors };
  });
}

/** Deleting a question leaves the answers already given: they keep a copy of it. */
export async function deletePostCallQuestion(ctx: ServiceContext, agentId: string, questionId: string): Promise<void> {
  await findAgent(ctx, agentId);
  const deleted = await ctx.db
    .delete(postCallQuestions)
    .where(
      and(eq(postCallQuestions.id, questionId), eq(postCallQuestions.agentId, agentId), eq(postCallQuestions.organizationId, ctx.organizationId)),
    )
    .returning({ id: postCallQuestions.id });
  if (deleted.length === 0) throw new NotFoundError("Post-call question");
}

/** Inactive questions are kept (with their ids) but not asked after calls. Idempotent: updated_at moves only on a change. */
export async function setPostCallQuestionActive(
  ctx: ServiceContext,
  agentId: string,
  questionId: string,
  active: boolean,
  now = new Date(),
): Promise<PostCallQuestionResponse> {
  await findAgent(ctx, agentId);
  const updated = await ctx.db
    .update(postCallQuestions)
    .set({
      isActive: active,
      updatedAt: sql`case when ${postCallQuestions.isActive} = ${active} then ${postCallQuestions.updatedAt} else ${now.toISOString()}::timestamptz end`,
    })
    .where(
      and(eq(postCallQuestions.id, questionId), eq(postCallQuestions.agentId, agentId), eq(postCallQuestions.organizationId, ctx.organizationId)),
    )
    .returning({ id: postCallQuestions.id });
  if (updated.length === 0) throw new NotFoundError("Post-call question");
  return getPostCallQuestion(ctx, agentId, questionId);
}
