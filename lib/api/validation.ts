import type { z } from "zod";
import type { FieldProblem } from "@/lib/services/errors";

/** `["states", 1, "transitions", 0, "name"]` → `states[1].transitions[0].name`. */
export function formatPath(path: readonly PropertyKey[]): string {
  let out = "";
  for (const part of path) {
    if (typeof part === "number") out += `[${part}]`;
    else out += out ? `.${String(part)}` : String(part);
  }
  return out;
}

function issueMessage(issue: z.core.$ZodIssue): string {
  if (issue.code === "invalid_type" && /received undefined/.test(issue.message)) return "Required";
  return issue.message.replace(/^Invalid input: /, "");
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
