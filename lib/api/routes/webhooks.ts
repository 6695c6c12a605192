import { createRoute } from "@hono/zod-openapi";
import { getWebhookDelivery, listWebhookDeliveries, retryWebhookDelivery } from "@/lib/services/webhooks/webhook-deliveries";
import { getWebhookSecret, rotateWebhookSecret } from "@/lib/services/webhooks/webhook-secret";
import { serviceContext } from "../context";
import { conflictResponse, envelope, jsonContent, listEnvelope, ok, standardErrorResponses } from "../envelope";
import { extension } from "../openapi-document";
import { createRouter } from "../router";
import type { OpenAPIHono } from "@hono/zod-openapi";
import type { ApiEnv } from "../context";
import {
  AllVariablesResolvedEventSchema,
  DEFAULT_PREVIOUS_SECRET_VALID_SECONDS,
  type RotateWebhookSecretBody,
  ListWebhookDeliveriesQuerySchema,
  VariableValueUpdatedEventSchema,
  WebhookHeadersSchema,
  RotateWebhookSecretBodySchema,
  WebhookDeliveryIdParamSchema,
  WebhookDeliverySchema,
  WebhookDeliverySummarySchema,
  WebhookSecretSchema,
} from "@/lib/schemas/webhooks";

const tags = ["Webhooks"];
const DeliveryEnvelope = envelope(WebhookDeliverySchema, "WebhookDeliveryResponse");
const SecretEnvelope = envelope(WebhookSecretSchema, "WebhookSecretResponse");

export const WEBHOOKS_DESCRIPTION = [
  "Agents send the events named in `webhook_subscriptions` to their `webhook_url` as a POST with a JSON body",
  "`{type, timestamp, data}` and the Standard Webhooks headers `webhook-id` (the delivery id, the same on every",
  "retry: deduplicate on it), `webhook-timestamp` (Unix seconds of the attempt) and `webhook-signature`",
  "(`v1,<base64 HMAC-SHA256 of \"id.timestamp.body\">` with your organization's `whsec_` secret; two space-separated",
  "signatures while a secret rotates). Verify with any Standard Webhooks library. Only a 2xx answered within 15 s",
  "counts; redirects are not followed. Failed attempts are retried after about 5 s, 5 min, 30 min, 2 h, 5 h, 10 h",
  "and 10 h (±10% jitter; a `Retry-After` header on the response sets the delay instead), then the delivery is",
  "`failed`. Delivery is at least once and unordered. Webhook URLs must resolve to public addresses.",
  "`event_variable_value_updated` data: `{call_id, agent_id, variable: {name, type, value, timestamp},",
  "previous_value, variable_values}` (all values the call holds after the change).",
  "`event_all_variables_resolved` data: `{call_id, agent_id, variable_values}`, sent once per call when every",
  "variable of the agent has a value.",
].join(" ");

const listRoute = extension(
  createRoute({
    method: "get",
    path: "/webhook-deliveries",
    operationId: "listWebhookDeliveries",
    tags,
    summary: "List webhook deliveries",
    description:
      "The delivery log, newest first, in cursor pages (pass `next_cursor` back as `cursor`), optionally filtered by " +
      "status, event, call or agent. Items omit `payload`; get one delivery for it. " +
      WEBHOOKS_DESCRIPTION,
    request: { query: ListWebhookDeliveriesQuerySchema },
    responses: {
      200: jsonContent(listEnvelope(WebhookDeliverySummarySchema, "WebhookDeliveryListResponse"), "Deliveries of your organization"),
      ...standardErrorResponses,
    },
  }),
);

const getRoute = extension(
  createRoute({
    method: "get",
    path: "/webhook-deliveries/{webhook_delivery_id}",
    operationId: "getWebhookDelivery",
    tags,
    summary: "Get a webhook delivery",
    description: "One delivery with its attempts and the body sent.",
    request: { params: WebhookDeliveryIdParamSchema },
    responses: { 200: jsonContent(DeliveryEnvelope, "The delivery"), ...standardErrorResponses },
  }),
);

const retryRoute = extension(
  createRoute({
    method: "post",
    path: "/webhook-deliveries/{webhook_delivery_id}/retry",
    operationId: "retryWebhookDelivery",
    tags,
    summary: "Send a webhook delivery again",
    description:
      "Queues the next attempt now, whatever the delivery's status (same `webhook-id`, a fresh timestamp and signature). " +
      "If it fails, remaining scheduled retries follow; past the schedule the delivery is `failed` again. " +
      "409 while an attempt is being sent.",
    request: { params: WebhookDeliveryIdParamSchema },
    responses: { 200: jsonContent(DeliveryEnvelope, "The delivery, pending its new attempt"), ...standardErrorResponses, ...conflictResponse },
  }),
);

const getSecretRoute = extension(
  createRoute({
    method: "get",
    path: "/webhook-secret",
    operationId: "getWebhookSecret",
    tags,
    summary: "Get the webhook signing secret",
    description: "The `whsec_` secret that signs your organization's webhooks.",
    responses: { 200: jsonContent(SecretEnvelope, "The signing secret"), ...standardErrorResponses },
  }),
);

const rotateSecretRoute = extension(
  createRoute({
    method: "post",
    path: "/webhook-secret/rotate",
    operationId: "rotateWebhookSecret",
    tags,
    summary: "Rotate the webhook signing secret",
    description:
      "Makes a new secret. The old one keeps signing too (a second signature in `webhook-signature`) for " +
      "`previous_secret_valid_seconds` (24 h by default), so receivers can switch without dropping events. The body is optional.",
    request: { body: { required: false, content: { "application/json": { schema: RotateWebhookSecretBodySchema } } } },
    responses: { 200: jsonContent(SecretEnvelope, "The new secret"), ...standardErrorResponses },
  }),
);

/** The events an agent sends, as OpenAPI 3.1 `webhooks` (on the root app: sub-app webhooks get path prefixes). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the app's schema type is irrelevant here
export function registerWebhookEvents(app: OpenAPIHono<ApiEnv, any, any>) {
  const events = [
    ["event_variable_value_updated", VariableValueUpdatedEventSchema, "A variable value was updated during a call."],
    ["event_all_variables_resolved", AllVariablesResolvedEventSchema, "All variables of the agent have values (once per call)."],
  ] as const;
  for (const [name, schema, summary] of events) {
    app.openAPIRegistry.registerWebhook({
      method: "post",
      path: name,
      tags,
      summary,
      description: WEBHOOKS_DESCRIPTION,
      request: { headers: WebhookHeadersSchema, body: { required: true, content: { "application/json": { schema } } } },
      responses: { 200: { description: "Any 2xx within 15 s acknowledges the event; anything else is retried." } },
    });
  }
}

export function webhookRoutes() {
  const app = createRouter();

  app.openapi(listRoute, async (c) => {
    const { items, ...paging } = await listWebhookDeliveries(serviceContext(c), c.req.valid("query"));
    return ok(c, items, { message: "Webhook deliveries retrieved", extra: paging });
  });

  app.openapi(getRoute, async (c) => {
    const delivery = await getWebhookDelivery(serviceContext(c), c.req.valid("param").webhook_delivery_id);
    return ok(c, delivery, { message: "Webhook delivery retrieved" });
  });

  app.openapi(retryRoute, async (c) => {
    const { queue, now } = c.get("deps");
    const delivery = await retryWebhookDelivery(serviceContext(c), queue, c.req.valid("param").webhook_delivery_id, now?.());
    return ok(c, delivery, { message: "Webhook delivery queued" });
  });

  app.openapi(getSecretRoute, async (c) => {
    return ok(c, await getWebhookSecret(serviceContext(c), c.get("deps").now?.()), { message: "Webhook secret retrieved" });
  });

  app.openapi(rotateSecretRoute, async (c) => {
    // An absent body skips validation, and with it the default.
    const body: Partial<RotateWebhookSecretBody> | undefined = c.req.valid("json");
    const rotated = await rotateWebhookSecret(
      serviceContext(c),
      body?.previous_secret_valid_seconds ?? DEFAULT_PREVIOUS_SECRET_VALID_SECONDS,
      c.get("deps").now?.(),
    );
    return ok(c, rotated, { message: "Webhook secret rotated" });
  });

  return app;
}
