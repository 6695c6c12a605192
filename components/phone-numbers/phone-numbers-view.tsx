"use client";

import { ChevronLeft, ChevronRight, Pencil, Phone, Plus, RefreshCw, Trash2 } from "lucide-react";
import Link from "next/link";
import { useMemo, useState } from "react";
import type { AgentOption } from "@/components/calls/agent-options";
import { LocalTime } from "@/components/calls/local-time";
import { SelectField } from "@/components/calls/select-field";
import { useCan } from "@/components/console/console-session";
import { ConfirmDialog } from "@/components/ui/alert-dialog";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { EmptyState } from "@/components/ui/empty-state";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import { toast } from "@/components/ui/toast";
import { usePhoneNumbers } from "@/lib/swr/use-phone-numbers";
import { browserApi } from "@/lib/voice-api/browser-client";
import type { Envelope } from "@/lib/voice-api/client";
import { CARRIER_LABELS } from "@/lib/voice-api/telephony";
import { createPhoneNumber, deletePhoneNumber, updatePhoneNumber, type PhoneNumber } from "@/lib/voice-api/phone-numbers";
import { createBody, emptyPhoneNumberForm, formValuesOf, updateBody } from "./phone-number-form";
import { PhoneNumberDialog } from "./phone-number-dialog";
import { PHONE_NUMBER_PAGE_SIZES, phoneNumbersPath, type PhoneNumberPage } from "./phone-number-paging";
import { apiErrorText } from "@/components/calls/api-error-text";

export type InitialPhoneNumbers = { path: string; envelope: Envelope<PhoneNumber[]> | null; error: string | null };

type Editing = { kind: "add" } | { kind: "edit"; phoneNumber: PhoneNumber } | null;

/** The organization's numbers, page by page (the API's page mode), with add, edit and remove. */
export function PhoneNumbersView({
  initial,
  agents,
  paging,
  telephonyProblem = null,
}: {
  initial: InitialPhoneNumbers;
  agents: AgentOption[];
  paging: PhoneNumberPage;
  /** Why no carrier can carry calls now (shown instead of letting calls fail later); null when one can. */
  telephonyProblem?: string | null;
}) {
  const canWrite = useCan("write");
  const [page, setPage] = useState(paging);
  const path = phoneNumbersPath(page);
  const { data, error, isValidating, mutate } = usePhoneNumbers(path, path === initial.path ? (initial.envelope ?? undefined) : undefined);
  const [editing, setEditing] = useState<Editing>(null);
  const agentNames = useMemo(() => new Map(agents.map((agent) => [agent.id, agent.name])), [agents]);

  const go = (next: PhoneNumberPage) => {
    setPage(next);
    const search = new URLSearchParams();
    if (next.page > 1) search.set("page", String(next.page));
    if (next.limit !== PHONE_NUMBER_PAGE_SIZES[0]) search.set("limit", String(next.limit));
    window.history.replaceState(null, "", search.size ? `?${search}` : window.location.pathname);
  };

  const add = async (values: Parameters<typeof createBody>[0]) => {
    const created = await createPhoneNumber(browserApi(), createBody(values));
    setEditing(null);
    toast.success(`${created.number} added`);
    if (page.page !== 1) go({ ...page, page: 1 });
    else await mutate();
  };
  const save = (phoneNumber: PhoneNumber) => async (values: Parameters<typeof updateBody>[0]) => {
    const updated = await updatePhoneNumber(browserApi(), phoneNumber.id, updateBody(values));
    setEditing(null);
    toast.success(`${updated.number} saved`);
    await mutate((old) => old && { ...old, data: old.data.map((item) => (item.id === updated.id ? updated : item)) }, { revalidate: true });
  };
  const remove = (phoneNumber: PhoneNumber) => () =>
    deletePhoneNumber(browserApi(), phoneNumber.id).then(
      async () => {
        toast.success(`${phoneNumber.number} removed`);
        const lastOnPage = data?.data.length === 1 && page.page > 1;
        if (lastOnPage) go({ ...page, page: page.page - 1 });
        else await mutate();
      },
      (failure: unknown) => {
        toast.error("The number was not removed", apiErrorText(failure));
        throw failure;
      },
    );

  const shownError = (error ? apiErrorText(error) : null) ?? (!data ? initial.error : null);
  const numbers = data?.data ?? [];
  const totalPages = data?.total_pages ?? 1;
  const totalItems = data?.total_items ?? numbers.length;

  return (
    <div className="grid gap-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="text-sm text-muted-foreground" aria-live="polite">
          {isValidating && data ? "Refreshing…" : data ? `${totalItems} number${totalItems === 1 ? "" : "s"}` : ""}
        </p>
        {canWrite ? (
          <Button onClick={() => setEditing({ kind: "add" })}>
            <Plus aria-hidden /> Add number
          </Button>
        ) : null}
      </div>

      {telephonyProblem ? <TelephonyNotice problem={telephonyProblem} /> : null}
      {shownError ? (
        <div role="alert" className="flex flex-wrap items-center justify-between gap-3 rounded-lg border border-destructive/50 bg-destructive/5 p-4 text-sm">
          <span>
            <span className="font-medium text-destructive">Phone numbers could not be loaded: </span>
            {shownError}
          </span>
          <Button variant="outline" size="sm" onClick={() => mutate()}>
            <RefreshCw aria-hidden /> Try again
          </Button>
        </div>
      ) : null}

      {data && numbers.length === 0 && page.page === 1 ? (
        <EmptyState
          icon={Phone}
          title="No phone numbers yet"
          description={canWrite ? "Add a number you own, then choose the agent that answers it." : "An admin or member of this organization can add numbers."}
          action={canWrite ? <Button onClick={() => setEditing({ kind: "add" })}>Add number</Button> : null}
        />
      ) : (
        <Table aria-label="Phone numbers" aria-busy={isValidating}>
          <TableHeader>
            <TableRow>
              <TableHead>Number</TableHead>
              <TableHead className="hidden md:table-cell">Name</TableHead>
              <TableHead className="hidden md:table-cell">Type</TableHead>
              <TableHead className="hidden lg:table-cell">Carrier</TableHead>
              <TableHead>Inbound agent</TableHead>
              <TableHead className="hidden md:table-cell">Redirect</TableHead>
              <TableHead className="hidden 2xl:table-cell">Added</TableHead>
              {canWrite ? <TableHead className="text-right">Actions</TableHead> : null}
            </TableRow>
          </TableHeader>
          <TableBody>
            {numbers.map((phoneNumber) => (
              <TableRow key={phoneNumber.id} data-number={phoneNumber.number}>
                <TableCell className="whitespace-nowrap">
                  <span className="font-mono text-xs">{phoneNumber.number}</span>
                  {/* On phones the name rides under the number (its own column is hidden). */}
                  <span className="block text-xs text-muted-foreground md:hidden">{phoneNumber.name ?? ""}</span>
                </TableCell>
                <TableCell className="hidden md:table-cell">{phoneNumber.name ?? <span className="text-muted-foreground">—</span>}</TableCell>
                <TableCell className="hidden md:table-cell">
                  <Badge variant="outline">{phoneNumber.type.toUpperCase()}</Badge>
                </TableCell>
                <TableCell className="hidden lg:table-cell" data-testid="carrier">
                  <CarrierState phoneNumber={phoneNumber} />
                </TableCell>
                <TableCell data-testid="inbound-agent">
                  {phoneNumber.inbound_agent_id ? (
                    <Link href={`/agents/${phoneNumber.inbound_agent_id}`} className="underline-offset-4 hover:underline">
                      {agentNames.get(phoneNumber.inbound_agent_id) ?? "Unknown agent"}
                    </Link>
                  ) : (
                    <span className="text-muted-foreground">None</span>
                  )}
                </TableCell>
                <TableCell className="hidden whitespace-nowrap md:table-cell">
                  {phoneNumber.redirect ? (
                    <span className="font-mono text-xs">→ {phoneNumber.redirect_phone_number}</span>
                  ) : (
                    <span className="text-muted-foreground">Off</span>
                  )}
                </TableCell>
                <TableCell className="hidden text-xs whitespace-nowrap text-muted-foreground 2xl:table-cell">
                  <LocalTime iso={phoneNumber.created_at} />
                </TableCell>
                {canWrite ? (
                  <TableCell className="text-right whitespace-nowrap">
                    <Button variant="ghost" size="sm" onClick={() => setEditing({ kind: "edit", phoneNumber })} aria-label={`Edit ${phoneNumber.number}`}>
                      <Pencil aria-hidden /> <span className="hidden sm:inline">Edit</span>
                    </Button>
                    <ConfirmDialog
                      trigger={
                        <Button variant="ghost" size="sm" className="text-destructive" aria-label={`Remove ${phoneNumber.number}`}>
                          <Trash2 aria-hidden /> <span className="hidden sm:inline">Remove</span>
                        </Button>
                      }
                      title={`Remove ${phoneNumber.number}?`}
                      description="Calls to this number are no longer answered. Past calls keep their numbers."
                      confirmLabel="Remove number"
                      onConfirm={remove(phoneNumber)}
                    />
                  </TableCell>
                ) : null}
              </TableRow>
            ))}
            {data && numbers.length === 0 ? (
              <TableRow>
                <TableCell colSpan={canWrite ? 8 : 7} className="py-6 text-center text-muted-foreground">
                  This page is empty. Go back to an earlier page.
                </TableCell>
              </TableRow>
            ) : null}
          </TableBody>
        </Table>
      )}

      <nav aria-label="Pages of phone numbers" className="flex flex-wrap items-end justify-between gap-3">
        <SelectField
          label="Rows per page"
          className="grid w-36 gap-1.5"
          value={String(page.limit)}
          onValueChange={(value) => go({ page: 1, limit: Number(value) })}
          options={PHONE_NUMBER_PAGE_SIZES.map((size) => ({ value: String(size), label: String(size) }))}
        />
        <div className="flex items-center gap-2">
          <span className="text-sm text-muted-foreground tabular-nums">
            Page {page.page} of {Math.max(totalPages, 1)}
          </span>
          <Button variant="outline" size="sm" disabled={page.page <= 1} onClick={() => go({ ...page, page: page.page - 1 })}>
            <ChevronLeft aria-hidden /> Previous
          </Button>
          <Button variant="outline" size="sm" disabled={page.page >= totalPages} onClick={() => go({ ...page, page: page.page + 1 })}>
            Next <ChevronRight aria-hidden />
          </Button>
        </div>
      </nav>

      <PhoneNumberDialog
        open={editing?.kind === "add"}
        onOpenChange={(open) => !open && setEditing(null)}
        title="Add a phone number"
        description="A number your organization owns. It can belong to one organization only."
        initial={emptyPhoneNumberForm}
        creating
        agents={agents}
        submitLabel="Add number"
        onSubmit={add}
      />
      <PhoneNumberDialog
        open={editing?.kind === "edit"}
        onOpenChange={(open) => !open && setEditing(null)}
        title={editing?.kind === "edit" ? `Edit ${editing.phoneNumber.number}` : "Edit number"}
        description="Rename it, choose the agent that answers it, or forward its calls."
        initial={editing?.kind === "edit" ? formValuesOf(editing.phoneNumber) : emptyPhoneNumberForm}
        creating={false}
        agents={agents}
        submitLabel="Save"
        onSubmit={editing?.kind === "edit" ? save(editing.phoneNumber) : async () => {}}
      />
    </div>
  );
}

/** The number's carrier and whether its calls reach this deployment, as last checked. */
function CarrierState({ phoneNumber }: { phoneNumber: PhoneNumber }) {
  if (phoneNumber.type === "sip") return <span className="text-muted-foreground">SIP trunk</span>;
  if (!phoneNumber.carrier) return <span className="text-muted-foreground">—</span>;
  const state = phoneNumber.carrier_state;
  return (
    <span className="flex flex-col gap-0.5">
      <span className="flex items-center gap-1.5">
        {CARRIER_LABELS[phoneNumber.carrier]}
        {state ? state.live ? <Badge variant="success">Live</Badge> : <Badge variant="warning">Not live</Badge> : null}
      </span>
      {state && !state.live && state.problem ? <span className="max-w-64 text-xs whitespace-normal text-muted-foreground">{state.problem}</span> : null}
    </span>
  );
}

function TelephonyNotice({ problem }: { problem: string }) {
  return (
    <p role="status" className="rounded-md border border-warning/40 bg-warning/10 p-3 text-sm">
      Telephony is not ready: {problem}{" "}
      <Link href="/settings/telephony" className="font-medium underline underline-offset-2">
        Connect a carrier
      </Link>
    </p>
  );
}
