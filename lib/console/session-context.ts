import "server-only";
import { cookies, headers } from "next/headers";
import { redirect } from "next/navigation";
import { cache } from "react";
import { auth } from "@/lib/auth/next-auth";
import { studioDatabase } from "@/lib/auth/studio-database";
import { ACTIVE_ORGANIZATION_COOKIE } from "./active-organization";
import { buildConsoleContext, type ConsoleContext, type ConsoleContextResult } from "./console-context";
import { originFromHeaders } from "./request-origin";

/** The console context of the current request (session cookie + active organization cookie), once per request. */
export const loadConsoleContext = cache(async (): Promise<ConsoleContextResult> => {
  const [session, cookieStore, headerList, db] = await Promise.all([auth(), cookies(), headers(), studioDatabase()]);
  return buildConsoleContext({
    db,
    userId: session?.user?.id,
    requestedOrganizationId: cookieStore.get(ACTIVE_ORGANIZATION_COOKIE)?.value,
    origin: originFromHeaders(headerList),
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
