"use client";

import { useId } from "react";
import { Button } from "@/components/ui/button";
import { Label } from "@/components/ui/label";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/components/ui/select";
import { RangeControls, useBrowserTimeZone, useQueryUpdate } from "@/components/dashboard/dashboard-filters";
import type { DashboardQuery } from "@/components/dashboard/dashboard-query";
import { cn } from "@/lib/utils/cn";
import type { AgentVersionSummary } from "@/lib/voice-api/agents";
import { MAX_COMPARED_VERSIONS } from "@/lib/voice-api/analytics";
import type { QualityAgent } from "./quality-query";

/** The range, the agent, and which of its versions to put side by side (at least two), all in the URL. */
export function QualityFilters({
  query,
  agents,
  agentId,
  versions,
  selected,
  timeZoneFromUrl,
}: {
  query: DashboardQuery;
  agents: QualityAgent[];
  agentId: string;
  versions: AgentVersionSummary[];
  selected: number[];
  timeZoneFromUrl: boolean;
}) {
  const { update, pending } = useQueryUpdate();
  const ids = { agent: useId(), versions: useId() };
  useBrowserTimeZone(query, timeZoneFromUrl);
  const toggle = (version: number) => {
    const next = selected.includes(version) ? selected.filter((v) => v !== version) : [...selected, version].sort((a, b) => a - b);
    update({ versions: next.join(",") });
  };
  return (
    <div className="mb-6 flex flex-col gap-4 rounded-lg border bg-card p-4 md:flex-row md:flex-wrap md:items-end" aria-busy={pending}>
      <RangeControls query={query} update={update} />
      <div className="grid gap-1.5 md:w-64">
        <Label htmlFor={ids.agent}>Agent</Label>
        <Select value={agentId} onValueChange={(value) => update({ agent_id: value, versions: undefined })}>
          <SelectTrigger id={ids.agent}>
            <SelectValue />
          </SelectTrigger>
          <SelectContent>
            {agents.map((agent) => (
              <SelectItem key={agent.id} value={agent.id}>
                {agent.name}
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
      </div>
      {versions.length >= 2 ? (
        <div className="grid gap-1.5">
          <span className="text-sm font-medium" id={ids.versions}>
            Versions
          </span>
          <div className="flex max-w-xl flex-wrap gap-1" role="group" aria-labelledby={ids.versions}>
            {[...versions].reverse().map((version) => {
              const on = selected.includes(version.version);
              // At least two stay chosen; at most ten can be (said, rather than greyed out).
              const locked = (on && selected.length <= 2) || (!on && selected.length >= MAX_COMPARED_VERSIONS);
              const why = on ? "At least two versions are compared" : `At most ${MAX_COMPARED_VERSIONS} versions are compared`;
              return (
                <Button
                  key={version.version}
                  size="sm"
                  variant={on ? "default" : "outline"}
                  aria-pressed={on}
                  aria-disabled={locked || undefined}
                  title={locked ? why : version.is_published ? "The published version" : undefined}
                  onClick={() => (locked ? undefined : toggle(version.version))}
                >
                  v{version.version}
                  {version.is_published ? <span className="sr-only"> (published)</span> : null}
                </Button>
              );
            })}
          </div>
        </div>
      ) : null}
      <p className={cn("text-xs text-muted-foreground md:ml-auto md:self-end", pending && "animate-pulse")} aria-live="polite">
        {pending ? "Updating…" : `Days in ${query.timezone}`}
      </p>
    </div>
  );
}
