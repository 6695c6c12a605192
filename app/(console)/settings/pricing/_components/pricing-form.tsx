"use client";

import { useState, type FormEvent } from "react";
import { apiErrorText } from "@/components/calls/api-error-text";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { toast } from "@/components/ui/toast";
import { browserApi } from "@/lib/voice-api/browser-client";
import { isVoiceApiError } from "@/lib/voice-api/errors";
import { PRICE_FIELDS, updatePricing, type PriceField, type Pricing } from "@/lib/voice-api/pricing";

const LABELS: Record<PriceField, { label: string; unit: string }> = {
  telephony_per_minute: { label: "Telephony", unit: "per connected minute of a phone call" },
  speech_to_text_per_minute: { label: "Speech to text", unit: "per minute of caller audio" },
  text_to_speech_per_million_characters: { label: "Text to speech", unit: "per million characters spoken" },
  llm_input_per_million_tokens: { label: "Language model input", unit: "per million prompt tokens" },
  llm_output_per_million_tokens: { label: "Language model output", unit: "per million generated tokens" },
};

/** The price table calls are costed with: owners change it (an empty field is the default); everyone reads it. */
export function PricingForm({ initial, canEdit }: { initial: Pricing; canEdit: boolean }) {
  const [pricing, setPricing] = useState(initial);
  const own = (field: PriceField) => (pricing.overridden.includes(field) ? String(pricing[field]) : "");
  const [draft, setDraft] = useState<Record<PriceField, string>>(() => Object.fromEntries(PRICE_FIELDS.map((field) => [field, own(field)])) as Record<PriceField, string>);
  const [errors, setErrors] = useState<Partial<Record<PriceField, string>>>({});
  const [saving, setSaving] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const body: Partial<Record<PriceField, number | null>> = {};
    const problems: Partial<Record<PriceField, string>> = {};
    for (const field of PRICE_FIELDS) {
      const text = draft[field].trim();
      const value = Number(text);
      if (text === "") body[field] = null;
      else if (!Number.isFinite(value) || value < 0) problems[field] = "Enter a price of 0 or more, or leave it empty for the default";
      else body[field] = value;
    }
    setErrors(problems);
    if (Object.keys(problems).length) return;
    setSaving(true);
    try {
      const saved = await updatePricing(browserApi(), body);
      setPricing(saved);
      toast.success("Prices saved", "Calls that finish from now on are costed with them.");
    } catch (caught) {
      if (isVoiceApiError(caught) && caught.details.length) {
        setErrors(Object.fromEntries(caught.details.map((detail) => [detail.field, detail.message])));
      }
      toast.error("Not saved", apiErrorText(caught));
    } finally {
      setSaving(false);
    }
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle>Price table (USD)</CardTitle>
        <CardDescription>
          A call&apos;s cost is the sum of these parts, computed when it finishes; calls already costed keep their cost.
          {canEdit ? " Leave a field empty to use the default." : " Only an owner of the organization can change the prices."}
        </CardDescription>
      </CardHeader>
      <CardContent>
        <form onSubmit={submit} className="grid gap-4" aria-label="Price table">
          <fieldset disabled={!canEdit || saving} className="grid gap-4 sm:grid-cols-2">
            {PRICE_FIELDS.map((field) => (
              <FormField
                key={field}
                label={LABELS[field].label}
                error={errors[field]}
                hint={`USD ${LABELS[field].unit}. ${pricing.overridden.includes(field) ? "Your own price;" : "The default:"} default ${pricing.defaults[field]}.`}
              >
                <Input
                  inputMode="decimal"
                  value={canEdit ? draft[field] : String(pricing[field])}
                  placeholder={String(pricing.defaults[field])}
                  onChange={(event) => setDraft((old) => ({ ...old, [field]: event.target.value }))}
                  data-price={field}
                />
              </FormField>
            ))}
          </fieldset>
          {canEdit ? (
            <div>
              <Button type="submit" disabled={saving}>
                {saving ? "Saving…" : "Save prices"}
              </Button>
            </div>
          ) : null}
        </form>
      </CardContent>
    </Card>
  );
}
