import Link from "next/link";
import type { ReactNode } from "react";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import { formatCount, formatDuration, formatLatency, formatRate } from "@/components/dashboard/format";
import { formatMoney } from "@/lib/utils/money";
import type { AnalyticsVersions } from "@/lib/voice-api/analytics";
import { callsHref } from "./quality-query";

type Version = AnalyticsVersions["versions"][number];
type Row = { label: string; hint?: string; value: (v: Version) => ReactNode; filter?: Record<string, string> };

const score = (value: number | null) => (value === null ? "–" : `${value} / 10`);
const perCall = (value: number | null) => (value === null ? "–" : String(value));

/** A figure's link is named by the figure as shown first (what a speech-input user says), then what it opens. */
function figureLinkName(row: Row, version: Version): string | undefined {
  const shown = row.value(version);
  return typeof shown === "string" ? `${shown}: ${row.label.toLowerCase()} of version ${version.agent_version}, see the calls` : undefined;
}

const ROWS: Row[] = [
  { label: "Calls", value: (v) => formatCount(v.calls), filter: {} },
  { label: "Analysed", value: (v) => formatCount(v.analyzed_calls), filter: {} },
  { label: "Success rate", hint: "of calls judged success or failure", value: (v) => <RateWithCount rate={v.success_rate} count={v.verdicts.success + v.verdicts.failure} />, filter: { success: "success" } },
  { label: "Failures", value: (v) => formatCount(v.verdicts.failure), filter: { success: "failure" } },
  { label: "Average score", value: (v) => score(v.average_score) },
  { label: "Positive sentiment", value: (v) => formatRate(v.sentiment.positive), filter: { sentiment: "positive" } },
  { label: "Neutral sentiment", value: (v) => formatRate(v.sentiment.neutral), filter: { sentiment: "neutral" } },
  { label: "Negative sentiment", value: (v) => formatRate(v.sentiment.negative), filter: { sentiment: "negative" } },
  { label: "Average cost", hint: "per call with a cost", value: (v) => formatMoney(v.average_cost) },
  { label: "Average duration", hint: "per answered call", value: (v) => formatDuration(v.average_duration_seconds) },
  { label: "Latency p50", hint: "to the answer's first audio", value: (v) => formatLatency(v.turn_latency_p50_ms) },
  { label: "Latency p90", value: (v) => formatLatency(v.turn_latency_p90_ms) },
  { label: "Interruptions per call", hint: "per connected call", value: (v) => perCall(v.interruptions_per_call) },
  { label: "Transfer rate", hint: "of connected calls", value: (v) => formatRate(v.transfer_rate) },
  { label: "Voicemail rate", hint: "of connected calls", value: (v) => formatRate(v.voicemail_rate) },
];

function RateWithCount({ rate, count }: { rate: number | null; count: number }) {
  return (
    <span>
      {formatRate(rate)} <span className="text-xs text-muted-foreground">({formatCount(count)})</span>
    </span>
  );
}

/**
 * The versions side by side, a column each; a figure with calls behind it links to the calls list
 * filtered to exactly those calls (agent, version, range, and the figure's own filter).
 */
export function VersionsTable({ data, published }: { data: AnalyticsVersions; published: number | null }) {
  return (
    <Table aria-label="Versions side by side">
      <TableHeader>
        <TableRow>
          <TableHead scope="col">Figure</TableHead>
          {data.versions.map((version) => (
            <TableHead key={version.agent_version} scope="col" className="text-right">
              Version {version.agent_version}
              {version.agent_version === published ? <span className="font-normal"> · published</span> : null}
            </TableHead>
          ))}
        </TableRow>
      </TableHeader>
      <TableBody>
        {ROWS.map((row) => (
          <TableRow key={row.label}>
            <TableHead scope="row" className="h-auto py-2">
              <span className="text-sm font-medium text-foreground">{row.label}</span>
              {row.hint ? <span className="block font-normal whitespace-normal">{row.hint}</span> : null}
            </TableHead>
            {data.versions.map((version) => (
              <TableCell key={version.agent_version} className="text-right tabular-nums" data-version={version.agent_version} data-figure={row.label}>
                {row.filter && version.calls > 0 ? (
                  <Link href={callsHref(data, data.agent_id, version.agent_version, row.filter)} className="underline-offset-4 hover:underline" aria-label={figureLinkName(row, version)}>
                    {row.value(version)}
                  </Link>
                ) : (
                  row.value(version)
                )}
              </TableCell>
            ))}
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

