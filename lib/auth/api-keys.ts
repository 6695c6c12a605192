import "server-only";
import { and, desc, eq, isNull } from "drizzle-orm";
import type { Database } from "@/lib/db/client";
import { apiKeys } from "@/lib/db/schema";
import { change } from "@/lib/services/audit/audit-changes";
import { recordAudit } from "@/lib/services/audit/record-audit";
import { withTransaction, type ServiceContext } from "@/lib/services/context";
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

/**
 * Creates a key of `ctx`'s organization, recorded in the audit log as made by `ctx.actor`; the whole
 * key is returned this once and only its hash is kept.
 */
export async function createApiKey(
  ctx: ServiceContext,
  input: { name: string; kind?: "user" | "console"; createdByUserId?: string | null },
): Promise<{ id: string; apiKey: string; summary: ApiKeySummary }> {
  const generated = generateApiKey();
  return withTransaction(ctx, async (tx) => {
    const [row] = await tx.db
      .insert(apiKeys)
      .values({
        organizationId: ctx.organizationId,
        name: input.name,
        kind: input.kind ?? "user",
        prefix: generated.prefix,
        keyHash: generated.hash,
        createdByUserId: input.createdByUserId ?? null,
      })
      .returning();
    await recordAudit(tx, {
      action: "api_key.created",
      resourceType: "api_key",
      resourceId: row.id,
      changes: { ...change("name", null, row.name), ...change("prefix", null, row.prefix), ...change("kind", null, row.kind) },
    });
    return { id: row.id, apiKey: generated.key, summary: toSummary(row) };
  });
}

export type AuthenticatedKey = {
  id: string;
  organizationId: string;
  kind: "user" | "console";
  name: string;
  prefix: string;
  createdByUserId: string | null;
  lastUsedAt: Date | null;
};

/**
 * Null for a malformed, unknown or revoked key. Answers come from a one-second cache (so the API's
 * hot path rarely reads the table); `fresh` reads the table, e.g. inside a transaction that holds a lock.
 */
export async function findActiveApiKey(db: Database, key: string, options: { fresh?: boolean } = {}): Promise<AuthenticatedKey | null> {
  if (!isWellFormedApiKey(key)) return null;
  const hash = hashApiKey(key);
  const load = async () => {
    const [row] = await db
      .select({
        id: apiKeys.id,
        organizationId: apiKeys.organizationId,
        kind: apiKeys.kind,
        name: apiKeys.name,
        prefix: apiKeys.prefix,
        createdByUserId: apiKeys.createdByUserId,
        lastUsedAt: apiKeys.lastUsedAt,
      })
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

export async function revokeApiKey(ctx: ServiceContext, id: string, now = new Date()): Promise<void> {
  await withTransaction(ctx, async (tx) => {
    const rows = await tx.db
      .update(apiKeys)
      .set({ revokedAt: now })
      .where(and(eq(apiKeys.id, id), eq(apiKeys.organizationId, ctx.organizationId)))
      .returning({ id: apiKeys.id, name: apiKeys.name, prefix: apiKeys.prefix });
    forgetCachedApiKeys();
    if (rows.length === 0) throw new NotFoundError("API key");
    await auditRevocation(tx, rows[0], now);
  });
}

/** The audit entry of a revoked key (its name and prefix say which it was). */
export async function auditRevocation(ctx: ServiceContext, key: { id: string; name: string; prefix: string }, now: Date): Promise<void> {
  await recordAudit(ctx, {
    action: "api_key.revoked",
    resourceType: "api_key",
    resourceId: key.id,
    changes: { ...change("name", key.name, key.name), ...change("prefix", key.prefix, key.prefix), ...change("revoked_at", null, now) },
  });
}
