"use client";

import { FlaskConical, Pencil, Play, Plus, Trash2 } from "lucide-react";
import { useCallback, useEffect, useMemo, useState } from "react";
import { NativeSelect } from "@/components/agent-builder/fields";
import { DateTime } from "@/components/knowledge-bases/date-time";
import { ConfirmDialog } from "@/components/ui/alert-dialog";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { EmptyState } from "@/components/ui/empty-state";
import { Skeleton } from "@/components/ui/skeleton";
import { toast } from "@/components/ui/toast";
import { callDraftKey, draftFromTest, emptyDraft, type TestDraft } from "@/lib/agent-builder/test-draft";
import { useAgentTests, useTestRuns } from "@/lib/swr/use-agent-tests";
import type { Agent } from "@/lib/voice-api/agents";
import { isRunLive, type AgentTest, type TestRun } from "@/lib/voice-api/agent-tests";
import { consoleRequest, describeError } from "@/lib/voice-api/browser-client";
import { agentNames } from "./agent-names";
import { PassRate, StatusBadge } from "./result-badges";
import { RunPanel } from "./run-panel";
import { TestFormDialog } from "./test-form-dialog";

/** The draft "Create test from this call" left for this agent, if any (read on the client only: the dialog opens after hydration). */
function storedCallDraft(agentId: string): { draft: TestDraft; key: number } | null {
  if (typeof window === "undefined") return null;
  const stored = sessionStorage.getItem(callDraftKey(agentId));
  if (!stored) return null;
  try {
    return { draft: JSON.parse(stored) as TestDraft, key: 0 };
  } catch {
    return null; // a draft from another version of the studio
  }
}

/**
 * The agent's Tests tab: its tests with their last result and pass rate, forms for scripted and
 * simulated tests, Run all / one / tagged, and the run in progress (or any recent one) with its
 * results. Viewers see everything and change nothing.
 */
export function TestsPanel({ agent, readOnly }: { agent: Agent; readOnly: boolean }) {
  const tests = useAgentTests(agent.id);
  const runs = useTestRuns(agent.id);
  const names = useMemo(() => agentNames(agent), [agent]);
  // A draft made on a call's page ("Create test from this call") opens here, to edit before saving.
  const [form, setForm] = useState<{ draft: TestDraft; key: number } | null>(() => (readOnly ? null : storedCallDraft(agent.id)));
  const [shownRun, setShownRun] = useState<string | null>(null);
  const [tag, setTag] = useState("");
  const [repeat, setRepeat] = useState(1);
  const [starting, setStarting] = useState(false);

  useEffect(() => {
    if (form && typeof window !== "undefined") sessionStorage.removeItem(callDraftKey(agent.id));
  }, [form, agent.id]);

  const list = tests.data?.data;
  const runList = runs.data?.data;
  const tags = useMemo(() => [...new Set((list ?? []).flatMap((test) => test.tags))].sort(), [list]);
  const runId = shownRun ?? runList?.[0]?.id ?? null;
  const running = runList?.some((run) => isRunLive(run.status)) ?? false;

  const { mutate: refreshTests } = tests;
  const { mutate: refreshRuns } = runs;
  const refresh = useCallback(() => void Promise.all([refreshTests(), refreshRuns()]), [refreshTests, refreshRuns]);

  const start = async (body: { test_ids?: string[]; tags?: string[] }, what: string) => {
    setStarting(true);
    try {
      const { data } = await consoleRequest<TestRun>("POST", `/v1/agents/${agent.id}/test-runs`, { ...body, repeat });
      setShownRun(data.id);
      await runs.mutate();
      toast.success(`Running ${what}`, `${data.summary.total} conversation${data.summary.total === 1 ? "" : "s"} on version ${data.agent_version}`);
    } catch (error) {
      toast.error("The run did not start", describeError(error));
    } finally {
      setStarting(false);
    }
  };

  const remove = async (test: AgentTest) => {
    try {
      await consoleRequest("DELETE", `/v1/agents/${agent.id}/tests/${test.id}`);
      await tests.mutate();
      toast.success("Test deleted", test.name);
    } catch (error) {
      toast.error("The test was not deleted", describeError(error));
      throw error;
    }
  };

  if (tests.error) return <p role="alert" className="text-sm text-destructive">The tests could not be loaded: {describeError(tests.error)}</p>;
  if (!list) return <Skeleton className="h-48 w-full" />;

  return (
    <div className="grid gap-4">
      <div className="flex flex-wrap items-center gap-2">
        <p className="text-sm text-muted-foreground">
          {list.length} {list.length === 1 ? "test" : "tests"} of this agent, run against its published version {agent.version}.
        </p>
        {readOnly ? null : (
          <div className="ml-auto flex flex-wrap items-center gap-2">
            <Button variant="outline" size="sm" onClick={() => setForm({ draft: emptyDraft("scripted"), key: Date.now() })}>
              <Plus aria-hidden /> Scripted test
            </Button>
            <Button variant="outline" size="sm" onClick={() => setForm({ draft: emptyDraft("simulated"), key: Date.now() })}>
              <Plus aria-hidden /> Simulated test
            </Button>
            <label className="flex items-center gap-1 text-sm">
              Repeat
              <NativeSelect className="h-8 w-20" value={repeat} onChange={(event) => setRepeat(Number(event.target.value))} aria-label="Repeat each test">
                {Array.from({ length: 10 }, (_, i) => i + 1).map((n) => (
                  <option key={n} value={n}>
                    {n}×
                  </option>
                ))}
              </NativeSelect>
            </label>
            {tags.length ? (
              <span className="flex items-center gap-1">
                <NativeSelect className="h-8 w-36" value={tag} onChange={(event) => setTag(event.target.value)} aria-label="Tag to run">
                  <option value="">Tag…</option>
                  {tags.map((name) => (
                    <option key={name} value={name}>
                      {name}
                    </option>
                  ))}
                </NativeSelect>
                <Button variant="outline" size="sm" disabled={!tag || starting} onClick={() => start({ tags: [tag] }, `the tests tagged ${tag}`)}>
                  <Play aria-hidden /> Run tagged
                </Button>
              </span>
            ) : null}
            <Button size="sm" disabled={list.length === 0 || starting} onClick={() => start({}, "all tests")}>
              <Play aria-hidden /> Run all
            </Button>
          </div>
        )}
      </div>

      {list.length === 0 ? (
        <EmptyState
          icon={FlaskConical}
          title="No tests yet"
          description="A scripted test says the caller's turns and checks each answer (what the agent says, the tools it calls, its state and variables); a simulated one lets an LLM play the caller and judges the outcome."
        />
      ) : (
        <div className="overflow-x-auto rounded-md border">
          <table className="w-full text-sm" aria-label="Tests">
            <thead className="bg-muted/50 text-xs text-muted-foreground">
              <tr>
                <th className="p-2 text-left font-medium">Test</th>
                <th className="p-2 text-left font-medium">Tags</th>
                <th className="p-2 text-left font-medium">Last result</th>
                <th className="p-2 text-left font-medium">Pass rate</th>
                {readOnly ? null : <th className="p-2 text-right font-medium">Actions</th>}
              </tr>
            </thead>
            <tbody>
              {list.map((test) => (
                <tr key={test.id} className="border-t align-top" data-test-name={test.name}>
                  <td className="p-2">
                    <span className="font-medium">{test.name}</span>
                    <span className="ml-2 inline-flex gap-1">
                      <Badge variant="outline">{test.type}</Badge>
                      {test.mode === "voice" ? <Badge variant="outline">voice</Badge> : null}
                    </span>
                    <p className="text-xs text-muted-foreground">{test.type === "scripted" ? `${test.turns.length} turn${test.turns.length === 1 ? "" : "s"}` : `goal: ${test.goal}`}</p>
                  </td>
                  <td className="p-2 text-xs">{test.tags.join(", ") || <span className="text-muted-foreground">—</span>}</td>
                  <td className="p-2">
                    {test.last_result ? (
                      <button type="button" className="inline-flex items-center gap-2 text-left hover:underline" onClick={() => setShownRun(test.last_result!.run_id)}>
                        <StatusBadge status={test.last_result.status} />
                        <span className="text-xs text-muted-foreground">
                          v{test.last_result.agent_version}
                          {test.last_result.finished_at ? (
                            <>
                              {" · "}
                              <DateTime value={test.last_result.finished_at} />
                            </>
                          ) : null}
                        </span>
                      </button>
                    ) : (
                      <span className="text-xs text-muted-foreground">never run</span>
                    )}
                  </td>
                  <td className="p-2">{test.last_result ? <PassRate rate={test.last_result.pass_rate} /> : <span className="text-muted-foreground">—</span>}</td>
                  {readOnly ? null : (
                    <td className="p-2">
                      <span className="flex justify-end gap-1">
                        <Button variant="ghost" size="icon" disabled={starting} onClick={() => start({ test_ids: [test.id] }, test.name)} aria-label={`Run ${test.name}`}>
                          <Play aria-hidden />
                        </Button>
                        <Button variant="ghost" size="icon" onClick={() => setForm({ draft: draftFromTest(test), key: Date.now() })} aria-label={`Edit ${test.name}`}>
                          <Pencil aria-hidden />
                        </Button>
                        <ConfirmDialog
                          trigger={
                            <Button variant="ghost" size="icon" aria-label={`Delete ${test.name}`}>
                              <Trash2 aria-hidden />
                            </Button>
                          }
                          title={`Delete “${test.name}”?`}
                          description="Runs that had it keep its results."
                          confirmLabel="Delete test"
                          onConfirm={() => remove(test)}
                        />
                      </span>
                    </td>
                  )}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}

      {runList?.length ? (
        <div className="flex flex-wrap items-center gap-2 text-sm">
          <label className="flex items-center gap-2">
            Run
            <NativeSelect className="h-8 w-auto" value={runId ?? ""} onChange={(event) => setShownRun(event.target.value)} aria-label="Run shown">
              {runList.map((run) => (
                <option key={run.id} value={run.id}>
                  {new Date(run.created_at).toLocaleString()} · v{run.agent_version} · {run.status}
                  {isRunLive(run.status) ? "" : ` · ${Math.round(run.pass_rate * 100)}%`}
                </option>
              ))}
            </NativeSelect>
          </label>
          {running ? <span className="text-muted-foreground">A run is in progress.</span> : null}
        </div>
      ) : null}
      {runId ? <RunPanel key={runId} runId={runId} readOnly={readOnly} onChanged={refresh} /> : null}

      {form ? (
        <TestFormDialog
          key={form.key}
          agentId={agent.id}
          names={names}
          draft={form.draft}
          open
          onOpenChange={(open) => (open ? null : setForm(null))}
          onSaved={async () => {
            setForm(null);
            await tests.mutate();
          }}
        />
      ) : null}
    </div>
  );
}
