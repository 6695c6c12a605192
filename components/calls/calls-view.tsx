"use client";

import { flexRender, getCoreRowModel, useReactTable } from "@tanstack/react-table";
import { ChevronLeft, ChevronRight, PhoneCall, RefreshCw } from "lucide-react";
import { useRouter, useSearchParams } from "next/navigation";
import { useMemo, useRef, useState } from "react";
import { Button } from "@/components/ui/button";
import { EmptyState } from "@/components/ui/empty-state";
import { Skeleton } from "@/components/ui/skeleton";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import { useCallCount } from "@/lib/swr/use-call-count";
import { useCalls } from "@/lib/swr/use-calls";
import { moneyDecimals } from "@/lib/utils/money";
import type { Call, CallFilters } from "@/lib/voice-api/calls";
import type { Envelope } from "@/lib/voice-api/client";
import type { AgentOption } from "./agent-options";
import { callColumns } from "./call-columns";
import { CallFiltersForm } from "./call-filters-form";
import { callListPath, callListSearch, PAGE_SIZES, readCallListState, type CallListState } from "./call-filters";
import { ColumnMenu } from "./column-menu";
import { ExportCallsDialog } from "./export-calls-dialog";
import { SelectField } from "./select-field";
import { useColumnVisibility } from "./use-column-visibility";
import { apiErrorText } from "./api-error-text";
import { CallCards } from "./call-cards";
import { callCountText } from "./format";

export type InitialCallPage = { path: string; envelope: Envelope<Call[]> | null; error: string | null };

/**
 * The calls list: filters, page size and cursor live in the URL (the API's own parameter names),
 * so a filtered view can be shared; pages come from the BFF proxy through SWR. The server renders
 * the first page, which SWR takes as its starting data.
 */
export function CallsView({ initial, agents }: { initial: InitialCallPage; agents: AgentOption[] }) {
  const router = useRouter();
  const searchParams = useSearchParams();
  const state = useMemo(() => readCallListState(searchParams), [searchParams]);
  const path = callListPath(state);
  const fallback = path === initial.path ? (initial.envelope ?? undefined) : undefined;
  const { data, error, isLoading, isValidating, mutate } = useCalls(path, fallback);
  // Cursors of the pages before this one ("" is the first page): cursor paging only goes forward.
  const [earlier, setEarlier] = useState<string[]>([]);
  const agentNames = useMemo(() => new Map(agents.map((agent) => [agent.id, agent.name])), [agents]);
  // One precision for the page's cost column (lib/utils/money), so its figures line up.
  const costDecimals = moneyDecimals((data?.data ?? []).map((call) => call.cost));
  const columns = useMemo(() => callColumns(agentNames, costDecimals), [agentNames, costDecimals]);
  const [columnVisibility, setColumnVisibility] = useColumnVisibility();
  const { count } = useCallCount(state.filters);
  const top = useRef<HTMLDivElement>(null);

  // TanStack Table is not memoizable by the React Compiler; this component is simply left uncompiled.
  // eslint-disable-next-line react-hooks/incompatible-library
  const table = useReactTable({
    data: data?.data ?? [],
    columns,
    getCoreRowModel: getCoreRowModel(),
    getRowId: (call) => call.id,
    manualPagination: true,
    state: { columnVisibility },
    onColumnVisibilityChange: setColumnVisibility,
  });

  const go = (next: CallListState) => {
    const search = callListSearch(next).toString();
    // The App Router keeps useSearchParams in step with history.pushState, without a server round trip.
    window.history.pushState(null, "", search ? `?${search}` : window.location.pathname);
    // The new page (or its error) shows at the top of the list, not under the pager the reader just used.
    if (top.current && top.current.getBoundingClientRect().top < 0) top.current.scrollIntoView({ block: "start" });
  };
  const applyFilters = (filters: CallFilters) => {
    setEarlier([]);
    go({ filters, limit: state.limit });
  };
  const nextPage = () => {
    if (!data?.next_cursor) return;
    setEarlier((old) => [...old, state.cursor ?? ""]);
    go({ ...state, cursor: data.next_cursor });
  };
  const previousPage = () => {
    const cursor = earlier.at(-1);
    setEarlier((old) => old.slice(0, -1));
    go({ ...state, cursor: cursor || undefined });
  };

  const shownError = (error ? apiErrorText(error) : null) ?? (!data && path === initial.path ? initial.error : null);
  const rows = table.getRowModel().rows;
  const hasFilters = Object.keys(state.filters).length > 0;
  const visibleCount = table.getVisibleLeafColumns().length;
  // With keepPreviousData the rows stay those of the last page until the new one arrives: say so.
  const stale = isLoading && !!data;
  const pageNumber = state.cursor && earlier.length === 0 ? null : earlier.length + 1;
  const pages = count?.exact ? Math.max(1, Math.ceil(count.total / state.limit)) : null;
  const pageLabel = pageNumber === null ? "" : `${stale ? "Loading page" : "Page"} ${pageNumber}${pages ? ` of ${pages.toLocaleString("en-US")}` : ""}${stale ? "…" : ""}`;

  return (
    <div className="grid scroll-mt-20 gap-4" ref={top}>
      <CallFiltersForm key={JSON.stringify(state.filters)} filters={state.filters} agents={agents} onApply={applyFilters} />
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="text-sm text-muted-foreground" aria-live="polite" data-testid="call-count">
          {count ? callCountText(count) : "Counting calls…"}
          {isValidating && data && !stale ? " · refreshing…" : ""}
        </p>
        <div className="flex flex-wrap items-center gap-2">
          <span className="hidden md:contents">
            <ColumnMenu table={table} />
          </span>
          <ExportCallsDialog filters={state.filters} agentNames={agentNames} />
        </div>
      </div>

      {shownError ? (
        <div role="alert" className="flex flex-wrap items-center justify-between gap-3 rounded-lg border border-destructive/50 bg-destructive/5 p-4 text-sm">
          <span>
            <span className="font-medium text-destructive">Calls could not be loaded: </span>
            {shownError}
          </span>
          <Button variant="outline" size="sm" onClick={() => mutate()}>
            <RefreshCw aria-hidden /> Try again
          </Button>
        </div>
      ) : null}

      {!shownError && data && rows.length === 0 ? (
        hasFilters ? (
          <EmptyState
            icon={PhoneCall}
            title="No calls match these filters"
            description="Widen the date range, pick another agent or type, or clear the filters."
            action={<Button variant="outline" onClick={() => applyFilters({})}>Clear filters</Button>}
          />
        ) : (
          <EmptyState
            icon={PhoneCall}
            title="No calls yet"
            description="Calls appear here as agents take them: start one with POST /v1/calls/phone, or attach an agent to a phone number and call it."
          />
        )
      ) : (
        <>
        <CallCards calls={data?.data ?? []} agentNames={agentNames} costDecimals={costDecimals} loading={!data && !shownError} stale={stale} />
        <Table aria-busy={isLoading || isValidating} aria-label="Calls" className={stale ? "opacity-60 transition-opacity" : undefined} containerClassName="hidden md:block">
          <TableHeader>
            {table.getHeaderGroups().map((group) => (
              <TableRow key={group.id}>
                {group.headers.map((header) => (
                  <TableHead key={header.id}>{header.isPlaceholder ? null : flexRender(header.column.columnDef.header, header.getContext())}</TableHead>
                ))}
              </TableRow>
            ))}
          </TableHeader>
          <TableBody>
            {!data && !shownError
              ? Array.from({ length: 8 }, (_, i) => (
                  <TableRow key={i}>
                    <TableCell colSpan={visibleCount}>
                      <Skeleton className="h-5 w-full" />
                    </TableCell>
                  </TableRow>
                ))
              : rows.map((row) => (
                  <TableRow
                    key={row.id}
                    data-call-id={row.id}
                    className="cursor-pointer"
                    onClick={(event) => {
                      if (!(event.target as HTMLElement).closest("a")) router.push(`/calls/${row.id}`);
                    }}
                  >
                    {row.getVisibleCells().map((cell) => (
                      <TableCell key={cell.id}>{flexRender(cell.column.columnDef.cell, cell.getContext())}</TableCell>
                    ))}
                  </TableRow>
                ))}
          </TableBody>
        </Table>
        </>
      )}

      <nav aria-label="Pages of calls" className="flex flex-wrap items-end justify-between gap-3">
        <SelectField
          label="Rows per page"
          className="grid w-36 gap-1.5"
          value={String(state.limit)}
          onValueChange={(value) => {
            setEarlier([]);
            go({ filters: state.filters, limit: Number(value) });
          }}
          options={PAGE_SIZES.map((size) => ({ value: String(size), label: String(size) }))}
        />
        <div className="flex items-center gap-2">
          <span className="text-sm text-muted-foreground tabular-nums" aria-live="polite" data-testid="page-label">
            {pageLabel}
          </span>
          <Button variant="outline" size="sm" onClick={previousPage} disabled={!state.cursor}>
            <ChevronLeft aria-hidden /> Previous
          </Button>
          <Button variant="outline" size="sm" onClick={nextPage} disabled={!data?.next_cursor}>
            Next <ChevronRight aria-hidden />
          </Button>
        </div>
      </nav>
    </div>
  );
}
