"use client";

import { RotateCcw } from "lucide-react";
import { useState } from "react";
import { useCan } from "@/components/console/console-session";
import { LocalTime } from "@/components/calls/local-time";
import { apiErrorText } from "@/components/calls/api-error-text";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { Skeleton } from "@/components/ui/skeleton";
import { toast } from "@/components/ui/toast";
import { browserApi } from "@/lib/voice-api/browser-client";
import type { WebhookDelivery } from "@/lib/voice-api/webhook-deliveries";
import { DeliveryStatusBadge } from "./delivery-status-badge";
import { useWebhookDelivery } from "@/lib/swr/use-webhook-deliveries";

/** One delivery: where it went, every attempt, the exact body sent, and a retry (members and up). */
export function DeliveryDetail({ id, onClose, onRetried }: { id: string | null; onClose: () => void; onRetried: () => void }) {
  const { data, error, mutate } = useWebhookDelivery(id);
  const canRetry = useCan("write");
  const [retrying, setRetrying] = useState(false);
  const delivery = data?.data;

  const retry = async () => {
    if (!delivery) return;
    setRetrying(true);
    try {
      await browserApi().post<WebhookDelivery>(`/webhook-deliveries/${delivery.id}/retry`, {});
      toast.success("Retry queued", "The next attempt is sent now, with the same webhook-id and a new signature.");
      await mutate();
      onRetried();
    } catch (caught) {
      toast.error("Not retried", apiErrorText(caught));
    } finally {
      setRetrying(false);
    }
  };

  return (
    <Dialog open={id !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="max-h-[90dvh] overflow-y-auto sm:max-w-2xl">
        <DialogHeader>
          <DialogTitle>Webhook delivery</DialogTitle>
          <DialogDescription className="font-mono text-xs break-all">{id}</DialogDescription>
        </DialogHeader>
        {error ? (
          <p role="alert" className="text-sm text-destructive">
            The delivery could not be loaded: {apiErrorText(error)}
          </p>
        ) : !delivery ? (
          <Skeleton className="h-48 w-full" />
        ) : (
          <div className="grid gap-4 text-sm">
            <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1">
              <dt className="text-muted-foreground">Status</dt>
              <dd>
                <DeliveryStatusBadge status={delivery.status} />
              </dd>
              <dt className="text-muted-foreground">Event</dt>
              <dd className="font-mono text-xs">{delivery.event}</dd>
              <dt className="text-muted-foreground">Sent to</dt>
              <dd className="font-mono text-xs break-all">{delivery.url}</dd>
              <dt className="text-muted-foreground">Queued</dt>
              <dd>
                <LocalTime iso={delivery.created_at} />
              </dd>
              {delivery.next_attempt_at ? (
                <>
                  <dt className="text-muted-foreground">Next attempt</dt>
                  <dd>
                    <LocalTime iso={delivery.next_attempt_at} />
                  </dd>
                </>
              ) : null}
            </dl>
            <section className="grid gap-2">
              <h3 className="font-medium">Attempts ({delivery.attempt_log.length})</h3>
              {delivery.attempt_log.length === 0 ? <p className="text-muted-foreground">None sent yet.</p> : null}
              <ol className="grid gap-2">
                {delivery.attempt_log.map((attempt) => (
                  <li key={attempt.attempt} className="rounded-md border p-2">
                    <div className="flex flex-wrap justify-between gap-2">
                      <span className="font-medium">Attempt {attempt.attempt}</span>
                      <span className="text-xs text-muted-foreground">
                        <LocalTime iso={attempt.at} /> · {attempt.duration_ms} ms
                      </span>
                    </div>
                    <p className={attempt.error ? "text-destructive" : "text-success"}>
                      {attempt.status_code ? `HTTP ${attempt.status_code}` : "No response"}
                      {attempt.error ? ` — ${attempt.error}` : ""}
                    </p>
                    {attempt.response_excerpt ? <pre className="mt-1 max-h-24 overflow-auto rounded bg-muted p-2 text-xs whitespace-pre-wrap">{attempt.response_excerpt}</pre> : null}
                  </li>
                ))}
              </ol>
            </section>
            <section className="grid gap-2">
              <h3 className="font-medium">Body sent</h3>
              <pre className="max-h-72 overflow-auto rounded-md border bg-muted/40 p-3 font-mono text-xs" data-testid="delivery-payload">
                {JSON.stringify(delivery.payload ?? {}, null, 2)}
              </pre>
            </section>
            <div className="flex flex-wrap items-center gap-2">
              <Button onClick={() => void retry()} disabled={!canRetry || retrying} aria-describedby={canRetry ? undefined : "retry-viewer-note"}>
                <RotateCcw aria-hidden /> {retrying ? "Queuing…" : "Retry now"}
              </Button>
              {!canRetry ? (
                <span id="retry-viewer-note" className="text-xs text-muted-foreground">
                  Viewers cannot retry deliveries.
                </span>
              ) : null}
            </div>
          </div>
        )}
      </DialogContent>
    </Dialog>
  );
}
