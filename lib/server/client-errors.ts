import { maxHeaderSize } from "node:http";
import type { Socket } from "node:net";
import { writeErrorAndClose } from "./raw-error-response";

type ParserError = Error & { code?: string; rawPacket?: Buffer };

/** Node's parser reports a failed request once per chunk it is handed afterwards; one answer is enough. */
const answered = new WeakSet<Socket>();

/**
 * A request line and headers together may take `maxHeaderSize` bytes (16 KiB unless node's
 * --max-http-header-size says otherwise). The parser does not say which part overflowed; the bytes
 * it choked on do: a request line that takes most of the allowance (or bytes with no line break
 * yet) is a URL that is too long (414), anything else headers that are too large (431).
 */
function overflowType(packet: Buffer | undefined): "uri_too_long" | "header_fields_too_large" {
  if (!packet) return "uri_too_long";
  const text = packet.toString("latin1");
  const lineEnd = text.indexOf("\r\n");
  if (!/^[A-Z]+ \S/.test(text)) return lineEnd === -1 ? "uri_too_long" : "header_fields_too_large";
  return (lineEnd === -1 ? text.length : lineEnd) > maxHeaderSize / 2 ? "uri_too_long" : "header_fields_too_large";
}

/**
 * The server's `clientError` listener: a request Node could not parse gets the error envelope
 * (414, 431, 408 or 400) instead of Node's bare status line, and the connection closes without a reset.
 */
export function answerClientError(error: ParserError, socket: Socket): void {
  if (answered.has(socket)) return;
  answered.add(socket);
  // A response already under way on this connection cannot be followed by another one.
  const busy = (socket as Socket & { _httpMessage?: unknown })._httpMessage;
  if (error.code === "ECONNRESET" || !socket.writable || busy) {
    socket.destroy();
    return;
  }
  switch (error.code) {
    case "HPE_HEADER_OVERFLOW": {
      const type = overflowType(error.rawPacket);
      const what = type === "uri_too_long" ? "The request URL is too long" : "The request headers are too large";
      const message = `${what}: the request line and headers may take at most ${maxHeaderSize / 1024} KiB`;
      return writeErrorAndClose(socket, type, message);
    }
    case "ERR_HTTP_REQUEST_TIMEOUT":
    case "HPE_HEADERS_TIMEOUT":
      return writeErrorAndClose(socket, "request_timeout", "The request did not arrive in time");
    default:
      return writeErrorAndClose(socket, "generic_error", "Malformed HTTP request");
  }
}
