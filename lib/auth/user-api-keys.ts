import "server-only";
import { and, desc, eq, isNull } from "drizzle-orm";
import type { Database } from "@/lib/db/client";
import { apiKeys, users } from "@/lib/db/schema";
import { isUuid } from "@/lib/schemas/ids";
import { NotFoundError } from "@/lib/utils/domain-errors";
import { withTransaction, type ServiceContext } from "@/lib/services/context";
import { forgetCachedApiKeys } from "./api-key-cache";
import { auditRevocation } from "./api-keys";

export type UserApiKeyRow = {
  id: string;
  name: string;
  prefix: string;
  created_by: string | null;
  created_at: string;
  last_used_at: string | null;
  revoked_at: string | null;
};

/** The keys people made (never the console's), newest first, with the creator's email. */
export async function listUserApiKeys(db: Database, organizationId: string): Promise<UserApiKeyRow[]> {
  const rows = await db
    .select({
      id: apiKeys.id,
      name: apiKeys.name,
      prefix: apiKeys.prefix,
      createdBy: users.email,
      createdAt: apiKeys.createdAt,
      lastUsedAt: apiKeys.lastUsedAt,
      revokedAt: apiKeys.revokedAt,
    })
    .from(apiKeys)
    .leftJoin(users, eq(users.id, apiKeys.createdByUserId))
    .where(and(eq(apiKeys.organizationId, organizationId), eq(apiKeys.kind, "user")))
    .orderBy(desc(apiKeys.createdAt));
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    prefix: row.prefix,
    created_by: row.createdBy,
    created_at: row.createdAt.toISOString(),
    last_used_at: row.lastUsedAt?.toISOString() ?? null,
    revoked_at: row.revokedAt?.toISOString() ?? null,
  }));
}

/** Revokes a person's key of this organization (the console key is not theirs to revoke). */
export async function revokeUserApiKey(ctx: ServiceContext, id: string, now = new Date()): Promise<void> {
  if (!isUuid(id)) throw new NotFoundError("API key");
  await withTransaction(ctx, async (tx) => {
    const rows = await tx.db
      .update(apiKeys)
      .set({ revokedAt: now })
      .where(and(eq(apiKeys.id, id), eq(apiKeys.organizationId, ctx.organizationId), eq(apiKeys.kind, "user"), isNull(apiKeys.revokedAt)))
      .returning({ id: apiKeys.id, name: apiKeys.name, prefix: apiKeys.prefix });
    forgetCachedApiKeys();
    if (rows.length === 0) throw new NotFoundError("API key");
    await auditRevocation(tx, rows[0], now);
  });
}
