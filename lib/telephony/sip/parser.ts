// Parses one SIP message (RFC 3261 §7, §25) from a datagram or a framed stream message. Never
// throws: malformed input gives a typed error, with what is needed to answer it when it can be.

import { parseCSeq, parseNameAddr, parseVia, splitList, tokenPattern } from "./header-values";
import { canonicalHeaderName, listHeaders, type SipHeader, type SipMessage, type SipRequest } from "./message";
import { parseUri } from "./uri";

export const MAX_MESSAGE_BYTES = 65_535;
const MAX_HEADERS = 256;

export type SipParseError = {
  reason: string;
  /** The status a request with this problem should be answered with (400, 416, 505). */
  status: number;
  /** The request's start line and raw headers, when it is a request that can be answered (not an ACK). */
  answerable?: SipRequest;
  /** Nothing but line breaks (a keep-alive), not worth reporting. */
  empty?: boolean;
};

export type ParseResult = { ok: true; message: SipMessage } | { ok: false; error: SipParseError };

const fail = (reason: string, status = 400, answerable?: SipRequest): ParseResult => ({ ok: false, error: { reason, status, answerable } });

/** Offset of the blank line ending the headers and where the body starts, accepting bare LF line ends. */
export function findHeaderEnd(data: Buffer, from = 0): { headEnd: number; bodyStart: number } | null {
  const crlf = data.indexOf("\r\n\r\n", from, "latin1");
  const lf = data.indexOf("\n\n", from, "latin1");
  if (crlf === -1 && lf === -1) return null;
  if (lf !== -1 && (crlf === -1 || lf < crlf + 1)) return { headEnd: lf, bodyStart: lf + 2 };
  return { headEnd: crlf, bodyStart: crlf + 4 };
}

export function parseMessage(data: Buffer): ParseResult {
  if (data.length > MAX_MESSAGE_BYTES) return fail("Message too large", 513);
  let start = 0;
  while (start < data.length && (data[start] === 0x0d || data[start] === 0x0a)) start++;
  if (start === data.length) return { ok: false, error: { reason: "Empty message", status: 400, empty: true } };
  const end = findHeaderEnd(data, start);
  if (!end) return fail("No blank line after the headers");
  const head = data.toString("utf8", start, end.headEnd);
  if (/[\0-\x08\x0b\x0c\x0e-\x1f\x7f]/.test(head)) return fail("Control character in the headers");

  const lines = head.split(/\r?\n/);
  const firstLine = lines[0];
  const folded: string[] = [];
  for (const line of lines.slice(1)) {
    if (line.startsWith(" ") || line.startsWith("\t")) {
      if (!folded.length) return fail("Folded line before the first header");
      folded[folded.length - 1] += " " + line.trim();
    } else folded.push(line);
  }
  if (folded.length > MAX_HEADERS) return fail("Too many header lines");

  const headers: SipHeader[] = [];
  let malformedLine: string | undefined;
  for (const line of folded) {
    const colon = line.indexOf(":");
    const name = colon === -1 ? "" : line.slice(0, colon).trimEnd();
    if (!name || !tokenPattern.test(name)) {
      malformedLine ??= "Malformed header line";
      continue;
    }
    const canonical = canonicalHeaderName(name);
    const value = line.slice(colon + 1).trim();
    if (listHeaders.has(canonical.toLowerCase()) && value !== "*") {
      for (const part of splitList(value)) headers.push({ name: canonical, value: part });
    } else headers.push({ name: canonical, value });
  }

  const response = /^SIP\/(\d+\.\d+) +(\d{3})(?: +(.*))?$/.exec(firstLine);
  const request = response ? null : /^([A-Za-z0-9\-.!%*_+`'~]+) +(\S+) +SIP\/(\d+\.\d+)$/.exec(firstLine);
  if (!response && !request) return fail("Malformed start line");

  let message: SipMessage;
  let answerable: SipRequest | undefined;
  if (response) {
    if (response[1] !== "2.0") return fail("Unsupported SIP version", 505);
    const status = Number(response[2]);
    if (status < 100 || status > 699) return fail("Status code out of range");
    message = { kind: "response", status, reason: response[3] ?? "", headers, body: Buffer.alloc(0) };
  } else {
    const [, method, uri, version] = request!;
    message = { kind: "request", method, uri, headers, body: Buffer.alloc(0) };
    const canAnswer = method !== "ACK" && ["via", "from", "to", "call-id", "cseq"].every((name) => headers.some((header) => header.name.toLowerCase() === name));
    answerable = canAnswer ? message : undefined;
    if (version !== "2.0") return fail("Unsupported SIP version", 505, answerable);
    const scheme = /^([A-Za-z][A-Za-z0-9+\-.]*):/.exec(uri)?.[1]?.toLowerCase();
    if (!scheme) return fail("Malformed Request-URI", 400, answerable);
    if (scheme !== "sip" && scheme !== "sips" && scheme !== "tel") return fail("Unsupported URI scheme", 416, answerable);
    if (scheme !== "tel" && !parseUri(uri)) return fail("Malformed Request-URI", 400, answerable);
  }
  if (malformedLine) return fail(malformedLine, 400, answerable);

  const problem = checkHeaders(message);
  if (problem) return fail(problem, 400, answerable);

  const lengths = headers.filter((header) => header.name === "Content-Length").map((header) => header.value);
  const available = data.length - end.bodyStart;
  let bodyLength = available;
  if (lengths.length) {
    if (lengths.some((value) => value !== lengths[0]) || !/^\d{1,9}$/.test(lengths[0])) return fail("Bad Content-Length header", 400, answerable);
    bodyLength = Number(lengths[0]);
    if (bodyLength > available) return fail("Content-Length exceeds the body", 400, answerable);
  }
  message.body = Buffer.from(data.subarray(end.bodyStart, end.bodyStart + bodyLength));
  return { ok: true, message };
}

/** The header checks every message must pass before a transaction or dialog looks at it. */
function checkHeaders(message: SipMessage): string | null {
  const values = (name: string) => message.headers.filter((header) => header.name === name).map((header) => header.value);
  const single = (name: string): string | null | undefined => {
    const found = values(name);
    if (found.length === 0) return undefined;
    return found.length === 1 ? found[0] : null;
  };
  const vias = values("Via");
  if (vias.length === 0) return "Missing Via header";
  if (vias.some((via) => !parseVia(via))) return "Malformed Via header";
  for (const name of ["From", "To"]) {
    const value = single(name);
    if (value === undefined) return `Missing ${name} header`;
    if (value === null) return `More than one ${name} header`;
    if (!parseNameAddr(value)) return `Malformed ${name} header`;
  }
  const callId = single("Call-ID");
  if (callId === undefined || callId === "") return "Missing Call-ID header";
  if (callId === null || /\s/.test(callId)) return "Malformed Call-ID header";
  const cseqText = single("CSeq");
  if (cseqText === undefined) return "Missing CSeq header";
  const cseq = cseqText === null ? null : parseCSeq(cseqText);
  if (!cseq) return "Malformed CSeq header";
  if (message.kind === "request" && cseq.method !== message.method) return "CSeq method does not match the request";
  const maxForwards = single("Max-Forwards");
  if (maxForwards === null || (maxForwards !== undefined && !/^\d{1,9}$/.test(maxForwards))) return "Malformed Max-Forwards header";
  return null;
}
