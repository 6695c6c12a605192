"use client";

import { Plus, Trash2 } from "lucide-react";
import { Field, NativeSelect } from "@/components/agent-builder/fields";
import { Button } from "@/components/ui/button";
import { inputClassName } from "@/components/ui/input";
import { Textarea } from "@/components/ui/textarea";
import { emptyExpectation, problemsAt, type DraftProblem, type ExpectationDraft } from "@/lib/agent-builder/test-draft";
import { agentSaysMatches, callEndReasons, expectationTypes } from "@/lib/voice-api/agent-tests";
import type { AgentNames } from "./agent-names";

const typeLabels: Record<(typeof expectationTypes)[number], string> = {
  agent_says: "The agent says",
  tool_called: "A tool is called",
  tool_not_called: "A tool is not called",
  state: "The state is",
  variable: "A variable is",
  ended: "The call has ended",
};

const matchLabels: Record<(typeof agentSaysMatches)[number], string> = { contains: "contains", exact: "exactly", regex: "matches the regex", judge: "does (judged by an LLM)" };

/** A name picked from the agent's own (a value it no longer has stays listed, so it can be seen and changed). */
function NamePicker({ label, value, names, onChange, errors }: { label: string; value: string; names: string[]; onChange: (value: string) => void; errors: string[] }) {
  const options = value && !names.includes(value) ? [value, ...names] : names;
  return (
    <Field label={label} errors={errors}>
      {(control) => (
        <NativeSelect value={value} onChange={(event) => onChange(event.target.value)} {...control}>
          <option value="">Choose…</option>
          {options.map((name) => (
            <option key={name} value={name}>
              {name}
            </option>
          ))}
        </NativeSelect>
      )}
    </Field>
  );
}

/** One expectation: its type, then the fields of that type, with pickers for the agent's tools, states and variables. */
function ExpectationRow({
  draft,
  path,
  names,
  problems,
  readOnly,
  onChange,
  onRemove,
}: {
  draft: ExpectationDraft;
  path: string;
  names: AgentNames;
  problems: DraftProblem[];
  readOnly: boolean;
  onChange: (draft: ExpectationDraft) => void;
  onRemove: () => void;
}) {
  const set = (patch: Partial<ExpectationDraft>) => onChange({ ...draft, ...patch });
  const at = (field: string) => problemsAt(problems, `${path}.${field}`);
  return (
    <li className="grid gap-2 rounded-md border bg-muted/20 p-2 sm:grid-cols-[13rem_minmax(0,1fr)_auto]" aria-label={`Expectation: ${typeLabels[draft.type]}`}>
      <Field label="Expect" errors={[...problemsAt(problems, path), ...at("type")]}>
        {(control) => (
          <NativeSelect value={draft.type} disabled={readOnly} onChange={(event) => set({ type: event.target.value as ExpectationDraft["type"] })} {...control}>
            {expectationTypes.map((type) => (
              <option key={type} value={type}>
                {typeLabels[type]}
              </option>
            ))}
          </NativeSelect>
        )}
      </Field>
      <fieldset disabled={readOnly} className="grid min-w-0 gap-2 sm:grid-cols-2">
        {draft.type === "agent_says" ? (
          <>
            <Field label="How" errors={at("match")}>
              {(control) => (
                <NativeSelect value={draft.match} onChange={(event) => set({ match: event.target.value as ExpectationDraft["match"] })} {...control}>
                  {agentSaysMatches.map((match) => (
                    <option key={match} value={match}>
                      {matchLabels[match]}
                    </option>
                  ))}
                </NativeSelect>
              )}
            </Field>
            <Field label={draft.match === "judge" ? "What a correct answer does" : draft.match === "regex" ? "Pattern" : "Text"} errors={at("value")} className="sm:col-span-2">
              {(control) => <input className={inputClassName} value={draft.text} placeholder={draft.match === "regex" ? "/booked for \\d+/i" : draft.match === "judge" ? "confirms the booking and repeats the time" : "booked"} onChange={(event) => set({ text: event.target.value })} {...control} />}
            </Field>
          </>
        ) : null}
        {draft.type === "tool_called" || draft.type === "tool_not_called" ? <NamePicker label="Tool" value={draft.tool_name} names={names.tools} errors={at("tool_name")} onChange={(tool_name) => set({ tool_name })} /> : null}
        {draft.type === "tool_called" ? (
          <Field label="With arguments (JSON, a subset; optional)" errors={at("arguments")} className="sm:col-span-2">
            {(control) => <Textarea rows={2} className="font-mono text-xs" value={draft.arguments} placeholder='{"date": "2026-05-01"}' onChange={(event) => set({ arguments: event.target.value })} {...control} />}
          </Field>
        ) : null}
        {draft.type === "state" ? <NamePicker label="State" value={draft.state_name} names={names.states} errors={at("state_name")} onChange={(state_name) => set({ state_name })} /> : null}
        {draft.type === "variable" ? (
          <>
            <NamePicker label="Variable" value={draft.name} names={names.variables} errors={at("name")} onChange={(name) => set({ name })} />
            <Field label="Value" hint="Text as is; numbers, true/false and JSON as such." errors={at("value")}>
              {(control) => <input className={inputClassName} value={draft.value} onChange={(event) => set({ value: event.target.value })} {...control} />}
            </Field>
          </>
        ) : null}
        {draft.type === "ended" ? (
          <Field label="End reason (optional)" errors={at("end_reason")}>
            {(control) => (
              <NativeSelect value={draft.end_reason} onChange={(event) => set({ end_reason: event.target.value })} {...control}>
                <option value="">any</option>
                {callEndReasons.map((reason) => (
                  <option key={reason} value={reason}>
                    {reason}
                  </option>
                ))}
              </NativeSelect>
            )}
          </Field>
        ) : null}
      </fieldset>
      {readOnly ? null : (
        <Button type="button" variant="ghost" size="icon" className="self-end" onClick={onRemove} aria-label={`Remove the expectation "${typeLabels[draft.type]}"`}>
          <Trash2 aria-hidden />
        </Button>
      )}
    </li>
  );
}

/** A list of expectations (a turn's, or the end's), with a button to add one. */
export function ExpectationList({
  label,
  expectations,
  path,
  names,
  problems,
  readOnly,
  onChange,
}: {
  label: string;
  expectations: ExpectationDraft[];
  path: string;
  names: AgentNames;
  problems: DraftProblem[];
  readOnly: boolean;
  onChange: (expectations: ExpectationDraft[]) => void;
}) {
  return (
    <div className="grid gap-2">
      {expectations.length ? (
        <ul className="grid gap-2" aria-label={label}>
          {expectations.map((expectation, index) => (
            <ExpectationRow
              key={expectation.key}
              draft={expectation}
              path={`${path}[${index}]`}
              names={names}
              problems={problems}
              readOnly={readOnly}
              onChange={(next) => onChange(expectations.map((item) => (item.key === next.key ? next : item)))}
              onRemove={() => onChange(expectations.filter((item) => item.key !== expectation.key))}
            />
          ))}
        </ul>
      ) : null}
      {readOnly ? null : (
        <Button type="button" variant="outline" size="sm" className="w-fit" onClick={() => onChange([...expectations, emptyExpectation()])}>
          <Plus aria-hidden /> {label === "Expectations at the end" ? "Expect at the end" : "Add an expectation"}
        </Button>
      )}
    </div>
  );
}
