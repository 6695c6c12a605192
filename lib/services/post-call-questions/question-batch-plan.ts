import type { PostCallQuestionItem } from "@/lib/schemas/post-call-questions";
import { isChoice, OPTIONS_REFUSED, OPTIONS_REQUIRED, sameNameMessage, sameText, type ItemProblem, type QuestionType } from "@/lib/schemas/post-call-question-rules";
import type { OptionRow, QuestionRow } from "./question-response";

/** A question as it will be stored: options carry their kept id (and created_at) or none when new. */
export type QuestionPlan = {
  index: number;
  id: string | null;
  values: { name: string; description: string; type: QuestionType; optional: boolean; model: string | null; examples: string[] };
  options: { id?: string; value: string; createdAt?: Date }[];
  /** Whether the stored question changes (always true for a new one). */
  changed: boolean;
  optionsChanged: boolean;
};

export function planCreate(index: number, input: PostCallQuestionItem): QuestionPlan {
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
export function planUpdate(index: number, input: PostCallQuestionItem, stored: { row: QuestionRow; options: OptionRow[] }): QuestionPlan | ItemProblem[] {
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
export function nameClashes(stored: QuestionRow[], plans: QuestionPlan[]): Map<number, string> {
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
export function clashMessage(holder: string, name: string): string {
  if (holder.startsWith("batch:")) return sameNameMessage(name, Number(holder.slice(6)));
  return `Already used by the agent's question "${holder.slice(7)}" (names are unique per agent, ignoring case)`;
}
