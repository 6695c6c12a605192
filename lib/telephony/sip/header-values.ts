// Structured header values (RFC 3261 §20, §25): name-addr/addr-spec with parameters, Via, CSeq and lists.
// Every parser returns null on malformed input; none throws.

import { parseHostPort } from "./uri";

export {
  formatNameAddr,
  formatParams,
  parseNameAddr,
  parseParams,
  quote,
  splitList,
  tokenPattern,
  unquote,
  type NameAddr,
  type Params,
} from "@/lib/net/sip-header-syntax";
import { closingQuote, formatParams, parseParams, unquote, type Params } from "@/lib/net/sip-header-syntax";

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
