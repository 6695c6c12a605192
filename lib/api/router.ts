import { OpenAPIHono } from "@hono/zod-openapi";
import type { z } from "zod";
import { ValidationError, type FieldProblem } from "@/lib/utils/domain-errors";
import type { ApiEnv } from "./context";
import { ApiError } from "./errors";
import { zodIssuesToDetails } from "@/lib/utils/zod-issue-details";

/**
 * Every router shares one validation hook: a bad path id is 404 (ids are opaque to callers),
 * anything else invalid is 400 naming each field.
 */
export function createRouter() {
  return new OpenAPIHono<ApiEnv>({ defaultHook: (result) => refuseInvalid(result) });
}

type HookResult = { success: true } | { success: false; target: string; error: { issues: readonly z.core.$ZodIssue[] } };

/**
 * The shared validation hook, exported for routes that add problems of their own (`extra`, from the
 * raw input) so that one answer names every problem; a problem the schema already names is not repeated.
 */
export function refuseInvalid(result: HookResult, extra: (target: string) => FieldProblem[] = () => []): void {
  if (result.success) return;
  if (result.target === "param") throw new ApiError("not_found", "Not found: the id in the path is not a valid UUID");
  const details = zodIssuesToDetails(result.error.issues, result.target === "query" ? "query" : "body");
  const named = new Set(details.map((detail) => detail.field));
  for (const problem of extra(result.target)) if (!named.has(problem.field)) details.push(problem);
  const first = details[0];
  const summary = details.length === 1 ? `Invalid ${first.field}: ${first.message}` : `Invalid request: ${details.length} problems`;
  throw new ValidationError(summary, details);
}
