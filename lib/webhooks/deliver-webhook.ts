import { inTransaction } from "@/lib/db/transaction";
import "server-only";
import { randomUUID } from "node:crypto";
import { and, eq, isNotNull, lt, or, sql } from "drizzle-orm";
import type { Database } from "@/lib/db/client";
import { organizations, webhookDeliveries, type WebhookAttemptLogEntry } from "@/lib/db/schema";
import { jobNames, type JobQueue } from "@/lib/jobs/queue";
import { OutboundRequestError } from "@/lib/net/outbound-errors";
import type { SafeFetch } from "@/lib/net/safe-fetch";
import { deliveryJobOptions } from "./enqueue-webhook-event";
import { nextAttemptDelayMs, retryAfterMs, WEBHOOK_RETRY_SCHEDULE_MS } from "./retry-schedule";
import { webhookHeaders } from "./sign-webhook";

export type WebhookDeliverySettings = {
  fetch: SafeFetch;
  now?: () => Date;
  /** Delays before attempts 2, 3, …; its length + 1 is the number of scheduled attempts. */
  schedule?: readonly number[];
  /** Fraction of each delay added or taken at random (default 0.1). */
  jitter?: number;
  random?: () => number;
  /** Only a 2xx within this time succeeds (default 15 s). */
  timeoutMs?: number;
};

export type AttemptOutcome = "delivered" | "retry_scheduled" | "failed" | "skipped";

/** The attempt is being sent by another worker; pg-boss retries this job after the holder had its time. */
export class DeliveryBusyError extends Error {
  constructor(deliveryId: string, attempt: number) {
    super(`Attempt ${attempt} of webhook delivery ${deliveryId} is held by another worker`);
    this.name = "DeliveryBusyError";
  }
}

const RESPONSE_EXCERPT_BYTES = 1024;
const USER_AGENT = "voice-agents-webhooks/1";

/**
 * Sends attempt `attempt` of a delivery, once, whatever the number of workers and job copies: the
 * attempt is claimed by one conditional UPDATE (the attempt number fences late or duplicate jobs), and
 * only the claim's holder records the result. No transaction is held open over the HTTP request.
 */
export async function deliverWebhookAttempt(
  db: Database,
  queue: JobQueue,
  job: { deliveryId: string; attempt: number },
  settings: WebhookDeliverySettings,
): Promise<AttemptOutcome> {
  const now = settings.now ?? (() => new Date());
  const timeoutMs = settings.timeoutMs ?? 15_000;
  const claimedAt = now();
  const token = randomUUID();
  const [delivery] = await db
    .update(webhookDeliveries)
    .set({
      attempts: job.attempt,
      lockedUntil: new Date(claimedAt.getTime() + 2 * timeoutMs + 30_000),
      claimToken: token,
      updatedAt: claimedAt,
    })
    .where(
      and(
        eq(webhookDeliveries.id, job.deliveryId),
        eq(webhookDeliveries.status, "pending"),
        or(
          eq(webhookDeliveries.attempts, job.attempt - 1),
          // A worker that claimed this attempt and vanished: its lease ran out.
          and(eq(webhookDeliveries.attempts, job.attempt), isNotNull(webhookDeliveries.lockedUntil), lt(webhookDeliveries.lockedUntil, claimedAt)),
        ),
      ),
    )
    .returning();
  if (!delivery) {
    const [current] = await db
      .select({ status: webhookDeliveries.status, attempts: webhookDeliveries.attempts, lockedUntil: webhookDeliveries.lockedUntil })
      .from(webhookDeliveries)
      .where(eq(webhookDeliveries.id, job.deliveryId));
    if (current?.status === "pending" && current.attempts === job.attempt && current.lockedUntil) throw new DeliveryBusyError(job.deliveryId, job.attempt);
    return "skipped";
  }

  const [organization] = await db
    .select({
      secret: organizations.webhookSecret,
      previous: organizations.previousWebhookSecret,
      previousExpiresAt: organizations.previousWebhookSecretExpiresAt,
    })
    .from(organizations)
    .where(eq(organizations.id, delivery.organizationId));
  const sentAt = now();
  const secrets = [organization.secret];
  if (organization.previous && (!organization.previousExpiresAt || organization.previousExpiresAt > sentAt)) secrets.push(organization.previous);
  const body = JSON.stringify(delivery.payload);

  let statusCode: number | null = null;
  let error: string | null = null;
  let excerpt: string | null = null;
  let retryAfter: number | null = null;
  let permanent = false;
  try {
    const response = await settings.fetch(delivery.url, {
      method: "POST",
      headers: {
        "content-type": "application/json",
        "user-agent": USER_AGENT,
        ...webhookHeaders({ id: delivery.id, timestampSeconds: Math.floor(sentAt.getTime() / 1000), body, secrets }),
      },
      body,
      timeoutMs,
      redirect: "manual",
      maxBodyBytes: RESPONSE_EXCERPT_BYTES,
      truncateBody: true,
    });
    statusCode = response.status;
    excerpt = response.text();
    if (statusCode < 200 || statusCode > 299) {
      error = statusCode >= 300 && statusCode < 400 ? `Redirect (${statusCode}) not followed: answer from the webhook URL itself` : `HTTP ${statusCode}`;
      retryAfter = retryAfterMs(response.headers["retry-after"], sentAt);
    }
  } catch (failure) {
    error = (failure as Error).message;
    // A URL we will not send to (not http/https, credentials in it, or an address the policy refuses)
    // fails now: retrying it for 28 hours only delays telling the customer.
    permanent = failure instanceof OutboundRequestError && (failure.code === "invalid_url" || failure.code === "blocked_address");
  }

  const finishedAt = now();
  const entry: WebhookAttemptLogEntry = {
    attempt: job.attempt,
    at: sentAt.toISOString(),
    status_code: statusCode,
    error,
    duration_ms: finishedAt.getTime() - sentAt.getTime(),
    response_excerpt: excerpt,
  };
  const delay =
    error === null || permanent
      ? null
      : nextAttemptDelayMs(job.attempt, {
          schedule: settings.schedule ?? WEBHOOK_RETRY_SCHEDULE_MS,
          jitter: settings.jitter ?? 0.1,
          random: settings.random ?? Math.random,
          retryAfter,
        });
  const outcome: AttemptOutcome = error === null ? "delivered" : delay === null ? "failed" : "retry_scheduled";
  const nextAttemptAt = delay === null ? null : new Date(finishedAt.getTime() + delay);

  await inTransaction(db, async (tx) => {
    const recorded = await tx
      .update(webhookDeliveries)
      .set({
        status: outcome === "retry_scheduled" ? "pending" : outcome === "delivered" ? "delivered" : "failed",
        lastStatusCode: statusCode,
        lastError: error,
        attemptLog: sql`${webhookDeliveries.attemptLog} || ${JSON.stringify([entry])}::jsonb`,
        nextAttemptAt,
        deliveredAt: outcome === "delivered" ? finishedAt : delivery.deliveredAt,
        lockedUntil: null,
        claimToken: null,
        updatedAt: finishedAt,
      })
      .where(and(eq(webhookDeliveries.id, delivery.id), eq(webhookDeliveries.claimToken, token)))
      .returning({ id: webhookDeliveries.id });
    // Lost the claim (this worker outlived its lease and another took the attempt over): its result stands.
    if (recorded.length === 0 || !nextAttemptAt) return;
    await queue.send(
      jobNames.deliverWebhook,
      { deliveryId: delivery.id, attempt: job.attempt + 1 },
      { db: tx, startAfter: nextAttemptAt, ...deliveryJobOptions },
    );
  });
  return outcome;
}

/**
 * Ends the lease of attempt `attempt` when the worker that held it is known to be gone, so the retried
 * job sends it now instead of waiting for the lease to run out.
 */
export async function releaseDeliveryLease(db: Database, deliveryId: string, attempt: number): Promise<void> {
  await db
    .update(webhookDeliveries)
    .set({ lockedUntil: sql`now()` })
    .where(and(eq(webhookDeliveries.id, deliveryId), eq(webhookDeliveries.attempts, attempt), eq(webhookDeliveries.status, "pending"), isNotNull(webhookDeliveries.lockedUntil)));
}
