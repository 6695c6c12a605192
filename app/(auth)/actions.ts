"use server";

import { AuthError } from "next-auth";
import { redirect } from "next/navigation";
import { cookies, headers } from "next/headers";
import { acceptInvitation } from "@/lib/auth/invitations";
import { createOrganizationForUser, createOrganizationWithOwner } from "@/lib/auth/organizations";
import { createPasswordUser } from "@/lib/auth/users";
import { signIn, auth } from "@/lib/server/next-auth";
import { studioDatabase } from "@/lib/server/studio-database";
import { browserRequest } from "@/lib/server/browser-request";
import { ACTIVE_ORGANIZATION_COOKIE, activeOrganizationCookieOptions } from "@/lib/console/active-organization";
import { isInvitationPath, safeCallbackPath } from "@/lib/console/safe-redirect";
import { ConflictError, ValidationError } from "@/lib/utils/domain-errors";

export type FormState = { error?: string; fieldErrors?: Record<string, string>; values?: Record<string, string> };

const field = (form: FormData, name: string) => {
  const value = form.get(name);
  return typeof value === "string" ? value : "";
};

export async function signInAction(_state: FormState, form: FormData): Promise<FormState> {
  const email = field(form, "email").trim();
  const password = field(form, "password");
  const redirectTo = safeCallbackPath(field(form, "callbackUrl"));
  if (!email || !password) return { error: "Enter your email and password", values: { email } };
  try {
    await signIn("credentials", { email, password, redirectTo });
  } catch (error) {
    if (error instanceof AuthError) return { error: "Wrong email or password", values: { email } };
    throw error; // the redirect after a successful sign-in
  }
  return {};
}

export async function signInWithProviderAction(form: FormData): Promise<void> {
  await signIn(field(form, "provider"), { redirectTo: safeCallbackPath(field(form, "callbackUrl")) });
}

const fieldNames: Record<string, string> = { name: "organization", owner_email: "email", owner_password: "password" };

export async function signUpAction(_state: FormState, form: FormData): Promise<FormState> {
  const values = { name: field(form, "name").trim(), email: field(form, "email").trim(), organization: field(form, "organization").trim() };
  const password = field(form, "password");
  let redirectTo = safeCallbackPath(field(form, "callbackUrl"));
  const db = await studioDatabase();
  try {
    // Coming from an invitation: the account joins that organization at once (signing up was the
    // answer to it), so it needs none of its own. A link that stopped working shows why on its page.
    if (isInvitationPath(redirectTo)) {
      const user = await createPasswordUser(db, { email: values.email, password, name: values.name });
      const joined = await acceptInvitation(db, redirectTo.slice("/invite/".length), user.id, { origin: await browserRequest() }).catch(() => null);
      if (joined) {
        (await cookies()).set(ACTIVE_ORGANIZATION_COOKIE, joined.organizationId, activeOrganizationCookieOptions(await headers()));
        redirectTo = "/dashboard";
      }
    } else {
      await createOrganizationWithOwner(
        db,
        { name: values.organization, ownerEmail: values.email, ownerPassword: password, ownerName: values.name || undefined },
        { origin: await browserRequest() },
      );
    }
  } catch (error) {
    if (error instanceof ValidationError || error instanceof ConflictError) {
      const fieldErrors: Record<string, string> = {};
      for (const detail of error.details) {
        const message =
          detail.field === "owner_email" && error instanceof ConflictError ? "An account with this email exists: sign in instead" : detail.message;
        fieldErrors[fieldNames[detail.field] ?? detail.field] = message;
      }
      return { error: "Check the highlighted fields", fieldErrors, values };
    }
    throw error;
  }
  await signIn("credentials", { email: values.email, password, redirectTo });
  return {};
}

export async function createOrganizationAction(_state: FormState, form: FormData): Promise<FormState> {
  const session = await auth();
  if (!session?.user?.id) redirect("/sign-in?callbackUrl=/create-organization");
  const name = field(form, "organization").trim();
  let organizationId: string;
  try {
    ({ organizationId } = await createOrganizationForUser(await studioDatabase(), { name, userId: session.user.id }, await browserRequest()));
  } catch (error) {
    if (error instanceof ValidationError) return { fieldErrors: { organization: error.details[0]?.message ?? error.message }, values: { organization: name } };
    throw error;
  }
  (await cookies()).set(ACTIVE_ORGANIZATION_COOKIE, organizationId, activeOrganizationCookieOptions(await headers()));
  redirect("/dashboard");
}

export async function acceptInvitationAction(form: FormData): Promise<void> {
  const token = field(form, "token");
  const session = await auth();
  if (!session?.user?.id) redirect(`/sign-in?callbackUrl=${encodeURIComponent(`/invite/${token}`)}`);
  let organizationId: string;
  try {
    ({ organizationId } = await acceptInvitation(await studioDatabase(), token, session.user.id, { origin: await browserRequest() }));
  } catch {
    redirect(`/invite/${encodeURIComponent(token)}`); // the page explains why the link no longer works
  }
  (await cookies()).set(ACTIVE_ORGANIZATION_COOKIE, organizationId, activeOrganizationCookieOptions(await headers()));
  redirect("/dashboard");
}
