import { CalendarRange } from "lucide-react";
import { DashboardError } from "@/components/dashboard/dashboard-error";
import type { DashboardQuery } from "@/components/dashboard/dashboard-query";
import { formatCount, formatDay, formatInstant, formatMinutes, plural } from "@/components/dashboard/format";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { EmptyState } from "@/components/ui/empty-state";
import { getAnalyticsUsage, type AnalyticsUsage } from "@/lib/voice-api/analytics";
import type { VoiceApiClient } from "@/lib/voice-api/client";
import { isVoiceApiError } from "@/lib/voice-api/errors";
import { formatMoneyParts, moneyDecimals } from "@/lib/utils/money";
import { roundToTotal } from "@/lib/utils/round-to-total";
import { UsageChart } from "./usage-chart";

/** Usage of a range from /v1/analytics/usage: totals, per day (chart and table) and per agent. */
export async function UsageContent({ api, query }: { api: VoiceApiClient; query: DashboardQuery }) {
  let data: AnalyticsUsage;
  try {
    data = await getAnalyticsUsage(api, query);
  } catch (error) {
    if (isVoiceApiError(error)) return <DashboardError message={error.message} details={error.details} />;
    throw error;
  }
  const range = `${formatDay(data.days[0]?.date ?? "", true)} – ${formatDay(data.days.at(-1)?.date ?? "", true)}`;
  if (data.totals.calls === 0 && data.peak_concurrent_calls === 0) {
    return <EmptyState icon={CalendarRange} title={`No calls in ${range}`} description="Usage appears as calls are made. Pick a wider range to see earlier ones." />;
  }
  // Days, agents and totals in one precision; the days' and agents' figures add up to the totals shown.
  const days = [...data.days].reverse();
  const decimals = moneyDecimals([data.totals.total_cost, ...days.map((day) => day.total_cost), ...data.agents.map((agent) => agent.total_cost)]);
  const dayCosts = formatMoneyParts(days.map((day) => day.total_cost), data.totals.total_cost, decimals);
  const agentCosts = formatMoneyParts(data.agents.map((agent) => agent.total_cost), data.totals.total_cost, decimals);
  const dayMinutes = roundToTotal(days.map((day) => day.minutes), data.totals.minutes, 2);
  const agentMinutes = roundToTotal(data.agents.map((agent) => agent.minutes), data.totals.minutes, 2);
  const stats = [
    { key: "minutes", label: "Connected minutes", text: formatMinutes(data.totals.minutes), value: data.totals.minutes },
    { key: "calls", label: "Calls", text: formatCount(data.totals.calls), value: data.totals.calls },
    { key: "cost", label: "Cost", text: dayCosts.total, value: data.totals.total_cost },
    {
      key: "peak",
      label: "Peak concurrent calls",
      text: formatCount(data.peak_concurrent_calls),
      value: data.peak_concurrent_calls,
      // In the zone the days are counted in, as everything else on this page.
      hint: data.peak_at ? `first reached ${formatInstant(data.peak_at, data.timezone)}` : undefined,
    },
  ];
  return (
    <div className="grid gap-6">
      <dl className="grid grid-cols-2 gap-3 lg:grid-cols-4">
        {stats.map((stat) => (
          <div key={stat.key} className="rounded-lg border bg-card p-4 shadow-xs">
            <dt className="text-sm text-muted-foreground">{stat.label}</dt>
            <dd className="mt-1 text-xl font-semibold tabular-nums sm:text-2xl" data-usage={stat.key} data-value={stat.value}>
              {stat.text}
            </dd>
            {stat.hint ? <dd className="text-xs text-muted-foreground">{stat.hint}</dd> : null}
          </div>
        ))}
      </dl>
      <Card>
        <CardHeader>
          <CardTitle>By day</CardTitle>
          <CardDescription>
            {range}, days in {data.timezone}. Calls and minutes count on the day a call started.
          </CardDescription>
        </CardHeader>
        <CardContent className="grid gap-4">
          <UsageChart days={data.days} />
          {/* Focusable, so the days can be scrolled with the keyboard. */}
          <div className="max-h-96 overflow-auto rounded-md border" tabIndex={0} role="region" aria-label="Usage per day">
            <table className="w-full text-xs sm:text-sm">
              <caption className="sr-only">Calls, minutes, cost and peak concurrent calls per day</caption>
              <thead className="sticky top-0 bg-muted text-left text-xs text-muted-foreground">
                <tr>
                  <th scope="col" className="px-2 sm:px-3 py-2 font-medium">Day</th>
                  <th scope="col" className="px-2 sm:px-3 py-2 text-right font-medium">Calls</th>
                  <th scope="col" className="px-2 sm:px-3 py-2 text-right font-medium">Minutes</th>
                  <th scope="col" className="px-2 sm:px-3 py-2 text-right font-medium">Cost</th>
                  {/* Phones leave the peak column to the chart's line, so the figures fit without scrolling sideways. */}
                  <th scope="col" className="hidden px-2 py-2 text-right font-medium sm:table-cell sm:px-3">
                    <abbr title="Peak concurrent calls" className="no-underline">Peak</abbr>
                  </th>
                </tr>
              </thead>
              <tbody>
                {days.map((day, index) => (
                  <tr key={day.date} className="border-t" data-day={day.date}>
                    <th scope="row" className="px-2 sm:px-3 py-1.5 text-left font-normal whitespace-nowrap">{formatDay(day.date, true)}</th>
                    <td className="px-2 sm:px-3 py-1.5 text-right tabular-nums">{formatCount(day.calls)}</td>
                    <td className="px-2 sm:px-3 py-1.5 text-right tabular-nums">{formatMinutes(dayMinutes[index], false)}</td>
                    <td className="px-2 sm:px-3 py-1.5 text-right tabular-nums">{dayCosts.parts[index]}</td>
                    <td className="hidden px-2 py-1.5 text-right tabular-nums sm:table-cell sm:px-3">{formatCount(day.peak_concurrent_calls)}</td>
                  </tr>
                ))}
              </tbody>
              <tfoot className="sticky bottom-0 bg-muted font-medium">
                <tr className="border-t" data-day="total">
                  <th scope="row" className="px-2 sm:px-3 py-2 text-left">Total</th>
                  <td className="px-2 sm:px-3 py-2 text-right tabular-nums">{formatCount(data.totals.calls)}</td>
                  <td className="px-2 sm:px-3 py-2 text-right tabular-nums">{formatMinutes(data.totals.minutes, false)}</td>
                  <td className="px-2 sm:px-3 py-2 text-right tabular-nums">{dayCosts.total}</td>
                  <td className="hidden px-2 py-2 text-right tabular-nums sm:table-cell sm:px-3">{formatCount(data.peak_concurrent_calls)}</td>
                </tr>
              </tfoot>
            </table>
          </div>
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle>By agent</CardTitle>
          <CardDescription>Highest cost first</CardDescription>
        </CardHeader>
        <CardContent>
          <ul className="grid gap-2">
            {data.agents.map((agent, index) => (
              <li key={agent.agent_id} className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1 rounded-md border p-3 text-sm" data-agent={agent.agent_id}>
                <span className="font-medium">{agent.agent_name ?? "Deleted agent"}</span>
                <span className="flex gap-4 tabular-nums text-muted-foreground">
                  <span>{plural(agent.calls, "call")}</span>
                  <span>{formatMinutes(agentMinutes[index])}</span>
                  <span className="text-foreground">{agentCosts.parts[index]}</span>
                </span>
              </li>
            ))}
          </ul>
        </CardContent>
      </Card>
    </div>
  );
}
