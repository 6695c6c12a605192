/** A callback URL from a query string, kept only when it is a path on this site (no open redirect). */
export function safeCallbackPath(value: unknown, fallback = "/dashboard"): string {
  if (typeof value !== "string" || !value.startsWith("/") || value.startsWith("//") || value.startsWith("/\\")) return fallback;
  return value;
}
