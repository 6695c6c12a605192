"use client";

import { useState, type FormEvent } from "react";
import { apiErrorText } from "@/components/calls/api-error-text";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { consoleRequest } from "@/lib/voice-api/browser-client";
import type { DataErasureResult } from "@/lib/voice-api/audit-log";

/** Owners erase a person's calls by their phone number (a data-subject request); typing the number twice confirms it. */
export function DataErasureCard() {
  const [number, setNumber] = useState("");
  const [confirm, setConfirm] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [result, setResult] = useState<(DataErasureResult & { number: string }) | null>(null);
  const [busy, setBusy] = useState(false);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (number.trim() !== confirm.trim()) {
      setError("The two numbers differ");
      return;
    }
    setBusy(true);
    setError(null);
    try {
      const erased = await consoleRequest<DataErasureResult>("POST", "/v1/data-erasure", { phone_number: number.trim() });
      setResult({ ...erased.data, number: number.trim() });
      setNumber("");
      setConfirm("");
    } catch (failure) {
      setError(apiErrorText(failure));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Card>
      <CardHeader>
        <CardTitle>Erase a person&apos;s data</CardTitle>
        <CardDescription>
          Deletes every call with this number on either side (transcripts, recordings, variables, answers, events and webhook deliveries) and the number from every
          campaign&apos;s contacts. It cannot be undone. The number stays on the do-not-call list as a hash only, so it is never called again; the audit log keeps
          the erasure, with the number hashed.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <form onSubmit={submit} className="grid gap-3 sm:grid-cols-[1fr_1fr_auto] sm:items-end">
          <FormField label="Phone number" hint="E.164, such as +14155550123" error={error}>
            <Input value={number} onChange={(event) => setNumber(event.target.value)} inputMode="tel" autoComplete="off" />
          </FormField>
          <FormField label="The same number again">
            <Input value={confirm} onChange={(event) => setConfirm(event.target.value)} inputMode="tel" autoComplete="off" />
          </FormField>
          <Button type="submit" variant="destructive" disabled={busy || !number.trim()}>
            {busy ? "Erasing…" : "Erase"}
          </Button>
        </form>
        {result ? (
          <p role="status" className="mt-3 text-sm">
            {result.number}: {result.calls_deleted} {result.calls_deleted === 1 ? "call" : "calls"} and {result.recordings_deleted}{" "}
            {result.recordings_deleted === 1 ? "recording" : "recordings"} erased
            {result.contacts_deleted ? `, and ${result.contacts_deleted} campaign ${result.contacts_deleted === 1 ? "contact" : "contacts"}` : ""}.
          </p>
        ) : null}
      </CardContent>
    </Card>
  );
}
