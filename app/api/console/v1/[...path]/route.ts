import { bffPermission, proxyToVoiceApi } from "@/lib/console/bff-proxy";
import { consoleRoute } from "@/lib/server/console-route";

type Params = { path: string[] };

/**
 * The console's door to /v1: `/api/console/v1/calls?limit=50` answers what `/v1/calls?limit=50`
 * answers for the active organization, after the session and role checks.
 */
const handle = consoleRoute<Params>(
  (request, params) => bffPermission(request.method, params.path),
  (request, context, params) => proxyToVoiceApi(request, params.path, context),
);

export { handle as GET, handle as HEAD, handle as POST, handle as PUT, handle as PATCH, handle as DELETE };
