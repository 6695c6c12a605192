import type { Metadata } from "next";
import { WebhookDeliveriesView } from "@/components/webhooks/webhook-deliveries-view";
import { PageHeader } from "@/components/ui/page-header";
import { requireConsoleContext } from "@/lib/server/console-session";

export const metadata: Metadata = { title: "Webhooks" };

export default async function WebhooksPage() {
  await requireConsoleContext("/webhooks");
  return (
    <>
      <PageHeader title="Webhooks" description="Every webhook your agents sent: where it went, each attempt and its answer, the exact body, and a retry." />
      <WebhookDeliveriesView />
    </>
  );
}
