// SIP and SIPS URIs (RFC 3261 §19.1): sip:user:password@host:port;uri-parameters?headers. Pure syntax, no SIP stack.

export type SipUri = {
  scheme: "sip" | "sips";
  user?: string;
  password?: string;
  host: string;
  port?: number;
  /** Parameter names lower-cased; a parameter without a value maps to null. */
  params: Record<string, string | null>;
  headers: Record<string, string>;
};

const hostnamePattern = /^(?:[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?\.)*[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?\.?$/;
const ipv4Pattern = /^(?:(?:25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)\.){3}(?:25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)$/;
const ipv6Pattern = /^\[[0-9A-Fa-f:.]{2,45}\]$/;
// RFC 3261 user: unreserved, escaped and user-unreserved characters.
const userPattern = /^(?:[A-Za-z0-9\-_.!~*'()&=+$,;?/]|%[0-9A-Fa-f]{2})+$/;
const passwordPattern = /^(?:[A-Za-z0-9\-_.!~*'()&=+$,]|%[0-9A-Fa-f]{2})*$/;
const paramPattern = /^(?:[A-Za-z0-9\-_.!~*'()[\]/:&+$]|%[0-9A-Fa-f]{2})+$/;

export function isValidHost(host: string): boolean {
  return ipv4Pattern.test(host) || ipv6Pattern.test(host) || (host.length <= 253 && hostnamePattern.test(host) && !/^\d+(\.\d+)*\.?$/.test(host));
}

export function parsePort(text: string): number | undefined {
  if (!/^\d{1,5}$/.test(text)) return undefined;
  const port = Number(text);
  return port >= 1 && port <= 65535 ? port : undefined;
}

/** Splits `host[:port]`, with IPv6 references in brackets. */
export function parseHostPort(text: string): { host: string; port?: number } | null {
  let host = text;
  let portText: string | undefined;
  if (text.startsWith("[")) {
    const end = text.indexOf("]");
    if (end === -1) return null;
    host = text.slice(0, end + 1);
    const rest = text.slice(end + 1);
    if (rest) {
      if (!rest.startsWith(":")) return null;
      portText = rest.slice(1);
    }
  } else {
    const colon = text.indexOf(":");
    if (colon !== -1) {
      host = text.slice(0, colon);
      portText = text.slice(colon + 1);
    }
  }
  if (!isValidHost(host)) return null;
  if (portText === undefined) return { host };
  const port = parsePort(portText);
  return port === undefined ? null : { host, port };
}

export function parseUri(text: string): SipUri | null {
  const match = /^(sips?):(.+)$/i.exec(text.trim());
  if (!match) return null;
  const scheme = match[1].toLowerCase() as "sip" | "sips";
  let rest = match[2];
  let user: string | undefined;
  let password: string | undefined;
  const at = rest.indexOf("@");
  if (at !== -1) {
    const userinfo = rest.slice(0, at);
    rest = rest.slice(at + 1);
    const colon = userinfo.indexOf(":");
    user = colon === -1 ? userinfo : userinfo.slice(0, colon);
    password = colon === -1 ? undefined : userinfo.slice(colon + 1);
    if (!userPattern.test(user) || (password !== undefined && !passwordPattern.test(password))) return null;
  }
  const question = rest.indexOf("?");
  const headerText = question === -1 ? "" : rest.slice(question + 1);
  if (question !== -1) rest = rest.slice(0, question);
  const [hostPortText, ...paramTexts] = rest.split(";");
  const hostPort = parseHostPort(hostPortText);
  if (!hostPort) return null;
  const params: Record<string, string | null> = {};
  for (const paramText of paramTexts) {
    const equals = paramText.indexOf("=");
    const name = (equals === -1 ? paramText : paramText.slice(0, equals)).toLowerCase();
    const value = equals === -1 ? null : paramText.slice(equals + 1);
    if (!paramPattern.test(name) || (value !== null && !paramPattern.test(value))) return null;
    params[name] = value;
  }
  const headers: Record<string, string> = {};
  if (headerText) {
    for (const pair of headerText.split("&")) {
      const equals = pair.indexOf("=");
      if (equals <= 0) return null;
      headers[pair.slice(0, equals)] = pair.slice(equals + 1);
    }
  }
  return { scheme, user, password, host: hostPort.host, port: hostPort.port, params, headers };
}

/** The host as it appears in a URI or Via: IPv6 addresses in brackets. */
export function uriHost(address: string): string {
  return address.includes(":") && !address.startsWith("[") ? `[${address}]` : address;
}

/** A user part safe for a URI: characters outside the user grammar are %-escaped. */
export function escapeUser(user: string): string {
  return Array.from(new TextEncoder().encode(user), (byte) => {
    const char = String.fromCharCode(byte);
    return byte < 0x80 && /[A-Za-z0-9\-_.!~*'()&=+$,;?/]/.test(char) ? char : `%${byte.toString(16).toUpperCase().padStart(2, "0")}`;
  }).join("");
}
