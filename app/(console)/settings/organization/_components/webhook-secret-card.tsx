"use client";

import { Eye, EyeOff } from "lucide-react";
import { useState } from "react";
import { useWebhookSecret, type WebhookSecret } from "@/lib/swr/use-webhook-secret";
import { consoleRequest } from "@/lib/voice-api/browser-client";
import { relativeTime } from "@/lib/utils/relative-time";
import { ConfirmDialog } from "@/components/ui/alert-dialog";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { CopyButton } from "@/components/ui/copy-button";
import { Input } from "@/components/ui/input";
import { Skeleton } from "@/components/ui/skeleton";
import { toast } from "@/components/ui/toast";

/** Admins only (the BFF checks too): the Standard Webhooks signing secret from /v1/webhook-secret, revealed on demand, and rotation. */
export function WebhookSecretCard() {
  const { data: envelope, error, mutate } = useWebhookSecret();
  const data = envelope?.data;
  const [shown, setShown] = useState(false);

  const rotate = async () => {
    try {
      await mutate(await consoleRequest<WebhookSecret>("POST", "/v1/webhook-secret/rotate", {}), { revalidate: false });
      setShown(true);
      toast.success("Webhook secret rotated", "The previous secret keeps signing for 24 hours.");
    } catch (caught) {
      toast.error("Not rotated", caught instanceof Error ? caught.message : String(caught));
      throw caught;
    }
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle>Webhook signing secret</CardTitle>
        <CardDescription>Your endpoints verify the webhook-signature header with it (Standard Webhooks).</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-3">
        {error ? (
          <p className="text-sm text-destructive">{error instanceof Error ? error.message : String(error)}</p>
        ) : !data ? (
          <Skeleton className="h-9 w-full" />
        ) : (
          <>
            <div className="flex gap-2">
              <Input aria-label="Webhook signing secret" readOnly value={shown ? data.secret : "whsec_" + "•".repeat(32)} className="font-mono text-xs" />
              <Button variant="outline" size="icon" onClick={() => setShown((v) => !v)} aria-label={shown ? "Hide secret" : "Show secret"}>
                {shown ? <EyeOff aria-hidden /> : <Eye aria-hidden />}
              </Button>
              <CopyButton value={data.secret} />
            </div>
            {data.previous_secret_expires_at ? (
              <p className="text-xs text-muted-foreground" data-testid="previous-secret-note">
                The previous secret keeps signing beside this one until{" "}
                <time dateTime={data.previous_secret_expires_at}>{new Date(data.previous_secret_expires_at).toUTCString().replace(/:\d\d GMT$/, " UTC")}</time> (
                {relativeTime(data.previous_secret_expires_at)}).
              </p>
            ) : null}
            <div>
              <ConfirmDialog
                trigger={<Button variant="outline">Rotate secret</Button>}
                title="Rotate the webhook secret?"
                description="Deliveries carry a second signature with the current secret for 24 hours, so you can update your receivers without losing events."
                confirmLabel="Rotate"
                destructive={false}
                onConfirm={rotate}
              />
            </div>
          </>
        )}
      </CardContent>
    </Card>
  );
}
