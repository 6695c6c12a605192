"use client";

import { useState, type FormEvent } from "react";
import { Trash2 } from "lucide-react";
import { apiErrorText } from "@/components/calls/api-error-text";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import { Textarea } from "@/components/ui/textarea";
import { toast } from "@/components/ui/toast";
import { useEnvelope } from "@/lib/swr/use-envelope";
import { browserApi } from "@/lib/voice-api/browser-client";
import { addDoNotCall, removeDoNotCall, type DoNotCallEntry } from "@/lib/voice-api/campaigns";
import { isVoiceApiError } from "@/lib/voice-api/errors";

const SOURCES: Record<string, string> = { api: "API", studio: "Studio", agent: "Asked during a call", erasure: "Data erasure" };

/**
 * The numbers typed: separated by commas, semicolons, lines, or spaces before a "+"; spaces inside a
 * number ("+1 415 555 0190") are the way people write them and stay (the API normalises them).
 */
const splitNumbers = (text: string) =>
  text
    .split(/[,;\n]+|\s+(?=\+)/)
    .map((part) => part.trim())
    .filter(Boolean);

/** How an entry is named: its number, or (an erased person's entry keeps no number) what it is. */
const entryName = (entry: DoNotCallEntry) => entry.phone_number ?? "Erased number";

/** The list (newest first, in pages), adding numbers with a reason, removing one; owners and admins change it. */
export function DoNotCallManager({ canEdit }: { canEdit: boolean }) {
  const [cursors, setCursors] = useState<string[]>([]);
  const key = `/v1/do-not-call?limit=50${cursors.length ? `&cursor=${encodeURIComponent(cursors.at(-1)!)}` : ""}`;
  const { data, mutate, error } = useEnvelope<DoNotCallEntry[]>(key, { keepPreviousData: true });
  const [numbers, setNumbers] = useState("");
  const [reason, setReason] = useState("");
  const [problem, setProblem] = useState<string | undefined>();
  const [saving, setSaving] = useState(false);

  const add = async (event: FormEvent) => {
    event.preventDefault();
    const list = splitNumbers(numbers);
    if (!list.length) return setProblem("Enter one or more numbers, such as +14155550123");
    setSaving(true);
    try {
      const result = await addDoNotCall(browserApi(), { phone_numbers: list, ...(reason.trim() ? { reason: reason.trim() } : {}) });
      setNumbers("");
      setReason("");
      setProblem(undefined);
      setCursors([]);
      await mutate();
      toast.success(`${result.added} number(s) added`, result.already_listed ? `${result.already_listed} were listed already.` : undefined);
    } catch (caught) {
      setProblem(isVoiceApiError(caught) && caught.details.length ? caught.details.map((detail) => `${detail.field}: ${detail.message}`).join("; ") : apiErrorText(caught));
    } finally {
      setSaving(false);
    }
  };

  const remove = async (entry: DoNotCallEntry) => {
    try {
      // An erased person's entry has no number to name it by: its id does.
      await removeDoNotCall(browserApi(), entry.phone_number ?? entry.id);
      await mutate();
      toast.success(`${entryName(entry)} removed`, "It may be called again.");
    } catch (caught) {
      toast.error("Not removed", apiErrorText(caught));
    }
  };

  return (
    <div className="grid gap-6">
      {canEdit ? (
        <Card>
          <CardHeader>
            <CardTitle>Add numbers</CardTitle>
            <CardDescription>One or more numbers in international form (+1 415 555 0123), separated by commas or lines.</CardDescription>
          </CardHeader>
          <CardContent>
            <form onSubmit={add} className="grid gap-4" aria-label="Add to the do-not-call list">
              <FormField label="Numbers" error={problem}>
                <Textarea rows={3} value={numbers} onChange={(event) => setNumbers(event.target.value)} placeholder="+14155550123" />
              </FormField>
              <FormField label="Reason (optional)">
                <Input value={reason} onChange={(event) => setReason(event.target.value)} placeholder="Asked by email" />
              </FormField>
              <div>
                <Button type="submit" disabled={saving}>
                  {saving ? "Adding…" : "Add to the list"}
                </Button>
              </div>
            </form>
          </CardContent>
        </Card>
      ) : (
        <p className="text-sm text-muted-foreground">Only owners and admins can change the list.</p>
      )}
      {error ? <p className="text-sm text-destructive">{apiErrorText(error)}</p> : null}
      <Table aria-label="Do-not-call numbers">
        <TableHeader>
          <TableRow>
            <TableHead>Number</TableHead>
            <TableHead>Reason</TableHead>
            <TableHead>Added by</TableHead>
            <TableHead>Added</TableHead>
            {canEdit ? <TableHead className="w-12">
              <span className="sr-only">Remove</span>
            </TableHead> : null}
          </TableRow>
        </TableHeader>
        <TableBody>
          {(data?.data ?? []).map((entry) => (
            <TableRow key={entry.id}>
              <TableCell className={entry.erased ? "text-xs" : "font-mono text-xs"}>
                {entry.erased ? (
                  <span title="The person's data was erased: only a keyed hash of the number is kept, and calls to it are still refused.">
                    Erased number <span className="text-muted-foreground">(kept as a hash)</span>
                  </span>
                ) : (
                  entry.phone_number
                )}
              </TableCell>
              <TableCell>{entry.reason ?? "–"}</TableCell>
              <TableCell>{SOURCES[entry.source] ?? entry.source}</TableCell>
              <TableCell className="whitespace-nowrap">{entry.created_at.slice(0, 16).replace("T", " ")} UTC</TableCell>
              {canEdit ? (
                <TableCell>
                  <Button variant="ghost" size="icon" aria-label={`Remove ${entry.erased ? `erased number added ${entry.created_at.slice(0, 16).replace("T", " ")}` : entry.phone_number}`} onClick={() => void remove(entry)}>
                    <Trash2 aria-hidden />
                  </Button>
                </TableCell>
              ) : null}
            </TableRow>
          ))}
          {data && data.data.length === 0 ? (
            <TableRow>
              <TableCell colSpan={canEdit ? 5 : 4} className="py-6 text-center text-muted-foreground">
                No numbers on the list.
              </TableCell>
            </TableRow>
          ) : null}
        </TableBody>
      </Table>
      <div className="flex gap-2">
        <Button variant="outline" disabled={!cursors.length} onClick={() => setCursors((current) => current.slice(0, -1))}>
          Previous
        </Button>
        <Button variant="outline" disabled={!data?.next_cursor} onClick={() => setCursors((current) => [...current, data!.next_cursor!])}>
          Next
        </Button>
      </div>
    </div>
  );
}
