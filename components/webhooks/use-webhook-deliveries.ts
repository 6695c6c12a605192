"use client";

import useSWR from "swr";
import { envelopeFetcher } from "@/lib/voice-api/browser-client";
import type { Envelope } from "@/lib/voice-api/client";
import type { WebhookDelivery, WebhookDeliveryFilters } from "@/lib/voice-api/webhook-deliveries";

export const DELIVERY_PAGE_SIZE = 25;

/** One cursor page of the delivery log (GET /v1/webhook-deliveries). */
export function useWebhookDeliveries(filters: WebhookDeliveryFilters, cursor: string | undefined) {
  const search = new URLSearchParams({ limit: String(DELIVERY_PAGE_SIZE) });
  for (const [key, value] of Object.entries(filters)) if (value) search.set(key, value);
  if (cursor) search.set("cursor", cursor);
  return useSWR<Envelope<WebhookDelivery[]>, Error>(`/webhook-deliveries?${search}`, envelopeFetcher as (key: string) => Promise<Envelope<WebhookDelivery[]>>, {
    keepPreviousData: true,
    revalidateOnFocus: false,
  });
}

/** One delivery with the body sent (GET /v1/webhook-deliveries/{id}); null key while none is open. */
export function useWebhookDelivery(id: string | null) {
  return useSWR<Envelope<WebhookDelivery>, Error>(id ? `/webhook-deliveries/${id}` : null, envelopeFetcher as (key: string) => Promise<Envelope<WebhookDelivery>>);
}
