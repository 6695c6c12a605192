"use client";

import Link from "next/link";
import { useEffect, useState } from "react";
import { Download, Pause, Play, RotateCcw, XCircle } from "lucide-react";
import { apiErrorText } from "@/components/calls/api-error-text";
import { SelectField } from "@/components/calls/select-field";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import { toast } from "@/components/ui/toast";
import { useCampaign, useCampaignCalls, useCampaignContacts } from "@/lib/swr/use-campaigns";
import { browserApi } from "@/lib/voice-api/browser-client";
import { changeCampaign, contactStatuses, listContacts, type Campaign, type CampaignAction, type CampaignContact } from "@/lib/voice-api/campaigns";
import { CallsOverTimeChart } from "./calls-over-time-chart";
import { CampaignStatusBadge, statusLabel } from "./campaign-status-badge";
import { contactsToCsv } from "./contacts-csv";
import { ProgressBar } from "./progress-bar";

const ACTIONS: Record<CampaignAction, { label: string; from: string[]; icon: typeof Play; variant?: "outline" | "destructive" }> = {
  start: { label: "Start", from: ["draft"], icon: Play },
  pause: { label: "Pause", from: ["scheduled", "running"], icon: Pause, variant: "outline" },
  resume: { label: "Resume", from: ["paused"], icon: RotateCcw },
  cancel: { label: "Cancel campaign", from: ["draft", "scheduled", "running", "paused"], icon: XCircle, variant: "destructive" },
};
const OUTCOMES = ["user_hangup", "agent_hangup", "voicemail", "no_answer", "busy", "failed", "error", "terminated", "transferred", "max_duration", "no_telephony_provider"];
const COUNTS: { key: keyof Campaign["progress"]; label: string }[] = [
  { key: "total", label: "Contacts" },
  { key: "pending", label: "Pending" },
  { key: "dialing", label: "Dialling" },
  { key: "in_progress", label: "On a call" },
  { key: "retry_scheduled", label: "Retry scheduled" },
  { key: "completed", label: "Completed" },
  { key: "failed", label: "Failed" },
  { key: "skipped_dnc", label: "Do not call" },
  { key: "cancelled", label: "Cancelled" },
  { key: "calls_placed", label: "Calls placed" },
];

const when = (iso: string | null) => (iso ? `${iso.slice(0, 16).replace("T", " ")} UTC` : "–");

/** A campaign's page: live status and counts, calls over time by outcome, its contacts (filters, the call behind each), actions and CSV export. */
export function CampaignDetail({ initial, canEdit }: { initial: Campaign; canEdit: boolean }) {
  const { data, mutate } = useCampaign(initial.id, initial);
  const campaign = data?.data ?? initial;
  const live = !["completed", "cancelled", "draft"].includes(campaign.status);
  const [status, setStatus] = useState("all");
  const [outcome, setOutcome] = useState("all");
  const [cursors, setCursors] = useState<string[]>([]);
  const query = new URLSearchParams({ limit: "50" });
  if (status !== "all") query.set("status", status);
  if (outcome !== "all") query.set("outcome", outcome);
  if (cursors.length) query.set("cursor", cursors.at(-1)!);
  const contacts = useCampaignContacts(campaign.id, query.toString(), live);
  const calls = useCampaignCalls(campaign.id, live);
  // The table and the chart follow the counts: when they move (a call ended, the campaign finished), both are read again.
  const progressKey = `${campaign.status}:${JSON.stringify(campaign.progress)}`;
  const { mutate: refreshContacts } = contacts;
  const { mutate: refreshCalls } = calls;
  useEffect(() => {
    void refreshContacts();
    void refreshCalls();
  }, [progressKey, refreshContacts, refreshCalls]);
  const [busy, setBusy] = useState<string | null>(null);

  const act = async (action: CampaignAction) => {
    setBusy(action);
    try {
      const updated = await changeCampaign(browserApi(), campaign.id, action);
      await mutate({ data: updated, message: "", error: null, status: 200 }, { revalidate: false });
      toast.success(`Campaign ${updated.status}`);
    } catch (caught) {
      toast.error("Not done", apiErrorText(caught));
    } finally {
      setBusy(null);
    }
  };

  const exportCsv = async () => {
    setBusy("export");
    try {
      const all: CampaignContact[] = [];
      let cursor: string | undefined;
      do {
        const page = await listContacts(browserApi(), campaign.id, { limit: 1000, cursor });
        all.push(...page.data);
        cursor = page.next_cursor ?? undefined;
      } while (cursor);
      const url = URL.createObjectURL(new Blob([contactsToCsv(all)], { type: "text/csv" }));
      const link = document.createElement("a");
      link.href = url;
      link.download = `${campaign.name.replace(/[^A-Za-z0-9_-]+/g, "-") || "campaign"}-contacts.csv`;
      link.click();
      setTimeout(() => URL.revokeObjectURL(url), 10_000);
    } catch (caught) {
      toast.error("Export failed", apiErrorText(caught));
    } finally {
      setBusy(null);
    }
  };

  const filterChanged = (set: (value: string) => void) => (value: string) => {
    set(value);
    setCursors([]);
  };

  return (
    <div className="grid gap-6">
      <div className="flex flex-wrap items-center gap-3">
        <CampaignStatusBadge status={campaign.status} />
        {canEdit
          ? (Object.entries(ACTIONS) as [CampaignAction, (typeof ACTIONS)[CampaignAction]][])
              .filter(([, action]) => action.from.includes(campaign.status))
              .map(([name, action]) => (
                <Button key={name} variant={action.variant} disabled={busy !== null} onClick={() => void act(name)}>
                  <action.icon aria-hidden /> {action.label}
                </Button>
              ))
          : null}
        <Button variant="outline" disabled={busy !== null} onClick={() => void exportCsv()}>
          <Download aria-hidden /> {busy === "export" ? "Exporting…" : "Export contacts (CSV)"}
        </Button>
      </div>

      <Card>
        <CardHeader>
          <CardTitle>Progress</CardTitle>
          <CardDescription>
            {campaign.pacing.max_concurrent_calls} calls at once at most, {campaign.pacing.calls_per_second} new calls per second; {campaign.retry.max_attempts} attempt(s) per contact
            {campaign.retry.retry_on.length ? `, retried after ${campaign.retry.delay_minutes} min on ${campaign.retry.retry_on.join(", ")}` : ""}. Windows:{" "}
            {campaign.schedule.windows.map((window) => `${window.days.join(", ")} ${window.start}–${window.end}`).join("; ")} ({campaign.schedule.recipient_timezone ? "each contact's time zone, else " : ""}
            {campaign.schedule.timezone}).
          </CardDescription>
        </CardHeader>
        <CardContent className="grid gap-4">
          <ProgressBar progress={campaign.progress} />
          <dl className="grid grid-cols-2 gap-3 sm:grid-cols-5" aria-label="Contacts by status">
            {COUNTS.map((count) => (
              <div key={count.key} className="rounded-md border p-3">
                <dt className="text-xs text-muted-foreground">{count.label}</dt>
                <dd className="text-xl font-semibold tabular-nums" data-count={count.key}>
                  {Number(campaign.progress[count.key]).toLocaleString("en-US")}
                </dd>
              </div>
            ))}
          </dl>
        </CardContent>
      </Card>

      <Card>
        <CardHeader>
          <CardTitle>Calls over time</CardTitle>
          <CardDescription>Calls placed by this campaign (the latest 1,000), by outcome.</CardDescription>
        </CardHeader>
        <CardContent>
          <CallsOverTimeChart calls={calls.data?.data ?? []} />
        </CardContent>
      </Card>

      <Card>
        <CardHeader>
          <CardTitle>Contacts</CardTitle>
        </CardHeader>
        <CardContent className="grid gap-4">
          <div className="grid gap-3 sm:grid-cols-3">
            <SelectField label="Status" value={status} onValueChange={filterChanged(setStatus)} options={[{ value: "all", label: "Any status" }, ...contactStatuses.map((value) => ({ value, label: statusLabel(value) }))]} />
            <SelectField label="Outcome" value={outcome} onValueChange={filterChanged(setOutcome)} options={[{ value: "all", label: "Any outcome" }, ...OUTCOMES.map((value) => ({ value, label: value.replace(/_/g, " ") }))]} />
          </div>
          <Table aria-label="Contacts">
            <TableHeader>
              <TableRow>
                <TableHead>Number</TableHead>
                <TableHead>Status</TableHead>
                <TableHead>Outcome</TableHead>
                <TableHead className="text-right">Attempts</TableHead>
                <TableHead>Next attempt</TableHead>
                <TableHead>Time zone</TableHead>
                <TableHead>Call</TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {(contacts.data?.data ?? []).map((contact) => (
                <TableRow key={contact.id}>
                  <TableCell className="font-mono text-xs">{contact.phone_number}</TableCell>
                  <TableCell>
                    <CampaignStatusBadge status={contact.status} />
                  </TableCell>
                  <TableCell>{contact.outcome?.replace(/_/g, " ") ?? "–"}</TableCell>
                  <TableCell className="text-right tabular-nums">{contact.attempts}</TableCell>
                  <TableCell className="whitespace-nowrap">{when(contact.next_attempt_at)}</TableCell>
                  <TableCell>{contact.timezone ?? campaign.schedule.timezone}</TableCell>
                  <TableCell>
                    {contact.last_call_id ? (
                      <Link href={`/calls/${contact.last_call_id}`} className="underline-offset-4 hover:underline">
                        View call
                      </Link>
                    ) : (
                      "–"
                    )}
                  </TableCell>
                </TableRow>
              ))}
              {contacts.data && contacts.data.data.length === 0 ? (
                <TableRow>
                  <TableCell colSpan={7} className="py-6 text-center text-muted-foreground">
                    No contacts match.
                  </TableCell>
                </TableRow>
              ) : null}
            </TableBody>
          </Table>
          <div className="flex gap-2">
            <Button variant="outline" disabled={!cursors.length} onClick={() => setCursors((current) => current.slice(0, -1))}>
              Previous
            </Button>
            <Button variant="outline" disabled={!contacts.data?.next_cursor} onClick={() => setCursors((current) => [...current, contacts.data!.next_cursor!])}>
              Next
            </Button>
          </div>
        </CardContent>
      </Card>
    </div>
  );
}
