import "server-only";
import type { Permission } from "@/lib/auth/roles";
import type { VoiceApiClient } from "@/lib/voice-api/client";
import { consoleErrorResponse } from "./console-errors";

/** POSTs that only read: allowed to every role, like GET. */
const READ_ONLY_POSTS: RegExp[] = [/^knowledge-bases\/[^/]+\/search$/];

/** Paths that need more than their method says: credentials (admin, even to read) and organization settings (owner to change). */
const CREDENTIAL_PATHS = /^webhook-secret(\/|$)/;
const ORGANIZATION_SETTINGS_PATHS = /^pricing(\/|$)/;
/** The organization's concurrency and do-not-call list: owners and admins change them. */
const ADMIN_SETTINGS_PATHS = /^(concurrency|do-not-call)(\/|$)/;
/** Carrier accounts hold credentials: connecting, testing, importing and disconnecting are for admins; everyone may read their state. */
const CARRIER_ACCOUNT_PATHS = /^telephony\//;
/** The audit log: owners and admins read it (members and viewers get 403); owners change its retention. */
const AUDIT_LOG_PATHS = /^audit-log(\/|$)/;
/** Erasing a caller's data is for owners. */
const DATA_ERASURE_PATHS = /^data-erasure(\/|$)/;

/** Every path of the API is made of these; anything else (`/ \ ? # %`, spaces, dot segments) could be read twice two ways. */
const PLAIN_SEGMENT = /^[A-Za-z0-9_~-][A-Za-z0-9._~-]*$/;

/**
 * The /v1 path the browser's segments name (as Next decoded them), or null when a segment is not
 * plain: the permission is decided on this string and exactly this string is sent, so no encoded
 * `?`, `#`, `/`, `\` or `..` can make the checked path and the path that runs differ.
 */
export function bffApiPath(segments: string[]): string | null {
  if (segments.length === 0 || !segments.every((segment) => PLAIN_SEGMENT.test(segment))) return null;
  return segments.join("/");
}

/**
 * GET/HEAD (and the read-only POSTs) for any role; anything that changes data needs member or above.
 * The webhook signing secret is a credential (admin, any method); the price table is an
 * organization setting (owner to change); the audit log is for admins (owner to change its
 * retention); data erasure is for owners. A path that is not plain needs nothing: it is refused
 * (404) before anything is sent.
 */
export function bffPermission(method: string, segments: string[]): Permission {
  const verb = method.toUpperCase();
  const path = bffApiPath(segments);
  if (path === null) return "read";
  if (CREDENTIAL_PATHS.test(path)) return "manageApiKeys";
  if (DATA_ERASURE_PATHS.test(path)) return "manageOrganization";
  if (AUDIT_LOG_PATHS.test(path)) return verb === "GET" || verb === "HEAD" ? "manageMembers" : "manageOrganization";
  if (ORGANIZATION_SETTINGS_PATHS.test(path) && verb !== "GET" && verb !== "HEAD") return "manageOrganization";
  if (CARRIER_ACCOUNT_PATHS.test(path) && verb !== "GET" && verb !== "HEAD") return "manageApiKeys";
  if (ADMIN_SETTINGS_PATHS.test(path) && verb !== "GET" && verb !== "HEAD") return "manageMembers";
  if (verb === "GET" || verb === "HEAD") return "read";
  if (verb === "POST" && READ_ONLY_POSTS.some((pattern) => pattern.test(path))) return "read";
  return "write";
}

const FORWARDED_REQUEST_HEADERS = ["accept", "content-type", "content-length", "idempotency-key", "x-request-id", "range", "if-none-match"];
const DROPPED_RESPONSE_HEADERS = ["x-api-key", "authorization", "set-cookie", "www-authenticate", "content-encoding", "transfer-encoding", "connection"];

/**
 * The request's body as a stream, or undefined when it has none. Next hands route handlers a stream
 * even for a body-less DELETE, which the API would take for a body without a JSON Content-Type (415);
 * so the first chunk is awaited, then handed on with the rest, still streaming.
 */
async function bodyStream(request: Request): Promise<ReadableStream<Uint8Array> | undefined> {
  if (request.body === null || ["GET", "HEAD"].includes(request.method.toUpperCase())) return undefined;
  const reader = request.body.getReader();
  let first = await reader.read();
  while (!first.done && first.value.byteLength === 0) first = await reader.read();
  if (first.done) return undefined;
  let pending: Uint8Array | null = first.value;
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      if (pending) {
        controller.enqueue(pending);
        pending = null;
        return;
      }
      const { done, value } = await reader.read();
      if (done) controller.close();
      else controller.enqueue(value);
    },
    cancel: (reason) => reader.cancel(reason),
  });
}

/**
 * Forwards a browser request to /v1 as the organization: method, query and body streamed through
 * (multipart uploads too), the response streamed back. The browser's cookies never reach the API and
 * the API key never reaches the browser: key-bearing headers are dropped, and a JSON or text answer
 * that would contain the key is refused.
 */
export async function proxyToVoiceApi(request: Request, segments: string[], context: { api: VoiceApiClient }): Promise<Response> {
  const path = bffApiPath(segments);
  if (path === null) return consoleErrorResponse(404, "not_found", "No such endpoint: a path segment holds a character the API never uses");
  // Defence in depth: the URL about to be sent must still name exactly the path the permission was decided on.
  const target = context.api.url(path);
  if (target.pathname !== `${new URL(context.api.baseUrl).pathname.replace(/\/+$/, "")}/v1/${path}`) {
    return consoleErrorResponse(404, "not_found", "No such endpoint");
  }
  const headers = new Headers();
  for (const name of FORWARDED_REQUEST_HEADERS) {
    const value = request.headers.get(name);
    if (value) headers.set(name, value);
  }
  const body = await bodyStream(request);
  const upstream = await context.api.fetch(request.method, path, {
    query: new URL(request.url).searchParams,
    headers,
    body,
    signal: request.signal,
  });
  const responseHeaders = new Headers();
  upstream.headers.forEach((value, name) => {
    if (DROPPED_RESPONSE_HEADERS.includes(name.toLowerCase()) || context.api.revealsKey(value)) return;
    responseHeaders.set(name, value);
  });
  responseHeaders.set("cache-control", "no-store");
  const type = upstream.headers.get("content-type") ?? "";
  // JSON and text answers are small enough to check whole; binary and CSV streams pass through.
  if (/json|text\/plain/.test(type) && !/text\/csv/.test(type)) {
    const text = await upstream.text();
    if (context.api.revealsKey(text)) return consoleErrorResponse(502, "internal_error", "The API answer was withheld: it contained a credential");
    responseHeaders.delete("content-length");
    return new Response(upstream.status === 204 || upstream.status === 304 ? null : text, { status: upstream.status, headers: responseHeaders });
  }
  return new Response(upstream.body, { status: upstream.status, headers: responseHeaders });
}
