import { useEnvelope } from "./use-envelope";

export type WebhookSecret = { secret: string; previous_secret_expires_at: string | null };

export const webhookSecretKey = "/v1/webhook-secret";

/** The organization's Standard Webhooks signing secret (GET /v1/webhook-secret; admins only). */
export function useWebhookSecret() {
  return useEnvelope<WebhookSecret>(webhookSecretKey);
}
