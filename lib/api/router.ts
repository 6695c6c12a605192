import { OpenAPIHono } from "@hono/zod-openapi";
import { ValidationError } from "@/lib/services/errors";
import type { ApiEnv } from "./context";
import { ApiError } from "./errors";
import { zodIssuesToDetails } from "./validation";

/**
 * Every router shares one validation hook: a bad path id is 404 (ids are opaque to callers),
 * anything else invalid is 400 naming each field.
 */
export function createRouter() {
  return new OpenAPIHono<ApiEnv>({
    defaultHook: (result) => {
      if (result.success) return;
      if (result.target === "param") throw new ApiError("not_found", "Not found: the id in the path is not a valid UUID");
      const details = zodIssuesToDetails(result.error.issues, result.target === "query" ? "query" : "body");
      const first = details[0];
      const summary = details.length === 1 ? `Invalid ${first.field}: ${first.message}` : `Invalid request: ${details.length} problems`;
      throw new ValidationError(summary, details);
    },
  });
}
