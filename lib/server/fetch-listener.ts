import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from "node:http";
import { Readable } from "node:stream";
import type { TLSSocket } from "node:tls";
import { jsonTextOf } from "@/lib/api/envelope";
import { respondWithError } from "./raw-error-response";

type Fetch = (request: Request, incoming: IncomingMessage) => Response | Promise<Response>;

/** Answers that are read whole and sent with a Content-Length; anything else (events, exports, files) streams. */
const BUFFERED_TYPE = /^(application\/([\w.-]+\+)?json|text\/(plain|html))\b/i;

function hasBody(incoming: IncomingMessage): boolean {
  const length = incoming.headers["content-length"];
  return (length !== undefined && length !== "0") || incoming.headers["transfer-encoding"] !== undefined;
}

/** The request as the Fetch API sees it: the origin the client used (X-Forwarded-Proto behind a TLS proxy), the body streamed. */
function toRequest(incoming: IncomingMessage, signal: AbortSignal): Request {
  const headers = new Headers();
  const raw = incoming.rawHeaders;
  for (let i = 0; i < raw.length; i += 2) headers.append(raw[i], raw[i + 1]);
  const forwarded = incoming.headers["x-forwarded-proto"];
  const secure = (incoming.socket as TLSSocket).encrypted || (typeof forwarded === "string" && forwarded.split(",")[0].trim() === "https");
  const init: RequestInit & { duplex?: "half" } = { method: incoming.method, headers, signal };
  if (hasBody(incoming)) {
    init.body = Readable.toWeb(incoming) as ReadableStream<Uint8Array>;
    init.duplex = "half";
  }
  return new Request(`${secure ? "https" : "http"}://${incoming.headers.host ?? "localhost"}${incoming.url}`, init);
}

function outgoingHeaders(response: Response): OutgoingHttpHeaders {
  const headers: OutgoingHttpHeaders = {};
  response.headers.forEach((value, name) => {
    if (name !== "set-cookie") headers[name] = value;
  });
  const cookies = response.headers.getSetCookie();
  if (cookies.length > 0) headers["set-cookie"] = cookies;
  return headers;
}

async function stream(body: ReadableStream<Uint8Array>, outgoing: ServerResponse): Promise<void> {
  const reader = body.getReader();
  const cancel = () => void reader.cancel().catch(() => undefined);
  outgoing.once("close", cancel);
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done || outgoing.destroyed) break;
      if (!outgoing.write(value)) await new Promise((resolve) => (outgoing.once("drain", resolve), outgoing.once("close", resolve)));
    }
    outgoing.end();
  } finally {
    outgoing.off("close", cancel);
  }
}

/**
 * A `node:http` request listener in front of a Fetch-API app (the Hono API). The API's envelopes are
 * written from their JSON text (`jsonTextOf`), other JSON and text answers are read whole, each in
 * one go with a Content-Length; event streams and downloads are written chunk by chunk as the app
 * produces them. The request's signal aborts when the client
 * goes away before the answer is complete.
 */
export function fetchListener(fetch: Fetch) {
  return async (incoming: IncomingMessage, outgoing: ServerResponse): Promise<void> => {
    const controller = new AbortController();
    outgoing.once("close", () => {
      if (!outgoing.writableFinished) controller.abort();
    });
    let request: Request;
    try {
      request = toRequest(incoming, controller.signal);
    } catch {
      return respondWithError(outgoing, "generic_error", "Malformed request: its Host header or URL is not valid");
    }
    try {
      const response = await fetch(request, incoming);
      const headers = outgoingHeaders(response);
      const text = jsonTextOf(response);
      if (response.body === null || incoming.method === "HEAD") {
        outgoing.writeHead(response.status, headers).end();
      } else if (text !== undefined) {
        const body = Buffer.from(text); // one pass for the length and the bytes
        headers["content-length"] = body.byteLength;
        outgoing.writeHead(response.status, headers).end(body);
      } else if (BUFFERED_TYPE.test(response.headers.get("content-type") ?? "")) {
        const body = Buffer.from(await response.arrayBuffer());
        headers["content-length"] = body.byteLength;
        outgoing.writeHead(response.status, headers).end(body);
      } else {
        outgoing.writeHead(response.status, headers);
        outgoing.flushHeaders();
        await stream(response.body, outgoing);
      }
    } catch (error) {
      if (controller.signal.aborted) return;
      console.error(`${incoming.method} ${incoming.url} failed:`, error);
      if (outgoing.headersSent) outgoing.destroy();
      else respondWithError(outgoing, "internal_error", "Internal server error");
    }
  };
}
