"use client";

import { Bar, CartesianGrid, ComposedChart, Legend, Line, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";
import type { AnalyticsDay } from "@/lib/voice-api/analytics";
import { axisTick, gridStroke, tooltipCursor, tooltipStyle } from "./chart-theme";
import { formatMoney } from "@/lib/utils/money";
import { costTicks, formatCount, formatDay, plural } from "./format";

/** Calls (bars, left axis) and cost (line, right axis) for every day of the range. */
export function CallsPerDayChart({ days }: { days: AnalyticsDay[] }) {
  const withYear = days.length > 0 && days[0].date.slice(0, 4) !== days[days.length - 1].date.slice(0, 4);
  const cost = costTicks(Math.max(0, ...days.map((day) => day.total_cost)));
  const calls = days.reduce((sum, day) => sum + day.calls, 0);
  const total = days.reduce((sum, day) => sum + day.total_cost, 0);
  return (
    <div className="h-72 w-full" role="img" aria-label={`Calls and cost per day over ${plural(days.length, "day")}: ${plural(calls, "call")}, ${formatMoney(total)} in total`}>
      <ResponsiveContainer width="100%" height="100%">
        <ComposedChart data={days} margin={{ top: 8, right: 8, bottom: 0, left: 0 }} accessibilityLayer={false}>
          <CartesianGrid stroke={gridStroke} strokeDasharray="3 3" vertical={false} />
          <XAxis dataKey="date" tick={axisTick} tickFormatter={(date: string) => formatDay(date, withYear)} minTickGap={24} stroke={gridStroke} />
          <YAxis yAxisId="calls" tick={axisTick} tickFormatter={formatCount} width={56} stroke={gridStroke} allowDecimals={false} />
          <YAxis yAxisId="cost" orientation="right" tick={axisTick} ticks={cost.ticks} domain={[0, cost.ticks.at(-1)!]} tickFormatter={cost.format} width={72} stroke={gridStroke} />
          <Tooltip
            contentStyle={tooltipStyle}
            cursor={tooltipCursor}
            labelFormatter={(date) => formatDay(String(date), true)}
            formatter={(value, name) => (name === "Cost" ? formatMoney(Number(value)) : formatCount(Number(value)))}

          />
          <Legend wrapperStyle={{ fontSize: 12 }} />
          <Bar yAxisId="calls" dataKey="calls" name="Calls" fill="var(--chart-1)" radius={[3, 3, 0, 0]} isAnimationActive={false} />
          <Line yAxisId="cost" dataKey="total_cost" name="Cost" stroke="var(--chart-3)" strokeWidth={2} dot={false} isAnimationActive={false} />
        </ComposedChart>
      </ResponsiveContainer>
    </div>
  );
}
