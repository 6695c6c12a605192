"use server";

import { cookies, headers } from "next/headers";
import { redirect } from "next/navigation";
import { auth, signOut } from "@/lib/server/next-auth";
import { findMembership } from "@/lib/auth/memberships";
import { ACTIVE_ORGANIZATION_COOKIE, activeOrganizationCookieOptions } from "@/lib/console/active-organization";
import { studioDatabase } from "./studio-database";

/** Makes another of the user's organizations the active one (only one they are a member of). */
export async function switchOrganizationAction(organizationId: string): Promise<void> {
  const session = await auth();
  if (!session?.user?.id) redirect("/sign-in");
  const role = await findMembership(await studioDatabase(), organizationId, session.user.id);
  if (role) (await cookies()).set(ACTIVE_ORGANIZATION_COOKIE, organizationId, activeOrganizationCookieOptions(await headers()));
  redirect("/dashboard");
}

export async function signOutAction(): Promise<void> {
  (await cookies()).delete(ACTIVE_ORGANIZATION_COOKIE);
  await signOut({ redirectTo: "/sign-in" });
}
