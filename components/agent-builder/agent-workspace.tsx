"use client";

import { AlertTriangle, Save } from "lucide-react";
import Link from "next/link";
import { useCallback, useMemo, useState } from "react";
import { useCan } from "@/components/console/console-session";
import { consoleRequest, describeError } from "@/lib/voice-api/browser-client";
import { isVoiceApiError } from "@/lib/voice-api/errors";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { PageHeader } from "@/components/ui/page-header";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@/components/ui/tabs";
import { toast } from "@/components/ui/toast";
import { isStateNode, toEditorDocument, toUpdateBody, type EditorDocument } from "@/lib/agent-builder/editor-document";
import { countErrors, noErrors, placeErrors, type EditorErrors, type FieldProblem } from "@/lib/agent-builder/validation-errors";
import type { Agent } from "@/lib/voice-api/agents";
import { TalkPanel } from "@/components/agent-talk/talk-panel";
import { TestsPanel } from "@/components/agent-tests/tests-panel";
import { PhoneCallPanel } from "@/components/agent-talk/phone-call-panel";
import { GraphEditor } from "./graph-editor";
import { JsonView } from "./json-view";
import { QuestionsPanel } from "./questions-panel";
import { SettingsForm } from "./settings-form";
import { useUnsavedGuard } from "./use-unsaved-guard";
import { VersionsPanel } from "./versions-panel";

const bodyJson = (doc: EditorDocument) => JSON.stringify(toUpdateBody(doc).body);

/** Keeps the selected state selected (by name) when the document is rebuilt from a saved version. */
function reselect(next: EditorDocument, previous: EditorDocument): EditorDocument {
  const selected = new Set(previous.nodes.filter((node) => node.selected && isStateNode(node)).map((node) => (isStateNode(node) ? node.data.state.name : "")));
  if (!selected.size) return next;
  return { ...next, nodes: next.nodes.map((node) => (isStateNode(node) && selected.has(node.data.state.name) ? { ...node, selected: true } : node)) };
}

/** The agent page: graph, settings, questions, versions and JSON, one save (PATCH) for the document. */
export function AgentWorkspace({ initial, initialTab = "graph" }: { initial: Agent; initialTab?: string }) {
  const readOnly = !useCan("write");
  const [saved, setSaved] = useState(initial);
  const [doc, setDoc] = useState(() => toEditorDocument(initial));
  const [baseline, setBaseline] = useState(() => bodyJson(doc));
  const [errors, setErrors] = useState<EditorErrors>(noErrors);
  const [saving, setSaving] = useState(false);
  const [tab, setTab] = useState(initialTab);
  const [questionsDirty, setQuestionsDirty] = useState(false);
  const [jsonKey, setJsonKey] = useState(0);

  const currentJson = useMemo(() => bodyJson(doc), [doc]);
  const dirty = currentJson !== baseline;
  useUnsavedGuard(dirty || questionsDirty);

  const load = useCallback((agent: Agent) => {
    setSaved(agent);
    setDoc((previous) => {
      const next = reselect(toEditorDocument(agent), previous);
      setBaseline(bodyJson(next));
      return next;
    });
    setErrors(noErrors);
    setJsonKey((key) => key + 1);
  }, []);

  /** PATCHes `body`; on success loads the new version, on a 400 returns the API's problems. */
  const patch = useCallback(
    async (body: unknown, successMessage: (agent: Agent) => string): Promise<FieldProblem[] | null> => {
      try {
        const { data } = await consoleRequest<Agent>("PATCH", `/v1/agents/${saved.id}`, body);
        load(data);
        toast.success(successMessage(data));
        return null;
      } catch (error) {
        if (isVoiceApiError(error) && error.details.length) {
          toast.error(`Not saved: ${error.details.length} ${error.details.length === 1 ? "problem" : "problems"}`, "Each is shown where it occurs.");
          return error.details;
        }
        toast.error("Not saved", describeError(error));
        return [];
      }
    },
    [saved.id, load],
  );

  const save = async () => {
    const { body, index } = toUpdateBody(doc);
    setSaving(true);
    const problems = await patch(body, (agent) => `Version ${agent.version} saved and published`);
    setSaving(false);
    if (problems?.length) setErrors(placeErrors(problems, index));
  };

  const onChange = useCallback((update: (doc: EditorDocument) => EditorDocument) => setDoc(update), []);
  const problemCount = countErrors(errors);
  const settingsProblems = Object.keys(errors.settings).filter((field) => field !== "initial_state_name" && field !== "states").length;
  const graphProblems = problemCount - settingsProblems - errors.other.length;

  return (
    <>
      <PageHeader
        title={doc.settings.name || saved.name}
        description={
          <span className="flex flex-wrap items-center gap-2">
            <Link href="/agents" className="hover:underline">
              Agents
            </Link>
            <span aria-hidden>/</span>
            <Badge variant="outline">version {saved.version}</Badge>
            <span>{saved.language}</span>
            <span className="font-mono text-xs">{saved.llm.model}</span>
            {readOnly ? <Badge variant="secondary">read-only</Badge> : null}
          </span>
        }
        actions={
          <>
            {dirty ? (
              <span className="text-sm text-muted-foreground" role="status">
                Unsaved changes
              </span>
            ) : null}
            {!readOnly ? (
              <Button onClick={save} disabled={saving || !dirty}>
                <Save aria-hidden /> {saving ? "Saving…" : "Save"}
              </Button>
            ) : null}
          </>
        }
      />
      {problemCount ? (
        <div role="alert" className="mb-4 flex items-start gap-2 rounded-md border border-destructive/50 px-3 py-2 text-sm text-destructive">
          <AlertTriangle className="mt-0.5 size-4 shrink-0" aria-hidden />
          <div className="grid gap-0.5">
            <span>
              The API refused this version: {problemCount} {problemCount === 1 ? "problem" : "problems"}. They are marked on the states, transitions and fields they concern
              {settingsProblems ? " (including the Settings tab)" : ""}.
            </span>
            {errors.settings.initial_state_name ? <span>Initial state: {errors.settings.initial_state_name.join(" · ")}</span> : null}
            {errors.settings.states ? <span>States: {errors.settings.states.join(" · ")}</span> : null}
            {errors.other.map((problem, i) => (
              <span key={i}>
                {problem.field}: {problem.message}
              </span>
            ))}
          </div>
        </div>
      ) : null}
      <Tabs value={tab} onValueChange={setTab}>
        <TabsList className="max-w-full overflow-x-auto">
          <TabsTrigger value="graph">Graph{graphProblems > 0 ? ` (${graphProblems})` : ""}</TabsTrigger>
          <TabsTrigger value="settings">Settings{settingsProblems ? ` (${settingsProblems})` : ""}</TabsTrigger>
          <TabsTrigger value="questions">Post-call questions</TabsTrigger>
          <TabsTrigger value="versions">Versions</TabsTrigger>
          <TabsTrigger value="tests">Tests</TabsTrigger>
          <TabsTrigger value="json">JSON</TabsTrigger>
          <TabsTrigger value="talk">Talk</TabsTrigger>
        </TabsList>
        <TabsContent value="graph">
          <GraphEditor doc={doc} onChange={onChange} errors={errors} readOnly={readOnly} />
        </TabsContent>
        <TabsContent value="settings">
          <SettingsForm settings={doc.settings} onChange={(update) => setDoc((current) => ({ ...current, settings: update(current.settings) }))} errors={errors} readOnly={readOnly} />
        </TabsContent>
        <TabsContent value="questions" forceMount className="data-[state=inactive]:hidden">
          <QuestionsPanel agentId={saved.id} readOnly={readOnly} onDirtyChange={setQuestionsDirty} />
        </TabsContent>
        <TabsContent value="versions">
          <VersionsPanel
            agentId={saved.id}
            currentVersion={saved.version}
            readOnly={readOnly}
            onRestore={async (version) => {
              const problems = await patch(toUpdateBody(toEditorDocument(version)).body, (agent) => `Version ${version.version} restored as version ${agent.version}`);
              if (problems) throw new Error("not restored");
            }}
          />
        </TabsContent>
        <TabsContent value="tests">
          {dirty ? <p className="mb-2 text-sm text-muted-foreground">Tests run against the saved version {saved.version}; save to test your changes.</p> : null}
          <TestsPanel agent={saved} readOnly={readOnly} />
        </TabsContent>
        <TabsContent value="json">
          <JsonView key={`${jsonKey}-${tab}`} initialText={JSON.stringify(toUpdateBody(doc).body, null, 2)} readOnly={readOnly} onSave={(body) => patch(body, (agent) => `Version ${agent.version} saved from JSON`)} />
        </TabsContent>
        <TabsContent value="talk" className="grid max-w-5xl gap-2">
          {dirty ? <p className="text-sm text-muted-foreground">The call uses the saved version {saved.version}; save to talk to your changes.</p> : null}
          <TalkPanel agentId={saved.id} initialStateName={saved.initial_state_name} language={saved.language} />
          {readOnly ? null : <PhoneCallPanel agentId={saved.id} />}
        </TabsContent>
      </Tabs>
    </>
  );
}
