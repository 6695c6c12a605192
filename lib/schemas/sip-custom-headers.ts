// A started call's `custom_headers` (SIP INVITE headers): checked before anything is dialled, by the
// API schema and again by the SIP user agent. The headers the stack owns are refused.

import { canonicalHeaderName, parseNameAddr, splitList, tokenPattern } from "@/lib/net/sip-header-syntax";

export const MAX_CUSTOM_HEADERS = 64;
export const MAX_CUSTOM_HEADER_VALUE = 2048;

/** Headers the SIP stack writes and a caller may not set (compact forms included). */
export const refusedCustomHeaders = ["Via", "Call-ID", "CSeq", "Contact", "Content-Length", "Max-Forwards"];

export type CustomHeadersCheck =
  | { ok: true; headers: Record<string, string> }
  /** `header` is "" when the whole object is at fault; `problem` is `message` without the field. */
  | { ok: false; header: string; message: string; problem: string };

const refused = new Set(refusedCustomHeaders.map((name) => name.toLowerCase()));

export function validateCustomHeaders(input: unknown): CustomHeadersCheck {
  const whole = (problem: string): CustomHeadersCheck => ({ ok: false, header: "", message: `custom_headers ${problem}`, problem });
  if (typeof input !== "object" || input === null || Array.isArray(input)) return whole("must be an object of header names to string values");
  const entries = Object.entries(input as Record<string, unknown>);
  if (entries.length > MAX_CUSTOM_HEADERS) return whole(`has ${entries.length} entries; at most ${MAX_CUSTOM_HEADERS} are allowed`);
  const seen = new Map<string, string>();
  for (const [name, value] of entries) {
    const problem = checkHeader(name, value);
    if (problem) return { ok: false, header: name, message: `custom_headers.${name}: ${problem}`, problem };
    const canonical = canonicalHeaderName(name).toLowerCase();
    const earlier = seen.get(canonical);
    if (earlier !== undefined) {
      const problem = `the same header as ${earlier}`;
      return { ok: false, header: name, message: `custom_headers.${name}: ${problem}`, problem };
    }
    seen.set(canonical, name);
  }
  return { ok: true, headers: Object.fromEntries(entries) as Record<string, string> };
}

function checkHeader(name: string, value: unknown): string | null {
  if (/[\r\n]/.test(name)) return "a header name must not contain CR or LF";
  if (!tokenPattern.test(name)) return "not a valid SIP header name (RFC 3261 token characters only)";
  if (typeof value !== "string") return "the value must be a string";
  if (/[\r\n]/.test(value)) return "a header value must not contain CR or LF";
  if (/[\0-\x08\x0b-\x1f\x7f]/.test(value)) return "a header value must not contain control characters";
  if (value.length > MAX_CUSTOM_HEADER_VALUE) return `the value is longer than ${MAX_CUSTOM_HEADER_VALUE} characters`;
  const canonical = canonicalHeaderName(name);
  if (refused.has(canonical.toLowerCase())) return `${canonical} is set by the SIP stack and cannot be overridden`;
  if (canonical === "From" || canonical === "To") {
    const nameAddr = parseNameAddr(value);
    if (!nameAddr) return `not a valid ${canonical} value (expected a SIP address such as "Name" <sip:user@host>)`;
    if (canonical === "To" && nameAddr.params.tag !== undefined) return "To must not carry a tag: the INVITE starts a new dialog";
  }
  if (canonical === "P-Asserted-Identity" && !splitList(value).every((part) => parseNameAddr(part))) {
    return "not a valid P-Asserted-Identity value (expected one or more addresses such as <sip:+15551234567@host>)";
  }
  return null;
}
