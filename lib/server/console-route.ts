import "server-only";
import { handleConsoleRequest, type ConsoleHandler, type PermissionRule } from "./console-request";
import { loadConsoleContext } from "./console-session";

/**
 * Wraps an `app/api/console/*` route handler: session, organization and role are checked on the
 * server before `handler` runs; failures answer in the API's envelope (401/403 with a clear message).
 *
 *   export const POST = consoleRoute("manageApiKeys", async (request, ctx) => Response.json(...));
 */
export function consoleRoute<Params = Record<string, never>>(rule: PermissionRule<Params>, handler: ConsoleHandler<Params>) {
  return async (request: Request, segment: { params: Promise<Params> }): Promise<Response> =>
    handleConsoleRequest(request, await loadConsoleContext(), await segment.params, rule, handler);
}
