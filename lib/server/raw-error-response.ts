import { STATUS_CODES } from "node:http";
import type { Duplex } from "node:stream";
import { errorBody } from "@/lib/api/envelope";
import { ApiError, type ApiErrorType } from "@/lib/api/errors";
import { newRequestId } from "@/lib/api/middleware/request-id";

/** How long a refused connection may keep sending (its unread bytes) before it is cut. */
const LINGER_MS = 5_000;

/**
 * Answers on a socket that no HTTP response object owns (a refused WebSocket upgrade, a request
 * Node's parser rejected) with the API's error envelope, then closes it gracefully: our side ends,
 * and what the client still sends is read and dropped, so the close is a FIN and never a reset.
 */
export function writeErrorAndClose(socket: Duplex, type: ApiErrorType, message: string, headers: Record<string, string> = {}): void {
  if (socket.destroyed) return;
  const error = new ApiError(type, message, [], headers);
  const requestId = newRequestId();
  const body = JSON.stringify(errorBody(error, requestId));
  const lines = [
    `HTTP/1.1 ${error.status} ${STATUS_CODES[error.status] ?? "Error"}`,
    "Content-Type: application/json; charset=utf-8",
    `Content-Length: ${Buffer.byteLength(body)}`,
    "Connection: close",
    "Cache-Control: no-store",
    `X-Request-Id: ${requestId}`,
    ...Object.entries(headers).map(([name, value]) => `${name}: ${value}`),
  ];
  if (socket.writable) socket.end(`${lines.join("\r\n")}\r\n\r\n${body}`);
  socket.on("error", () => socket.destroy());
  socket.on("end", () => (socket.writableFinished ? socket.destroy() : socket.once("finish", () => socket.destroy())));
  socket.resume();
  setTimeout(() => socket.destroy(), LINGER_MS).unref();
}
