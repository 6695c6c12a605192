import { createMiddleware } from "hono/factory";
import type { ApiEnv } from "../context";
import { ApiError } from "../errors";

/** Seconds a client should wait before it starts the call again (on another instance, behind a load balancer). */
export const DRAINING_RETRY_AFTER_SECONDS = 5;

const STARTS_A_CALL = new Set(["/v1/calls/web", "/v1/calls/phone"]);

/**
 * While the instance shuts down, starting a call is 503 with Retry-After: a call must live where its
 * media will. Past its capacity (lib/load: its event loop or media tick late, or LOAD_MAX_LIVE_CALLS)
 * a process refuses new web calls the same way, so that the calls it has stay smooth; a phone call is
 * still accepted and its dial waits for capacity.
 */
export const refuseNewCallsWhileDraining = createMiddleware<ApiEnv>(async (c, next) => {
  if (c.req.method === "POST" && STARTS_A_CALL.has(c.req.path)) {
    const deps = c.get("deps");
    if (deps.isDraining?.()) {
      throw new ApiError("service_unavailable", "This instance is shutting down and starts no new calls: retry shortly", [], {
        "Retry-After": String(DRAINING_RETRY_AFTER_SECONDS),
      });
    }
    const admission = c.req.path === "/v1/calls/web" ? deps.admission?.() : undefined;
    if (admission && !admission.accepting) {
      throw new ApiError("service_unavailable", `This server is at capacity and starts no new calls (${admission.reason}): retry after ${admission.retryAfterSeconds} s`, [], {
        "Retry-After": String(admission.retryAfterSeconds),
      });
    }
  }
  await next();
});
