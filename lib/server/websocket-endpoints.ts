import { echoRoute, ECHO_PATH } from "./echo-route";
import type { AppRuntime } from "./runtime";
import { WebSocketRoutes } from "./websocket-routes";

/** Every WebSocket endpoint of the server, by path; voice and telephony media streams are added here. */
export function websocketEndpoints(runtime: Pick<AppRuntime, "connection">): WebSocketRoutes {
  return new WebSocketRoutes().add(ECHO_PATH, echoRoute(runtime.connection.db));
}
