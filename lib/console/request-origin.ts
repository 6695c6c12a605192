import "server-only";
import { originFromHeaders as addressedOrigin } from "@/lib/net/request-origin";

/** The origin the browser used (PUBLIC_BASE_URL when set), so signed links in API answers work for it. */
export function originFromHeaders(headers: Headers, fallbackUrl?: string): string {
  const configured = process.env.PUBLIC_BASE_URL?.replace(/\/+$/, "");
  if (configured) return configured;
  return addressedOrigin(headers, fallbackUrl ? new URL(fallbackUrl).origin : "http://localhost");
}
