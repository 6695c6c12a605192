import "server-only";
import { permissions, type Permission } from "@/lib/auth/roles";
import { isVoiceApiError } from "@/lib/voice-api/errors";
import { toApiError } from "@/lib/api/middleware/handle-error";
import { consoleErrorResponse, forbidden, unauthenticated } from "@/lib/console/console-errors";
import type { ConsoleContext, ConsoleContextResult } from "./console-context";

export type ConsoleHandler<Params> = (request: Request, context: ConsoleContext, params: Params) => Promise<Response> | Response;

/** What a request needs: a fixed permission, or one decided from the request (the BFF proxy's rule). */
export type PermissionRule<Params> = Permission | ((request: Request, params: Params) => Permission);

const MUTATING = new Set(["POST", "PUT", "PATCH", "DELETE"]);

/**
 * The checks every console route handler makes, in order: signed in (401), in an organization (403),
 * a same-origin request when it changes something (403), the role (403); then the handler, whose
 * VoiceApiError or domain error becomes the API's envelope with its status.
 */
export async function handleConsoleRequest<Params>(
  request: Request,
  result: ConsoleContextResult,
  params: Params,
  rule: PermissionRule<Params>,
  handler: ConsoleHandler<Params>,
): Promise<Response> {
  if (!result.ok) {
    if (result.reason === "unauthenticated") return unauthenticated();
    return consoleErrorResponse(403, "permission_error", "You are not a member of any organization: ask for an invitation or create one");
  }
  const { context } = result;
  if (MUTATING.has(request.method.toUpperCase()) && !isSameOrigin(request)) {
    return consoleErrorResponse(403, "permission_error", "Cross-site request refused");
  }
  const permission = typeof rule === "function" ? rule(request, params) : rule;
  if (!context.can(permission)) return forbidden(context.role, permissions[permission]);
  try {
    return await handler(request, context, params);
  } catch (error) {
    return errorResponse(error);
  }
}

/** Browsers send Origin on every cross-site POST/PATCH/DELETE; a request without one is not from a page. */
function isSameOrigin(request: Request): boolean {
  const origin = request.headers.get("origin");
  if (!origin) return true;
  const host = request.headers.get("x-forwarded-host")?.split(",")[0]?.trim() || request.headers.get("host") || new URL(request.url).host;
  try {
    return new URL(origin).host === host;
  } catch {
    return false;
  }
}

/** An error from /v1 as it came; a domain error mapped as the API maps it; anything else a 500. */
export function errorResponse(error: unknown): Response {
  if (isVoiceApiError(error)) return Response.json(error.toEnvelope(), { status: error.status, headers: { "cache-control": "no-store" } });
  const apiError = toApiError(error);
  if (apiError.type === "internal_error") {
    console.error("console route failed:", error);
    return consoleErrorResponse(500, "internal_error", "Something went wrong on the server");
  }
  return consoleErrorResponse(apiError.status, apiError.type, apiError.message, apiError.details);
}
