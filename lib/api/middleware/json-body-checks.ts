import { createMiddleware } from "hono/factory";
import type { ApiEnv } from "../context";
import { ApiError } from "../errors";
import { formatPath } from "@/lib/utils/zod-issue-details";
import { MAX_JSON_DEPTH, tooDeepPath } from "./json-depth";
import { nulError, nulPath } from "./nul-characters";

const jsonType = /^application\/([\w.-]+\+)?json$/i;

/**
 * What every JSON body must be before any handler walks it, whatever its route: nested at most
 * MAX_JSON_DEPTH levels (merge patches, validation and Postgres all recurse) and free of NUL
 * characters in strings and keys (Postgres cannot store them: a 500 otherwise). Runs after the size
 * limit, so only bounded bodies are parsed; malformed JSON is left to the route's validator (400).
 */
export const jsonBodyChecks = createMiddleware<ApiEnv>(async (c, next) => {
  const mediaType = (c.req.header("content-type") ?? "").split(";")[0].trim();
  if (!jsonType.test(mediaType) || c.req.raw.body === null) return next();
  let body: unknown;
  try {
    const text = await c.req.text();
    if (!text.trim()) return next();
    body = JSON.parse(text);
  } catch {
    return next();
  }
  const deep = tooDeepPath(body);
  if (deep) {
    const field = typeof deep[0] === "string" ? deep[0] : "body";
    throw new ApiError("generic_error", `Invalid ${field}: nested more than ${MAX_JSON_DEPTH} levels deep`, [
      { field, message: `Nested more than ${MAX_JSON_DEPTH} levels deep (at ${formatPath(deep.slice(0, 6))}…)` },
    ]);
  }
  const nul = nulPath(body);
  if (nul) throw nulError(nul);
  return next();
});
