"use client";

import { RefreshCw, X } from "lucide-react";
import Link from "next/link";
import { useEffect, useId, useState, type FormEvent } from "react";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { Label } from "@/components/ui/label";
import { toast } from "@/components/ui/toast";
import { presetRange, PRESETS } from "@/components/dashboard/dashboard-query";
import { analysisJobPath, reanalyzePath, type AnalysisJob, type ReanalysisPart, type ReanalyzeResult } from "@/lib/voice-api/analysis-jobs";
import { consoleRequest, describeError } from "@/lib/voice-api/browser-client";
import { CheckboxField, NativeSelect } from "./fields";

/** What was edited: the rubric asks to judge calls again, questions to answer them again. */
export type ReanalyzeReason = { parts: ReanalysisPart[]; what: string };

const PART_LABELS: Record<ReanalysisPart, string> = { analysis: "Analysis (summary, sentiment, success)", post_call_answers: "Post-call answers" };
const POLL_MS = 1000;

function JobProgress({ job, agentId }: { job: AnalysisJob; agentId: string }) {
  const done = job.status === "completed";
  const share = Math.round(job.progress * 100);
  return (
    <div className="grid gap-1.5" data-testid="reanalyze-progress" data-status={job.status}>
      <div className="flex items-baseline justify-between gap-2 text-sm">
        <span aria-live="polite">
          {done
            ? `Re-run finished: ${job.succeeded.toLocaleString("en-US")} of ${job.calls.toLocaleString("en-US")} calls redone${job.failed ? `, ${job.failed} failed` : ""}.`
            : `Re-running ${job.calls.toLocaleString("en-US")} calls: ${job.processed.toLocaleString("en-US")} done${job.failed ? ` (${job.failed} failed)` : ""}…`}
        </span>
        {done ? (
          <Link href={`/quality?agent_id=${agentId}`} className="text-xs underline underline-offset-2">
            See quality
          </Link>
        ) : null}
      </div>
      <div className="h-2 overflow-hidden rounded-full bg-muted" role="progressbar" aria-label="Re-run progress" aria-valuemin={0} aria-valuemax={100} aria-valuenow={share}>
        <div className="h-full bg-primary transition-[width]" style={{ width: `${share}%` }} />
      </div>
      {job.errors.length ? <p className="text-xs text-destructive">Last failure: {job.errors[0].message}</p> : null}
    </div>
  );
}

/**
 * Offered after the success rubric or the post-call questions change: re-run the analysis and/or
 * the answers of the agent's past calls (POST /v1/agents/{id}/reanalyze), then follow the job.
 */
export function ReanalyzeOffer({ agentId, reason, onDismiss }: { agentId: string; reason: ReanalyzeReason; onDismiss: () => void }) {
  const [open, setOpen] = useState(false);
  const [days, setDays] = useState<number>(30);
  const [parts, setParts] = useState<ReanalysisPart[]>(reason.parts);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [job, setJob] = useState<AnalysisJob | null>(null);
  const rangeId = useId();

  useEffect(() => {
    if (!job || job.status === "completed") return;
    const timer = setTimeout(async () => {
      try {
        setJob((await consoleRequest<AnalysisJob>("GET", `/v1${analysisJobPath(job.id)}`)).data);
      } catch {
        // A missed poll is tried again at the next tick.
        setJob({ ...job });
      }
    }, POLL_MS);
    return () => clearTimeout(timer);
  }, [job]);

  const start = async (event: FormEvent) => {
    event.preventDefault();
    if (!parts.length) {
      setError("Choose what to re-run");
      return;
    }
    setBusy(true);
    setError(null);
    try {
      const timezone = Intl.DateTimeFormat().resolvedOptions().timeZone || "UTC";
      const { data } = await consoleRequest<ReanalyzeResult>("POST", `/v1${reanalyzePath(agentId)}`, { ...presetRange(days, timezone), timezone, include: parts });
      setOpen(false);
      if (data.calls === 0) {
        toast("Nothing to re-run", `The agent has no finished calls in the last ${days} days.`);
        onDismiss();
        return;
      }
      setJob((await consoleRequest<AnalysisJob>("GET", `/v1${analysisJobPath(data.job_id)}`)).data);
    } catch (failure) {
      setError(describeError(failure));
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="mb-4 grid gap-3 rounded-md border bg-muted/40 px-3 py-2.5" role="status" data-testid="reanalyze-offer">
      {job ? (
        <div className="flex items-start gap-3">
          <div className="min-w-0 flex-1">
            <JobProgress job={job} agentId={agentId} />
          </div>
          {job.status === "completed" ? (
            <Button variant="ghost" size="icon" aria-label="Close" onClick={onDismiss}>
              <X aria-hidden />
            </Button>
          ) : null}
        </div>
      ) : (
        <div className="flex flex-wrap items-center justify-between gap-2 text-sm">
          <span>
            {reason.what} changed. Calls from before keep their old results: re-run them to judge them the new way.
          </span>
          <span className="flex gap-2">
            <Button size="sm" onClick={() => setOpen(true)}>
              <RefreshCw aria-hidden /> Re-run past calls…
            </Button>
            <Button size="sm" variant="ghost" onClick={onDismiss}>
              Not now
            </Button>
          </span>
        </div>
      )}
      <Dialog open={open} onOpenChange={(next) => !busy && setOpen(next)}>
        <DialogContent>
          <form onSubmit={start} className="grid gap-4">
            <DialogHeader>
              <DialogTitle>Re-run past calls</DialogTitle>
              <DialogDescription>
                The finished calls of the range are done again with the current rubric and questions. Each call keeps its earlier results in its history (the last 5).
              </DialogDescription>
            </DialogHeader>
            <fieldset className="grid gap-2">
              <legend className="mb-1 text-sm font-medium">Re-run</legend>
              {(["analysis", "post_call_answers"] as const).map((part) => (
                <CheckboxField
                  key={part}
                  label={PART_LABELS[part]}
                  checked={parts.includes(part)}
                  onChange={(checked) => setParts((old) => (checked ? [...old, part] : old.filter((p) => p !== part)))}
                />
              ))}
            </fieldset>
            <div className="grid gap-1.5">
              <Label htmlFor={rangeId}>Calls of</Label>
              <NativeSelect id={rangeId} value={days} onChange={(event) => setDays(Number(event.target.value))}>
                {PRESETS.map((preset) => (
                  <option key={preset.days} value={preset.days}>
                    {preset.label.toLowerCase().replace(/^last/, "the last")}
                  </option>
                ))}
              </NativeSelect>
            </div>
            {error ? (
              <p role="alert" className="text-sm font-medium text-destructive">
                {error}
              </p>
            ) : null}
            <DialogFooter>
              <Button type="button" variant="ghost" onClick={() => setOpen(false)} disabled={busy}>
                Cancel
              </Button>
              <Button type="submit" disabled={busy}>
                {busy ? "Starting…" : "Start re-run"}
              </Button>
            </DialogFooter>
          </form>
        </DialogContent>
      </Dialog>
    </div>
  );
}
