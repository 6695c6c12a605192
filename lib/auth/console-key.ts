import "server-only";
import { and, eq, isNull } from "drizzle-orm";
import type { Database } from "@/lib/db/client";
import { apiKeys, organizations } from "@/lib/db/schema";
import { systemActor, withTransaction } from "@/lib/services/context";
import { NotFoundError } from "@/lib/utils/domain-errors";
import { forgetCachedApiKeys } from "./api-key-cache";
import { createApiKey, findActiveApiKey } from "./api-keys";
import { openSecret, sealSecret } from "./secret-box";
import { loadStudioSecret } from "./studio-secret";

const CONSOLE_KEY_NAME = "Studio (server-held)";

/**
 * Mints the organization's `console` key, revoking any earlier one, and stores it sealed in
 * organizations.console_api_key_ciphertext. Returns the key for this process's use only.
 */
export async function mintConsoleApiKey(db: Database, organizationId: string, now = new Date()): Promise<string> {
  const secret = await loadStudioSecret(db);
  return withTransaction({ db, organizationId }, async ({ db: tx }) => {
    await tx
      .update(apiKeys)
      .set({ revokedAt: now })
      .where(and(eq(apiKeys.organizationId, organizationId), eq(apiKeys.kind, "console"), isNull(apiKeys.revokedAt)));
    forgetCachedApiKeys();
    const created = await createApiKey({ db: tx, organizationId, actor: systemActor("studio console key") }, { name: CONSOLE_KEY_NAME, kind: "console" });
    await tx
      .update(organizations)
      .set({ consoleApiKeyCiphertext: sealSecret(secret, created.apiKey, organizationId), updatedAt: now })
      .where(eq(organizations.id, organizationId));
    return created.apiKey;
  });
}

/**
 * The organization's console key. Self-healing: when it is missing, cannot be decrypted (the secret
 * changed) or was revoked, a new one is minted and the old one revoked, under a row lock so that
 * concurrent requests agree on one key.
 */
export async function getConsoleApiKey(db: Database, organizationId: string): Promise<string> {
  const secret = await loadStudioSecret(db);
  const usable = async (handle: Database, lock: boolean) => {
    const query = handle
      .select({ ciphertext: organizations.consoleApiKeyCiphertext })
      .from(organizations)
      .where(eq(organizations.id, organizationId))
      .limit(1);
    const [row] = lock ? await query.for("update") : await query;
    if (!row) throw new NotFoundError("Organization");
    const key = row.ciphertext ? openSecret(secret, row.ciphertext, organizationId) : null;
    if (!key) return null;
    // Unlocked, the one-second cache answers (the API's own look-up of the key then hits it too).
    const active = await findActiveApiKey(handle, key, { fresh: lock });
    return active && active.organizationId === organizationId ? key : null;
  };
  const current = await usable(db, false);
  if (current) return current;
  return withTransaction({ db, organizationId }, async ({ db: tx }) => (await usable(tx, true)) ?? mintConsoleApiKey(tx, organizationId));
}
