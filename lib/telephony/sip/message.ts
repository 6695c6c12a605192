// SIP messages (RFC 3261 §7): a start line, ordered headers and a body. Header names are kept in
// their long canonical form (compact forms expanded when parsed) and compared case-insensitively.

export type SipHeader = { name: string; value: string };

type SipMessageBase = { headers: SipHeader[]; body: Buffer };
export type SipRequest = SipMessageBase & { kind: "request"; method: string; uri: string };
export type SipResponse = SipMessageBase & { kind: "response"; status: number; reason: string };
export type SipMessage = SipRequest | SipResponse;

export { canonicalHeaderName } from "@/lib/net/sip-header-syntax";

/** Headers whose values are comma-separated lists (RFC 3261 §7.3.1), split into one entry each when parsed. */
export const listHeaders = new Set(
  [
    "Via", "Route", "Record-Route", "Contact", "Allow", "Supported", "Require", "Proxy-Require", "Unsupported",
    "Accept", "Accept-Encoding", "Accept-Language", "Content-Encoding", "Allow-Events", "P-Asserted-Identity",
  ].map((name) => name.toLowerCase()),
);

const same = (a: string, b: string) => a.length === b.length && a.toLowerCase() === b.toLowerCase();

export function getHeader(message: SipMessage, name: string): string | undefined {
  return message.headers.find((header) => same(header.name, name))?.value;
}

export function getHeaders(message: SipMessage, name: string): string[] {
  return message.headers.filter((header) => same(header.name, name)).map((header) => header.value);
}

export function removeHeader(message: SipMessage, name: string): void {
  message.headers = message.headers.filter((header) => !same(header.name, name));
}

/** Replaces every header of that name with one value, at the place of the first one (or at the end). */
export function setHeader(message: SipMessage, name: string, value: string): void {
  const index = message.headers.findIndex((header) => same(header.name, name));
  removeHeader(message, name);
  message.headers.splice(index === -1 ? message.headers.length : index, 0, { name, value });
}

export function addHeader(message: SipMessage, name: string, value: string, position: "first" | "last" = "last"): void {
  if (position === "first") message.headers.unshift({ name, value });
  else message.headers.push({ name, value });
}

function startLine(message: SipMessage): string {
  return message.kind === "request" ? `${message.method} ${message.uri} SIP/2.0` : `SIP/2.0 ${message.status} ${message.reason}`;
}

/** Wire form; Content-Length is always written from the body (any given one is ignored). */
export function serializeMessage(message: SipMessage): Buffer {
  let head = startLine(message) + "\r\n";
  for (const header of message.headers) {
    if (same(header.name, "Content-Length")) continue;
    head += `${header.name}: ${header.value}\r\n`;
  }
  head += `Content-Length: ${message.body.length}\r\n\r\n`;
  return message.body.length ? Buffer.concat([Buffer.from(head, "utf8"), message.body]) : Buffer.from(head, "utf8");
}

const reasonPhrases: Record<number, string> = {
  100: "Trying", 180: "Ringing", 181: "Call Is Being Forwarded", 182: "Queued", 183: "Session Progress",
  200: "OK", 202: "Accepted", 300: "Multiple Choices", 301: "Moved Permanently", 302: "Moved Temporarily",
  400: "Bad Request", 401: "Unauthorized", 403: "Forbidden", 404: "Not Found", 405: "Method Not Allowed",
  406: "Not Acceptable", 407: "Proxy Authentication Required", 408: "Request Timeout", 410: "Gone",
  413: "Request Entity Too Large", 415: "Unsupported Media Type", 416: "Unsupported URI Scheme",
  420: "Bad Extension", 421: "Extension Required", 422: "Session Interval Too Small", 480: "Temporarily Unavailable",
  481: "Call/Transaction Does Not Exist", 482: "Loop Detected", 483: "Too Many Hops", 484: "Address Incomplete",
  486: "Busy Here", 487: "Request Terminated", 488: "Not Acceptable Here", 491: "Request Pending",
  500: "Server Internal Error", 501: "Not Implemented", 502: "Bad Gateway", 503: "Service Unavailable",
  504: "Server Time-out", 505: "Version Not Supported", 513: "Message Too Large", 600: "Busy Everywhere",
  603: "Decline", 604: "Does Not Exist Anywhere", 606: "Not Acceptable",
};

export function reasonPhrase(status: number): string {
  return reasonPhrases[status] ?? (status < 200 ? "Progress" : status < 300 ? "OK" : "Error");
}

/** A response to `request` (RFC 3261 §8.2.6): Via, From, To, Call-ID and CSeq copied; a To tag added when given. */
export function createResponse(
  request: SipRequest,
  status: number,
  options: { reason?: string; toTag?: string; headers?: SipHeader[]; body?: Buffer } = {},
): SipResponse {
  const headers: SipHeader[] = [];
  for (const header of request.headers) {
    if (["via", "from", "call-id", "cseq"].includes(header.name.toLowerCase())) headers.push({ ...header });
    // RFC 3261 §12.1.1: a proxy's Record-Route goes back in dialog-creating responses, so in-dialog requests pass it too.
    else if (same(header.name, "Record-Route") && status > 100 && status < 300) headers.push({ ...header });
    else if (same(header.name, "To")) {
      const hasTag = /;\s*tag\s*=/i.test(header.value);
      headers.push({ name: "To", value: options.toTag && !hasTag && status > 100 ? `${header.value};tag=${options.toTag}` : header.value });
    }
  }
  if (status === 100) {
    const timestamp = getHeader(request, "Timestamp");
    if (timestamp) headers.push({ name: "Timestamp", value: timestamp });
  }
  headers.push(...(options.headers ?? []));
  return { kind: "response", status, reason: options.reason ?? reasonPhrase(status), headers, body: options.body ?? Buffer.alloc(0) };
}
