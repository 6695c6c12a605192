import { createMiddleware } from "hono/factory";
import { findActiveApiKey, touchApiKey } from "@/lib/auth/api-keys";
import type { ApiEnv } from "../context";
import { ApiError } from "../errors";
import { authenticateWebCallSession, webCallSessionPath } from "./web-call-session";

/** `X-Api-Key` → the key's organization, which scopes everything after this. */
export const authenticate = createMiddleware<ApiEnv>(async (c, next) => {
  const webCallId = webCallSessionPath(c.req.path);
  if (typeof webCallId === "object" && webCallId) throw new ApiError("not_found", "Call not found");
  if (webCallId) {
    await authenticateWebCallSession(c, webCallId);
    return next();
  }
  const key = c.req.header("x-api-key")?.trim();
  if (!key) {
    throw new ApiError("authentication_error", "Missing API key: send it in the X-Api-Key header", [
      { field: "X-Api-Key", message: "Required" },
    ]);
  }
  const deps = c.get("deps");
  const found = await findActiveApiKey(deps.db, key);
  if (!found) {
    throw new ApiError("authentication_error", "Invalid API key: it is malformed, unknown or revoked", [
      { field: "X-Api-Key", message: "Invalid" },
    ]);
  }
  await touchApiKey(deps.db, found, deps.now?.() ?? new Date());
  c.set("organizationId", found.organizationId);
  c.set("apiKeyId", found.id);
  c.set("apiKey", found);
  const studioUserId = found.kind === "console" ? c.env?.studioUserId : undefined;
  c.set("studioUserId", studioUserId);
  c.set("keyCreatorId", found.createdByUserId);
  // The studio's console key acts for the signed-in user; any other key acts as itself.
  c.set(
    "actor",
    studioUserId
      ? { type: "user", id: studioUserId, label: c.env?.studioUserEmail ?? studioUserId }
      : { type: "api_key", id: found.id, label: found.prefix },
  );
  await next();
});
