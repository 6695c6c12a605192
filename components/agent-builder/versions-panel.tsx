"use client";

import { History, RotateCcw } from "lucide-react";
import { useState } from "react";
import useSWR from "swr";
import { CONSOLE_API, describeError, envelopeFetcher } from "@/components/knowledge-bases/console-api";
import { DateTime } from "@/components/knowledge-bases/date-time";
import { ConfirmDialog } from "@/components/ui/alert-dialog";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { EmptyState } from "@/components/ui/empty-state";
import { Skeleton } from "@/components/ui/skeleton";
import { diffDocuments } from "@/lib/agent-builder/version-diff";
import type { Agent, AgentVersionSummary } from "@/lib/voice-api/agents";
import { NativeSelect } from "./fields";

const show = (value: unknown) => (value === undefined ? "" : JSON.stringify(value));

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
  const versions = useSWR(`${CONSOLE_API}/agents/${agentId}/versions#${currentVersion}`, (key: string) => envelopeFetcher<AgentVersionSummary[]>(key.split("#")[0]));
  const [viewed, setViewed] = useState<number | null>(null);
  const [compareWith, setCompareWith] = useState<number | null>(null);
  const shown = viewed ?? currentVersion;
  const version = useSWR(`${CONSOLE_API}/agents/${agentId}?version=${shown}`, envelopeFetcher<Agent>);
  const other = useSWR(compareWith ? `${CONSOLE_API}/agents/${agentId}?version=${compareWith}` : null, envelopeFetcher<Agent>);

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
                {item.is_published ? <Badge variant="success">published</Badge> : null}
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
              onConfirm={() => onRestore(version.data!.data)}
            />
          ) : null}
        </div>
        {changes ? (
          <div className="overflow-x-auto rounded-md border">
            <table className="w-full text-xs">
              <caption className="p-2 text-left text-sm font-medium">
                {changes.length === 0 ? `No differences between version ${compareWith} and version ${shown}` : `${changes.length} changes from version ${compareWith} to version ${shown}`}
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
                    <td className="p-2 font-mono">{change.path}</td>
                    <td className="p-2 font-mono break-all text-destructive">{change.kind === "added" ? <em className="text-muted-foreground">absent</em> : show(change.before)}</td>
                    <td className="p-2 font-mono break-all text-success">{change.kind === "removed" ? <em className="text-muted-foreground">absent</em> : show(change.after)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        ) : null}
        {version.error ? <p role="alert" className="text-sm text-destructive">{describeError(version.error)}</p> : null}
        {version.data ? (
          <pre className="max-h-[60vh] overflow-auto rounded-md border bg-muted/30 p-3 font-mono text-xs" data-testid="version-json">
            {JSON.stringify(version.data.data, null, 2)}
          </pre>
        ) : (
          <Skeleton className="h-64 w-full" />
        )}
      </section>
    </div>
  );
}
