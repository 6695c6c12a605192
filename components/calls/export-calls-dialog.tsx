"use client";

import { plural } from "@/components/dashboard/format";
import { Download } from "lucide-react";
import { useRef, useState } from "react";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle, DialogTrigger } from "@/components/ui/dialog";
import { browserApi } from "@/lib/voice-api/browser-client";
import type { CallFilters } from "@/lib/voice-api/calls";
import { exportCallsCsv, exportFileName, type ExportProgress } from "./export-calls";
import { apiErrorText } from "./api-error-text";

type Phase = { kind: "idle" } | { kind: "running"; progress: ExportProgress } | { kind: "done"; rows: number } | { kind: "error"; message: string } | { kind: "cancelled"; rows: number };

function download(blob: Blob, name: string) {
  const url = URL.createObjectURL(blob);
  const link = document.createElement("a");
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

/**
 * CSV of every call matching the current filters (not only the page shown): the browser walks the
 * API's cursor pages through the console's proxy, shows rows so far against the total, and can stop.
 */
export function ExportCallsDialog({ filters, agentNames }: { filters: CallFilters; agentNames: ReadonlyMap<string, string> }) {
  const [open, setOpen] = useState(false);
  const [includeTranscript, setIncludeTranscript] = useState(false);
  const [phase, setPhase] = useState<Phase>({ kind: "idle" });
  const controller = useRef<AbortController | null>(null);
  const rowsSoFar = useRef(0);

  const start = async () => {
    const abort = new AbortController();
    controller.current = abort;
    rowsSoFar.current = 0;
    setPhase({ kind: "running", progress: { rows: 0, total: null } });
    try {
      const { blob, rows } = await exportCallsCsv({
        api: browserApi(),
        filters,
        includeTranscript,
        agentNames,
        signal: abort.signal,
        onProgress: (progress) => {
          rowsSoFar.current = progress.rows;
          setPhase({ kind: "running", progress });
        },
      });
      download(blob, exportFileName());
      setPhase({ kind: "done", rows });
    } catch (error) {
      if (abort.signal.aborted) setPhase({ kind: "cancelled", rows: rowsSoFar.current });
      else setPhase({ kind: "error", message: apiErrorText(error) });
    } finally {
      controller.current = null;
    }
  };

  const cancel = () => controller.current?.abort();
  const running = phase.kind === "running";

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (!next) cancel();
        if (next) setPhase({ kind: "idle" });
        setOpen(next);
      }}
    >
      <DialogTrigger asChild>
        <Button variant="outline" size="sm">
          <Download aria-hidden /> Export CSV
        </Button>
      </DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Export calls as CSV</DialogTitle>
          <DialogDescription>Every call that matches the current filters, newest first, one row per call. Metadata is written as JSON.</DialogDescription>
        </DialogHeader>
        <label className="flex items-center gap-2 text-sm">
          <input type="checkbox" className="size-4 accent-primary" checked={includeTranscript} disabled={running} onChange={(e) => setIncludeTranscript(e.target.checked)} />
          Include transcripts (larger file, slower)
        </label>
        {phase.kind === "running" ? <ExportProgressBar progress={phase.progress} /> : null}
        <div aria-live="polite" className="text-sm">
          {phase.kind === "done" ? <p className="text-success">Exported {plural(phase.rows, "call")}. The download has started.</p> : null}
          {phase.kind === "cancelled" ? <p className="text-muted-foreground">Export cancelled after {plural(phase.rows, "call")}; nothing was saved.</p> : null}
          {phase.kind === "error" ? (
            <p role="alert" className="text-destructive">
              Export failed: {phase.message}
            </p>
          ) : null}
        </div>
        <DialogFooter>
          {running ? (
            <Button variant="outline" onClick={cancel}>
              Cancel export
            </Button>
          ) : (
            <Button onClick={start}>
              <Download aria-hidden /> {phase.kind === "idle" ? "Start export" : "Export again"}
            </Button>
          )}
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}

function ExportProgressBar({ progress }: { progress: ExportProgress }) {
  const { rows, total } = progress;
  return (
    <div className="grid gap-1.5">
      <progress className="h-2 w-full overflow-hidden rounded-full accent-primary" aria-label="Export progress" max={total ?? undefined} value={total === null ? undefined : rows} />
      <p className="text-xs text-muted-foreground tabular-nums">
        {total === null ? `Counting calls…` : `${rows.toLocaleString("en-US")} of ${plural(total, "call")}`}
      </p>
    </div>
  );
}
