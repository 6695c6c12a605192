import { createMiddleware } from "hono/factory";
import type { ApiEnv } from "../context";
import { ApiError } from "../errors";
import { formatPath } from "@/lib/utils/zod-issue-details";

/** Deeper than any document the API takes (an agent is about ten levels); deep nesting only exhausts stacks. */
export const MAX_JSON_DEPTH = 32;

const jsonType = /^application\/([\w.-]+\+)?json$/i;

/**
 * The path to the first container nested deeper than `maxDepth` (its first `maxDepth` steps), or null.
 * Iterative, so a body nested a million levels deep is measured without recursion.
 */
export function tooDeepPath(value: unknown, maxDepth = MAX_JSON_DEPTH): (string | number)[] | null {
  const stack: { value: unknown; path: (string | number)[] }[] = [{ value, path: [] }];
  while (stack.length) {
    const { value: current, path } = stack.pop()!;
    if (current === null || typeof current !== "object") continue;
    if (path.length >= maxDepth) return path;
    const entries: [string | number, unknown][] = Array.isArray(current) ? current.map((item, index) => [index, item]) : Object.entries(current);
    for (const [key, child] of entries) if (child !== null && typeof child === "object") stack.push({ value: child, path: [...path, key] });
  }
  return null;
}

/**
 * JSON bodies nested deeper than MAX_JSON_DEPTH are 400 before any handler walks them (merge patches,
 * validation and Postgres all recurse). Runs after the size limit, so only bounded bodies are parsed.
 */
export const jsonDepthLimit = createMiddleware<ApiEnv>(async (c, next) => {
  const mediaType = (c.req.header("content-type") ?? "").split(";")[0].trim();
  if (!jsonType.test(mediaType) || c.req.raw.body === null) return next();
  let body: unknown;
  try {
    const text = await c.req.text();
    if (!text.trim()) return next();
    body = JSON.parse(text);
  } catch {
    return next(); // malformed JSON: the route's validator answers 400
  }
  const path = tooDeepPath(body);
  if (path) {
    const field = typeof path[0] === "string" ? path[0] : "body";
    throw new ApiError("generic_error", `Invalid ${field}: nested more than ${MAX_JSON_DEPTH} levels deep`, [
      { field, message: `Nested more than ${MAX_JSON_DEPTH} levels deep (at ${formatPath(path.slice(0, 6))}…)` },
    ]);
  }
  return next();
});
