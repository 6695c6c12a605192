"use client";

import { CartesianGrid, ComposedChart, Legend, Line, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";
import type { QualityDay } from "@/lib/voice-api/analytics";
import { axisTick, gridStroke, tooltipCursor, tooltipStyle } from "./chart-theme";
import { formatDay, formatLatency, formatRate } from "./format";

/** Success rate (left axis) and turn latency p50/p90 (right axis) per day; days without judged calls or turns leave gaps. */
export function QualityTrendChart({ days }: { days: QualityDay[] }) {
  const withYear = days.length > 0 && days[0].date.slice(0, 4) !== days[days.length - 1].date.slice(0, 4);
  const rated = days.filter((day) => day.success_rate !== null);
  const best = rated.reduce<QualityDay | null>((top, day) => (!top || day.success_rate! > top.success_rate! ? day : top), null);
  const worst = rated.reduce<QualityDay | null>((low, day) => (!low || day.success_rate! < low.success_rate! ? day : low), null);
  const label = best && worst
    ? `Success rate and turn latency per day: success from ${formatRate(worst.success_rate)} (${formatDay(worst.date)}) to ${formatRate(best.success_rate)} (${formatDay(best.date)})`
    : "Success rate and turn latency per day: no calls judged in this range";
  const data = days.map((day) => ({ ...day, success_percent: day.success_rate === null ? null : Math.round(day.success_rate * 1000) / 10 }));
  return (
    <div className="h-72 w-full" role="img" aria-label={label}>
      <ResponsiveContainer width="100%" height="100%">
        <ComposedChart data={data} margin={{ top: 8, right: 8, bottom: 0, left: 0 }} accessibilityLayer={false}>
          <CartesianGrid stroke={gridStroke} strokeDasharray="3 3" vertical={false} />
          <XAxis dataKey="date" tick={axisTick} tickFormatter={(date: string) => formatDay(date, withYear)} minTickGap={24} stroke={gridStroke} />
          <YAxis yAxisId="rate" tick={axisTick} domain={[0, 100]} ticks={[0, 25, 50, 75, 100]} tickFormatter={(value: number) => `${value}%`} width={48} stroke={gridStroke} />
          <YAxis yAxisId="ms" orientation="right" tick={axisTick} tickFormatter={(value: number) => formatLatency(value)} width={64} stroke={gridStroke} />
          <Tooltip
            contentStyle={tooltipStyle}
            cursor={tooltipCursor}
            labelFormatter={(date) => formatDay(String(date), true)}
            formatter={(value, name) => (value === null || value === undefined ? "–" : name === "Success rate" ? `${value}%` : formatLatency(Number(value)))}
          />
          <Legend wrapperStyle={{ fontSize: 12 }} />
          <Line yAxisId="rate" dataKey="success_percent" name="Success rate" stroke="var(--chart-2)" strokeWidth={2} dot={false} isAnimationActive={false} />
          <Line yAxisId="ms" dataKey="turn_latency_p50_ms" name="Latency p50" stroke="var(--chart-1)" strokeWidth={2} dot={false} isAnimationActive={false} />
          <Line yAxisId="ms" dataKey="turn_latency_p90_ms" name="Latency p90" stroke="var(--chart-4)" strokeWidth={2} strokeDasharray="4 3" dot={false} isAnimationActive={false} />
        </ComposedChart>
      </ResponsiveContainer>
    </div>
  );
}
