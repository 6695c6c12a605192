import { inTransaction } from "@/lib/db/transaction";
import "server-only";
import type { Database } from "@/lib/db/client";
import { webhookDeliveries } from "@/lib/db/schema";
import { jobNames, type JobQueue } from "@/lib/jobs/queue";
import type { WebhookBody, WebhookEventData, WebhookEventType } from "./webhook-payloads";

export type WebhookEventInput<T extends WebhookEventType = WebhookEventType> = {
  organizationId: string;
  callId: string;
  /** The agent's webhook_url. */
  url: string;
  eventType: T;
  /** The event's `data`; the body sent is `{type, timestamp, data}`. */
  payload: WebhookEventData[T];
  /** When the event happened (default: now). */
  occurredAt?: Date;
};

/**
 * Records a delivery and queues its first attempt in one transaction (the caller's, when `db` is one):
 * the event is delivered at least once exactly when the caller's change commits.
 */
export async function enqueueWebhookEvent<T extends WebhookEventType>(
  db: Database,
  queue: JobQueue,
  input: WebhookEventInput<T>,
): Promise<{ deliveryId: string }> {
  const occurredAt = input.occurredAt ?? new Date();
  const body: WebhookBody<T> = { type: input.eventType, timestamp: occurredAt.toISOString(), data: input.payload };
  return inTransaction(db, async (tx) => {
    const [row] = await tx
      .insert(webhookDeliveries)
      .values({
        organizationId: input.organizationId,
        agentId: input.payload.agent_id,
        callId: input.callId,
        event: input.eventType,
        url: input.url,
        payload: body as unknown as Record<string, unknown>,
        nextAttemptAt: occurredAt,
      })
      .returning({ id: webhookDeliveries.id });
    await queue.send(jobNames.deliverWebhook, { deliveryId: row.id, attempt: 1 }, { db: tx, ...deliveryJobOptions });
    return { deliveryId: row.id };
  });
}

/**
 * pg-boss retries a delivery job only when the worker itself failed (crashed, database error, or the
 * attempt is still held by another worker); the webhook retry schedule is kept by the delivery row.
 */
export const deliveryJobOptions = { retryLimit: 10, retryDelaySeconds: 30 } as const;
