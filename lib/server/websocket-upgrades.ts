import type { IncomingMessage } from "node:http";
import type { Duplex } from "node:stream";
import type { WebSocket } from "ws";
import { errorStatus, type ApiErrorType } from "@/lib/api/errors";
import { DRAINING_RETRY_AFTER_SECONDS } from "@/lib/api/middleware/refuse-new-calls";
import type { LiveConnections } from "./live-connections";
import { writeErrorAndClose } from "./raw-error-response";
import type { WebSocketRoute, WebSocketRoutes, WebSocketUpgrade } from "./websocket-routes";

type UpgradeListener = (request: IncomingMessage, socket: Duplex, head: Buffer) => void;

export type UpgradeDispatch = {
  routes: WebSocketRoutes;
  live: LiveConnections;
  isDraining: () => boolean;
  /** Next.js's own upgrade (`/_next/hmr`: hot reloading in development), when it takes it. */
  next?: UpgradeListener;
};

const typeOfStatus = new Map<number, ApiErrorType>(
  (Object.entries(errorStatus) as [ApiErrorType, number][]).reverse().map(([type, status]) => [status, type]),
);

/** RFC 6455 §4.2.1: what a handshake must carry before a route is asked about it. */
function handshakeProblem(request: IncomingMessage): string | null {
  if (request.method !== "GET") return "A WebSocket handshake is a GET request";
  if (request.headers.upgrade?.toLowerCase() !== "websocket") return "The Upgrade header must be websocket";
  if (!/^[+/0-9A-Za-z]{22}==$/.test(request.headers["sec-websocket-key"] ?? "")) return "Missing or invalid Sec-WebSocket-Key";
  if (!["8", "13"].includes(request.headers["sec-websocket-version"] ?? "")) return "Sec-WebSocket-Version must be 13";
  return null;
}

/** The server's `upgrade` listener: a registered route's handler decides, anything else is an error envelope. */
export function upgradeListener(dispatch: UpgradeDispatch): UpgradeListener {
  return (request, socket, head) => {
    socket.on("error", () => socket.destroy());
    const url = new URL(request.url ?? "/", `http://${request.headers.host ?? "localhost"}`);
    if (url.pathname.startsWith("/_next/hmr") && dispatch.next) return dispatch.next(request, socket, head);
    if (dispatch.isDraining()) {
      return writeErrorAndClose(socket, "service_unavailable", "This instance is shutting down: connect again, another instance answers", {
        "Retry-After": String(DRAINING_RETRY_AFTER_SECONDS),
      });
    }
    const found = dispatch.routes.find(url.pathname);
    if (!found) return writeErrorAndClose(socket, "not_found", `No WebSocket endpoint at ${url.pathname}`);
    const problem = handshakeProblem(request);
    if (problem) return writeErrorAndClose(socket, "generic_error", problem);
    dispatch.live.trackRequest(runRoute(found.route, found.params, url, request, socket, head, dispatch.live));
  };
}

async function runRoute(
  route: WebSocketRoute,
  params: WebSocketUpgrade["params"],
  url: URL,
  request: IncomingMessage,
  socket: Duplex,
  head: Buffer,
  live: LiveConnections,
): Promise<void> {
  let state: "pending" | "accepted" | "rejected" = "pending";
  let accepted: WebSocket | undefined;
  const settle = (next: "accepted" | "rejected") => {
    if (state !== "pending") throw new Error(`The upgrade of ${url.pathname} was already ${state}`);
    state = next;
  };
  const upgrade: WebSocketUpgrade = {
    request,
    url,
    params,
    accept: () => {
      settle("accepted");
      return new Promise<WebSocket>((resolve, reject) => {
        const gone = () => reject(new Error("The client went away before the WebSocket handshake completed"));
        if (socket.destroyed) return gone();
        socket.once("close", gone);
        route.server.handleUpgrade(request, socket, head, (webSocket) => {
          socket.off("close", gone);
          // A client's protocol fault (an oversized or malformed frame) closes its socket; it must not take the process down.
          webSocket.on("error", (error) => console.warn(`WebSocket ${url.pathname}: ${error.message}`));
          accepted = webSocket;
          live.trackSocket(webSocket);
          resolve(webSocket);
        });
      });
    },
    reject: (status, message, headers) => {
      const type = typeOfStatus.get(status);
      if (!type) throw new Error(`Cannot refuse an upgrade with status ${status}: use one of ${[...typeOfStatus.keys()].join(", ")}`);
      settle("rejected");
      writeErrorAndClose(socket, type, message, headers);
    },
  };
  try {
    await route.handler(upgrade);
    if (state === "pending") throw new Error(`The handler of ${route.pattern.path} neither accepted nor rejected the upgrade`);
  } catch (error) {
    console.error(`WebSocket ${url.pathname}:`, error);
    if (state === "pending") writeErrorAndClose(socket, "internal_error", "Internal server error");
    else accepted?.close(1011, "Internal error");
  }
}
