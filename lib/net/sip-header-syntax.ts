// SIP header syntax (RFC 3261 §7.3, §20, §25) that needs no SIP stack: header names, name-addr values
// with parameters, comma-separated lists. Every parser returns null on malformed input; none throws.

const compactForms: Record<string, string> = {
  a: "Accept-Contact",
  b: "Referred-By",
  c: "Content-Type",
  d: "Request-Disposition",
  e: "Content-Encoding",
  f: "From",
  i: "Call-ID",
  j: "Reject-Contact",
  k: "Supported",
  l: "Content-Length",
  m: "Contact",
  n: "Identity-Info",
  o: "Event",
  r: "Refer-To",
  s: "Subject",
  t: "To",
  u: "Allow-Events",
  v: "Via",
  x: "Session-Expires",
  y: "Identity",
};

const canonicalNames = new Map(
  [
    "Accept", "Accept-Encoding", "Accept-Language", "Alert-Info", "Allow", "Allow-Events", "Authentication-Info",
    "Authorization", "Call-ID", "Call-Info", "Contact", "Content-Disposition", "Content-Encoding", "Content-Language",
    "Content-Length", "Content-Type", "CSeq", "Date", "Error-Info", "Event", "Expires", "From", "In-Reply-To",
    "Max-Forwards", "Min-Expires", "Min-SE", "MIME-Version", "Organization", "P-Asserted-Identity",
    "P-Preferred-Identity", "Priority", "Proxy-Authenticate", "Proxy-Authorization", "Proxy-Require", "Reason",
    "Record-Route", "Refer-To", "Referred-By", "Reply-To", "Require", "Retry-After", "Route", "RSeq", "Server",
    "Session-Expires", "Subject", "Subscription-State", "Supported", "Timestamp", "To", "Unsupported", "User-Agent",
    "Via", "Warning", "WWW-Authenticate",
  ].map((name) => [name.toLowerCase(), name]),
);

/** The long, canonically capitalized name of a header (compact forms expanded), else the name as given. */
export function canonicalHeaderName(name: string): string {
  const lower = name.toLowerCase();
  if (lower.length === 1 && compactForms[lower]) return compactForms[lower];
  return canonicalNames.get(lower) ?? name;
}

export type Params = Record<string, string | null>;

export const tokenPattern = /^[A-Za-z0-9\-.!%*_+`'~]+$/;

/** Splits a comma-separated list, ignoring commas inside quoted strings and <…>. */
export function splitList(value: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let quoted = false;
  let start = 0;
  for (let i = 0; i < value.length; i++) {
    const char = value[i];
    if (quoted) {
      if (char === "\\") i++;
      else if (char === '"') quoted = false;
    } else if (char === '"') quoted = true;
    else if (char === "<") depth++;
    else if (char === ">") depth = Math.max(0, depth - 1);
    else if (char === "," && depth === 0) {
      parts.push(value.slice(start, i).trim());
      start = i + 1;
    }
  }
  parts.push(value.slice(start).trim());
  return parts.filter((part) => part.length > 0);
}

/** Parses `;name=value;flag` parameters (values may be tokens, hosts or quoted strings). */
export function parseParams(text: string): Params | null {
  const params: Params = {};
  let rest = text.trim();
  while (rest.length) {
    if (!rest.startsWith(";")) return null;
    rest = rest.slice(1).trimStart();
    const name = /^[A-Za-z0-9\-.!%*_+`'~]+/.exec(rest)?.[0];
    if (!name) return null;
    rest = rest.slice(name.length).trimStart();
    let value: string | null = null;
    if (rest.startsWith("=")) {
      rest = rest.slice(1).trimStart();
      if (rest.startsWith('"')) {
        const end = closingQuote(rest);
        if (end === -1) return null;
        value = rest.slice(0, end + 1);
        rest = rest.slice(end + 1);
      } else {
        value = /^[A-Za-z0-9\-.!%*_+`'~:[\]]+/.exec(rest)?.[0] ?? null;
        if (value === null) return null;
        rest = rest.slice(value.length);
      }
      rest = rest.trimStart();
    }
    params[name.toLowerCase()] = value;
  }
  return params;
}

export function formatParams(params: Params): string {
  return Object.entries(params)
    .map(([name, value]) => (value === null ? `;${name}` : `;${name}=${value}`))
    .join("");
}

/** Index of the quote closing the quoted string that starts at text[0], or -1. */
export function closingQuote(text: string): number {
  for (let i = 1; i < text.length; i++) {
    if (text[i] === "\\") i++;
    else if (text[i] === '"') return i;
  }
  return -1;
}

export function unquote(text: string): string {
  return text.startsWith('"') && text.endsWith('"') && text.length >= 2 ? text.slice(1, -1).replace(/\\(.)/g, "$1") : text;
}

export function quote(text: string): string {
  return `"${text.replace(/["\\]/g, (char) => `\\${char}`)}"`;
}

export type NameAddr = { displayName?: string; uri: string; params: Params };

/** `"Name" <sip:…>;tag=x`, `Name <sip:…>` or a bare addr-spec (whose `;` parameters are the header's). */
export function parseNameAddr(value: string): NameAddr | null {
  let rest = value.trim();
  let displayName: string | undefined;
  if (rest.startsWith('"')) {
    const end = closingQuote(rest);
    if (end === -1) return null;
    displayName = unquote(rest.slice(0, end + 1));
    rest = rest.slice(end + 1).trimStart();
    if (!rest.startsWith("<")) return null;
  }
  let uri: string;
  const open = rest.indexOf("<");
  if (open !== -1) {
    if (displayName === undefined && open > 0) {
      const name = rest.slice(0, open).trim();
      if (/[<>"\r\n]/.test(name)) return null; // lenient: carriers send unquoted non-token names
      displayName = name;
    }
    const close = rest.indexOf(">", open);
    if (close === -1) return null;
    uri = rest.slice(open + 1, close).trim();
    rest = rest.slice(close + 1);
  } else {
    const semicolon = rest.indexOf(";");
    uri = (semicolon === -1 ? rest : rest.slice(0, semicolon)).trim();
    rest = semicolon === -1 ? "" : rest.slice(semicolon);
    if (/[\s,?]/.test(uri)) return null;
  }
  if (!/^[A-Za-z][A-Za-z0-9+\-.]*:\S+$/.test(uri)) return null;
  const params = parseParams(rest);
  if (!params) return null;
  return { displayName, uri, params };
}

export function formatNameAddr(nameAddr: NameAddr): string {
  const name = nameAddr.displayName !== undefined ? `${quote(nameAddr.displayName)} ` : "";
  return `${name}<${nameAddr.uri}>${formatParams(nameAddr.params)}`;
}
