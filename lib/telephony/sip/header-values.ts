// Structured header values (RFC 3261 §20, §25): name-addr/addr-spec with parameters, Via, CSeq and lists.
// Every parser returns null on malformed input; none throws.

import { parseHostPort } from "./uri";

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
function closingQuote(text: string): number {
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

export type Via = { transport: string; host: string; port?: number; params: Params };

export function parseVia(value: string): Via | null {
  const match = /^SIP\s*\/\s*2\.0\s*\/\s*([A-Za-z0-9\-.!%*_+`'~]+)\s+([^\s;]+)\s*(.*)$/i.exec(value.trim());
  if (!match) return null;
  const hostPort = parseHostPort(match[2].replace(/\s+/g, ""));
  const params = parseParams(match[3]);
  if (!hostPort || !params) return null;
  if (params.rport !== undefined && params.rport !== null && parsePortParam(params.rport) === undefined) return null;
  return { transport: match[1].toUpperCase(), host: hostPort.host, port: hostPort.port, params };
}

function parsePortParam(text: string): number | undefined {
  return /^\d{1,5}$/.test(text) && Number(text) >= 1 && Number(text) <= 65535 ? Number(text) : undefined;
}

export function formatVia(via: Via): string {
  return `SIP/2.0/${via.transport} ${via.host}${via.port ? `:${via.port}` : ""}${formatParams(via.params)}`;
}

export type CSeq = { seq: number; method: string };

export function parseCSeq(value: string): CSeq | null {
  const match = /^(\d{1,10})\s+([A-Za-z0-9\-.!%*_+`'~]+)$/.exec(value.trim());
  if (!match) return null;
  const seq = Number(match[1]);
  return seq < 2 ** 31 ? { seq, method: match[2] } : null;
}

/** Comma-separated `name=value` pairs of a digest challenge or credentials (values quoted or tokens). */
export function parseAuthParams(text: string): Record<string, string> | null {
  const params: Record<string, string> = {};
  let rest = text.trim();
  while (rest.length) {
    const name = /^[A-Za-z0-9\-.!%*_+`'~]+/.exec(rest)?.[0];
    if (!name) return null;
    rest = rest.slice(name.length).trimStart();
    if (!rest.startsWith("=")) return null;
    rest = rest.slice(1).trimStart();
    let value: string;
    if (rest.startsWith('"')) {
      const end = closingQuote(rest);
      if (end === -1) return null;
      value = unquote(rest.slice(0, end + 1));
      rest = rest.slice(end + 1);
    } else {
      const token = /^[^\s,]+/.exec(rest)?.[0];
      if (!token) return null;
      value = token;
      rest = rest.slice(token.length);
    }
    params[name.toLowerCase()] = value;
    rest = rest.trimStart();
    if (rest.startsWith(",")) rest = rest.slice(1).trimStart();
    else if (rest.length) return null;
  }
  return params;
}
