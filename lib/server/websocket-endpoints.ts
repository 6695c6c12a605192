import type { MediaSocketDependencies } from "@/lib/telephony/carrier-media-socket";
import { carrierMediaPaths, carrierMediaRoute } from "@/lib/telephony/carrier-media-route";
import { carrierNames } from "@/lib/telephony/carrier-name";
import { echoRoute, ECHO_PATH } from "./echo-route";
import type { AppRuntime } from "./runtime";
import { WebSocketRoutes } from "./websocket-routes";

/** Every WebSocket endpoint of the server, by path; voice and telephony media streams are added here. */
export function websocketEndpoints(runtime: Pick<AppRuntime, "connection">, telephony?: MediaSocketDependencies): WebSocketRoutes {
  const routes = new WebSocketRoutes().add(ECHO_PATH, echoRoute(runtime.connection.db));
  // Carrier media frames are small JSON (a 20 ms frame is ~300 bytes): 64 KiB is plenty.
  if (telephony) for (const carrier of carrierNames) routes.add(carrierMediaPaths[carrier], carrierMediaRoute(telephony, carrier), { maxPayloadBytes: 64 * 1024 });
  return routes;
}
