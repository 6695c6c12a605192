import { index, integer, jsonb, pgTable, primaryKey, text, uuid } from "drizzle-orm/pg-core";
import { organizations } from "./accounts";
import { bytea, createdAt, id, timestampMs, updatedAt } from "./columns";
import { deliveryStatuses, type WebhookAttempt } from "@/lib/schemas/webhooks";

/** Blob storage's default backend: bytes in Postgres, so app instances need no shared disk. */
export const blobs = pgTable("blobs", {
  key: text("key").primaryKey(),
  organizationId: uuid("organization_id").references(() => organizations.id, { onDelete: "cascade" }),
  contentType: text("content_type").notNull(),
  byteSize: integer("byte_size").notNull(),
  content: bytea("content").notNull(),
  createdAt: createdAt(),
});

export const webhookDeliveries = pgTable(
  "webhook_deliveries",
  {
    id: id(),
    organizationId: uuid("organization_id")
      .notNull()
      .references(() => organizations.id, { onDelete: "cascade" }),
    agentId: uuid("agent_id"),
    callId: uuid("call_id"),
    event: text("event").notNull(),
    url: text("url").notNull(),
    payload: jsonb("payload").$type<Record<string, unknown>>().notNull(),
    status: text("status", { enum: deliveryStatuses })
      .notNull()
      .default("pending"),
    attempts: integer("attempts").notNull().default(0),
    attemptLog: jsonb("attempt_log").$type<WebhookAttempt[]>().notNull().default([]),
    lastStatusCode: integer("last_status_code"),
    lastError: text("last_error"),
    nextAttemptAt: timestampMs("next_attempt_at"),
    deliveredAt: timestampMs("delivered_at"),
    /** A worker sending an attempt holds the row until then; a crashed worker's attempt is taken over afterwards. */
    lockedUntil: timestampMs("locked_until"),
    /** Fences the holder: only the worker that claimed the attempt may record its result. */
    claimToken: uuid("claim_token"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    index("webhook_deliveries_org_created_idx").on(table.organizationId, table.createdAt.desc().nullsFirst(), table.id.desc().nullsFirst()),
    index("webhook_deliveries_call_idx").on(table.callId),
  ],
);

/** Fixed-window request counters shared by every app instance. */
export const rateLimitCounters = pgTable(
  "rate_limit_counters",
  {
    bucket: text("bucket").notNull(),
    windowStart: timestampMs("window_start").notNull(),
    count: integer("count").notNull().default(0),
  },
  (table) => [primaryKey({ columns: [table.bucket, table.windowStart] }), index("rate_limit_counters_window_idx").on(table.windowStart)],
);

/** Small facts about this installation (for example, that the demo data was created). */
export const appSettings = pgTable("app_settings", {
  key: text("key").primaryKey(),
  value: jsonb("value").notNull(),
  updatedAt: timestampMs("updated_at").notNull().defaultNow(),
});
