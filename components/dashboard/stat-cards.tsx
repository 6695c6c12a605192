import type { AnalyticsTotals } from "@/lib/voice-api/analytics";
import { formatMoney } from "@/lib/utils/money";
import { formatCount, formatDuration } from "./format";

/** The five headline figures; `data-value` carries the exact number behind each formatted one. */
export function StatCards({ totals }: { totals: AnalyticsTotals }) {
  const stats = [
    { key: "calls", label: "Calls", value: totals.calls, text: formatCount(totals.calls) },
    { key: "total_cost", label: "Total cost", value: totals.total_cost, text: formatMoney(totals.total_cost) },
    { key: "average_cost", label: "Average cost", value: totals.average_cost, text: formatMoney(totals.average_cost), hint: "per call with a cost" },
    { key: "total_duration_seconds", label: "Total duration", value: totals.total_duration_seconds, text: formatDuration(totals.total_duration_seconds) },
    {
      key: "average_duration_seconds",
      label: "Average duration",
      value: totals.average_duration_seconds,
      text: formatDuration(totals.average_duration_seconds),
      hint: "per answered call",
    },
  ];
  return (
    <dl className="grid grid-cols-2 gap-3 md:grid-cols-3 xl:grid-cols-5">
      {stats.map((stat) => (
        <div key={stat.key} className="rounded-lg border bg-card p-4 shadow-xs">
          <dt className="text-sm text-muted-foreground">{stat.label}</dt>
          <dd className="mt-1 text-2xl font-semibold tabular-nums tracking-tight" data-metric={stat.key} data-value={stat.value ?? ""}>
            {stat.text}
          </dd>
          {stat.hint ? <dd className="text-xs text-muted-foreground">{stat.hint}</dd> : null}
        </div>
      ))}
    </dl>
  );
}
