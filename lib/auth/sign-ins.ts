import "server-only";
import type { Database } from "@/lib/db/client";
import { change } from "@/lib/services/audit/audit-changes";
import { recordAudit } from "@/lib/services/audit/record-audit";
import type { RequestOrigin } from "@/lib/services/context";
import { inTransaction } from "@/lib/db/transaction";
import { listUserMemberships } from "./memberships";
import { findUserByEmail, verifyCredentials, type StudioUser } from "./users";

export type SignInMethod = "password" | string;

/**
 * Records a sign-in, or a failed one, in the audit log of every organization the account belongs to
 * (its admins see their members' sign-ins). An email no account has belongs to no organization: such
 * an attempt is only logged to the console.
 */
export async function recordSignIn(
  db: Database,
  input: { email: string; user: StudioUser | null; succeeded: boolean; method: SignInMethod; origin?: RequestOrigin },
): Promise<void> {
  const user = input.user ?? (await findUserByEmail(db, input.email));
  if (!user) {
    console.warn(`sign-in failed for an unknown email (${input.method}) from ${input.origin?.ip ?? "an unknown address"}`);
    return;
  }
  const memberships = await listUserMemberships(db, user.id);
  if (memberships.length === 0) return;
  await inTransaction(db, async (tx) => {
    for (const membership of memberships) {
      await recordAudit(
        { db: tx, organizationId: membership.organizationId, actor: { type: "user", id: user.id, label: user.email }, origin: input.origin },
        {
          action: input.succeeded ? "user.signed_in" : "user.sign_in_failed",
          resourceType: "user",
          resourceId: user.id,
          changes: change("method", null, input.method),
        },
      );
    }
  });
}

/** A password sign-in: the user when the email and password match, null otherwise; either way it is recorded. */
export async function signInWithPassword(db: Database, email: string, password: string, origin?: RequestOrigin): Promise<StudioUser | null> {
  const user = await verifyCredentials(db, email, password);
  await recordSignIn(db, { email, user, succeeded: Boolean(user), method: "password", origin }).catch((error: unknown) =>
    console.error("sign-in audit entry failed:", error),
  );
  return user;
}
