"use client";

import { Square } from "lucide-react";
import { useEffect, useState } from "react";
import { Button } from "@/components/ui/button";
import { Skeleton } from "@/components/ui/skeleton";
import { toast } from "@/components/ui/toast";
import { useTestRun } from "@/lib/swr/use-agent-tests";
import { isRunLive, type TestResult } from "@/lib/voice-api/agent-tests";
import { consoleRequest, describeError } from "@/lib/voice-api/browser-client";
import { cn } from "@/lib/utils/cn";
import { PassRate, StatusBadge } from "./result-badges";
import { ResultView } from "./result-view";

/** A run as it goes: progress, per-test pass rates, each result as it finishes, and one opened beside them. */
export function RunPanel({ runId, readOnly, onChanged }: { runId: string; readOnly: boolean; onChanged: () => void }) {
  const { data, error, mutate } = useTestRun(runId);
  const [openResult, setOpenResult] = useState<string | null>(null);
  const [cancelling, setCancelling] = useState(false);
  // Once the run has finished (often before its first poll: text runs take a second), the tests'
  // last results and the list of runs are read again.
  const status = data?.data.status;
  useEffect(() => {
    if (status && !isRunLive(status)) onChanged();
  }, [status, onChanged]);
  if (error) return <p role="alert" className="text-sm text-destructive">The run could not be loaded: {describeError(error)}</p>;
  const run = data?.data;
  if (!run) return <Skeleton className="h-32 w-full" />;

  const { total, passed, failed, errored } = run.summary;
  const done = passed + failed + errored;
  const live = isRunLive(run.status);
  const selected: TestResult | undefined = run.results.find((result) => result.id === openResult) ?? run.results.find((result) => result.status !== "passed") ?? run.results[0];

  const cancel = async () => {
    setCancelling(true);
    try {
      await consoleRequest("POST", `/v1/test-runs/${run.id}/cancel`);
      await mutate();
      onChanged();
      toast.success("Run cancelled");
    } catch (failure) {
      toast.error("The run was not cancelled", describeError(failure));
    } finally {
      setCancelling(false);
    }
  };

  return (
    <section className="grid gap-4 rounded-lg border p-4" aria-label="Test run">
      <div className="flex flex-wrap items-center gap-3">
        <h3 className="text-base font-semibold">Run of version {run.agent_version}</h3>
        <StatusBadge status={run.status} />
        <span className="text-sm text-muted-foreground" role="status" aria-live="polite">
          {done} of {total} finished · {passed} passed, {failed} failed, {errored} errored
        </span>
        {!live && done ? (
          <span className="text-sm">
            Pass rate <PassRate rate={run.pass_rate} />
          </span>
        ) : null}
        {live && !readOnly ? (
          <Button variant="outline" size="sm" className="ml-auto" onClick={cancel} disabled={cancelling}>
            <Square aria-hidden /> {cancelling ? "Cancelling…" : "Cancel run"}
          </Button>
        ) : null}
      </div>
      <div className="h-2 overflow-hidden rounded-full bg-muted" role="progressbar" aria-label="Run progress" aria-valuemin={0} aria-valuemax={total} aria-valuenow={done}>
        <div className="flex h-full">
          <div className="bg-success" style={{ width: `${(passed / Math.max(total, 1)) * 100}%` }} />
          <div className="bg-destructive" style={{ width: `${(failed / Math.max(total, 1)) * 100}%` }} />
          <div className="bg-warning" style={{ width: `${(errored / Math.max(total, 1)) * 100}%` }} />
        </div>
      </div>
      {run.error ? <p role="alert" className="text-sm text-destructive">{run.error}</p> : null}
      {run.repeat > 1 ? (
        <ul className="flex flex-wrap gap-2 text-sm" aria-label="Pass rate per test">
          {run.tests.map((test) => (
            <li key={test.test_id} className="rounded-md border px-2 py-1">
              {test.test_name}: <PassRate rate={test.pass_rate} passed={test.passed} total={test.finished} />
            </li>
          ))}
        </ul>
      ) : null}
      {run.results.length ? (
        <div className="grid gap-4 lg:grid-cols-[16rem_minmax(0,1fr)]">
          <nav aria-label="Results">
            <ul className="grid gap-1">
              {run.results.map((result) => (
                <li key={result.id}>
                  <button
                    type="button"
                    onClick={() => setOpenResult(result.id)}
                    aria-current={result.id === selected?.id ? "true" : undefined}
                    className={cn(
                      "flex w-full items-center justify-between gap-2 rounded-md border px-3 py-2 text-left text-sm hover:bg-accent/50 focus-visible:outline-2 focus-visible:outline-ring aria-[current]:border-primary aria-[current]:font-medium aria-[current]:ring-1 aria-[current]:ring-primary",
                    )}
                  >
                    <span className="truncate">
                      {result.test_name}
                      {run.repeat > 1 ? <span className="text-muted-foreground"> #{result.repetition}</span> : null}
                    </span>
                    <StatusBadge status={result.status} />
                  </button>
                </li>
              ))}
            </ul>
          </nav>
          {selected ? <ResultView result={selected} /> : null}
        </div>
      ) : live ? (
        <p className="text-sm text-muted-foreground">The conversations are running; results appear here as each finishes.</p>
      ) : null}
    </section>
  );
}
