"use client";

import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";
import { axisTick, gridStroke, tooltipCursor, tooltipStyle } from "@/components/dashboard/chart-theme";

type CallPoint = { start_time: string; status: string; end_reason: string | null; answer_type: string | null };

const OUTCOMES = [
  { key: "answered", label: "Answered", color: "var(--chart-2)" },
  { key: "voicemail", label: "Voicemail", color: "var(--chart-4)" },
  { key: "no_answer", label: "No answer", color: "var(--chart-3)" },
  { key: "busy", label: "Busy", color: "var(--chart-5)" },
  { key: "failed", label: "Failed", color: "var(--destructive)" },
  { key: "live", label: "In progress", color: "var(--chart-1)" },
] as const;

function outcomeOf(call: CallPoint): (typeof OUTCOMES)[number]["key"] {
  if (call.status === "created" || call.status === "ringing" || call.status === "in_progress") return "live";
  if (call.answer_type === "voicemail") return "voicemail";
  if (call.status === "ended") return "answered";
  if (call.end_reason === "no_answer") return "no_answer";
  if (call.end_reason === "busy") return "busy";
  return "failed";
}

/** Calls placed per minute (or per hour for long campaigns), stacked by how they went. */
export function CallsOverTimeChart({ calls }: { calls: CallPoint[] }) {
  const times = calls.map((call) => Date.parse(call.start_time));
  const span = times.length ? Math.max(...times) - Math.min(...times) : 0;
  const bucketMs = span > 6 * 3600_000 ? 3600_000 : 60_000;
  const buckets = new Map<number, Record<string, number>>();
  for (const call of calls) {
    const at = Math.floor(Date.parse(call.start_time) / bucketMs) * bucketMs;
    const bucket = buckets.get(at) ?? Object.fromEntries(OUTCOMES.map((outcome) => [outcome.key, 0]));
    bucket[outcomeOf(call)] += 1;
    buckets.set(at, bucket);
  }
  const data = [...buckets.entries()].sort(([a], [b]) => a - b).map(([at, counts]) => ({ at, ...counts }));
  const label = (at: number) => new Date(at).toISOString().slice(bucketMs === 60_000 ? 11 : 5, 16).replace("T", " ");
  const summary = OUTCOMES.map((outcome) => `${data.reduce((sum, point) => sum + Number((point as Record<string, number>)[outcome.key]), 0)} ${outcome.label.toLowerCase()}`).join(", ");
  if (!calls.length) return <p className="text-sm text-muted-foreground">No calls yet.</p>;
  return (
    <div className="h-64 w-full" role="img" aria-label={`Calls per ${bucketMs === 60_000 ? "minute" : "hour"} (UTC) by outcome: ${summary}`}>
      <ResponsiveContainer width="100%" height="100%">
        <BarChart data={data} margin={{ top: 8, right: 8, bottom: 0, left: 0 }} accessibilityLayer={false}>
          <CartesianGrid stroke={gridStroke} strokeDasharray="3 3" vertical={false} />
          <XAxis dataKey="at" tick={axisTick} tickFormatter={label} minTickGap={24} stroke={gridStroke} />
          <YAxis tick={axisTick} width={40} stroke={gridStroke} allowDecimals={false} />
          <Tooltip contentStyle={tooltipStyle} cursor={tooltipCursor} labelFormatter={(at) => `${label(Number(at))} UTC`} />
          <Legend wrapperStyle={{ fontSize: 12 }} />
          {OUTCOMES.map((outcome) => (
            <Bar key={outcome.key} dataKey={outcome.key} name={outcome.label} stackId="calls" fill={outcome.color} isAnimationActive={false} />
          ))}
        </BarChart>
      </ResponsiveContainer>
    </div>
  );
}
