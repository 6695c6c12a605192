"use client";

import Link from "next/link";
import { useState, type FormEvent } from "react";
import { apiErrorText } from "@/components/calls/api-error-text";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { toast } from "@/components/ui/toast";
import { useEnvelope } from "@/lib/swr/use-envelope";
import { browserApi } from "@/lib/voice-api/browser-client";
import { updateConcurrency, type Concurrency } from "@/lib/voice-api/campaigns";
import { isVoiceApiError } from "@/lib/voice-api/errors";

/** The organization's limit and inbound reserve (owners and admins change them), and the slots in use now, live. */
export function ConcurrencyForm({ initial, canEdit }: { initial: Concurrency; canEdit: boolean }) {
  const { data, mutate } = useEnvelope<Concurrency>("/v1/concurrency", { fallbackData: { data: initial, message: "", error: null, status: 200 }, refreshInterval: 3000 });
  const current = data?.data ?? initial;
  const [limit, setLimit] = useState(String(initial.limit));
  const [reserved, setReserved] = useState(String(initial.inbound_reserved));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [saving, setSaving] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setSaving(true);
    try {
      const saved = await updateConcurrency(browserApi(), { limit: Number(limit), inbound_reserved: Number(reserved) });
      setErrors({});
      await mutate({ data: saved, message: "", error: null, status: 200 }, { revalidate: false });
      toast.success("Concurrency saved", "New calls follow it; calls in progress are never cut.");
    } catch (caught) {
      if (isVoiceApiError(caught)) setErrors(Object.fromEntries(caught.details.map((detail) => [detail.field, detail.message])));
      toast.error("Not saved", apiErrorText(caught));
    } finally {
      setSaving(false);
    }
  };

  return (
    <div className="grid gap-6">
      <Card>
        <CardHeader>
          <CardTitle>In use now</CardTitle>
          <CardDescription>
            {current.in_use} of {current.limit} slots: {current.outbound_in_use} outbound, {current.inbound_in_use} inbound.
          </CardDescription>
        </CardHeader>
        {current.by_campaign.length ? (
          <CardContent>
            <ul className="grid gap-1 text-sm">
              {current.by_campaign.map((campaign) => (
                <li key={campaign.campaign_id}>
                  <Link href={`/campaigns/${campaign.campaign_id}`} className="underline-offset-4 hover:underline">
                    {campaign.name}
                  </Link>
                  : {campaign.in_use} of its {campaign.max_concurrent_calls}
                </li>
              ))}
            </ul>
          </CardContent>
        ) : null}
      </Card>
      <Card>
        <CardHeader>
          <CardTitle>Limits</CardTitle>
          <CardDescription>
            An outbound call past limit − reserved is refused (429) and campaigns wait for a slot; a caller past the limit hears busy and nothing is recorded.
            {canEdit ? "" : " Only owners and admins can change these."}
          </CardDescription>
        </CardHeader>
        <CardContent>
          <form onSubmit={submit} className="grid gap-4" aria-label="Concurrency limits">
            <fieldset disabled={!canEdit || saving} className="grid gap-4 sm:grid-cols-2">
              <FormField label="Calls at once" hint="1 to 10,000 (ringing ones count)." error={errors.limit}>
                <Input inputMode="numeric" value={limit} onChange={(event) => setLimit(event.target.value)} />
              </FormField>
              <FormField label="Kept for inbound calls" hint="0 to the limit: outbound calls never take these." error={errors.inbound_reserved}>
                <Input inputMode="numeric" value={reserved} onChange={(event) => setReserved(event.target.value)} />
              </FormField>
            </fieldset>
            {canEdit ? (
              <div>
                <Button type="submit" disabled={saving}>
                  {saving ? "Saving…" : "Save"}
                </Button>
              </div>
            ) : null}
          </form>
        </CardContent>
      </Card>
    </div>
  );
}
