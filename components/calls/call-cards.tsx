"use client";

import Link from "next/link";
import { Skeleton } from "@/components/ui/skeleton";
import type { Call } from "@/lib/voice-api/calls";
import { cn } from "@/lib/utils/cn";
import { CallStatusBadge } from "./call-status-badge";
import { formatMoney } from "@/lib/utils/money";
import { callTypeLabel, formatDuration, humanize } from "./format";
import { LocalTime } from "./local-time";

/** Phones get the calls as cards: every key fact of a call at a glance, nothing pushed off-screen. */
export function CallCards({
  calls,
  agentNames,
  costDecimals,
  loading,
  stale,
}: {
  calls: Call[];
  agentNames: ReadonlyMap<string, string>;
  costDecimals: number;
  loading: boolean;
  stale: boolean;
}) {
  if (loading) {
    return (
      <div className="grid gap-2 md:hidden" aria-busy="true">
        {Array.from({ length: 4 }, (_, i) => (
          <Skeleton key={i} className="h-24 w-full" />
        ))}
      </div>
    );
  }
  return (
    <ul className={cn("grid gap-2 md:hidden", stale && "opacity-60")} aria-label="Calls" aria-busy={stale}>
      {calls.map((call) => (
        <li key={call.id} className="relative rounded-lg border bg-card p-3 text-sm shadow-xs" data-call-id={call.id}>
          <div className="flex items-start justify-between gap-2">
            <Link href={`/calls/${call.id}`} className="font-medium underline-offset-4 after:absolute after:inset-0 hover:underline focus-visible:underline">
              <LocalTime iso={call.start_time} />
            </Link>
            <CallStatusBadge status={call.status} />
          </div>
          <p className="mt-1 truncate">{agentNames.get(call.agent_id) ?? <span className="text-muted-foreground">Deleted agent</span>}</p>
          <p className="truncate font-mono text-xs text-muted-foreground">
            {call.type === "phone_call" ? `${call.from_number ?? "?"} → ${call.to_number ?? "?"}` : `${callTypeLabel(call.type)} call`}
          </p>
          <dl className="mt-2 flex flex-wrap gap-x-4 gap-y-1 text-xs">
            <div className="flex gap-1">
              <dt className="text-muted-foreground">Duration</dt>
              <dd className="tabular-nums">{formatDuration(call.duration_seconds)}</dd>
            </div>
            <div className="flex gap-1">
              <dt className="text-muted-foreground">Cost</dt>
              <dd className="tabular-nums">{formatMoney(call.cost, costDecimals)}</dd>
            </div>
            {call.end_reason ? (
              <div className="flex gap-1">
                <dt className="text-muted-foreground">Ended</dt>
                <dd>{humanize(call.end_reason)}</dd>
              </div>
            ) : null}
          </dl>
        </li>
      ))}
    </ul>
  );
}
