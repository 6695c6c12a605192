"use client";

import type { ColumnDef } from "@tanstack/react-table";
import Link from "next/link";
import type { Call } from "@/lib/voice-api/calls";
import { CallStatusBadge } from "./call-status-badge";
import { formatMoney } from "@/lib/utils/money";
import { callTypeLabel, formatDuration, humanize } from "./format";
import { LocalTime } from "./local-time";

/** Columns a person can show or hide; the start time (the row's link) always shows. */
export const HIDEABLE_COLUMNS = [
  { id: "status", label: "Status" },
  { id: "type", label: "Type" },
  { id: "direction", label: "Direction" },
  { id: "from_number", label: "From" },
  { id: "to_number", label: "To" },
  { id: "agent", label: "Agent" },
  { id: "duration", label: "Duration" },
  { id: "cost", label: "Cost" },
  { id: "end_reason", label: "End reason" },
  { id: "answer_type", label: "Answered by" },
  { id: "id", label: "Call ID" },
] as const;

export const DEFAULT_HIDDEN_COLUMNS: Record<string, boolean> = { direction: false, end_reason: false, answer_type: false, id: false };

export function callColumns(agentNames: ReadonlyMap<string, string>, costDecimals: number): ColumnDef<Call>[] {
  return [
    {
      id: "start_time",
      header: "Started",
      enableHiding: false,
      cell: ({ row }) => (
        <Link href={`/calls/${row.original.id}`} className="font-medium whitespace-nowrap underline-offset-4 hover:underline focus-visible:underline">
          <LocalTime iso={row.original.start_time} />
        </Link>
      ),
    },
    { id: "status", header: "Status", cell: ({ row }) => <CallStatusBadge status={row.original.status} /> },
    { id: "type", header: "Type", cell: ({ row }) => callTypeLabel(row.original.type) },
    { id: "direction", header: "Direction", cell: ({ row }) => row.original.direction },
    { id: "from_number", header: "From", cell: ({ row }) => <span className="font-mono text-xs whitespace-nowrap">{row.original.from_number ?? "—"}</span> },
    { id: "to_number", header: "To", cell: ({ row }) => <span className="font-mono text-xs whitespace-nowrap">{row.original.to_number ?? "—"}</span> },
    { id: "agent", header: "Agent", cell: ({ row }) => agentNames.get(row.original.agent_id) ?? <span className="text-muted-foreground">Deleted agent</span> },
    { id: "duration", header: () => <span className="block text-right">Duration</span>, cell: ({ row }) => <span className="block text-right tabular-nums">{formatDuration(row.original.duration_seconds)}</span> },
    { id: "cost", header: () => <span className="block text-right">Cost</span>, cell: ({ row }) => <span className="block text-right tabular-nums" data-testid="call-cost">{formatMoney(row.original.cost, costDecimals)}</span> },
    { id: "end_reason", header: "End reason", cell: ({ row }) => humanize(row.original.end_reason) },
    { id: "answer_type", header: "Answered by", cell: ({ row }) => humanize(row.original.answer_type) },
    { id: "id", header: "Call ID", cell: ({ row }) => <span className="font-mono text-xs">{row.original.id}</span> },
  ];
}
