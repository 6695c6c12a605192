import type { IncomingMessage } from "node:http";
import { WebSocketServer, type WebSocket } from "ws";
import { pathPattern, type PathParams, type PathPattern } from "./path-pattern";

/**
 * One upgrade request on its way to a route. The handler looks at it (path params, query, headers),
 * then either `accept()`s (the handshake completes and the socket is the handler's) or `reject()`s
 * with an HTTP status and message, which the client gets as the API's error envelope. The socket
 * is a live call for draining: on shutdown it may run up to SHUTDOWN_DRAIN_SECONDS, then it is
 * closed with 1001 (going away).
 */
export type WebSocketUpgrade = {
  request: IncomingMessage;
  /** The request URL (its origin from the Host header), for query parameters such as a token. */
  url: URL;
  params: PathParams;
  accept: () => Promise<WebSocket>;
  reject: (status: number, message: string, headers?: Record<string, string>) => void;
};

export type WebSocketHandler = (upgrade: WebSocketUpgrade) => unknown;

export type WebSocketRouteOptions = {
  /** The largest message the client may send; a larger one closes the socket with 1009 (default 1 MiB). */
  maxPayloadBytes?: number;
};

export type WebSocketRoute = { pattern: PathPattern; handler: WebSocketHandler; server: WebSocketServer };

const DEFAULT_MAX_PAYLOAD = 1024 * 1024;

/**
 * Where WebSocket upgrades go, by path: `routes.add("/v1/calls/web/:id/media", handler)`. Paths are
 * matched in the order they were added; an upgrade no route takes is answered 404.
 */
export class WebSocketRoutes {
  readonly #routes: WebSocketRoute[] = [];

  add(path: string, handler: WebSocketHandler, options: WebSocketRouteOptions = {}): this {
    const pattern = pathPattern(path);
    if (this.#routes.some((route) => route.pattern.path === path)) throw new Error(`WebSocket route ${path} is already registered`);
    const server = new WebSocketServer({ noServer: true, clientTracking: false, maxPayload: options.maxPayloadBytes ?? DEFAULT_MAX_PAYLOAD });
    this.#routes.push({ pattern, handler, server });
    return this;
  }

  find(pathname: string): { route: WebSocketRoute; params: PathParams } | null {
    for (const route of this.#routes) {
      const params = route.pattern.match(pathname);
      if (params) return { route, params };
    }
    return null;
  }

  get paths(): string[] {
    return this.#routes.map((route) => route.pattern.path);
  }
}
