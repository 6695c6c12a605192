import { createHash, createHmac, timingSafeEqual } from "node:crypto";
import { parse as parseQuery, stringify as stringifyQuery } from "node:querystring";

/** Form fields as Twilio posts them; a repeated field is an array. */
export type TwilioParams = Record<string, string | string[]>;

/**
 * `X-Twilio-Signature`: base64 HMAC-SHA1, keyed with the auth token, of the full URL followed by
 * each POST field (sorted by name) as name+value. Matches twilio-node's `getExpectedTwilioSignature`.
 */
export function twilioSignature(authToken: string, url: string, params: TwilioParams): string {
  let data = url;
  for (const name of Object.keys(params).sort()) {
    const value = params[name];
    if (Array.isArray(value)) for (const each of Array.from(new Set(value)).sort()) data += name + each;
    else data += name + value;
  }
  return createHmac("sha1", authToken).update(Buffer.from(data, "utf8")).digest("base64");
}

/**
 * Accepts what twilio-node's `validateRequest` accepts: the URL with and without its port, each
 * also with the query string re-encoded the legacy way (Twilio's own signing is inconsistent there).
 */
export function validateTwilioSignature(authToken: string, signature: string, url: string, params: TwilioParams): boolean {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return false;
  }
  const withoutPort = removePort(parsed);
  const withPort = addPort(parsed);
  for (const candidate of [withoutPort, withPort, legacyQuery(withoutPort), legacyQuery(withPort)]) {
    if (safeEqual(signature, twilioSignature(authToken, candidate, params))) return true;
  }
  return false;
}

/**
 * A whole webhook request: form-encoded fields are signed; a JSON body is signed through the
 * `bodySHA256` query parameter (hex SHA-256 of the body) with no fields, as twilio-node checks it.
 */
export function validateTwilioRequest(authToken: string, signature: string | null | undefined, url: string, rawBody: string): boolean {
  if (!signature || !authToken) return false;
  if (url.includes("bodySHA256")) {
    let expectedHash: string | null;
    try {
      expectedHash = new URL(url).searchParams.get("bodySHA256");
    } catch {
      return false;
    }
    const bodyHash = createHash("sha256").update(Buffer.from(rawBody, "utf8")).digest("hex");
    return validateTwilioSignature(authToken, signature, url, {}) && safeEqual(expectedHash ?? "", bodyHash);
  }
  return validateTwilioSignature(authToken, signature, url, parseTwilioForm(rawBody));
}

/** Form body to fields, repeated names kept as arrays. */
export function parseTwilioForm(rawBody: string): TwilioParams {
  const params: TwilioParams = {};
  for (const [name, value] of new URLSearchParams(rawBody)) {
    const existing = params[name];
    if (existing === undefined) params[name] = value;
    else params[name] = Array.isArray(existing) ? [...existing, value] : [existing, value];
  }
  return params;
}

function removePort(url: URL): string {
  const copy = new URL(url);
  copy.port = "";
  return copy.toString();
}

/** WHATWG URL drops a scheme's default port; Twilio sometimes signs with it (":443", else ":80"). */
function addPort(url: URL): string {
  if (url.port) return url.toString();
  const port = url.protocol === "https:" ? ":443" : ":80";
  const credentials = url.username ? `${url.username}${url.password ? `:${url.password}` : ""}@` : url.password ? `:${url.password}@` : "";
  return `${url.protocol}//${credentials}${url.host}${port}${url.pathname}${url.search}${url.hash}`;
}

function legacyQuery(url: string): string {
  const parsed = new URL(url);
  if (!parsed.search) return url;
  const query = parseQuery(parsed.search.slice(1));
  parsed.search = "";
  return `${parsed.toString()}?${stringifyQuery(query)}`;
}

function safeEqual(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}
