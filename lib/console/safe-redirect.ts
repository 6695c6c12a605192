/** A callback URL from a query string, kept only when it is a path on this site (no open redirect). */
export function safeCallbackPath(value: unknown, fallback = "/dashboard"): string {
  if (typeof value !== "string" || !value.startsWith("/") || value.startsWith("//") || value.startsWith("/\\")) return fallback;
  return value;
}

/** Sign-up on the way to an invitation: the new account joins that organization instead of making its own. */
export function isInvitationPath(path: string): boolean {
  return /^\/invite\/[A-Za-z0-9_-]+$/.test(path);
}
