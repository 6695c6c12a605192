"use client";

import { Bar, CartesianGrid, ComposedChart, Legend, Line, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";
import { axisTick, gridStroke, tooltipCursor, tooltipStyle } from "@/components/dashboard/chart-theme";
import { formatCount, formatDay } from "@/components/dashboard/format";
import type { UsageDay } from "@/lib/voice-api/analytics";

/** Minutes per day (bars) and the peak of concurrent calls (line); the table beside it has the same figures for screen readers. */
export function UsageChart({ days }: { days: UsageDay[] }) {
  return (
    <div className="h-64 w-full" aria-hidden>
      <ResponsiveContainer width="100%" height="100%">
        <ComposedChart data={days} margin={{ top: 8, right: 8, bottom: 0, left: 0 }} accessibilityLayer={false}>
          <CartesianGrid stroke={gridStroke} strokeDasharray="3 3" vertical={false} />
          <XAxis dataKey="date" tick={axisTick} tickFormatter={(date: string) => formatDay(date)} minTickGap={24} stroke={gridStroke} />
          <YAxis yAxisId="minutes" tick={axisTick} tickFormatter={formatCount} width={56} stroke={gridStroke} allowDecimals={false} />
          <YAxis yAxisId="peak" orientation="right" tick={axisTick} width={40} stroke={gridStroke} allowDecimals={false} />
          <Tooltip contentStyle={tooltipStyle} cursor={tooltipCursor} labelFormatter={(date) => formatDay(String(date), true)} />
          <Legend wrapperStyle={{ fontSize: 12 }} />
          <Bar yAxisId="minutes" dataKey="minutes" name="Minutes" fill="var(--chart-2)" radius={[3, 3, 0, 0]} isAnimationActive={false} />
          <Line yAxisId="peak" dataKey="peak_concurrent_calls" name="Peak concurrent calls" stroke="var(--chart-4)" strokeWidth={2} dot={false} isAnimationActive={false} />
        </ComposedChart>
      </ResponsiveContainer>
    </div>
  );
}
