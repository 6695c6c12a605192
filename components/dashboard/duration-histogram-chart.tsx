"use client";

import { Bar, BarChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";
import type { AnalyticsDurationHistogram } from "@/lib/voice-api/analytics";
import { axisTick, gridStroke, tooltipCursor, tooltipStyle } from "./chart-theme";
import { formatCount, plural } from "./format";

export function DurationHistogramChart({ histogram }: { histogram: AnalyticsDurationHistogram }) {
  return (
    <div className="grid gap-2">
      <div
        className="h-64 w-full"
        role="img"
        aria-label={`Answered calls by duration: ${histogram.buckets.map((bucket) => `${bucket.label} ${formatCount(bucket.calls)}`).join(", ")}`}
      >
        <ResponsiveContainer width="100%" height="100%">
          <BarChart data={histogram.buckets} margin={{ top: 8, right: 8, bottom: 0, left: 0 }} accessibilityLayer={false}>
            <CartesianGrid stroke={gridStroke} strokeDasharray="3 3" vertical={false} />
            <XAxis dataKey="label" tick={axisTick} stroke={gridStroke} interval={0} angle={-30} textAnchor="end" height={48} />
            <YAxis tick={axisTick} tickFormatter={formatCount} width={56} stroke={gridStroke} allowDecimals={false} />
            <Tooltip contentStyle={tooltipStyle} cursor={tooltipCursor} formatter={(value) => [formatCount(Number(value)), "Calls"]} />
            <Bar dataKey="calls" name="Calls" fill="var(--chart-2)" radius={[3, 3, 0, 0]} isAnimationActive={false} />
          </BarChart>
        </ResponsiveContainer>
      </div>
      {histogram.calls_without_duration > 0 ? (
        <p className="text-xs text-muted-foreground">
          {plural(histogram.calls_without_duration, "call")} without a duration (not answered, or still going) {histogram.calls_without_duration === 1 ? "is" : "are"} not
          shown.
        </p>
      ) : null}
    </div>
  );
}
