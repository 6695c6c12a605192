import "server-only";
import { and, desc, eq, isNull } from "drizzle-orm";
import type { Database } from "@/lib/db/client";
import { apiKeys } from "@/lib/db/schema";
import { NotFoundError } from "@/lib/utils/domain-errors";
import { cachedKeyLookup, forgetCachedApiKeys } from "./api-key-cache";
import { generateApiKey, hashApiKey, isWellFormedApiKey } from "./api-key-token";

export type ApiKeySummary = {
  id: string;
  name: string;
  prefix: string;
  kind: "user" | "console";
  created_by_user_id: string | null;
  created_at: string;
  last_used_at: string | null;
  revoked_at: string | null;
};

function toSummary(row: typeof apiKeys.$inferSelect): ApiKeySummary {
  return {
    id: row.id,
    name: row.name,
    prefix: row.prefix,
    kind: row.kind,
    created_by_user_id: row.createdByUserId,
    created_at: row.createdAt.toISOString(),
    last_used_at: row.lastUsedAt?.toISOString() ?? null,
    revoked_at: row.revokedAt?.toISOString() ?? null,
  };
}

/** Creates a key; the whole key is returned this once and only its hash is kept. */
export async function createApiKey(
  db: Database,
  input: { organizationId: string; name: string; kind?: "user" | "console"; createdByUserId?: string | null },
): Promise<{ id: string; apiKey: string; summary: ApiKeySummary }> {
  const generated = generateApiKey();
  const [row] = await db
    .insert(apiKeys)
    .values({
      organizationId: input.organizationId,
      name: input.name,
      kind: input.kind ?? "user",
      prefix: generated.prefix,
      keyHash: generated.hash,
      createdByUserId: input.createdByUserId ?? null,
    })
    .returning();
  return { id: row.id, apiKey: generated.key, summary: toSummary(row) };
}

export type AuthenticatedKey = { id: string; organizationId: string; kind: "user" | "console"; lastUsedAt: Date | null };

/**
 * Null for a malformed, unknown or revoked key. Answers come from a one-second cache (so the API's
 * hot path rarely reads the table); `fresh` reads the table, e.g. inside a transaction that holds a lock.
 */
export async function findActiveApiKey(db: Database, key: string, options: { fresh?: boolean } = {}): Promise<AuthenticatedKey | null> {
  if (!isWellFormedApiKey(key)) return null;
  const hash = hashApiKey(key);
  const load = async () => {
    const [row] = await db
      .select({ id: apiKeys.id, organizationId: apiKeys.organizationId, kind: apiKeys.kind, lastUsedAt: apiKeys.lastUsedAt })
      .from(apiKeys)
      .where(and(eq(apiKeys.keyHash, hash), isNull(apiKeys.revokedAt)))
      .limit(1);
    return row ?? null;
  };
  return options.fresh ? load() : cachedKeyLookup(hash, load);
}

const LAST_USED_RESOLUTION_MS = 60_000;

/** Keeps `last_used_at` to the minute, so a busy key does not cost a write per request. */
export async function touchApiKey(db: Database, key: AuthenticatedKey, now: Date): Promise<void> {
  if (key.lastUsedAt && now.getTime() - key.lastUsedAt.getTime() < LAST_USED_RESOLUTION_MS) return;
  key.lastUsedAt = now; // the cached answer too, so the next requests of this minute skip the write
  await db.update(apiKeys).set({ lastUsedAt: now }).where(eq(apiKeys.id, key.id));
}

export async function listApiKeys(db: Database, organizationId: string): Promise<ApiKeySummary[]> {
  const rows = await db
    .select()
    .from(apiKeys)
    .where(and(eq(apiKeys.organizationId, organizationId), eq(apiKeys.kind, "user")))
    .orderBy(desc(apiKeys.createdAt));
  return rows.map(toSummary);
}

export async function revokeApiKey(db: Database, organizationId: string, id: string, now = new Date()): Promise<void> {
  const rows = await db
    .update(apiKeys)
    .set({ revokedAt: now })
    .where(and(eq(apiKeys.id, id), eq(apiKeys.organizationId, organizationId)))
    .returning({ id: apiKeys.id });
  forgetCachedApiKeys();
  if (rows.length === 0) throw new NotFoundError("API key");
}
