import { createMiddleware } from "hono/factory";
import type { ApiEnv } from "../context";
import { ApiError } from "../errors";

/** Seconds a client should wait before it starts the call again (on another instance, behind a load balancer). */
export const DRAINING_RETRY_AFTER_SECONDS = 5;

const STARTS_A_CALL = new Set(["/v1/calls/web", "/v1/calls/phone"]);

/** While the instance shuts down, starting a call is 503 with Retry-After: a call must live where its media will. */
export const refuseNewCallsWhileDraining = createMiddleware<ApiEnv>(async (c, next) => {
  if (c.req.method === "POST" && STARTS_A_CALL.has(c.req.path) && c.get("deps").isDraining?.()) {
    throw new ApiError("service_unavailable", "This instance is shutting down and starts no new calls: retry shortly", [], {
      "Retry-After": String(DRAINING_RETRY_AFTER_SECONDS),
    });
  }
  await next();
});
