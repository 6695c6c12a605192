import type { z } from "zod";
import type { FieldProblem } from "@/lib/utils/domain-errors";

/** `["states", 1, "transitions", 0, "name"]` → `states[1].transitions[0].name`. */
export function formatPath(path: readonly PropertyKey[]): string {
  let out = "";
  for (const part of path) {
    if (typeof part === "number") out += `[${part}]`;
    else out += out ? `.${String(part)}` : String(part);
  }
  return out;
}

const TYPE_WORDS: Record<string, string> = {
  string: "text",
  number: "a number",
  int: "a whole number",
  boolean: "true or false",
  object: "an object",
  array: "a list",
  date: "a date",
  null: "null",
};

/** "a", "a or b", "a, b or c". */
export function listWords(values: readonly unknown[]): string {
  const words = values.map((value) => (typeof value === "string" ? value : JSON.stringify(value)));
  return words.length < 2 ? (words[0] ?? "") : `${words.slice(0, -1).join(", ")} or ${words.at(-1)}`;
}

const count = (n: number, unit: string) => `${n.toLocaleString("en-US")} ${unit}${n === 1 ? "" : "s"}`;

/** zod's own messages ("Too big: expected number to be <=2") said in words; the schemas' own messages are kept. */
function defaultMessageInWords(issue: z.core.$ZodIssue): string | null {
  switch (issue.code) {
    case "invalid_type":
      if (/received undefined/.test(issue.message)) return "Required";
      return /^Invalid input: expected/.test(issue.message) ? `Must be ${TYPE_WORDS[issue.expected] ?? issue.expected}` : null;
    case "too_big":
    case "too_small": {
      if (!/^Too (big|small):/.test(issue.message)) return null;
      const big = issue.code === "too_big";
      const limit = Number(big ? issue.maximum : issue.minimum);
      const inclusive = issue.inclusive !== false;
      if (issue.origin === "string") return big ? `Must be at most ${count(limit, "character")}` : limit <= 1 ? "Must not be empty" : `Must be at least ${count(limit, "character")}`;
      if (issue.origin === "array" || issue.origin === "set") return big ? `Must have at most ${count(limit, "item")}` : `Must have at least ${count(limit, "item")}`;
      if (big) return inclusive ? `Must be at most ${limit}` : `Must be less than ${limit}`;
      return inclusive ? `Must be at least ${limit}` : `Must be more than ${limit}`;
    }
    case "invalid_value":
      if (!/^Invalid (option|input): expected/.test(issue.message)) return null;
      return issue.values.length === 1 ? `Must be ${listWords(issue.values)}` : `Must be one of ${listWords(issue.values)}`;
    case "invalid_format":
      if (issue.format === "regex") return /^Invalid string: must match/.test(issue.message) ? "Has the wrong format" : null;
      return /^Invalid /.test(issue.message) ? `Must be a valid ${issue.format === "url" ? "URL" : issue.format === "uuid" ? "UUID" : issue.format}` : null;
    case "not_multiple_of":
      return /^Invalid number/.test(issue.message) ? `Must be a multiple of ${issue.divisor}` : null;
    default:
      return null;
  }
}

function issueMessage(issue: z.core.$ZodIssue): string {
  return defaultMessageInWords(issue) ?? issue.message.replace(/^Invalid input: /, "");
}

export function zodIssuesToDetails(issues: readonly z.core.$ZodIssue[], rootField = "body"): FieldProblem[] {
  const details: FieldProblem[] = [];
  for (const issue of issues) {
    if (issue.code === "unrecognized_keys") {
      for (const key of issue.keys) {
        details.push({ field: formatPath([...issue.path, key]), message: `Unknown field "${key}"` });
      }
      continue;
    }
    details.push({ field: formatPath(issue.path) || rootField, message: issueMessage(issue) });
  }
  return details;
}
