import type { WebhookDelivery as FullWebhookDelivery, WebhookDeliverySummary } from "@/lib/schemas/webhooks";

export { deliveryStatuses as WEBHOOK_DELIVERY_STATUSES, webhookEventTypes as WEBHOOK_EVENTS } from "@/lib/schemas/webhooks";
export type { WebhookAttempt, WebhookDeliverySummary } from "@/lib/schemas/webhooks";

/** A delivery as the list (no `payload`) or a single delivery answers it. */
export type WebhookDelivery = WebhookDeliverySummary & Partial<Pick<FullWebhookDelivery, "payload">>;

/** The list's filters as the page's URL holds them (the API checks them). */
export type WebhookDeliveryFilters = { status?: string; event?: string; call_id?: string; agent_id?: string };
