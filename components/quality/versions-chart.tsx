"use client";

import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";
import { axisTick, gridStroke, tooltipCursor, tooltipStyle } from "@/components/dashboard/chart-theme";
import { formatLatency } from "@/components/dashboard/format";
import type { AnalyticsVersions } from "@/lib/voice-api/analytics";

const COLORS = ["var(--chart-1)", "var(--chart-2)", "var(--chart-3)", "var(--chart-4)", "var(--chart-5)"];
const percent = (value: number | null) => (value === null ? null : Math.round(value * 1000) / 10);

/** The versions side by side as bars: success and sentiment shares (%), and turn latency p50/p90 (ms). */
export function VersionsChart({ data }: { data: AnalyticsVersions }) {
  const key = (version: number) => `v${version}`;
  const shares = [
    { figure: "Success rate", ...Object.fromEntries(data.versions.map((v) => [key(v.agent_version), percent(v.success_rate)])) },
    { figure: "Positive", ...Object.fromEntries(data.versions.map((v) => [key(v.agent_version), percent(v.sentiment.positive)])) },
    { figure: "Negative", ...Object.fromEntries(data.versions.map((v) => [key(v.agent_version), percent(v.sentiment.negative)])) },
  ];
  const latency = [
    { figure: "Latency p50", ...Object.fromEntries(data.versions.map((v) => [key(v.agent_version), v.turn_latency_p50_ms])) },
    { figure: "Latency p90", ...Object.fromEntries(data.versions.map((v) => [key(v.agent_version), v.turn_latency_p90_ms])) },
  ];
  const described = data.versions
    .map((v) => `version ${v.agent_version}: success ${percent(v.success_rate) ?? "–"}%, latency p50 ${formatLatency(v.turn_latency_p50_ms)}`)
    .join("; ");
  const bars = data.versions.map((version, index) => (
    <Bar key={version.agent_version} dataKey={key(version.agent_version)} name={`Version ${version.agent_version}`} fill={COLORS[index % COLORS.length]} radius={[3, 3, 0, 0]} isAnimationActive={false} />
  ));
  return (
    <div className="grid grid-cols-1 gap-6 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]" role="img" aria-label={`Versions side by side: ${described}`}>
      <div className="h-64 w-full">
        <ResponsiveContainer width="100%" height="100%">
          <BarChart data={shares} margin={{ top: 8, right: 8, bottom: 0, left: 0 }} accessibilityLayer={false}>
            <CartesianGrid stroke={gridStroke} strokeDasharray="3 3" vertical={false} />
            <XAxis dataKey="figure" tick={axisTick} stroke={gridStroke} />
            <YAxis tick={axisTick} domain={[0, 100]} ticks={[0, 25, 50, 75, 100]} tickFormatter={(value: number) => `${value}%`} width={48} stroke={gridStroke} />
            <Tooltip contentStyle={tooltipStyle} cursor={tooltipCursor} formatter={(value) => (value === null || value === undefined ? "–" : `${value}%`)} />
            <Legend wrapperStyle={{ fontSize: 12 }} />
            {bars}
          </BarChart>
        </ResponsiveContainer>
      </div>
      <div className="h-64 w-full">
        <ResponsiveContainer width="100%" height="100%">
          <BarChart data={latency} margin={{ top: 8, right: 8, bottom: 0, left: 0 }} accessibilityLayer={false}>
            <CartesianGrid stroke={gridStroke} strokeDasharray="3 3" vertical={false} />
            <XAxis dataKey="figure" tick={axisTick} stroke={gridStroke} />
            <YAxis tick={axisTick} tickFormatter={(value: number) => formatLatency(value)} width={64} stroke={gridStroke} />
            <Tooltip contentStyle={tooltipStyle} cursor={tooltipCursor} formatter={(value) => (value === null || value === undefined ? "–" : formatLatency(Number(value)))} />
            <Legend wrapperStyle={{ fontSize: 12 }} />
            {bars}
          </BarChart>
        </ResponsiveContainer>
      </div>
    </div>
  );
}
