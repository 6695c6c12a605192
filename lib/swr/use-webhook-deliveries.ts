import type { WebhookDelivery, WebhookDeliveryFilters } from "@/lib/voice-api/webhook-deliveries";
import { useEnvelope } from "./use-envelope";

export const DELIVERY_PAGE_SIZE = 25;

export function webhookDeliveriesKey(filters: WebhookDeliveryFilters, cursor: string | undefined): string {
  const search = new URLSearchParams({ limit: String(DELIVERY_PAGE_SIZE) });
  for (const [key, value] of Object.entries(filters)) if (value) search.set(key, value);
  if (cursor) search.set("cursor", cursor);
  return `/v1/webhook-deliveries?${search}`;
}
export const webhookDeliveryKey = (id: string) => `/v1/webhook-deliveries/${encodeURIComponent(id)}`;

/** One cursor page of the delivery log (GET /v1/webhook-deliveries). */
export function useWebhookDeliveries(filters: WebhookDeliveryFilters, cursor: string | undefined) {
  return useEnvelope<WebhookDelivery[]>(webhookDeliveriesKey(filters, cursor), { keepPreviousData: true, revalidateOnFocus: false });
}

/** One delivery with the body sent (GET /v1/webhook-deliveries/{id}); nothing while none is open. */
export function useWebhookDelivery(id: string | null) {
  return useEnvelope<WebhookDelivery>(id ? webhookDeliveryKey(id) : null);
}
