import { inTransaction } from "@/lib/db/transaction";
import "server-only";
import { eq, sql } from "drizzle-orm";
import type { Database } from "@/lib/db/client";
import { memberships, organizations, users } from "@/lib/db/schema";
import type { AuditActor } from "@/lib/schemas/audit-log";
import { change } from "@/lib/services/audit/audit-changes";
import { recordAudit } from "@/lib/services/audit/record-audit";
import type { RequestOrigin } from "@/lib/services/context";
import { ConflictError, ValidationError } from "@/lib/utils/domain-errors";
import { mintConsoleApiKey } from "./console-key";
import { hashPassword } from "./passwords";
import { newWebhookSecret } from "@/lib/webhooks/sign-webhook";

export async function createOrganization(db: Database, name: string): Promise<{ id: string }> {
  const [org] = await db
    .insert(organizations)
    .values({ name, webhookSecret: newWebhookSecret() })
    .returning({ id: organizations.id });
  return org;
}

const emailPattern = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
export const MIN_PASSWORD_LENGTH = 8;

/** A new organization and its owner, in one transaction. */
export async function createOrganizationWithOwner(
  db: Database,
  input: { name: string; ownerEmail: string; ownerPassword: string; ownerName?: string },
  /** Who creates it (default: the new owner, signing up) and the request it came with, for the audit log. */
  by: { actor?: AuditActor; origin?: RequestOrigin } = {},
): Promise<{ organizationId: string; userId: string }> {
  const problems = [];
  if (!input.name.trim()) problems.push({ field: "name", message: "Required" });
  if (!emailPattern.test(input.ownerEmail)) problems.push({ field: "owner_email", message: "Must be an email address" });
  if (input.ownerPassword.length < MIN_PASSWORD_LENGTH) {
    problems.push({ field: "owner_password", message: `Must be at least ${MIN_PASSWORD_LENGTH} characters` });
  }
  if (problems.length) throw new ValidationError(problems.map((p) => `${p.field}: ${p.message}`).join("; "), problems);

  const passwordHash = await hashPassword(input.ownerPassword);
  return inTransaction(db, async (tx) => {
    const [existing] = await tx
      .select({ id: users.id })
      .from(users)
      .where(sql`lower(${users.email}) = lower(${input.ownerEmail})`)
      .limit(1);
    if (existing) {
      throw new ConflictError(`A user with email ${input.ownerEmail} already exists`, [
        { field: "owner_email", message: "Already registered" },
      ]);
    }
    const [org] = await tx
      .insert(organizations)
      .values({ name: input.name.trim(), webhookSecret: newWebhookSecret() })
      .returning({ id: organizations.id });
    const [user] = await tx
      .insert(users)
      .values({ email: input.ownerEmail, name: input.ownerName ?? null, passwordHash })
      .returning({ id: users.id });
    await tx.insert(memberships).values({ organizationId: org.id, userId: user.id, role: "owner" });
    await recordAudit(
      { db: tx, organizationId: org.id, actor: by.actor ?? { type: "user", id: user.id, label: input.ownerEmail }, origin: by.origin },
      { action: "organization.created", resourceType: "organization", resourceId: org.id, changes: { ...change("name", null, input.name.trim()), ...change("owner_email", null, input.ownerEmail) } },
    );
    await mintConsoleApiKey(tx, org.id);
    return { organizationId: org.id, userId: user.id };
  });
}

/** Another organization for an existing user, who owns it (with its console key), in one transaction. */
export async function createOrganizationForUser(
  db: Database,
  input: { name: string; userId: string },
  origin?: RequestOrigin,
): Promise<{ organizationId: string }> {
  const name = input.name.trim();
  if (!name) throw new ValidationError("name: Required", [{ field: "name", message: "Required" }]);
  if (name.length > 200) throw new ValidationError("name: At most 200 characters", [{ field: "name", message: "At most 200 characters" }]);
  return inTransaction(db, async (tx) => {
    const [org] = await tx.insert(organizations).values({ name, webhookSecret: newWebhookSecret() }).returning({ id: organizations.id });
    await tx.insert(memberships).values({ organizationId: org.id, userId: input.userId, role: "owner" });
    const [user] = await tx.select({ email: users.email }).from(users).where(eq(users.id, input.userId));
    await recordAudit(
      { db: tx, organizationId: org.id, actor: { type: "user", id: input.userId, label: user?.email ?? input.userId }, origin },
      { action: "organization.created", resourceType: "organization", resourceId: org.id, changes: change("name", null, name) },
    );
    await mintConsoleApiKey(tx, org.id);
    return { organizationId: org.id };
  });
}

export async function organizationExists(db: Database, id: string): Promise<boolean> {
  const [row] = await db.select({ id: organizations.id }).from(organizations).where(eq(organizations.id, id)).limit(1);
  return Boolean(row);
}
