import "server-only";

/** The origin the browser used (PUBLIC_BASE_URL when set), so signed links in API answers work for it. */
export function originFromHeaders(headers: Headers, fallbackUrl?: string): string {
  const configured = process.env.PUBLIC_BASE_URL?.replace(/\/+$/, "");
  if (configured) return configured;
  const host = headers.get("x-forwarded-host")?.split(",")[0]?.trim() || headers.get("host");
  if (host && /^[a-z0-9.\-:[\]]+$/i.test(host)) {
    const proto = headers.get("x-forwarded-proto")?.split(",")[0]?.trim() === "https" ? "https" : "http";
    return `${proto}://${host}`;
  }
  return fallbackUrl ? new URL(fallbackUrl).origin : "http://localhost";
}
