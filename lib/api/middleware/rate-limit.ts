import { createMiddleware } from "hono/factory";
import type { ApiEnv } from "../context";
import { ApiError } from "../errors";

/**
 * Per-key limit with the IETF draft's structured `RateLimit-Policy`/`RateLimit` headers and the
 * common `X-RateLimit-*` ones (`X-RateLimit-Reset` is a Unix time in seconds, as GitHub's is).
 * The studio's requests (its console key, in-process, for a signed-in user) count per user, so
 * that one member cannot spend the whole organization's allowance.
 */
export const rateLimit = createMiddleware<ApiEnv>(async (c, next) => {
  const deps = c.get("deps");
  const now = deps.now?.() ?? new Date();
  const limit = deps.settings.rateLimitPerMinute;
  const user = c.get("studioUserId");
  const bucket = user ? `api_key:${c.get("apiKeyId")}:user:${user}` : `api_key:${c.get("apiKeyId")}`;
  const policy = user ? "per-user" : "per-key";
  const decision = await deps.rateLimiter!.consume(bucket, limit, now);
  const secondsToReset = Math.max(1, Math.ceil((decision.resetAt.getTime() - now.getTime()) / 1000));
  const headers: Record<string, string> = {
    "RateLimit-Policy": `"${policy}";q=${limit};w=60`,
    RateLimit: `"${policy}";r=${decision.remaining};t=${secondsToReset}`,
    "X-RateLimit-Limit": String(limit),
    "X-RateLimit-Remaining": String(decision.remaining),
    "X-RateLimit-Reset": String(Math.ceil(decision.resetAt.getTime() / 1000)),
  };
  if (!decision.allowed) {
    throw new ApiError(
      "rate_limit_exceeded",
      `Rate limit of ${limit} requests a minute exceeded; retry in ${secondsToReset} s`,
      [],
      { ...headers, "Retry-After": String(secondsToReset) },
    );
  }
  for (const [name, value] of Object.entries(headers)) c.header(name, value);
  await next();
});
