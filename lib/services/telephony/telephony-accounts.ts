import "server-only";
import { and, eq } from "drizzle-orm";
import { openSecret, sealSecret } from "@/lib/auth/secret-box";
import { loadStudioSecret } from "@/lib/auth/studio-secret";
import type { Database } from "@/lib/db/client";
import { telephonyAccounts, type CarrierName } from "@/lib/db/schema";
import { withTransaction, type ServiceContext } from "../context";
import { change, fieldChanges } from "../audit/audit-changes";
import { recordAudit } from "../audit/record-audit";
import { NotFoundError } from "@/lib/utils/domain-errors";

export type TwilioSecrets = { accountSid: string; authToken: string };
export type TelnyxSecrets = { apiKey: string; publicKey: string; connectionId: string };
export type AccountSecrets = ({ carrier: "twilio" } & TwilioSecrets) | ({ carrier: "telnyx" } & TelnyxSecrets);

/** What may be shown of a stored account: never a secret. */
export type StoredTelephonyAccount = {
  carrier: CarrierName;
  /** Twilio AccountSid, Telnyx connection id. */
  accountRef: string;
  accountName: string | null;
  verifiedAt: Date | null;
  verificationError: string | null;
  updatedAt: Date;
};

/** The sealed document is bound to its organization and carrier, so a row copied elsewhere does not open. */
const sealContext = (organizationId: string, carrier: CarrierName) => `telephony:${organizationId}:${carrier}`;

export const accountRefOf = (secrets: AccountSecrets) => (secrets.carrier === "twilio" ? secrets.accountSid : secrets.connectionId);

function toStored(row: typeof telephonyAccounts.$inferSelect): StoredTelephonyAccount {
  return {
    carrier: row.carrier,
    accountRef: row.accountRef,
    accountName: row.accountName,
    verifiedAt: row.verifiedAt,
    verificationError: row.verificationError,
    updatedAt: row.updatedAt,
  };
}

/** Stores (or replaces) the organization's account at a carrier; its last check is forgotten. */
export async function saveTelephonyAccount(ctx: ServiceContext, secrets: AccountSecrets, now = new Date()): Promise<StoredTelephonyAccount> {
  const sealed = sealSecret(await loadStudioSecret(ctx.db), JSON.stringify(secrets), sealContext(ctx.organizationId, secrets.carrier));
  const values = { accountRef: accountRefOf(secrets), secretsCiphertext: sealed, accountName: null, verifiedAt: null, verificationError: null, updatedAt: now };
  return withTransaction(ctx, async (tx) => {
    const previous = await loadAccountSecrets(tx, secrets.carrier).catch(() => null);
    const [row] = await tx.db
      .insert(telephonyAccounts)
      .values({ organizationId: ctx.organizationId, carrier: secrets.carrier, ...values, createdAt: now })
      .onConflictDoUpdate({ target: [telephonyAccounts.organizationId, telephonyAccounts.carrier], set: values })
      .returning();
    await recordAudit(tx, {
      action: "telephony_provider.updated",
      resourceType: "telephony_provider",
      resourceId: secrets.carrier,
      changes: fieldChanges(previous ? credentialFields(previous) : null, credentialFields(secrets), { secrets: ["auth_token", "api_key"] }),
    });
    return toStored(row);
  });
}

/** Credentials as the API names them, for the audit log (the secret ones redacted there). */
function credentialFields(secrets: AccountSecrets): Record<string, string> {
  if (secrets.carrier === "twilio") return { account_sid: secrets.accountSid, auth_token: secrets.authToken };
  return { api_key: secrets.apiKey, public_key: secrets.publicKey, connection_id: secrets.connectionId };
}

export async function getTelephonyAccount(ctx: ServiceContext, carrier: CarrierName): Promise<StoredTelephonyAccount | null> {
  const [row] = await ctx.db.select().from(telephonyAccounts).where(ownedBy(ctx, carrier)).limit(1);
  return row ? toStored(row) : null;
}

export async function deleteTelephonyAccount(ctx: ServiceContext, carrier: CarrierName): Promise<void> {
  await withTransaction(ctx, async (tx) => {
    const deleted = await tx.db.delete(telephonyAccounts).where(ownedBy(tx, carrier)).returning({ accountRef: telephonyAccounts.accountRef });
    if (deleted.length === 0) throw new NotFoundError("Telephony provider");
    await recordAudit(tx, { action: "telephony_provider.deleted", resourceType: "telephony_provider", resourceId: carrier, changes: change("account_ref", deleted[0].accountRef, null) });
  });
}

/** Records the outcome of a credentials check on the stored account (none stored: nothing to record). */
export async function recordAccountCheck(
  ctx: ServiceContext,
  carrier: CarrierName,
  check: { ok: true; accountName: string | null } | { ok: false; message: string },
  now = new Date(),
): Promise<void> {
  await ctx.db
    .update(telephonyAccounts)
    .set(check.ok ? { verifiedAt: now, verificationError: null, accountName: check.accountName } : { verifiedAt: null, verificationError: check.message })
    .where(ownedBy(ctx, carrier));
}

/** The organization's own credentials at a carrier, or null. */
export async function loadAccountSecrets(ctx: ServiceContext, carrier: CarrierName): Promise<AccountSecrets | null> {
  const [row] = await ctx.db.select().from(telephonyAccounts).where(ownedBy(ctx, carrier)).limit(1);
  if (!row) return null;
  return open(ctx.db, row);
}

/** Every organization whose account at `carrier` has this public identifier, with its credentials (webhook routing). */
export async function accountsByRef(db: Database, carrier: CarrierName, accountRef: string): Promise<{ organizationId: string; secrets: AccountSecrets }[]> {
  const rows = await db
    .select()
    .from(telephonyAccounts)
    .where(and(eq(telephonyAccounts.carrier, carrier), eq(telephonyAccounts.accountRef, accountRef)));
  const found: { organizationId: string; secrets: AccountSecrets }[] = [];
  for (const row of rows) {
    const secrets = await open(db, row);
    if (secrets) found.push({ organizationId: row.organizationId, secrets });
  }
  return found;
}

/** Organizations with an account of their own at `carrier` (the environment's account serves the others). */
export async function organizationsWithAccount(db: Database, carrier: CarrierName): Promise<Set<string>> {
  const rows = await db.select({ organizationId: telephonyAccounts.organizationId }).from(telephonyAccounts).where(eq(telephonyAccounts.carrier, carrier));
  return new Set(rows.map((row) => row.organizationId));
}

async function open(db: Database, row: typeof telephonyAccounts.$inferSelect): Promise<AccountSecrets | null> {
  const text = openSecret(await loadStudioSecret(db), row.secretsCiphertext, sealContext(row.organizationId, row.carrier));
  if (text === null) {
    console.error(`telephony: the ${row.carrier} account of organization ${row.organizationId} cannot be decrypted (was AUTH_SECRET changed?)`);
    return null;
  }
  return JSON.parse(text) as AccountSecrets;
}

function ownedBy(ctx: ServiceContext, carrier: CarrierName) {
  return and(eq(telephonyAccounts.organizationId, ctx.organizationId), eq(telephonyAccounts.carrier, carrier));
}
