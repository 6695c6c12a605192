import { z } from "@hono/zod-openapi";
import { cursorQuery, limitQuery, uuidPathParam } from "./common";

export const webhookEventTypes = ["event_variable_value_updated", "event_all_variables_resolved"] as const;
export type WebhookEventType = (typeof webhookEventTypes)[number];

export const deliveryStatuses = ["pending", "delivered", "failed"] as const;
export type DeliveryStatus = (typeof deliveryStatuses)[number];

export const DEFAULT_PREVIOUS_SECRET_VALID_SECONDS = 24 * 3600;

const dateTime = (description?: string) => z.string().openapi({ format: "date-time", example: "2026-01-31T12:00:00.000Z", description });

export const WebhookAttemptSchema = z
  .object({
    attempt: z.number().int().openapi({ description: "1 for the first attempt." }),
    at: dateTime("When the request was sent."),
    status_code: z.number().int().nullable().openapi({ description: "The receiver's HTTP status; null when no response came (timeout, refused, blocked)." }),
    error: z.string().nullable().openapi({ description: "Why the attempt failed; null when it succeeded (2xx)." }),
    duration_ms: z.number().int(),
    response_excerpt: z.string().nullable().optional().openapi({ description: "The first 1 KB of the response body." }),
  })
  .openapi("WebhookAttempt");
export type WebhookAttempt = z.infer<typeof WebhookAttemptSchema>;

const deliveryFields = {
  id: z.uuid().openapi({ description: "Also the `webhook-id` header of every attempt (stable across retries): deduplicate on it." }),
  agent_id: z.uuid().nullable(),
  call_id: z.uuid().nullable(),
  event: z.string().openapi({ example: "event_variable_value_updated" }),
  url: z.string().openapi({ description: "The agent's webhook_url when the event happened." }),
  status: z.enum(deliveryStatuses).openapi({
    description: "`pending` (first attempt queued, or a retry scheduled at `next_attempt_at`), `delivered` (a 2xx), or `failed` (every scheduled attempt failed).",
  }),
  attempts: z.number().int().openapi({ description: "Attempts sent so far." }),
  last_status_code: z.number().int().nullable(),
  last_error: z.string().nullable(),
  next_attempt_at: dateTime("When the next attempt is due; null when none is scheduled.").nullable(),
  delivered_at: dateTime().nullable(),
  attempt_log: z.array(WebhookAttemptSchema).openapi({ description: "Every attempt, oldest first." }),
  created_at: dateTime("When the event happened and the delivery was queued."),
  updated_at: dateTime(),
};

export const WebhookDeliverySummarySchema = z.object(deliveryFields).openapi("WebhookDeliverySummary");

export const WebhookDeliverySchema = z
  .object({
    ...deliveryFields,
    payload: z.record(z.string(), z.unknown()).openapi({ description: "The JSON body sent: `{type, timestamp, data}`." }),
  })
  .openapi("WebhookDelivery");
/** A webhook delivery as /v1/webhook-deliveries answers it (the list omits `payload`). */
export type WebhookDeliverySummary = z.infer<typeof WebhookDeliverySummarySchema>;
export type WebhookDelivery = z.infer<typeof WebhookDeliverySchema>;

export const ListWebhookDeliveriesQuerySchema = z.object({
  limit: limitQuery,
  cursor: cursorQuery,
  status: z.enum(deliveryStatuses, { message: "Must be pending, delivered or failed" }).optional().openapi({ description: "Only deliveries in this state." }),
  event: z
    .enum(webhookEventTypes, { message: `Must be one of ${webhookEventTypes.join(", ")}` })
    .optional()
    .openapi({ description: "Only deliveries of this event type." }),
  call_id: z.uuid("Must be a UUID").optional().openapi({ description: "Only deliveries of this call." }),
  agent_id: z.uuid("Must be a UUID").optional().openapi({ description: "Only deliveries of this agent's calls." }),
});
export type ListWebhookDeliveriesQuery = z.infer<typeof ListWebhookDeliveriesQuerySchema>;

export const WebhookDeliveryIdParamSchema = uuidPathParam("webhook_delivery_id", "The delivery's id (its `webhook-id`).");

export const WebhookSecretSchema = z
  .object({
    secret: z.string().openapi({ description: "Standard Webhooks signing secret (`whsec_` + base64 key).", example: "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw" }),
    previous_secret_expires_at: dateTime("While set, every delivery also carries a signature made with the previous secret, until this time.").nullable(),
  })
  .openapi("WebhookSecret");
export type WebhookSecret = z.infer<typeof WebhookSecretSchema>;

export const RotateWebhookSecretBodySchema = z
  .strictObject({
    previous_secret_valid_seconds: z
      .number()
      .int("Must be an integer from 0 to 604800")
      .min(0, "Must be an integer from 0 to 604800")
      .max(7 * 24 * 3600, "Must be an integer from 0 to 604800")
      .default(DEFAULT_PREVIOUS_SECRET_VALID_SECONDS)
      .openapi({ description: "How long the current secret keeps signing beside the new one (default 86400 = 24 h; 0 ends it now)." }),
  })
  .openapi("RotateWebhookSecretRequest");
export type RotateWebhookSecretBody = z.infer<typeof RotateWebhookSecretBodySchema>;

const WebhookVariableValueSchema = z
  .object({
    name: z.string().openapi({ example: "party_size" }),
    type: z.string().openapi({ example: "number" }),
    value: z.unknown().openapi({ example: 4 }),
    timestamp: dateTime("When the value was set."),
  })
  .openapi("WebhookVariableValue");

export const VariableValueUpdatedEventSchema = z
  .object({
    type: z.literal("event_variable_value_updated"),
    timestamp: dateTime("When the value changed."),
    data: z.object({
      call_id: z.uuid(),
      agent_id: z.uuid(),
      variable: WebhookVariableValueSchema.openapi({ description: "The value that changed." }),
      previous_value: z.unknown().openapi({ description: "Its value before; null when it had none." }),
      variable_values: z.array(WebhookVariableValueSchema).openapi({ description: "Every value the call holds after the change." }),
    }),
  })
  .openapi("VariableValueUpdatedEvent");
/** `data` of `event_variable_value_updated`: the value that changed and every value the call holds now. */
export type VariableValueUpdatedData = z.infer<typeof VariableValueUpdatedEventSchema>["data"];

export const AllVariablesResolvedEventSchema = z
  .object({
    type: z.literal("event_all_variables_resolved"),
    timestamp: dateTime("When the last missing value was set."),
    data: z.object({ call_id: z.uuid(), agent_id: z.uuid(), variable_values: z.array(WebhookVariableValueSchema) }),
  })
  .openapi("AllVariablesResolvedEvent");
/** `data` of `event_all_variables_resolved`: sent once per call, when every agent variable has a value. */
export type AllVariablesResolvedData = z.infer<typeof AllVariablesResolvedEventSchema>["data"];

export const WebhookHeadersSchema = z.object({
  "webhook-id": z.string().openapi({ description: "The delivery id, the same on every retry: deduplicate on it." }),
  "webhook-timestamp": z.string().openapi({ description: "Unix seconds when this attempt was sent; reject old ones." }),
  "webhook-signature": z.string().openapi({
    description: "`v1,<base64 HMAC-SHA256 of \"{webhook-id}.{webhook-timestamp}.{body}\">` keyed with the base64 part of your `whsec_` secret; two, space-separated, while a secret rotates.",
  }),
});
