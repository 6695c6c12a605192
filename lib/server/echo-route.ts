import { findActiveApiKey } from "@/lib/auth/api-keys";
import type { Database } from "@/lib/db/client";
import type { WebSocketHandler } from "./websocket-routes";

export const ECHO_PATH = "/v1/ws/echo";

/**
 * A WebSocket connectivity check for API clients (does an upgrade pass every proxy between them and
 * us?): authenticated like the API (`X-Api-Key`), it sends every message back as it came, text as
 * text and binary as binary.
 */
export function echoRoute(db: Database): WebSocketHandler {
  return async ({ request, reject, accept }) => {
    const key = request.headers["x-api-key"];
    if (typeof key !== "string" || !key.trim()) return reject(401, "Missing API key: send it in the X-Api-Key header");
    if (!(await findActiveApiKey(db, key.trim()))) return reject(401, "Invalid API key: it is malformed, unknown or revoked");
    const socket = await accept();
    socket.on("message", (data, isBinary) => socket.send(data, { binary: isBinary }));
  };
}
