"use client";

import { usePathname, useRouter, useSearchParams } from "next/navigation";
import { useEffect, useId, useState, useTransition } from "react";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/components/ui/select";
import { cn } from "@/lib/utils/cn";
import { PRESETS, presetRange, rangeProblem, TIME_ZONE_COOKIE, type DashboardQuery } from "./dashboard-query";

const ALL_AGENTS = "all";

/** Changes the page's URL parameters (the rest kept) in a transition; `pending` while the new render loads. */
export function useQueryUpdate() {
  const router = useRouter();
  const pathname = usePathname();
  const searchParams = useSearchParams();
  const [pending, startTransition] = useTransition();
  const update = (changes: Record<string, string | undefined>) => {
    const next = new URLSearchParams(searchParams.toString());
    for (const [key, value] of Object.entries(changes)) {
      if (value) next.set(key, value);
      else next.delete(key);
    }
    startTransition(() => router.push(`${pathname}?${next.toString()}`, { scroll: false }));
  };
  return { update, pending };
}

/** Remembers the browser's time zone in a cookie, and renders again in it when the page was rendered for another. */
export function useBrowserTimeZone(query: DashboardQuery, timeZoneFromUrl: boolean) {
  const router = useRouter();
  useEffect(() => {
    const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
    if (!zone || document.cookie.split("; ").includes(`${TIME_ZONE_COOKIE}=${encodeURIComponent(zone)}`)) return;
    document.cookie = `${TIME_ZONE_COOKIE}=${encodeURIComponent(zone)}; path=/; max-age=31536000; samesite=lax`;
    // Days are counted in the zone the page was rendered for; render again in the browser's own.
    if (!timeZoneFromUrl && zone !== query.timezone) router.refresh();
  }, [query.timezone, router, timeZoneFromUrl]);
}

/** Range presets and a from/to date pair; a range that does not hold is said so, never applied or quietly changed. */
export function RangeControls({ query, update }: { query: DashboardQuery; update: (changes: Record<string, string | undefined>) => void }) {
  const ids = { from: useId(), to: useId() };
  const [dates, setDates] = useState({ from: query.from?.slice(0, 10) ?? "", to: query.to.slice(0, 10), key: `${query.from}|${query.to}` });
  const current = dates.key === `${query.from}|${query.to}` ? dates : { from: query.from?.slice(0, 10) ?? "", to: query.to.slice(0, 10), key: `${query.from}|${query.to}` };
  const problem = rangeProblem(current.from, current.to);
  const changeDate = (field: "from" | "to", value: string) => {
    const next = { ...current, [field]: value };
    setDates(next);
    if (value && !rangeProblem(next.from, next.to)) update({ from: next.from, to: next.to });
  };
  const activePreset = PRESETS.find((preset) => {
    const range = presetRange(preset.days, query.timezone);
    return range.from === query.from && range.to === query.to;
  });
  return (
    <>
      <div className="grid gap-1.5">
        <span className="text-sm font-medium" id={`${ids.from}-presets`}>
          Range
        </span>
        <div className="flex flex-wrap gap-1" role="group" aria-labelledby={`${ids.from}-presets`}>
          {PRESETS.map((preset) => (
            <Button
              key={preset.days}
              size="sm"
              variant={activePreset === preset ? "default" : "outline"}
              aria-pressed={activePreset === preset}
              onClick={() => update(presetRange(preset.days, query.timezone))}
            >
              {preset.label}
            </Button>
          ))}
        </div>
      </div>
      <div className="flex flex-wrap gap-3">
        <div className="grid gap-1.5">
          <Label htmlFor={ids.from}>From</Label>
          <Input
            id={ids.from}
            type="date"
            className="w-40"
            value={current.from}
            aria-invalid={problem ? true : undefined}
            aria-describedby={problem ? `${ids.from}-problem` : undefined}
            onChange={(event) => changeDate("from", event.target.value)}
          />
        </div>
        <div className="grid gap-1.5">
          <Label htmlFor={ids.to}>To</Label>
          <Input
            id={ids.to}
            type="date"
            className="w-40"
            value={current.to}
            aria-invalid={problem ? true : undefined}
            aria-describedby={problem ? `${ids.from}-problem` : undefined}
            onChange={(event) => changeDate("to", event.target.value)}
          />
        </div>
        {problem ? (
          <p id={`${ids.from}-problem`} role="alert" className="basis-full text-sm font-medium text-destructive">
            {problem} The page still shows {query.from ?? "the 30 days before"} to {query.to.slice(0, 10)}.
          </p>
        ) : null}
      </div>
    </>
  );
}

/**
 * Range presets, a from/to date pair and an agent filter, all kept in the URL so a view can be shared
 * and reloaded. The browser's time zone is remembered in a cookie for the server's renders.
 */
export function DashboardFilters({
  query,
  agents,
  timeZoneFromUrl,
}: {
  query: DashboardQuery;
  agents: { id: string; name: string }[];
  timeZoneFromUrl: boolean;
}) {
  const { update, pending } = useQueryUpdate();
  const agentId = useId();
  useBrowserTimeZone(query, timeZoneFromUrl);

  return (
    <div className="mb-6 flex flex-col gap-4 rounded-lg border bg-card p-4 md:flex-row md:flex-wrap md:items-end" aria-busy={pending}>
      <RangeControls query={query} update={update} />
      <div className="grid gap-1.5 md:w-64">
        <Label htmlFor={agentId}>Agent</Label>
        <Select value={query.agent_id ?? ALL_AGENTS} onValueChange={(value) => update({ agent_id: value === ALL_AGENTS ? undefined : value })}>
          <SelectTrigger id={agentId}>
            <SelectValue />
          </SelectTrigger>
          <SelectContent>
            <SelectItem value={ALL_AGENTS}>All agents</SelectItem>
            {agents.map((agent) => (
              <SelectItem key={agent.id} value={agent.id}>
                {agent.name}
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
      </div>
      <p className={cn("text-xs text-muted-foreground md:ml-auto md:self-end", pending && "animate-pulse")} aria-live="polite">
        {pending ? "Updating…" : `Days in ${query.timezone}`}
      </p>
    </div>
  );
}
