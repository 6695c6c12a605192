import "server-only";
import type { WebSocket } from "ws";
import { handleCarrierMediaSocket, type MediaSocketDependencies } from "./carrier-media-socket";
import type { CarrierName } from "./carrier-name";

/** What the server's WebSocket registry hands a route (lib/server/websocket-routes.ts), as far as this route needs it. */
type Upgrade = { accept: () => Promise<WebSocket> };

/** A WebSocket route for one carrier's media streams: accepted at once; the stream proves itself in its `start` frame. */
export function carrierMediaRoute(deps: MediaSocketDependencies, carrier: CarrierName) {
  return async (upgrade: Upgrade) => handleCarrierMediaSocket(deps, carrier, await upgrade.accept());
}
