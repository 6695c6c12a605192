/** A webhook delivery as /v1/webhook-deliveries answers it (the list omits `payload`). */
export type WebhookAttempt = { attempt: number; at: string; status_code: number | null; error: string | null; duration_ms: number; response_excerpt?: string | null };
export type WebhookDelivery = {
  id: string;
  agent_id: string | null;
  call_id: string | null;
  event: string;
  url: string;
  status: "pending" | "delivered" | "failed";
  attempts: number;
  last_status_code: number | null;
  last_error: string | null;
  next_attempt_at: string | null;
  delivered_at: string | null;
  attempt_log: WebhookAttempt[];
  created_at: string;
  updated_at: string;
  payload?: Record<string, unknown>;
};

export const WEBHOOK_DELIVERY_STATUSES = ["pending", "delivered", "failed"] as const;
export const WEBHOOK_EVENTS = ["event_variable_value_updated", "event_all_variables_resolved"] as const;

export type WebhookDeliveryFilters = { status?: string; event?: string; call_id?: string; agent_id?: string };
