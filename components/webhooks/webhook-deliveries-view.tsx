"use client";

import { ChevronLeft, ChevronRight, RefreshCw, Webhook } from "lucide-react";
import { useState } from "react";
import { apiErrorText } from "@/components/calls/api-error-text";
import { LocalTime } from "@/components/calls/local-time";
import { SelectField } from "@/components/calls/select-field";
import { Button } from "@/components/ui/button";
import { EmptyState } from "@/components/ui/empty-state";
import { Skeleton } from "@/components/ui/skeleton";
import { cn } from "@/lib/utils/cn";
import { WEBHOOK_DELIVERY_STATUSES, WEBHOOK_EVENTS, type WebhookDeliveryFilters } from "@/lib/voice-api/webhook-deliveries";
import { DeliveryDetail } from "./delivery-detail";
import { DeliveryStatusBadge } from "./delivery-status-badge";
import { useWebhookDeliveries } from "@/lib/swr/use-webhook-deliveries";

const ANY = "any";

/** The delivery log: filter by status and event, page through, open one to see its attempts and body and retry it. */
export function WebhookDeliveriesView() {
  const [filters, setFilters] = useState<WebhookDeliveryFilters>({});
  // Cursors of the pages seen before this one ("" is the first page).
  const [cursors, setCursors] = useState<string[]>([""]);
  const [open, setOpen] = useState<string | null>(null);
  const cursor = cursors.at(-1) || undefined;
  const { data, error, isLoading, mutate } = useWebhookDeliveries(filters, cursor);
  const stale = isLoading && !!data;
  const rows = data?.data ?? [];
  const filter = (key: keyof WebhookDeliveryFilters) => (value: string) => {
    setFilters((old) => ({ ...old, [key]: value === ANY ? undefined : value }));
    setCursors([""]);
  };

  return (
    <div className="grid gap-4">
      <div className="flex flex-wrap items-end gap-3 rounded-lg border bg-card p-4">
        <SelectField
          label="Status"
          className="grid w-44 gap-1.5"
          value={filters.status ?? ANY}
          onValueChange={filter("status")}
          options={[{ value: ANY, label: "Any status" }, ...WEBHOOK_DELIVERY_STATUSES.map((status) => ({ value: status, label: status[0].toUpperCase() + status.slice(1) }))]}
        />
        <SelectField
          label="Event"
          className="grid w-72 max-w-full gap-1.5"
          value={filters.event ?? ANY}
          onValueChange={filter("event")}
          options={[{ value: ANY, label: "Any event" }, ...WEBHOOK_EVENTS.map((event) => ({ value: event, label: event }))]}
        />
        <Button variant="outline" size="sm" onClick={() => void mutate()} className="ml-auto">
          <RefreshCw aria-hidden /> Refresh
        </Button>
      </div>

      {error ? (
        <p role="alert" className="rounded-lg border border-destructive/50 bg-destructive/5 p-4 text-sm">
          <span className="font-medium text-destructive">The delivery log could not be loaded: </span>
          {apiErrorText(error)}
        </p>
      ) : !data ? (
        <Skeleton className="h-64 w-full" />
      ) : rows.length === 0 ? (
        <EmptyState
          icon={Webhook}
          title={filters.status || filters.event ? "No deliveries match these filters" : "No webhook deliveries yet"}
          description="Agents send webhooks to their webhook URL for the events they subscribe to (Settings of an agent). Each delivery and every attempt is logged here."
        />
      ) : (
        <ul className={cn("grid gap-2", stale && "opacity-60")} aria-label="Webhook deliveries" aria-busy={stale}>
          {rows.map((delivery) => (
            <li key={delivery.id}>
              <button
                type="button"
                onClick={() => setOpen(delivery.id)}
                className="grid w-full gap-1 rounded-lg border bg-card p-3 text-left text-sm shadow-xs hover:bg-accent focus-visible:outline-2 focus-visible:outline-ring sm:grid-cols-[8rem_minmax(0,1fr)_auto] sm:items-center sm:gap-4"
                data-delivery-id={delivery.id}
              >
                <span className="text-xs text-muted-foreground">
                  <LocalTime iso={delivery.created_at} />
                </span>
                <span className="grid min-w-0">
                  <span className="truncate font-mono text-xs">{delivery.event}</span>
                  <span className="truncate text-xs text-muted-foreground">{delivery.url}</span>
                </span>
                <span className="flex items-center gap-2">
                  <span className="text-xs text-muted-foreground tabular-nums">
                    {delivery.attempts} {delivery.attempts === 1 ? "attempt" : "attempts"}
                    {delivery.last_status_code ? ` · HTTP ${delivery.last_status_code}` : ""}
                  </span>
                  <DeliveryStatusBadge status={delivery.status} />
                </span>
              </button>
            </li>
          ))}
        </ul>
      )}

      <nav aria-label="Pages of deliveries" className="flex items-center justify-end gap-2">
        <span className="text-sm text-muted-foreground" aria-live="polite">
          {stale ? `Loading page ${cursors.length}…` : `Page ${cursors.length}`}
        </span>
        <Button variant="outline" size="sm" disabled={cursors.length === 1} onClick={() => setCursors((old) => old.slice(0, -1))}>
          <ChevronLeft aria-hidden /> Previous
        </Button>
        <Button variant="outline" size="sm" disabled={!data?.next_cursor} onClick={() => data?.next_cursor && setCursors((old) => [...old, data.next_cursor!])}>
          Next <ChevronRight aria-hidden />
        </Button>
      </nav>

      <DeliveryDetail id={open} onClose={() => setOpen(null)} onRetried={() => void mutate()} />
    </div>
  );
}
