"use client";

import { History, RotateCcw } from "lucide-react";
import { useState } from "react";
import { describeError } from "@/lib/voice-api/browser-client";
import { DateTime } from "@/components/knowledge-bases/date-time";
import { ConfirmDialog } from "@/components/ui/alert-dialog";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { EmptyState } from "@/components/ui/empty-state";
import { Skeleton } from "@/components/ui/skeleton";
import { diffDocuments, wordDiff, type Change } from "@/lib/agent-builder/version-diff";
import { useAgentVersion, useAgentVersions } from "@/lib/swr/use-agent-versions";
import { useTestRuns } from "@/lib/swr/use-agent-tests";
import { isRunLive } from "@/lib/voice-api/agent-tests";
import type { Agent } from "@/lib/voice-api/agents";
import { NativeSelect } from "./fields";

const show = (value: unknown) => (value === undefined ? "" : JSON.stringify(value));

/** One side of a change: text values word by word (the other side's words dimmed out), other values as JSON. */
function ChangeSide({ change, side }: { change: Change; side: "before" | "after" }) {
  if ((side === "before" && change.kind === "added") || (side === "after" && change.kind === "removed")) {
    return <em className="text-muted-foreground">absent</em>;
  }
  if (change.kind === "changed" && typeof change.before === "string" && typeof change.after === "string") {
    const hidden = side === "before" ? "added" : "removed";
    return (
      <>
        {wordDiff(change.before, change.after)
          .filter((part) => part.kind !== hidden)
          .map((part, i) =>
            part.kind === "same" ? (
              <span key={i}>{part.text}</span>
            ) : side === "before" ? (
              <del key={i} className="rounded-sm bg-destructive/15 text-destructive">
                {part.text}
              </del>
            ) : (
              <ins key={i} className="rounded-sm bg-success/15 text-success no-underline">
                {part.text}
              </ins>
            ),
          )}
      </>
    );
  }
  return <>{show(side === "before" ? change.before : change.after)}</>;
}

/** Every version, one shown read-only, a leaf-by-leaf comparison with another, and restoring one as a new version. */
export function VersionsPanel({
  agentId,
  currentVersion,
  readOnly,
  onRestore,
}: {
  agentId: string;
  currentVersion: number;
  readOnly: boolean;
  onRestore: (version: Agent) => Promise<void>;
}) {
  const versions = useAgentVersions(agentId, currentVersion);
  const [viewed, setViewed] = useState<number | null>(null);
  const [chosenCompare, setCompareWith] = useState<number | null>(null);
  const shown = viewed ?? currentVersion;
  // A version is never compared with itself (after viewing the one it was compared with, or a restore).
  const compareWith = chosenCompare === shown ? null : chosenCompare;
  const version = useAgentVersion(agentId, shown);
  const other = useAgentVersion(agentId, compareWith);
  const runs = useTestRuns(agentId);
  // Each version's last finished test run (runs come newest first).
  const lastRun = new Map<number, { rate: number; status: string }>();
  for (const run of runs.data?.data ?? []) {
    if (!isRunLive(run.status) && run.status !== "cancelled" && !lastRun.has(run.agent_version)) lastRun.set(run.agent_version, { rate: run.pass_rate, status: run.status });
  }

  if (versions.error) return <p role="alert" className="text-sm text-destructive">The versions could not be loaded: {describeError(versions.error)}</p>;
  const list = versions.data?.data;
  if (!list) return <Skeleton className="h-64 w-full" />;
  if (list.length === 0) return <EmptyState icon={History} title="No versions" />;

  const changes = other.data && version.data ? diffDocuments(other.data.data, version.data.data) : null;

  return (
    <div className="grid gap-4 lg:grid-cols-[16rem_minmax(0,1fr)]">
      <nav aria-label="Versions">
        <ul className="grid gap-1">
          {list.map((item) => (
            <li key={item.version}>
              <button
                type="button"
                onClick={() => setViewed(item.version)}
                aria-current={item.version === shown ? "true" : undefined}
                className="flex w-full items-center justify-between gap-2 rounded-md border px-3 py-2 text-left text-sm hover:bg-accent focus-visible:outline-2 focus-visible:outline-ring aria-[current]:border-primary aria-[current]:bg-accent"
              >
                <span className="grid">
                  <span className="font-medium">Version {item.version}</span>
                  <span className="text-xs text-muted-foreground">
                    <DateTime value={item.created_at} />
                  </span>
                </span>
                <span className="flex flex-col items-end gap-1">
                  {/* On the page's background, not the tinted row's: the green text keeps its contrast on the current row too. */}
                  {item.is_published ? (
                    <Badge variant="success" className="border-success/40 bg-background">
                      published
                    </Badge>
                  ) : null}
                  {lastRun.has(item.version) ? (
                    <Badge variant={lastRun.get(item.version)!.status === "passed" ? "success" : "destructive"} title="Pass rate of this version's last test run">
                      tests {Math.round(lastRun.get(item.version)!.rate * 100)}%
                    </Badge>
                  ) : null}
                </span>
              </button>
            </li>
          ))}
        </ul>
      </nav>
      <section className="grid min-w-0 content-start gap-3" aria-label={`Version ${shown}`}>
        <div className="flex flex-wrap items-center gap-2">
          <h2 className="text-base font-semibold">Version {shown}</h2>
          <span className="text-xs text-muted-foreground">read-only</span>
          <label className="ml-auto flex items-center gap-2 text-sm">
            Compare with
            <NativeSelect className="w-36" value={compareWith ?? ""} onChange={(event) => setCompareWith(event.target.value ? Number(event.target.value) : null)}>
              <option value="">—</option>
              {list
                .filter((item) => item.version !== shown)
                .map((item) => (
                  <option key={item.version} value={item.version}>
                    Version {item.version}
                  </option>
                ))}
            </NativeSelect>
          </label>
          {!readOnly && shown !== currentVersion && version.data ? (
            <ConfirmDialog
              trigger={
                <Button variant="outline" size="sm">
                  <RotateCcw aria-hidden /> Restore as new version
                </Button>
              }
              title={`Restore version ${shown}?`}
              description={`Its configuration is saved as version ${Math.max(...list.map((item) => item.version)) + 1} and published. Unsaved changes in the editor are replaced.`}
              confirmLabel="Restore"
              destructive={false}
              onConfirm={async () => {
                const previous = currentVersion;
                await onRestore(version.data!.data);
                // Show the new version against the one it replaced: what the restore changed.
                setViewed(null);
                setCompareWith(previous);
              }}
            />
          ) : null}
        </div>
        {changes ? (
          <div className="overflow-x-auto rounded-md border">
            <table className="w-full text-xs">
              <caption className="p-2 text-left text-sm font-medium">
                {changes.length === 0 ? `No differences between version ${compareWith} and version ${shown}` : `${changes.length} ${changes.length === 1 ? "change" : "changes"} from version ${compareWith} to version ${shown}`}
              </caption>
              <thead className="bg-muted/50 text-muted-foreground">
                <tr>
                  <th className="p-2 text-left font-medium">Field</th>
                  <th className="p-2 text-left font-medium">Version {compareWith}</th>
                  <th className="p-2 text-left font-medium">Version {shown}</th>
                </tr>
              </thead>
              <tbody>
                {changes.map((change) => (
                  <tr key={change.path} className="border-t align-top">
                    <td className="p-2 font-mono break-words">{change.path}</td>
                    <td className="p-2 font-mono break-words whitespace-pre-wrap">
                      <ChangeSide change={change} side="before" />
                    </td>
                    <td className="p-2 font-mono break-words whitespace-pre-wrap">
                      <ChangeSide change={change} side="after" />
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        ) : null}
        {version.error ? <p role="alert" className="text-sm text-destructive">{describeError(version.error)}</p> : null}
        {version.data ? (
          // Focusable, so a keyboard can scroll it (it scrolls past 60% of the screen).
          <pre
            className="max-h-[60vh] overflow-auto rounded-md border bg-muted/30 p-3 font-mono text-xs"
            data-testid="version-json"
            tabIndex={0}
            role="region"
            aria-label={`Version ${shown} as JSON`}
          >
            {JSON.stringify(version.data.data, null, 2)}
          </pre>
        ) : (
          <Skeleton className="h-64 w-full" />
        )}
      </section>
    </div>
  );
}
