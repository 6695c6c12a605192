import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import { pgBossQueue } from "@/lib/jobs/pg-boss-queue";
import { createAppServer } from "@/lib/server/app-server";
import type { LiveConnections } from "@/lib/server/live-connections";
import { respondWithError } from "@/lib/server/raw-error-response";
import { websocketEndpoints } from "@/lib/server/websocket-endpoints";
import type { WebSocketRoutes } from "@/lib/server/websocket-routes";
import type { TestApi } from "./test-api";

export type InProcessServer = { server: Server; port: number; live: LiveConnections; lifecycle: { draining: boolean }; close: () => Promise<void> };

/**
 * lib/server's HTTP server around a test API on a free loopback port, in this process: /v1, the
 * health check and WebSocket routes (the server's own, or `routes`); other paths answer 404 where
 * Next.js would serve the studio.
 */
export async function startInProcessServer(api: TestApi, routes?: WebSocketRoutes): Promise<InProcessServer> {
  const lifecycle = { draining: false };
  const runtime = { api: api.app, lifecycle, connection: api.connection, queue: pgBossQueue(api.boss), storage: api.storage, links: api.links };
  const { server, live } = createAppServer({
    runtime,
    next: async (_request, response) => respondWithError(response, "not_found", "No studio in this test"),
    routes: routes ?? websocketEndpoints(runtime),
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    server,
    port: (server.address() as AddressInfo).port,
    live,
    lifecycle,
    close: () =>
      new Promise<void>((resolve) => {
        live.closeSockets("test over", 0);
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
