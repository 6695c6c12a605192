import "server-only";
import { and, desc, eq, type SQL } from "drizzle-orm";
import type { Database } from "@/lib/db/client";
import { webhookDeliveries } from "@/lib/db/schema";
import type { ListWebhookDeliveriesQuery, WebhookDelivery, WebhookDeliverySummary } from "@/lib/schemas/webhooks";
import { jobNames, type JobQueue } from "@/lib/jobs/queue";
import { deliveryJobOptions } from "@/lib/webhooks/enqueue-webhook-event";
import { withTransaction, type ServiceContext } from "../context";
import { change } from "../audit/audit-changes";
import { recordAudit } from "../audit/record-audit";
import { cursorPage, olderThanCursor } from "../cursor-paging";
import { ConflictError, NotFoundError } from "@/lib/utils/domain-errors";
import { listFields } from "../paging";

type Row = typeof webhookDeliveries.$inferSelect;

function toSummary(row: Row): WebhookDeliverySummary {
  return {
    id: row.id,
    agent_id: row.agentId,
    call_id: row.callId,
    event: row.event,
    url: row.url,
    status: row.status,
    attempts: row.attempts,
    last_status_code: row.lastStatusCode,
    last_error: row.lastError,
    next_attempt_at: row.nextAttemptAt?.toISOString() ?? null,
    delivered_at: row.deliveredAt?.toISOString() ?? null,
    attempt_log: row.attemptLog,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

const toDelivery = (row: Row): WebhookDelivery => ({ ...toSummary(row), payload: row.payload });

/** Newest first, in cursor pages (the log only grows). */
export async function listWebhookDeliveries(ctx: ServiceContext, input: ListWebhookDeliveriesQuery) {
  const filters: (SQL | undefined)[] = [
    eq(webhookDeliveries.organizationId, ctx.organizationId),
    input.status ? eq(webhookDeliveries.status, input.status) : undefined,
    input.event ? eq(webhookDeliveries.event, input.event) : undefined,
    input.call_id ? eq(webhookDeliveries.callId, input.call_id) : undefined,
    input.agent_id ? eq(webhookDeliveries.agentId, input.agent_id) : undefined,
    olderThanCursor(webhookDeliveries.createdAt, webhookDeliveries.id, input.cursor),
  ];
  const rows = await ctx.db
    .select()
    .from(webhookDeliveries)
    .where(and(...filters))
    .orderBy(desc(webhookDeliveries.createdAt), desc(webhookDeliveries.id))
    .limit(input.limit + 1);
  const page = cursorPage(rows, input.limit, (row) => ({ time: row.createdAt, id: row.id }));
  return { items: page.items.map((row) => toSummary(row)), ...listFields({ next_cursor: page.next_cursor }) };
}

export async function getWebhookDelivery(ctx: ServiceContext, id: string): Promise<WebhookDelivery> {
  const [row] = await ctx.db
    .select()
    .from(webhookDeliveries)
    .where(and(eq(webhookDeliveries.id, id), eq(webhookDeliveries.organizationId, ctx.organizationId)));
  if (!row) throw new NotFoundError("Webhook delivery");
  return toDelivery(row);
}

/**
 * Sends the delivery again now, whatever its status, as its next attempt (same webhook-id). If that
 * attempt fails, the schedule goes on from there; a delivery past its last scheduled attempt stays failed.
 */
export async function retryWebhookDelivery(ctx: ServiceContext, queue: JobQueue, id: string, now = new Date()): Promise<WebhookDelivery> {
  return withTransaction(ctx, async (tx) => {
    const db: Database = tx.db;
    const [row] = await db
      .select()
      .from(webhookDeliveries)
      .where(and(eq(webhookDeliveries.id, id), eq(webhookDeliveries.organizationId, ctx.organizationId)))
      .for("update");
    if (!row) throw new NotFoundError("Webhook delivery");
    if (row.lockedUntil && row.lockedUntil > now) throw new ConflictError("An attempt of this delivery is being sent right now; try again when it has finished", [{ field: "webhook_delivery_id", message: "Attempt in progress" }]);
    const [updated] = await db
      .update(webhookDeliveries)
      .set({ status: "pending", nextAttemptAt: now, lockedUntil: null, claimToken: null, updatedAt: now })
      .where(eq(webhookDeliveries.id, id))
      .returning();
    await queue.send(jobNames.deliverWebhook, { deliveryId: id, attempt: row.attempts + 1 }, { db, ...deliveryJobOptions });
    await recordAudit(tx, { action: "webhook_delivery.retried", resourceType: "webhook_delivery", resourceId: id, changes: change("status", row.status, "pending") });
    return toDelivery(updated);
  });
}
