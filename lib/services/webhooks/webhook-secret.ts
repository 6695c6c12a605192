import "server-only";
import { eq } from "drizzle-orm";
import { newWebhookSecret } from "@/lib/webhooks/sign-webhook";
import { organizations } from "@/lib/db/schema";
import { withTransaction, type ServiceContext } from "../context";
import { change, fieldChanges } from "../audit/audit-changes";
import { recordAudit } from "../audit/record-audit";
import { NotFoundError } from "@/lib/utils/domain-errors";
import type { WebhookSecret } from "@/lib/schemas/webhooks";

export async function getWebhookSecret(ctx: ServiceContext, now = new Date()): Promise<WebhookSecret> {
  const [row] = await ctx.db
    .select({ secret: organizations.webhookSecret, previous: organizations.previousWebhookSecret, expiresAt: organizations.previousWebhookSecretExpiresAt })
    .from(organizations)
    .where(eq(organizations.id, ctx.organizationId));
  if (!row) throw new NotFoundError("Organization");
  const active = row.previous && row.expiresAt && row.expiresAt > now;
  return { secret: row.secret, previous_secret_expires_at: active ? row.expiresAt!.toISOString() : null };
}

/**
 * A new signing secret. The current one becomes the previous one and keeps signing (a second signature)
 * for `previousValidSeconds`, so receivers can switch without dropping events; 0 ends it at once.
 */
export async function rotateWebhookSecret(ctx: ServiceContext, previousValidSeconds: number, now = new Date()): Promise<WebhookSecret> {
  return withTransaction(ctx, async (txCtx) => {
    const tx = txCtx.db;
    const [row] = await tx
      .select({ secret: organizations.webhookSecret })
      .from(organizations)
      .where(eq(organizations.id, ctx.organizationId))
      .for("update");
    if (!row) throw new NotFoundError("Organization");
    const secret = newWebhookSecret();
    const expiresAt = previousValidSeconds > 0 ? new Date(now.getTime() + previousValidSeconds * 1000) : null;
    await tx
      .update(organizations)
      .set({ webhookSecret: secret, previousWebhookSecret: expiresAt ? row.secret : null, previousWebhookSecretExpiresAt: expiresAt, updatedAt: now })
      .where(eq(organizations.id, ctx.organizationId));
    await recordAudit(txCtx, {
      action: "webhook_secret.rotated",
      resourceType: "webhook_secret",
      resourceId: null,
      changes: { ...fieldChanges({ secret: row.secret }, { secret }), ...change("previous_secret_expires_at", null, expiresAt) },
    });
    return { secret, previous_secret_expires_at: expiresAt?.toISOString() ?? null };
  });
}
