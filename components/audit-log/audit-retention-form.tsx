"use client";

import { useState, type FormEvent } from "react";
import { apiErrorText } from "@/components/calls/api-error-text";
import { Button } from "@/components/ui/button";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { toast } from "@/components/ui/toast";
import { consoleRequest } from "@/lib/voice-api/browser-client";
import type { AuditSettings } from "@/lib/voice-api/audit-log";

/** How long the audit log keeps entries: owners change it (30 to 3650 days); admins read it. */
export function AuditRetentionForm({ initial, canEdit }: { initial: AuditSettings; canEdit: boolean }) {
  const [days, setDays] = useState(String(initial.audit_retention_days));
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setSaving(true);
    setError(null);
    try {
      const saved = await consoleRequest<AuditSettings>("PATCH", "/v1/audit-log/settings", { audit_retention_days: Number(days) });
      setDays(String(saved.data.audit_retention_days));
      toast.success("Retention saved");
    } catch (failure) {
      setError(apiErrorText(failure));
    } finally {
      setSaving(false);
    }
  };
  return (
    <form onSubmit={submit} className="flex flex-wrap items-end gap-3 rounded-lg border bg-card p-4">
      <FormField
        label="Keep entries for (days)"
        error={error}
        hint={canEdit ? "30 to 3650. A daily job removes older entries and records what it cut; the chain still verifies." : "Owners change it."}
        className="grid w-72 gap-1.5"
      >
        <Input type="number" min={30} max={3650} value={days} onChange={(event) => setDays(event.target.value)} disabled={!canEdit || saving} />
      </FormField>
      {canEdit ? (
        <Button type="submit" size="sm" disabled={saving}>
          {saving ? "Saving…" : "Save"}
        </Button>
      ) : null}
    </form>
  );
}
