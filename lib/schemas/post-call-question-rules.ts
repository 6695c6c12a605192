// The rules of a post-call question that need nothing stored: the API schema runs them beside zod's
// checks, and the service runs them again for callers that skip the HTTP layer.

export const questionTypes = ["text", "boolean", "number", "single_choice", "multi_choice"] as const;
export type QuestionType = (typeof questionTypes)[number];

/** Limits of a question, shared by the API schema and the service. */
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
export const isChoice = (type: QuestionType) => choiceTypes.includes(type);

/** A problem at a path relative to one item (zod's path form, so the API schema can report it too). */
export type ItemProblem = { path: (string | number)[]; message: string };

/** Names and option values are compared ignoring case, Unicode form and surrounding spaces. */
export const sameText = (value: string) => value.trim().normalize("NFKC").toLowerCase();

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === "object" && value !== null && !Array.isArray(value);

export const OPTIONS_REQUIRED = "Required: single_choice and multi_choice questions need at least one option";
export const OPTIONS_REFUSED = "Only single_choice and multi_choice questions have options";

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
export const sameNameMessage = (name: string, first: number) =>
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
