import type { Context } from "hono";
import { loadRuntimeCall, type RuntimeCall } from "@/lib/services/calls/runtime-calls";
import { sessionTokenMatches } from "@/lib/services/calls/web-calls";
import type { ApiEnv } from "../context";
import { ApiError } from "../errors";
import { isUuid } from "@/lib/schemas/ids";

// The call as loaded to check the token, so the handler need not read it again.
const loadedCalls = new WeakMap<Request, RuntimeCall>();

/** The call the session token was checked against, for this request. */
export const sessionCall = (request: Request): RuntimeCall | undefined => loadedCalls.get(request);

const SESSION_PATH = /^\/v1\/calls\/web\/([^/]+)\/(events|turns|hangup)$/;

/**
 * The call id when the path is one of a web call's session endpoints (authenticated by session
 * token, not API key); `invalid` when the id there is not a UUID (answered 404 before any look-up).
 */
export function webCallSessionPath(path: string): string | { invalid: true } | null {
  const id = SESSION_PATH.exec(path)?.[1];
  if (id === undefined) return null;
  return isUuid(id) ? id.toLowerCase() : { invalid: true };
}

/**
 * The browser's credential on its own call: `Authorization: Bearer wcs_…` or `?session_token=` (an
 * EventSource cannot send headers). It scopes the request to that call's organization; the rate
 * limit counts per call.
 */
export async function authenticateWebCallSession(c: Context<ApiEnv>, callId: string): Promise<void> {
  const header = c.req.header("authorization");
  const token = header?.toLowerCase().startsWith("bearer ") ? header.slice(7).trim() : c.req.query("session_token");
  if (!token) {
    throw new ApiError("authentication_error", "Missing session token: send Authorization: Bearer <session_token> (or ?session_token=)", [
      { field: "session_token", message: "Required" },
    ]);
  }
  const deps = c.get("deps");
  const call = await loadRuntimeCall(deps.db, callId);
  if (!call || !sessionTokenMatches(call.state, token, deps.now?.() ?? new Date())) {
    throw new ApiError("authentication_error", "Invalid session token: it is unknown, for another call, or expired", [
      { field: "session_token", message: "Invalid" },
    ]);
  }
  loadedCalls.set(c.req.raw, call);
  c.set("organizationId", call.organizationId);
  c.set("apiKeyId", `web_call:${callId}`);
  c.set("apiKey", null);
}
