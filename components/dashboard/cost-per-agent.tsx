"use client";

import { Bar, BarChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";
import type { AnalyticsAgent } from "@/lib/voice-api/analytics";
import { axisTick, gridStroke, tooltipCursor, tooltipStyle } from "./chart-theme";
import { formatMoney, moneyDecimals } from "@/lib/utils/money";
import { costTicks, formatCount, formatDuration, plural } from "./format";

const agentLabel = (agent: AnalyticsAgent) => agent.agent_name ?? `Deleted agent ${agent.agent_id.slice(0, 8)}`;

/**
 * Cost per agent as bars, with the figures in a table beneath (what screen readers get: the chart
 * is hidden from them and holds nothing focusable); on phones the figures are a list of cards.
 */
export function CostPerAgent({ agents }: { agents: AnalyticsAgent[] }) {
  const data = agents.map((agent) => ({ name: agentLabel(agent), cost: agent.total_cost }));
  const cost = costTicks(Math.max(0, ...agents.map((agent) => agent.total_cost)), 3);
  const decimals = moneyDecimals(agents.flatMap((agent) => [agent.total_cost, agent.average_cost]));
  const money = (value: number | null) => formatMoney(value, decimals);
  return (
    <div className="grid gap-4">
      <div className="w-full" style={{ height: Math.max(120, agents.length * 40 + 40) }} aria-hidden>
        <ResponsiveContainer width="100%" height="100%">
          <BarChart data={data} layout="vertical" margin={{ top: 0, right: 16, bottom: 0, left: 0 }} accessibilityLayer={false}>
            <CartesianGrid stroke={gridStroke} strokeDasharray="3 3" horizontal={false} />
            <XAxis type="number" tick={axisTick} ticks={cost.ticks} domain={[0, cost.ticks.at(-1)!]} tickFormatter={cost.format} stroke={gridStroke} />
            <YAxis type="category" dataKey="name" tick={axisTick} width={110} stroke={gridStroke} />
            <Tooltip contentStyle={tooltipStyle} cursor={tooltipCursor} formatter={(value) => [formatMoney(Number(value)), "Cost"]} />
            <Bar dataKey="cost" fill="var(--chart-4)" radius={[0, 3, 3, 0]} isAnimationActive={false} />
          </BarChart>
        </ResponsiveContainer>
      </div>
      <ul className="grid gap-2 sm:hidden" data-testid="agent-cards">
        {agents.map((agent) => (
          <li key={agent.agent_id} className="rounded-md border p-3 text-sm">
            <p className="font-medium">{agentLabel(agent)}</p>
            <dl className="mt-1 grid grid-cols-2 gap-x-3 gap-y-0.5 text-xs">
              <dt className="text-muted-foreground">Calls</dt>
              <dd className="text-right tabular-nums">{formatCount(agent.calls)}</dd>
              <dt className="text-muted-foreground">Total cost</dt>
              <dd className="text-right tabular-nums">{money(agent.total_cost)}</dd>
              <dt className="text-muted-foreground">Average cost</dt>
              <dd className="text-right tabular-nums">{money(agent.average_cost)}</dd>
              <dt className="text-muted-foreground">Average duration</dt>
              <dd className="text-right tabular-nums">{formatDuration(agent.average_duration_seconds)}</dd>
            </dl>
          </li>
        ))}
      </ul>
      <div className="hidden overflow-x-auto sm:block">
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
                <td className="py-2 pr-4 text-right tabular-nums" title={plural(agent.calls, "call")}>{formatCount(agent.calls)}</td>
                <td className="py-2 pr-4 text-right tabular-nums">{money(agent.total_cost)}</td>
                <td className="py-2 pr-4 text-right tabular-nums">{money(agent.average_cost)}</td>
                <td className="py-2 text-right tabular-nums">{formatDuration(agent.average_duration_seconds)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}
