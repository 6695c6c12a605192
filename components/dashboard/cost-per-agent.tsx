"use client";

import { Bar, BarChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";
import type { AnalyticsAgent } from "@/lib/voice-api/analytics";
import { axisTick, gridStroke, tooltipCursor, tooltipStyle } from "./chart-theme";
import { formatAverageCost, formatCost, formatCount, formatDuration } from "./format";

const agentLabel = (agent: AnalyticsAgent) => agent.agent_name ?? `Deleted agent ${agent.agent_id.slice(0, 8)}`;

/** Cost per agent as bars, with the figures in a table beneath (also what screen readers get). */
export function CostPerAgent({ agents }: { agents: AnalyticsAgent[] }) {
  const data = agents.map((agent) => ({ name: agentLabel(agent), cost: agent.total_cost }));
  return (
    <div className="grid gap-4">
      <div className="w-full" style={{ height: Math.max(120, agents.length * 40 + 40) }} aria-hidden>
        <ResponsiveContainer width="100%" height="100%">
          <BarChart data={data} layout="vertical" margin={{ top: 0, right: 16, bottom: 0, left: 0 }}>
            <CartesianGrid stroke={gridStroke} strokeDasharray="3 3" horizontal={false} />
            <XAxis type="number" tick={axisTick} tickFormatter={(value: number) => formatCost(value)} stroke={gridStroke} />
            <YAxis type="category" dataKey="name" tick={axisTick} width={150} stroke={gridStroke} />
            <Tooltip contentStyle={tooltipStyle} cursor={tooltipCursor} formatter={(value) => [formatCost(Number(value)), "Cost"]} />
            <Bar dataKey="cost" fill="var(--chart-4)" radius={[0, 3, 3, 0]} isAnimationActive={false} />
          </BarChart>
        </ResponsiveContainer>
      </div>
      <div className="overflow-x-auto">
        <table className="w-full text-sm">
          <caption className="sr-only">Calls, cost and duration per agent</caption>
          <thead>
            <tr className="border-b text-left text-muted-foreground">
              <th scope="col" className="py-2 pr-4 font-medium">Agent</th>
              <th scope="col" className="py-2 pr-4 text-right font-medium">Calls</th>
              <th scope="col" className="py-2 pr-4 text-right font-medium">Total cost</th>
              <th scope="col" className="py-2 pr-4 text-right font-medium">Avg cost</th>
              <th scope="col" className="py-2 text-right font-medium">Avg duration</th>
            </tr>
          </thead>
          <tbody>
            {agents.map((agent) => (
              <tr key={agent.agent_id} className="border-b last:border-0">
                <th scope="row" className="py-2 pr-4 text-left font-medium">{agentLabel(agent)}</th>
                <td className="py-2 pr-4 text-right tabular-nums">{formatCount(agent.calls)}</td>
                <td className="py-2 pr-4 text-right tabular-nums">{formatCost(agent.total_cost)}</td>
                <td className="py-2 pr-4 text-right tabular-nums">{formatAverageCost(agent.average_cost)}</td>
                <td className="py-2 text-right tabular-nums">{formatDuration(agent.average_duration_seconds)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}
