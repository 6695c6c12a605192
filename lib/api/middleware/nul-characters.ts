import { createMiddleware } from "hono/factory";
import type { ApiEnv } from "../context";
import { ApiError } from "../errors";
import { formatPath } from "@/lib/utils/zod-issue-details";

/** Postgres stores no NUL in text or jsonb, and no client means one: refused wherever it comes in. */
export const NUL_MESSAGE = "Must not contain a NUL character (\\u0000)";
const KEY_MESSAGE = "Keys must not contain a NUL character (\\u0000)";

/**
 * Where the first NUL character of a parsed JSON value is: the path to the string that holds it, or
 * to the object whose key does (`key: true`), or null. Iterative, like the depth check.
 */
export function nulPath(value: unknown): { path: (string | number)[]; key: boolean } | null {
  const stack: { value: unknown; path: (string | number)[] }[] = [{ value, path: [] }];
  while (stack.length) {
    const { value: current, path } = stack.pop()!;
    if (typeof current === "string") {
      if (current.includes("\0")) return { path, key: false };
      continue;
    }
    if (current === null || typeof current !== "object") continue;
    const entries: [string | number, unknown][] = Array.isArray(current) ? current.map((item, index) => [index, item]) : Object.entries(current);
    // Pushed in reverse, so the first offending field in document order is the one named.
    for (const [key, child] of entries.reverse()) {
      if (typeof key === "string" && key.includes("\0")) return { path, key: true };
      if (typeof child === "string" || (child !== null && typeof child === "object")) stack.push({ value: child, path: [...path, key] });
    }
  }
  return null;
}

/** A 400 naming the field (by path) that holds a NUL character. */
export function nulError(found: { path: (string | number)[]; key: boolean }): ApiError {
  const field = formatPath(found.path) || "body";
  return new ApiError("generic_error", `Invalid ${field}: it contains a NUL character`, [{ field, message: found.key ? KEY_MESSAGE : NUL_MESSAGE }]);
}

/** A query parameter whose name or value holds a NUL character (`%00`) is a 400 naming the parameter. */
export const refuseNulInQuery = createMiddleware<ApiEnv>(async (c, next) => {
  const query = c.req.url.indexOf("?");
  if (query !== -1 && c.req.url.includes("%00", query)) {
    for (const [name, value] of new URL(c.req.url).searchParams) {
      if (name.includes("\0") || value.includes("\0")) {
        const field = name.replaceAll("\0", "") || "query";
        throw new ApiError("generic_error", `Invalid ${field}: it contains a NUL character`, [{ field, message: NUL_MESSAGE }]);
      }
    }
  }
  return next();
});
