import { STATUS_CODES, type ServerResponse } from "node:http";
import type { Duplex } from "node:stream";
import { errorBody } from "@/lib/api/envelope";
import { ApiError, type ApiErrorType } from "@/lib/api/errors";
import { newRequestId } from "@/lib/api/middleware/request-id";

/** How long a refused connection may keep sending (its unread bytes) before it is cut. */
const LINGER_MS = 5_000;

function envelope(type: ApiErrorType, message: string, headers: Record<string, string>) {
  const error = new ApiError(type, message, [], headers);
  const requestId = newRequestId();
  return { error, requestId, body: JSON.stringify(errorBody(error, requestId)) };
}

/** The error envelope as a whole response, where the server answers by itself (no route of the API took the request). */
export function respondWithError(response: ServerResponse, type: ApiErrorType, message: string, headers: Record<string, string> = {}): void {
  const { error, requestId, body } = envelope(type, message, headers);
  response
    .writeHead(error.status, {
      ...headers,
      "content-type": "application/json; charset=utf-8",
      "content-length": Buffer.byteLength(body),
      "x-request-id": requestId,
    })
    .end(body);
}

/**
 * Answers on a socket that no HTTP response object owns (a refused WebSocket upgrade, a request
 * Node's parser rejected) with the API's error envelope, then closes it gracefully: our side ends,
 * and what the client still sends is read and dropped, so the close is a FIN and never a reset.
 */
export function writeErrorAndClose(socket: Duplex, type: ApiErrorType, message: string, headers: Record<string, string> = {}): void {
  if (socket.destroyed) return;
  const { error, requestId, body } = envelope(type, message, headers);
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
