import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { Duplex } from "node:stream";
import { CLIENT_IP_HEADER, clientAddress } from "@/lib/net/client-address";
import { serveSignedFile } from "@/lib/storage/serve-signed-file";
import { answerClientError } from "./client-errors";
import { fetchListener } from "./fetch-listener";
import { answerHealth, isHealthPath } from "./health";
import { isTelephonyPath } from "./telephony-endpoints";
import { LiveConnections } from "./live-connections";
import { respondWithError } from "./raw-error-response";
import type { AppRuntime } from "./runtime";
import { upgradeListener } from "./websocket-upgrades";
import type { WebSocketRoutes } from "./websocket-routes";

export type AppServerParts = {
  runtime: Pick<AppRuntime, "api" | "lifecycle" | "connection" | "storage" | "links"> & Partial<Pick<AppRuntime, "loadView">>;
  /** Next.js's request handler (custom-server mode): the studio and `/docs`, everything the server does not answer itself. */
  next: (request: IncomingMessage, response: ServerResponse) => Promise<void>;
  /** Next.js's upgrades (hot reloading in development). */
  nextUpgrade?: (request: IncomingMessage, socket: Duplex, head: Buffer) => void;
  routes: WebSocketRoutes;
  /** Carrier webhooks (`/telephony/*`), answered here rather than through Next.js. */
  telephony?: (request: Request) => Promise<Response>;
};

const clientAddressOf = (request: IncomingMessage) => clientAddress(request.socket.remoteAddress, request.headers["x-forwarded-for"]);

export const isApiPath = (url: string) => url === "/v1" || url.startsWith("/v1/") || url.startsWith("/v1?");

/** Signed links to blobs (knowledge-base files, recordings): no API key, the signature is the permission. */
const isFilesPath = (url: string) => url.startsWith("/files/");

/** Longer than the idle timeout of common load balancers (60 s), so that they never reuse a connection we just closed. */
const KEEP_ALIVE_TIMEOUT_MS = 65_000;

/**
 * The one HTTP server of an instance: `/v1/*` straight to the Hono app (no Next.js pipeline on the
 * API's path), `/api/health`, `/files/…` and carrier webhooks answered here (so `--api-only` serves
 * them too), everything else to Next.js; WebSocket upgrades by path to the registered routes. While
 * draining, every response closes its connection.
 */
export function createAppServer(parts: AppServerParts): { server: Server; live: LiveConnections } {
  const live = new LiveConnections();
  const { runtime } = parts;
  // Besides the Request, the app gets only the client's address: the studio's user is for in-process callers.
  const api = fetchListener((request, incoming) => runtime.api.fetch(request, { clientIp: clientAddressOf(incoming) ?? undefined }));
  const telephony = parts.telephony ? fetchListener(parts.telephony) : null;
  const files = fetchListener((request) => serveSignedFile(request, runtime));
  const server = createServer((request, response) => {
    live.trackResponse(response);
    if (runtime.lifecycle.draining) response.setHeader("Connection", "close");
    const url = request.url ?? "/";
    if (isApiPath(url)) return void api(request, response);
    if (isHealthPath(url)) return void answerHealth(request, response, runtime);
    if (isFilesPath(url)) return void files(request, response);
    if (telephony && isTelephonyPath(url)) return void telephony(request, response);
    // The studio reads the client's address from this header, which only this server sets.
    request.headers[CLIENT_IP_HEADER] = clientAddressOf(request) ?? "";
    parts.next(request, response).catch((error: unknown) => {
      console.error(`${request.method} ${url} failed:`, error);
      if (response.headersSent) response.destroy();
      else respondWithError(response, "internal_error", "Internal server error");
    });
  });
  server.keepAliveTimeout = KEEP_ALIVE_TIMEOUT_MS;
  server.on("upgrade", upgradeListener({ routes: parts.routes, live, isDraining: () => runtime.lifecycle.draining, next: parts.nextUpgrade }));
  server.on("clientError", answerClientError);
  return { server, live };
}
