import "server-only";
import { cookies, headers } from "next/headers";
import { redirect } from "next/navigation";
import { cache } from "react";
import { auth } from "@/lib/server/next-auth";
import { ACTIVE_ORGANIZATION_COOKIE } from "@/lib/console/active-organization";
import { buildConsoleContext, type ConsoleContext, type ConsoleContextResult } from "./console-context";
import { originFromHeaders } from "@/lib/console/request-origin";
import { browserRequest } from "./browser-request";
import { getRuntime } from "./runtime";

/** The console context of the current request (session cookie + active organization cookie), once per request. */
export const loadConsoleContext = cache(async (): Promise<ConsoleContextResult> => {
  const [session, cookieStore, headerList, runtime] = await Promise.all([auth(), cookies(), headers(), getRuntime()]);
  return buildConsoleContext({
    db: runtime.connection.db,
    app: runtime.api,
    userId: session?.user?.id,
    requestedOrganizationId: cookieStore.get(ACTIVE_ORGANIZATION_COOKIE)?.value,
    origin: originFromHeaders(headerList),
    client: await browserRequest(),
  });
});

/**
 * For server components and server actions of the console: the context, or a redirect to sign-in
 * (or to /create-organization when the user belongs to no organization). `next` is where sign-in returns to.
 */
export async function requireConsoleContext(next?: string): Promise<ConsoleContext> {
  const result = await loadConsoleContext();
  if (result.ok) return result.context;
  if (result.reason === "no-organization") redirect("/create-organization");
  redirect(next ? `/sign-in?callbackUrl=${encodeURIComponent(next)}` : "/sign-in");
}
