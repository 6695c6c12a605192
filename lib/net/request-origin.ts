/** A host name or bracketed IPv6 address with an optional port, nothing else (no user info, path or spaces). */
const HOST = /^(?:[a-z0-9](?:[a-z0-9-]*[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]*[a-z0-9])?)*|\[[0-9a-f:.]+\])(?::\d{1,5})?$/i;

const first = (value: string | null) => value?.split(",")[0]?.trim() || null;

/**
 * The origin a request was addressed to, for absolute links in its answer: the Host header (the
 * proxy's X-Forwarded-Host when there is one) and X-Forwarded-Proto, when they are well-formed;
 * otherwise `fallback`. Only the asker sees these links, so a forged header misleads no one else.
 */
export function originFromHeaders(headers: Headers, fallback: string): string {
  const host = first(headers.get("x-forwarded-host")) ?? first(headers.get("host"));
  if (!host || !HOST.test(host)) return fallback;
  const forwarded = first(headers.get("x-forwarded-proto"))?.toLowerCase();
  const proto = forwarded === "https" || forwarded === "http" ? forwarded : new URL(fallback).protocol.replace(":", "");
  return `${proto}://${host.toLowerCase()}`;
}

/** The origin of `request` as its sender addressed it (see originFromHeaders). */
export function requestOrigin(request: Request): string {
  return originFromHeaders(request.headers, new URL(request.url).origin);
}
