/** The cookie naming the organization a user works in; only a hint, checked against memberships on every request. */
export const ACTIVE_ORGANIZATION_COOKIE = "studio_org";

/**
 * Whether the browser reached the studio over TLS: a TLS-terminating proxy says so in
 * X-Forwarded-Proto (as next-auth reads it for the session cookie), or AUTH_URL is https.
 */
export function reachedOverTls(headers: Headers, authUrl = process.env.AUTH_URL): boolean {
  const proto = headers.get("x-forwarded-proto")?.split(",")[0]?.trim().toLowerCase();
  return proto === "https" || authUrl?.startsWith("https://") === true;
}

/** Options of the studio_org cookie for a response to a request with these headers: Secure whenever the request came over TLS. */
export function activeOrganizationCookieOptions(headers: Headers) {
  return {
    httpOnly: true,
    sameSite: "lax" as const,
    path: "/",
    maxAge: 365 * 24 * 60 * 60,
    secure: reachedOverTls(headers),
  };
}
