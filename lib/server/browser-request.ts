import "server-only";
import { headers } from "next/headers";
import { CLIENT_IP_HEADER } from "@/lib/net/client-address";
import type { RequestOrigin } from "@/lib/services/context";

/**
 * The browser's request as the audit log records it: its id (when it sent one), the address our
 * server saw (lib/server sets CLIENT_IP_HEADER on everything it hands to Next.js) and its user agent.
 * From the current request's headers, else (outside a request scope) from `request`.
 */
export async function browserRequest(request?: Request): Promise<RequestOrigin> {
  let list: Headers | undefined;
  try {
    list = await headers();
  } catch {
    list = request?.headers;
  }
  if (!list) return { requestId: null, ip: null, userAgent: null };
  return { requestId: list.get("x-request-id"), ip: list.get(CLIENT_IP_HEADER) || null, userAgent: list.get("user-agent") };
}
