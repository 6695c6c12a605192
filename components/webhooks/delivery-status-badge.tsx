import { Badge } from "@/components/ui/badge";
import type { WebhookDelivery } from "@/lib/voice-api/webhook-deliveries";

const variants = { pending: "warning", delivered: "success", failed: "destructive" } as const;

export function DeliveryStatusBadge({ status }: { status: WebhookDelivery["status"] }) {
  return <Badge variant={variants[status]}>{status}</Badge>;
}
