"use client";

import { ChevronLeft, ChevronRight, Download, RefreshCw, ScrollText, ShieldCheck } from "lucide-react";
import { useState, type FormEvent } from "react";
import { apiErrorText } from "@/components/calls/api-error-text";
import { LocalTime } from "@/components/calls/local-time";
import { SelectField } from "@/components/calls/select-field";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { EmptyState } from "@/components/ui/empty-state";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { Skeleton } from "@/components/ui/skeleton";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import { toast } from "@/components/ui/toast";
import { auditLogKey, useAuditLog, useAuditVerification } from "@/lib/swr/use-audit-log";
import { cn } from "@/lib/utils/cn";
import { AUDIT_RESOURCE_TYPES, type AuditEntry, type AuditLogFilters } from "@/lib/voice-api/audit-log";
import { consoleRequest } from "@/lib/voice-api/browser-client";
import { auditCsvHeader, auditEntriesToCsv, describeChange } from "./audit-log-csv";

const ANY = "any";
const EXPORT_PAGE = 1000;
const actorTypes: Record<AuditEntry["actor"]["type"], string> = { user: "User", api_key: "API key", admin_cli: "Admin CLI", system: "System" };

/** A `datetime-local` value (the browser's zone) as ISO 8601 UTC, or undefined. */
const toIso = (local: string) => (local ? new Date(local).toISOString() : undefined);

type Draft = { action: string; resource_type: string; resource_id: string; actor_id: string; from: string; to: string };
const EMPTY: Draft = { action: "", resource_type: ANY, resource_id: "", actor_id: "", from: "", to: "" };

function filtersOf(draft: Draft): AuditLogFilters {
  return {
    action: draft.action.trim() || undefined,
    resource_type: draft.resource_type === ANY ? undefined : draft.resource_type,
    resource_id: draft.resource_id.trim() || undefined,
    actor_id: draft.actor_id.trim() || undefined,
    from: toIso(draft.from),
    to: toIso(draft.to),
  };
}

/** The audit log: who changed what, filtered, paged, verified and exported as CSV. */
export function AuditLogView() {
  const [draft, setDraft] = useState<Draft>(EMPTY);
  const [filters, setFilters] = useState<AuditLogFilters>({});
  const [cursors, setCursors] = useState<string[]>([""]);
  const [verifyAsked, setVerifyAsked] = useState(false);
  const [exporting, setExporting] = useState<number | null>(null);
  const cursor = cursors.at(-1) || undefined;
  const { data, error, isLoading, mutate } = useAuditLog(filters, cursor);
  const verification = useAuditVerification(verifyAsked);
  const stale = isLoading && !!data;
  const rows = data?.data ?? [];
  const field = (key: keyof Draft) => (value: string) => setDraft((old) => ({ ...old, [key]: value }));

  const apply = (event: FormEvent) => {
    event.preventDefault();
    setFilters(filtersOf(draft));
    setCursors([""]);
  };

  const exportCsv = async () => {
    setExporting(0);
    try {
      const parts: BlobPart[] = ["\uFEFF", auditCsvHeader()];
      let next: string | undefined;
      let count = 0;
      do {
        const page = await consoleRequest<AuditEntry[]>("GET", auditLogKey(filters, next, EXPORT_PAGE));
        parts.push(auditEntriesToCsv(page.data));
        count += page.data.length;
        setExporting(count);
        next = (page as { next_cursor?: string | null }).next_cursor ?? undefined;
      } while (next);
      const url = URL.createObjectURL(new Blob(parts, { type: "text/csv;charset=utf-8" }));
      const link = document.createElement("a");
      link.href = url;
      link.download = `audit-log-${new Date().toISOString().slice(0, 19).replace(/:/g, "-")}.csv`;
      link.click();
      setTimeout(() => URL.revokeObjectURL(url), 10_000);
      toast.success(`${count} entries exported`);
    } catch (failure) {
      toast.error(`The export failed: ${apiErrorText(failure)}`);
    } finally {
      setExporting(null);
    }
  };

  const result = verification.data?.data;
  return (
    <div className="grid gap-4">
      <form onSubmit={apply} className="grid gap-3 rounded-lg border bg-card p-4 sm:grid-cols-2 lg:grid-cols-3" aria-label="Filter the audit log">
        <FormField label="Action" hint="agent.updated, or agent for all of its actions">
          <Input value={draft.action} onChange={(event) => field("action")(event.target.value)} placeholder="Any action" />
        </FormField>
        <SelectField
          label="Resource type"
          className="grid gap-1.5"
          value={draft.resource_type}
          onValueChange={field("resource_type")}
          options={[{ value: ANY, label: "Any resource" }, ...AUDIT_RESOURCE_TYPES.map((type) => ({ value: type, label: type }))]}
        />
        <FormField label="Resource id">
          <Input value={draft.resource_id} onChange={(event) => field("resource_id")(event.target.value)} placeholder="Any resource" />
        </FormField>
        <FormField label="Actor id" hint="A user's or an API key's id">
          <Input value={draft.actor_id} onChange={(event) => field("actor_id")(event.target.value)} placeholder="Anyone" />
        </FormField>
        <FormField label="From">
          <Input type="datetime-local" value={draft.from} onChange={(event) => field("from")(event.target.value)} />
        </FormField>
        <FormField label="To">
          <Input type="datetime-local" value={draft.to} onChange={(event) => field("to")(event.target.value)} />
        </FormField>
        <div className="flex flex-wrap items-center gap-2 sm:col-span-2 lg:col-span-3">
          <Button type="submit" size="sm">
            Apply filters
          </Button>
          <Button
            type="button"
            variant="ghost"
            size="sm"
            onClick={() => {
              setDraft(EMPTY);
              setFilters({});
              setCursors([""]);
            }}
          >
            Clear
          </Button>
          <span className="ml-auto flex flex-wrap gap-2">
            <Button type="button" variant="outline" size="sm" onClick={() => (verifyAsked ? void verification.mutate() : setVerifyAsked(true))}>
              <ShieldCheck aria-hidden /> Verify the chain
            </Button>
            <Button type="button" variant="outline" size="sm" onClick={() => void mutate()}>
              <RefreshCw aria-hidden /> Refresh
            </Button>
            <Button type="button" variant="outline" size="sm" onClick={() => void exportCsv()} disabled={exporting !== null}>
              <Download aria-hidden /> {exporting === null ? "Export CSV" : `Exporting… ${exporting}`}
            </Button>
          </span>
        </div>
      </form>

      {verifyAsked ? (
        <p role="status" className={cn("rounded-lg border p-3 text-sm", result && !result.valid && "border-destructive/50 bg-destructive/5")}>
          {verification.error
            ? `The chain could not be verified: ${apiErrorText(verification.error)}`
            : !result
              ? "Verifying…"
              : result.valid
                ? `The chain is intact: ${result.entries} entries, each linked to the one before by its SHA-256 hash.`
                : `The chain is broken at entry ${result.first_broken_id ?? "(unknown)"}: it was changed or an entry around it was removed (${result.entries} entries checked).`}
        </p>
      ) : null}

      {error ? (
        <p role="alert" className="rounded-lg border border-destructive/50 bg-destructive/5 p-4 text-sm">
          <span className="font-medium text-destructive">The audit log could not be loaded: </span>
          {apiErrorText(error)}
        </p>
      ) : !data ? (
        <Skeleton className="h-64 w-full" />
      ) : rows.length === 0 ? (
        <EmptyState icon={ScrollText} title="No entries match" description="Every change through the API, the studio and the admin CLI is recorded here, with sign-ins." />
      ) : (
        <Table aria-label="Audit log entries" className={cn(stale && "opacity-60")} aria-busy={stale}>
          <TableHeader>
            <TableRow>
              <TableHead>Time</TableHead>
              <TableHead>Actor</TableHead>
              <TableHead>Action</TableHead>
              <TableHead>Resource</TableHead>
              <TableHead>Changes</TableHead>
              <TableHead>Address</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {rows.map((entry) => (
              <TableRow key={entry.id} data-entry-id={entry.id}>
                <TableCell className="text-xs whitespace-nowrap text-muted-foreground">
                  <LocalTime iso={entry.at} />
                </TableCell>
                <TableCell className="max-w-56">
                  <span className="block truncate text-sm" title={entry.actor.id ?? undefined}>
                    {entry.actor.label}
                  </span>
                  <Badge variant="outline">{actorTypes[entry.actor.type]}</Badge>
                </TableCell>
                <TableCell className="font-mono text-xs">{entry.action}</TableCell>
                <TableCell className="max-w-48 text-xs">
                  <span className="block">{entry.resource_type}</span>
                  {entry.resource_id ? (
                    <span className="block truncate font-mono text-muted-foreground" title={entry.resource_id}>
                      {entry.resource_id}
                    </span>
                  ) : null}
                </TableCell>
                <TableCell className="max-w-96 text-xs">
                  <ul className="grid gap-0.5">
                    {Object.entries(entry.changes)
                      .slice(0, 4)
                      .map(([name, change]) => (
                        <li key={name} className="truncate" title={describeChange(name, change)}>
                          {describeChange(name, change)}
                        </li>
                      ))}
                    {Object.keys(entry.changes).length > 4 ? <li className="text-muted-foreground">and {Object.keys(entry.changes).length - 4} more</li> : null}
                  </ul>
                </TableCell>
                <TableCell className="text-xs text-muted-foreground">{entry.ip ?? "—"}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}

      <nav aria-label="Pages of the audit log" className="flex items-center justify-end gap-2">
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
    </div>
  );
}
