"use client";

import Link from "next/link";
import { useEffect, useMemo, useState, type FormEvent } from "react";
import { Plus, Trash2, Upload } from "lucide-react";
import { apiErrorText } from "@/components/calls/api-error-text";
import { SelectField } from "@/components/calls/select-field";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import { toast } from "@/components/ui/toast";
import { browserApi } from "@/lib/voice-api/browser-client";
import { createCampaign, retryOutcomes, uploadContactsCsv, weekdays, type AddContactsResult, type Campaign } from "@/lib/voice-api/campaigns";
import { isVoiceApiError } from "@/lib/voice-api/errors";
import { guessTarget, previewCsv } from "./csv-preview";

type Window = { days: string[]; start: string; end: string };
type Agent = { id: string; name: string };
type Number = { number: string; name: string | null };

const DAY_LABELS: Record<string, string> = { mon: "Mon", tue: "Tue", wed: "Wed", thu: "Thu", fri: "Fri", sat: "Sat", sun: "Sun" };
const OUTCOME_LABELS: Record<string, string> = { no_answer: "No answer", busy: "Busy", failed: "Failed to connect", voicemail: "Voicemail" };
const IGNORE = "__ignore";
const METADATA = "__metadata";

const browserZone = () => {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || "UTC";
  } catch {
    return "UTC";
  }
};

/** The create page: agent, numbers, the CSV (preview, column mapping), schedule, pacing and retries; then the import's result. */
export function CreateCampaignForm({ agents, numbers, canEdit }: { agents: Agent[]; numbers: Number[]; canEdit: boolean }) {
  const [name, setName] = useState("");
  const [agentId, setAgentId] = useState(agents[0]?.id ?? "");
  const [fromNumbers, setFromNumbers] = useState<string[]>(numbers[0] ? [numbers[0].number] : []);
  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState<{ header: string[]; rows: string[][] } | null>(null);
  const [mapping, setMapping] = useState<Record<string, string>>({});
  const [variables, setVariables] = useState<string[]>([]);
  const [timezone, setTimezone] = useState("UTC");
  const [recipientZone, setRecipientZone] = useState(true);
  const [windows, setWindows] = useState<Window[]>([{ days: ["mon", "tue", "wed", "thu", "fri"], start: "09:00", end: "20:00" }]);
  const [startAt, setStartAt] = useState("");
  const [maxConcurrent, setMaxConcurrent] = useState("10");
  const [perSecond, setPerSecond] = useState("1");
  const [maxAttempts, setMaxAttempts] = useState("1");
  const [retryOn, setRetryOn] = useState<string[]>(["no_answer", "busy"]);
  const [delay, setDelay] = useState("60");
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [saving, setSaving] = useState(false);
  const [result, setResult] = useState<{ campaign: Campaign; contacts: AddContactsResult } | null>(null);

  // The agent's variables are what the CSV's columns can fill.
  useEffect(() => {
    if (!agentId) return;
    let stale = false;
    browserApi()
      .get<{ variables?: { name: string }[] }>(`/agents/${encodeURIComponent(agentId)}`)
      .then((agent) => !stale && setVariables((agent.variables ?? []).map((variable) => variable.name)))
      .catch(() => !stale && setVariables([]));
    return () => {
      stale = true;
    };
  }, [agentId]);

  const chooseFile = async (chosen: File | null) => {
    setFile(chosen);
    setPreview(null);
    if (!chosen) return;
    const head = await chosen.slice(0, 64 * 1024).text();
    const read = previewCsv(head);
    setPreview(read);
    setMapping(Object.fromEntries(read.header.map((column) => [column, guessTarget(column, variables)])));
  };

  const targetOptions = useMemo(() => {
    const options = [
      { value: "phone_number", label: "Phone number" },
      { value: "timezone", label: "Time zone" },
      { value: METADATA, label: "Metadata" },
      { value: IGNORE, label: "Ignore this column" },
      ...variables.map((variable) => ({ value: variable, label: `Variable {{${variable}}}` })),
    ];
    return options;
  }, [variables]);

  const optionsFor = (column: string) => {
    const current = mapping[column] ?? "";
    const extra = current && !targetOptions.some((option) => option.value === current) && !current.startsWith("metadata.") ? [{ value: current, label: `Variable {{${current}}}` }] : [];
    return [...targetOptions, ...extra];
  };
  const selectValue = (column: string) => {
    const target = mapping[column] ?? "";
    if (target === "") return IGNORE;
    if (target.startsWith("metadata.")) return METADATA;
    return target;
  };
  const setTarget = (column: string, value: string) =>
    setMapping((current) => ({ ...current, [column]: value === IGNORE ? "" : value === METADATA ? `metadata.${column}` : value }));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const problems: Record<string, string> = {};
    if (!name.trim()) problems.name = "Give the campaign a name";
    if (!agentId) problems.agent_id = "Choose an agent";
    if (!fromNumbers.length) problems.from_numbers = "Choose at least one number to call from";
    if (!file) problems.file = "Choose a CSV file of contacts";
    else if (!Object.values(mapping).includes("phone_number")) problems.file = "Map one column to Phone number";
    setErrors(problems);
    if (Object.keys(problems).length) return;
    setSaving(true);
    try {
      const api = browserApi();
      const campaign = await createCampaign(api, {
        name: name.trim(),
        agent_id: agentId,
        from_numbers: fromNumbers,
        schedule: {
          timezone,
          recipient_timezone: recipientZone,
          windows,
          ...(startAt ? { start_at: new Date(startAt).toISOString() } : {}),
        },
        pacing: { max_concurrent_calls: Number(maxConcurrent), calls_per_second: Number(perSecond) },
        retry: { max_attempts: Number(maxAttempts), retry_on: retryOn, delay_minutes: Number(delay) },
      });
      const contacts = await uploadContactsCsv(api, campaign.id, file as File, mapping);
      setResult({ campaign, contacts });
      toast.success("Campaign created", `${contacts.added.toLocaleString("en-US")} contacts added.`);
    } catch (caught) {
      if (isVoiceApiError(caught) && caught.details.length) setErrors(Object.fromEntries(caught.details.map((detail) => [detail.field, detail.message])));
      toast.error("Not created", apiErrorText(caught));
    } finally {
      setSaving(false);
    }
  };

  if (result) return <ImportResult campaign={result.campaign} result={result.contacts} />;
  const fieldError = (prefix: string) => Object.entries(errors).find(([field]) => field === prefix || field.startsWith(`${prefix}.`) || field.startsWith(`${prefix}[`))?.[1];

  return (
    <form onSubmit={submit} className="grid max-w-4xl gap-6" aria-label="New campaign">
      <fieldset disabled={!canEdit || saving} className="grid gap-6">
        <Card>
          <CardHeader>
            <CardTitle>Who calls</CardTitle>
            <CardDescription>The agent speaks on every call; the calls come from these numbers in turn.</CardDescription>
          </CardHeader>
          <CardContent className="grid gap-4 sm:grid-cols-2">
            <FormField label="Name" error={errors.name}>
              <Input value={name} onChange={(event) => setName(event.target.value)} placeholder="Spring reminders" />
            </FormField>
            <SelectField label="Agent" value={agentId} onValueChange={setAgentId} options={agents.map((agent) => ({ value: agent.id, label: agent.name }))} error={errors.agent_id} />
            <fieldset className="grid gap-2 sm:col-span-2">
              <legend className="mb-1 text-sm font-medium">Call from</legend>
              {numbers.length === 0 ? <p className="text-sm text-muted-foreground">Your organization has no phone numbers yet: add one under Phone numbers.</p> : null}
              <div className="flex flex-wrap gap-3">
                {numbers.map((number) => (
                  <label key={number.number} className="flex items-center gap-2 text-sm">
                    <input
                      type="checkbox"
                      checked={fromNumbers.includes(number.number)}
                      onChange={(event) => setFromNumbers((current) => (event.target.checked ? [...current, number.number] : current.filter((each) => each !== number.number)))}
                    />
                    <span className="font-mono">{number.number}</span>
                    {number.name ? <span className="text-muted-foreground">{number.name}</span> : null}
                  </label>
                ))}
              </div>
              {fieldError("from_numbers") ? (
                <p className="text-xs font-medium text-destructive" role="alert">
                  {fieldError("from_numbers")}
                </p>
              ) : null}
            </fieldset>
          </CardContent>
        </Card>

        <Card>
          <CardHeader>
            <CardTitle>Contacts</CardTitle>
            <CardDescription>
              A CSV with a header row (up to 100,000 rows). Map each column: the phone number, a time zone, metadata, or one of the agent&apos;s variables.
              Numbers in international form (+1…); rows that cannot be read are listed after the import.
            </CardDescription>
          </CardHeader>
          <CardContent className="grid gap-4">
            <FormField label="CSV file" error={errors.file}>
              <Input type="file" accept=".csv,text/csv" onChange={(event) => void chooseFile(event.target.files?.[0] ?? null)} />
            </FormField>
            {preview ? (
              <div className="grid gap-3">
                <h3 className="text-sm font-medium">Preview of the first rows, and what each column is</h3>
                <Table aria-label="CSV preview">
                  <TableHeader>
                    <TableRow>
                      {preview.header.map((column) => (
                        <TableHead key={column} className="min-w-44 align-top">
                          <SelectField label={column || "(unnamed)"} value={selectValue(column)} onValueChange={(value) => setTarget(column, value)} options={optionsFor(column)} />
                        </TableHead>
                      ))}
                    </TableRow>
                  </TableHeader>
                  <TableBody>
                    {preview.rows.map((row, i) => (
                      <TableRow key={i}>
                        {preview.header.map((column, j) => (
                          <TableCell key={column} className="font-mono text-xs">
                            {row[j] ?? ""}
                          </TableCell>
                        ))}
                      </TableRow>
                    ))}
                  </TableBody>
                </Table>
              </div>
            ) : null}
          </CardContent>
        </Card>

        <Card>
          <CardHeader>
            <CardTitle>When</CardTitle>
            <CardDescription>Calls are placed only inside these windows, in each contact&apos;s own time zone when it is known (its number or a time zone column).</CardDescription>
          </CardHeader>
          <CardContent className="grid gap-4">
            <div className="grid gap-4 sm:grid-cols-2">
              <div className="grid content-start gap-1.5">
                <FormField label="Time zone" hint="For contacts whose zone is not known (IANA name, e.g. America/New_York)." error={errors["schedule.timezone"]}>
                  <Input value={timezone} onChange={(event) => setTimezone(event.target.value)} />
                </FormField>
                <Button variant="link" className="h-auto justify-start p-0 text-xs" onClick={() => setTimezone(browserZone())}>
                  Use this browser&apos;s time zone
                </Button>
              </div>
              <FormField label="Start at (optional)" hint="No call before this time." error={errors["schedule.start_at"]}>
                <Input type="datetime-local" value={startAt} onChange={(event) => setStartAt(event.target.value)} />
              </FormField>
            </div>
            <label className="flex items-center gap-2 text-sm">
              <input type="checkbox" checked={recipientZone} onChange={(event) => setRecipientZone(event.target.checked)} />
              Use each contact&apos;s own time zone
            </label>
            {windows.map((window, i) => (
              <fieldset key={i} className="grid gap-3 rounded-md border p-3">
                <legend className="px-1 text-sm font-medium">Window {i + 1}</legend>
                <div className="flex flex-wrap gap-3">
                  {weekdays.map((day) => (
                    <label key={day} className="flex items-center gap-1.5 text-sm">
                      <input
                        type="checkbox"
                        checked={window.days.includes(day)}
                        onChange={(event) =>
                          setWindows((current) => current.map((each, j) => (j === i ? { ...each, days: event.target.checked ? weekdays.filter((d) => each.days.includes(d) || d === day) : each.days.filter((d) => d !== day) } : each)))
                        }
                      />
                      {DAY_LABELS[day]}
                    </label>
                  ))}
                </div>
                <div className="flex flex-wrap items-end gap-3">
                  <FormField label="From" error={errors[`schedule.windows[${i}].start`]}>
                    <Input type="time" value={window.start} onChange={(event) => setWindows((current) => current.map((each, j) => (j === i ? { ...each, start: event.target.value } : each)))} />
                  </FormField>
                  <FormField label="Until" error={errors[`schedule.windows[${i}].end`]}>
                    <Input type="time" value={window.end} onChange={(event) => setWindows((current) => current.map((each, j) => (j === i ? { ...each, end: event.target.value } : each)))} />
                  </FormField>
                  {windows.length > 1 ? (
                    <Button variant="ghost" size="icon" aria-label={`Remove window ${i + 1}`} onClick={() => setWindows((current) => current.filter((_, j) => j !== i))}>
                      <Trash2 aria-hidden />
                    </Button>
                  ) : null}
                </div>
              </fieldset>
            ))}
            <div>
              <Button variant="outline" onClick={() => setWindows((current) => [...current, { days: ["sat"], start: "10:00", end: "14:00" }])}>
                <Plus aria-hidden /> Add a window
              </Button>
            </div>
          </CardContent>
        </Card>

        <Card>
          <CardHeader>
            <CardTitle>Pacing and retries</CardTitle>
            <CardDescription>Never more calls at once, nor faster, than this; the organization&apos;s concurrency limit applies too.</CardDescription>
          </CardHeader>
          <CardContent className="grid gap-4 sm:grid-cols-3">
            <FormField label="Calls at once" hint="1 to 1000" error={errors["pacing.max_concurrent_calls"]}>
              <Input inputMode="numeric" value={maxConcurrent} onChange={(event) => setMaxConcurrent(event.target.value)} />
            </FormField>
            <FormField label="New calls per second" hint="0.1 to 100" error={errors["pacing.calls_per_second"]}>
              <Input inputMode="decimal" value={perSecond} onChange={(event) => setPerSecond(event.target.value)} />
            </FormField>
            <FormField label="Attempts per contact" hint="1 (no retry) to 10" error={errors["retry.max_attempts"]}>
              <Input inputMode="numeric" value={maxAttempts} onChange={(event) => setMaxAttempts(event.target.value)} />
            </FormField>
            <fieldset className="grid gap-2 sm:col-span-2">
              <legend className="mb-1 text-sm font-medium">Try again after</legend>
              <div className="flex flex-wrap gap-3">
                {retryOutcomes.map((outcome) => (
                  <label key={outcome} className="flex items-center gap-1.5 text-sm">
                    <input
                      type="checkbox"
                      checked={retryOn.includes(outcome)}
                      onChange={(event) => setRetryOn((current) => (event.target.checked ? [...current, outcome] : current.filter((each) => each !== outcome)))}
                    />
                    {OUTCOME_LABELS[outcome]}
                  </label>
                ))}
              </div>
            </fieldset>
            <FormField label="Minutes before a retry" hint="Then at the next moment inside the windows." error={errors["retry.delay_minutes"]}>
              <Input inputMode="numeric" value={delay} onChange={(event) => setDelay(event.target.value)} />
            </FormField>
          </CardContent>
        </Card>
        <div>
          <Button type="submit" disabled={!canEdit || saving}>
            <Upload aria-hidden /> {saving ? "Creating…" : "Create campaign and import contacts"}
          </Button>
          {!canEdit ? <p className="mt-2 text-sm text-muted-foreground">Viewers cannot create campaigns.</p> : null}
        </div>
      </fieldset>
    </form>
  );
}

function ImportResult({ campaign, result }: { campaign: Campaign; result: AddContactsResult }) {
  return (
    <Card className="max-w-4xl">
      <CardHeader>
        <CardTitle>{campaign.name} is ready</CardTitle>
        <CardDescription>
          {result.added.toLocaleString("en-US")} contacts added
          {result.skipped_dnc ? ` (${result.skipped_dnc.toLocaleString("en-US")} on the do-not-call list, never called)` : ""}, {result.duplicates.toLocaleString("en-US")} duplicates dropped,{" "}
          {result.rejected.length.toLocaleString("en-US")} rows rejected. Start it from its page.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        {result.rejected.length ? (
          <div className="grid gap-2">
            <h3 className="text-sm font-medium">Rejected rows</h3>
            <Table aria-label="Rejected rows" containerClassName="max-h-80 overflow-y-auto">
              <TableHeader>
                <TableRow>
                  <TableHead>Row</TableHead>
                  <TableHead>Column</TableHead>
                  <TableHead>Problem</TableHead>
                </TableRow>
              </TableHeader>
              <TableBody>
                {result.rejected.slice(0, 500).map((row, i) => (
                  <TableRow key={i}>
                    <TableCell className="tabular-nums">{row.row}</TableCell>
                    <TableCell className="font-mono text-xs">{row.field}</TableCell>
                    <TableCell>{row.message}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
            {result.rejected.length > 500 ? <p className="text-xs text-muted-foreground">The first 500 of {result.rejected.length.toLocaleString("en-US")} are shown.</p> : null}
          </div>
        ) : null}
        <div>
          <Button asChild>
            <Link href={`/campaigns/${campaign.id}`}>Open the campaign</Link>
          </Button>
        </div>
      </CardContent>
    </Card>
  );
}
