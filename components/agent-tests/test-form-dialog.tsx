"use client";

import { ArrowDown, ArrowUp, Plus, Trash2 } from "lucide-react";
import { useState } from "react";
import { Field, NativeSelect, NumberField, Section, SelectField, TextAreaField, TextField } from "@/components/agent-builder/fields";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { inputClassName } from "@/components/ui/input";
import { Textarea } from "@/components/ui/textarea";
import { toast } from "@/components/ui/toast";
import { draftToBody, emptyMock, emptyTurn, problemsAt, type DraftProblem, type TestDraft, type TurnDraft } from "@/lib/agent-builder/test-draft";
import type { AgentTest } from "@/lib/voice-api/agent-tests";
import { consoleRequest, describeError } from "@/lib/voice-api/browser-client";
import { isVoiceApiError } from "@/lib/voice-api/errors";
import type { AgentNames } from "./agent-names";
import { ExpectationList } from "./expectation-editor";

/** One scripted turn: what the caller says, its barge-in (voice), and what the agent's answer must show. */
function TurnEditor({
  turn,
  index,
  count,
  voice,
  names,
  problems,
  onChange,
  onMove,
  onRemove,
}: {
  turn: TurnDraft;
  index: number;
  count: number;
  voice: boolean;
  names: AgentNames;
  problems: DraftProblem[];
  onChange: (turn: TurnDraft) => void;
  onMove: (by: -1 | 1) => void;
  onRemove: () => void;
}) {
  const path = `turns[${index}]`;
  return (
    <li className="grid gap-3 rounded-lg border p-3" aria-label={`Turn ${index + 1}`}>
      <div className="flex items-center gap-1">
        <h4 className="text-sm font-semibold">Turn {index + 1}</h4>
        <span className="ml-auto" />
        <Button type="button" variant="ghost" size="icon" disabled={index === 0} onClick={() => onMove(-1)} aria-label={`Move turn ${index + 1} up`}>
          <ArrowUp aria-hidden />
        </Button>
        <Button type="button" variant="ghost" size="icon" disabled={index === count - 1} onClick={() => onMove(1)} aria-label={`Move turn ${index + 1} down`}>
          <ArrowDown aria-hidden />
        </Button>
        <Button type="button" variant="ghost" size="icon" disabled={count === 1} onClick={onRemove} aria-label={`Remove turn ${index + 1}`}>
          <Trash2 aria-hidden />
        </Button>
      </div>
      <div className={voice ? "grid gap-3 sm:grid-cols-[minmax(0,1fr)_12rem]" : "grid gap-3"}>
        <TextAreaField label="The caller says" rows={2} value={turn.user} errors={problemsAt(problems, `${path}.user`)} onChange={(user) => onChange({ ...turn, user })} />
        {voice ? (
          <TextField
            label="Barge in after (ms)"
            hint="Start speaking this long after the agent's previous answer starts; empty: wait for its end."
            inputMode="numeric"
            value={turn.interrupt_after_ms}
            errors={problemsAt(problems, `${path}.interrupt_after_ms`)}
            onChange={(interrupt_after_ms) => onChange({ ...turn, interrupt_after_ms })}
          />
        ) : null}
      </div>
      <ExpectationList label={`Expectations of turn ${index + 1}`} expectations={turn.expect} path={`${path}.expect`} names={names} problems={problems} readOnly={false} onChange={(expect) => onChange({ ...turn, expect })} />
    </li>
  );
}

/**
 * Creates or edits a test: scripted turns with their expectations (pickers for the agent's tools,
 * states and variables), or a simulated caller; tool mocks, variables and tags. The API's problems
 * show on the fields they name.
 */
export function TestFormDialog({
  agentId,
  names,
  draft: initial,
  open,
  onOpenChange,
  onSaved,
}: {
  agentId: string;
  names: AgentNames;
  draft: TestDraft;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onSaved: (test: AgentTest) => void;
}) {
  const [draft, setDraft] = useState(initial);
  const [problems, setProblems] = useState<DraftProblem[]>([]);
  const [saving, setSaving] = useState(false);
  const set = (patch: Partial<TestDraft>) => setDraft((current) => ({ ...current, ...patch }));
  const at = (path: string, nested = false) => problemsAt(problems, path, nested);

  const save = async () => {
    const { body, problems: local } = draftToBody(draft);
    setProblems(local);
    if (local.length) return;
    setSaving(true);
    try {
      const { data } = draft.id
        ? await consoleRequest<AgentTest>("PATCH", `/v1/agents/${agentId}/tests/${draft.id}`, { ...body, expect_end: body.expect_end ?? null })
        : await consoleRequest<AgentTest>("POST", `/v1/agents/${agentId}/tests`, body);
      toast.success(draft.id ? "Test saved" : "Test created", data.name);
      onSaved(data);
    } catch (error) {
      if (isVoiceApiError(error) && error.details.length) setProblems(error.details);
      toast.error("The test was not saved", describeError(error));
    } finally {
      setSaving(false);
    }
  };

  const moveTurn = (index: number, by: -1 | 1) => {
    const turns = [...draft.turns];
    [turns[index], turns[index + by]] = [turns[index + by], turns[index]];
    set({ turns });
  };
  const known = new Set(["name", "type", "mode", "tags", "dynamic_variables_values", "persona", "goal", "max_turns", "success_criteria", "transcriber.provider", "voice.provider"]);
  const elsewhere = problems.filter((problem) => !known.has(problem.field.replace(/\[\d+\].*$/, "")) && !/^(turns|tool_mocks|expect_end|tags)\[/.test(problem.field));

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-3xl">
        <DialogHeader>
          <DialogTitle>{draft.id ? `Edit “${initial.name}”` : draft.type === "scripted" ? "New scripted test" : "New simulated test"}</DialogTitle>
          <DialogDescription>
            {draft.type === "scripted"
              ? "The caller's turns in order; after each, what the agent's answer must show. Checked against the agent's published version."
              : "An LLM plays the caller from the persona towards the goal; an LLM judges each success criterion on the whole conversation."}
          </DialogDescription>
        </DialogHeader>
        <form
          className="grid gap-5"
          onSubmit={(event) => {
            event.preventDefault();
            void save();
          }}
        >
          <Section title="Test">
            <div className="grid gap-3 sm:grid-cols-2">
              <TextField label="Name" required value={draft.name} errors={at("name")} onChange={(name) => set({ name })} />
              <TextField label="Tags" hint="Comma-separated, for running some tests only." value={draft.tags} errors={at("tags", true)} onChange={(tags) => set({ tags })} />
              <SelectField
                label="Caller"
                value={draft.type}
                options={[
                  { value: "scripted", label: "Scripted turns" },
                  { value: "simulated", label: "Simulated (an LLM plays the caller)" },
                ]}
                errors={at("type")}
                onChange={(type) => set({ type })}
              />
              <SelectField
                label="Mode"
                value={draft.mode}
                hint={draft.mode === "voice" ? "Spoken through the agent's voice and transcriber, in real time." : undefined}
                options={[
                  { value: "text", label: "Text" },
                  { value: "voice", label: "Voice (real media session)" },
                ]}
                errors={[...at("mode"), ...at("transcriber.provider"), ...at("voice.provider")]}
                onChange={(mode) => set({ mode })}
              />
            </div>
          </Section>

          {draft.type === "scripted" ? (
            <Section title="Turns" description="Each turn is what the caller says after the agent's previous answer (the greeting, first).">
              {at("turns").length ? <p className="text-xs font-medium text-destructive" role="alert">{at("turns").join(" · ")}</p> : null}
              <ol className="grid gap-3">
                {draft.turns.map((turn, index) => (
                  <TurnEditor
                    key={turn.key}
                    turn={turn}
                    index={index}
                    count={draft.turns.length}
                    voice={draft.mode === "voice"}
                    names={names}
                    problems={problems}
                    onChange={(next) => set({ turns: draft.turns.map((item) => (item.key === next.key ? next : item)) })}
                    onMove={(by) => moveTurn(index, by)}
                    onRemove={() => set({ turns: draft.turns.filter((item) => item.key !== turn.key) })}
                  />
                ))}
              </ol>
              <Button type="button" variant="outline" size="sm" className="w-fit" onClick={() => set({ turns: [...draft.turns, emptyTurn()] })}>
                <Plus aria-hidden /> Add a turn
              </Button>
            </Section>
          ) : (
            <Section title="Simulated caller">
              <div className="grid gap-3">
                <TextAreaField label="Persona" hint="Who the caller is and how they talk." rows={2} value={draft.persona} errors={at("persona")} onChange={(persona) => set({ persona })} />
                <TextAreaField label="Goal" hint="What they want from the call." rows={2} value={draft.goal} errors={at("goal")} onChange={(goal) => set({ goal })} />
                <TextAreaField
                  label="Success criteria"
                  hint="One per line; each is judged by an LLM on the whole conversation."
                  rows={3}
                  value={draft.success_criteria.join("\n")}
                  errors={at("success_criteria", true)}
                  onChange={(text) => set({ success_criteria: text.split("\n") })}
                />
                <NumberField label="At most this many caller turns" className="sm:max-w-56" min={1} max={50} value={Number(draft.max_turns) || undefined} fallback={12} errors={at("max_turns")} onChange={(value) => set({ max_turns: String(value ?? 12) })} />
              </div>
            </Section>
          )}

          <Section title="At the end" description="Checked once the conversation is over, on all of it.">
            <ExpectationList label="Expectations at the end" expectations={draft.expect_end} path="expect_end" names={names} problems={problems} readOnly={false} onChange={(expect_end) => set({ expect_end })} />
          </Section>

          <Section title="Tool mocks" description="A mocked custom function makes no request; its response goes through the tool's response mapping. Others make their real requests.">
            {draft.tool_mocks.length ? (
              <ul className="grid gap-2" aria-label="Tool mocks">
                {draft.tool_mocks.map((mock, index) => (
                  <li key={mock.key} className="grid gap-2 rounded-md border p-2 sm:grid-cols-[12rem_6rem_minmax(0,1fr)_auto]">
                    <Field label="Tool" errors={at(`tool_mocks[${index}].tool_name`)}>
                      {(control) => (
                        <NativeSelect value={mock.tool_name} onChange={(event) => set({ tool_mocks: draft.tool_mocks.map((item) => (item.key === mock.key ? { ...item, tool_name: event.target.value } : item)) })} {...control}>
                          <option value="">Choose…</option>
                          {[...new Set([...(mock.tool_name && !names.customFunctions.includes(mock.tool_name) ? [mock.tool_name] : []), ...names.customFunctions])].map((name) => (
                            <option key={name} value={name}>
                              {name}
                            </option>
                          ))}
                        </NativeSelect>
                      )}
                    </Field>
                    <Field label="Status" errors={at(`tool_mocks[${index}].status`)}>
                      {(control) => <input className={inputClassName} inputMode="numeric" value={mock.status} onChange={(event) => set({ tool_mocks: draft.tool_mocks.map((item) => (item.key === mock.key ? { ...item, status: event.target.value } : item)) })} {...control} />}
                    </Field>
                    <Field label="Response (JSON)" errors={at(`tool_mocks[${index}].response`)}>
                      {(control) => <Textarea rows={2} className="font-mono text-xs" value={mock.response} onChange={(event) => set({ tool_mocks: draft.tool_mocks.map((item) => (item.key === mock.key ? { ...item, response: event.target.value } : item)) })} {...control} />}
                    </Field>
                    <Button type="button" variant="ghost" size="icon" className="self-end" aria-label={`Remove the mock of ${mock.tool_name || "a tool"}`} onClick={() => set({ tool_mocks: draft.tool_mocks.filter((item) => item.key !== mock.key) })}>
                      <Trash2 aria-hidden />
                    </Button>
                  </li>
                ))}
              </ul>
            ) : null}
            <Button type="button" variant="outline" size="sm" className="w-fit" disabled={names.customFunctions.length === 0} onClick={() => set({ tool_mocks: [...draft.tool_mocks, emptyMock()] })}>
              <Plus aria-hidden /> Mock a tool
            </Button>
            {names.customFunctions.length === 0 ? <p className="text-xs text-muted-foreground">The agent has no custom functions to mock.</p> : null}
          </Section>

          <Section title="Variables at the start" description="As a call's dynamic_variables_values: a JSON object.">
            <TextAreaField label="Values" rows={2} className="font-mono" placeholder='{"customer_name": "Ada"}' value={draft.dynamic_variables_values} errors={at("dynamic_variables_values", true)} onChange={(dynamic_variables_values) => set({ dynamic_variables_values })} />
          </Section>

          {elsewhere.length ? (
            <ul role="alert" className="grid gap-0.5 rounded-md border border-destructive/50 px-3 py-2 text-sm text-destructive">
              {elsewhere.map((problem) => (
                <li key={`${problem.field}:${problem.message}`}>
                  {problem.field}: {problem.message}
                </li>
              ))}
            </ul>
          ) : null}
          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => onOpenChange(false)}>
              Cancel
            </Button>
            <Button type="submit" disabled={saving}>
              {saving ? "Saving…" : draft.id ? "Save test" : "Create test"}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
