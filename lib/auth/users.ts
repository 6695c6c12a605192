import "server-only";
import { eq, sql } from "drizzle-orm";
import type { Database } from "@/lib/db/client";
import { users } from "@/lib/db/schema";
import { ConflictError, ValidationError } from "@/lib/utils/domain-errors";
import { createOrganizationForUser, MIN_PASSWORD_LENGTH } from "./organizations";
import { hashPassword, verifyPassword } from "./passwords";
import { isUuid } from "@/lib/schemas/ids";

export type StudioUser = { id: string; email: string; name: string | null };

const columns = { id: users.id, email: users.email, name: users.name };

export async function findUserById(db: Database, id: string): Promise<StudioUser | null> {
  if (!isUuid(id)) return null;
  const [row] = await db.select(columns).from(users).where(eq(users.id, id)).limit(1);
  return row ?? null;
}

export async function findUserByEmail(db: Database, email: string): Promise<StudioUser | null> {
  const [row] = await db
    .select(columns)
    .from(users)
    .where(sql`lower(${users.email}) = lower(${email.trim()})`)
    .limit(1);
  return row ?? null;
}

const emailPattern = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** A user who signs in with a password and belongs to no organization yet (an invitation adds one). */
export async function createPasswordUser(db: Database, input: { email: string; password: string; name?: string | null }): Promise<StudioUser> {
  const email = input.email.trim();
  const problems = [];
  if (!emailPattern.test(email)) problems.push({ field: "email", message: "Must be an email address" });
  if (input.password.length < MIN_PASSWORD_LENGTH) problems.push({ field: "password", message: `Must be at least ${MIN_PASSWORD_LENGTH} characters` });
  if (problems.length) throw new ValidationError(problems.map((p) => `${p.field}: ${p.message}`).join("; "), problems);
  if (await findUserByEmail(db, email)) throw new ConflictError(`A user with email ${email} already exists`, [{ field: "email", message: "Already registered" }]);
  const passwordHash = await hashPassword(input.password);
  const [created] = await db
    .insert(users)
    .values({ email, name: input.name?.trim() || null, passwordHash })
    .onConflictDoNothing()
    .returning(columns);
  if (!created) throw new ConflictError(`A user with email ${email} already exists`, [{ field: "email", message: "Already registered" }]);
  return created;
}

// Compared against when the email is unknown, so a wrong email takes as long as a wrong password.
let decoyHash: Promise<string> | undefined;

/** The user when the email and password match; null otherwise (without saying which was wrong). */
export async function verifyCredentials(db: Database, email: string, password: string): Promise<StudioUser | null> {
  const [row] = await db
    .select({ ...columns, passwordHash: users.passwordHash })
    .from(users)
    .where(sql`lower(${users.email}) = lower(${email.trim()})`)
    .limit(1);
  if (!row?.passwordHash) {
    await verifyPassword(await (decoyHash ??= hashPassword("decoy-password-for-timing")), password);
    return null;
  }
  if (!(await verifyPassword(row.passwordHash, password))) return null;
  return { id: row.id, email: row.email, name: row.name };
}

/**
 * An OAuth/OIDC sign-in: the user with that (provider-verified) email, or a new user without a
 * password who owns a new organization of their own.
 */
export async function findOrCreateExternalUser(db: Database, input: { email: string; name: string | null }): Promise<StudioUser> {
  const existing = await findUserByEmail(db, input.email);
  if (existing) return existing;
  const [created] = await db
    .insert(users)
    .values({ email: input.email.trim(), name: input.name })
    .onConflictDoNothing()
    .returning(columns);
  if (!created) return (await findUserByEmail(db, input.email))!;
  await createOrganizationForUser(db, { name: `${input.name || input.email.split("@")[0]}'s organization`, userId: created.id });
  return created;
}
