"use client";

import { Flag, Plus, Trash2 } from "lucide-react";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { llmProviders, variableTypes } from "@/lib/agents/document-schema";
import type { AgentLlm, AgentVariable } from "@/lib/agents/normalize";
import type { EditorDocument, EditorStateData, StateNode, TransitionEdge } from "@/lib/agent-builder/editor-document";
import { isStateNode, nodeName } from "@/lib/agent-builder/editor-document";
import { suggestionsFor } from "@/lib/agent-builder/prompt-references";
import { errorsUnder, type EditorErrors } from "@/lib/agent-builder/validation-errors";
import { CheckboxField, NumberField, Section, SelectField, TextAreaField, TextField } from "./fields";
import { PromptEditor } from "./prompt-editor";
import { ToolsEditor } from "./tools-editor";

export type GraphEditing = {
  doc: EditorDocument;
  errors: EditorErrors;
  readOnly: boolean;
  updateState: (nodeId: string, update: (state: EditorStateData) => EditorStateData) => void;
  updateTransition: (edgeId: string, patch: Partial<{ condition: string; filler_sentence: string; target: string }>) => void;
  addTransition: (source: string, target: string) => void;
  deleteElements: (nodeIds: string[], edgeIds: string[]) => void;
  setInitial: (nodeId: string) => void;
};

export function StatePanel({ node, editing }: { node: StateNode; editing: GraphEditing }) {
  const { doc, errors, readOnly } = editing;
  const state = node.data.state;
  const stateErrors = errors.states[node.id];
  const update = (patch: Partial<EditorStateData>) => editing.updateState(node.id, (current) => ({ ...current, ...patch }));
  const allStates = doc.nodes.filter(isStateNode).map((candidate) => candidate.data.state);
  const suggestions = suggestionsFor(state.tools, allStates);
  const variableNames = suggestions.filter((suggestion) => suggestion.kind === "variable").map((suggestion) => suggestion.name);
  const outgoing = doc.edges.filter((edge) => edge.source === node.id);
  const isInitial = doc.initialNodeId === node.id;
  const firstOther = doc.nodes.find((candidate) => isStateNode(candidate) && candidate.id !== node.id)?.id ?? node.id;

  return (
    <fieldset disabled={readOnly} className="grid min-w-0 gap-5" aria-label={`State ${state.name}`}>
      <div className="grid gap-3">
        <div className="flex flex-wrap items-center gap-2">
          <h2 className="text-base font-semibold">State</h2>
          {isInitial ? (
            <Badge variant="success">
              <Flag className="size-3" aria-hidden /> Initial state
            </Badge>
          ) : readOnly ? null : (
            <Button variant="outline" size="sm" onClick={() => editing.setInitial(node.id)}>
              <Flag aria-hidden /> Start calls here
            </Button>
          )}
          {readOnly ? null : (
            <Button variant="ghost" size="sm" className="ml-auto text-destructive" onClick={() => editing.deleteElements([node.id], [])}>
              <Trash2 aria-hidden /> Delete state
            </Button>
          )}
        </div>
        {stateErrors?.[""] ? (
          <p role="alert" className="text-xs font-medium text-destructive">
            {stateErrors[""].join(" · ")}
          </p>
        ) : null}
        <TextField label="Name" value={state.name} onChange={(name) => update({ name })} errors={stateErrors?.name} hint={readOnly ? undefined : "Transitions name states by it; renaming keeps them connected."} />
      </div>

      <PromptEditor value={state.prompt} onChange={(prompt) => update({ prompt })} suggestions={suggestions} errors={stateErrors?.prompt} disabled={readOnly} />

      <Section title="Model in this state" description={`Overrides the agent's model (${doc.settings.llm.provider} · ${doc.settings.llm.model} · temperature ${doc.settings.llm.temperature}).`}>
        <CheckboxField label="Use a different model here" checked={state.llm !== null} onChange={(checked) => update({ llm: checked ? {} : null })} disabled={readOnly} />
        {state.llm ? <LlmOverride llm={state.llm} agentLlm={doc.settings.llm} onChange={(llm) => update({ llm })} errors={stateErrors} /> : null}
      </Section>

      <ToolsEditor tools={state.tools} onChange={(tools) => update({ tools })} errors={stateErrors} variableNames={variableNames} />

      <Section
        title="Transitions"
        description="Where the conversation goes next, when the condition is met. Also: drag from a state's right handle to another state."
      >
        {outgoing.length === 0 ? <p className="text-xs text-muted-foreground">None: the flow ends in this state.</p> : null}
        {outgoing.map((edge, i) => (
          <TransitionFields key={edge.id} edge={edge} editing={editing} title={`Transition ${i + 1}`} />
        ))}
        {readOnly ? null : (
          <Button variant="outline" size="sm" className="justify-self-start" onClick={() => editing.addTransition(node.id, firstOther)}>
            <Plus aria-hidden /> Add transition
          </Button>
        )}
      </Section>

      <VariablesEditor variables={state.variables} onChange={(variables) => update({ variables })} errors={stateErrors} />

      <Section title="Features">
        <CheckboxField
          label="Entity detection"
          hint="Detects names, dates and numbers in what the caller says. Default off."
          checked={state.features.entity_detection}
          onChange={(entity_detection) => update({ features: { ...state.features, entity_detection } })}
          errors={errorsUnder(stateErrors, "features")}
          disabled={readOnly}
        />
      </Section>
    </fieldset>
  );
}

function LlmOverride({
  llm,
  agentLlm,
  onChange,
  errors,
}: {
  llm: Partial<AgentLlm>;
  agentLlm: AgentLlm;
  onChange: (llm: Partial<AgentLlm>) => void;
  errors: Record<string, string[]> | undefined;
}) {
  const set = <K extends keyof AgentLlm>(key: K, value: AgentLlm[K] | undefined) => {
    const next = { ...llm };
    if (value === undefined || (value as unknown) === "") delete next[key];
    else next[key] = value;
    onChange(next);
  };
  return (
    <div className="grid gap-3 sm:grid-cols-3">
      <SelectField
        label="Provider"
        value={llm.provider ?? ""}
        onChange={(provider) => set("provider", (provider || undefined) as AgentLlm["provider"] | undefined)}
        options={[{ value: "", label: `Agent's (${agentLlm.provider})` }, ...llmProviders]}
        errors={errorsUnder(errors, "llm.provider")}
      />
      <TextField label="Model" value={llm.model ?? ""} placeholder={agentLlm.model} onChange={(model) => set("model", model || undefined)} errors={errorsUnder(errors, "llm.model")} />
      <NumberField
        label="Temperature"
        value={llm.temperature}
        step={0.1}
        min={0}
        max={2}
        placeholder={String(agentLlm.temperature)}
        onChange={(temperature) => set("temperature", temperature)}
        errors={errorsUnder(errors, "llm.temperature")}
        hint="0 to 2"
      />
    </div>
  );
}

export function TransitionFields({ edge, editing, title }: { edge: TransitionEdge; editing: GraphEditing; title: string }) {
  const { doc, errors } = editing;
  const edgeErrors = errors.transitions[edge.id];
  const target = doc.nodes.find((node) => node.id === edge.target);
  const options = doc.nodes.filter(isStateNode).map((node) => ({ value: node.id, label: node.data.state.name }));
  if (target && !isStateNode(target)) options.push({ value: target.id, label: `${nodeName(target)} (missing)` });
  return (
    <div className="grid gap-2 rounded-md border p-3" data-testid={`transition-${edge.id}`} data-invalid={edgeErrors ? "true" : undefined}>
      <div className="flex items-center justify-between">
        <span className="text-sm font-medium">{title}</span>
        <Button variant="ghost" size="icon" aria-label={`Remove ${title.toLowerCase()}`} onClick={() => editing.deleteElements([], [edge.id])}>
          <Trash2 aria-hidden />
        </Button>
      </div>
      {edgeErrors?.[""] ? (
        <p role="alert" className="text-xs font-medium text-destructive">
          {edgeErrors[""].join(" · ")}
        </p>
      ) : null}
      <SelectField label="Goes to" value={edge.target} onChange={(value) => editing.updateTransition(edge.id, { target: value })} options={options} errors={edgeErrors?.destination_state_name} />
      <TextAreaField
        label="Condition"
        rows={2}
        value={edge.data?.condition ?? ""}
        onChange={(condition) => editing.updateTransition(edge.id, { condition })}
        errors={edgeErrors?.condition}
        placeholder="e.g. The caller confirmed the booking"
      />
      <TextField
        label="Filler sentence"
        value={edge.data?.filler_sentence ?? ""}
        onChange={(filler_sentence) => editing.updateTransition(edge.id, { filler_sentence })}
        errors={edgeErrors?.filler_sentence}
        hint="Spoken while moving. Default: none."
      />
    </div>
  );
}

function VariablesEditor({ variables, onChange, errors }: { variables: AgentVariable[]; onChange: (variables: AgentVariable[]) => void; errors: Record<string, string[]> | undefined }) {
  const set = (i: number, patch: Partial<AgentVariable>) => onChange(variables.map((variable, j) => (j === i ? { ...variable, ...patch } : variable)));
  return (
    <Section title="Variables" description="Values the model extracts from the conversation in this state; usable as {{name}} in every prompt.">
      {variables.map((variable, i) => (
        <div key={i} className="grid gap-2 rounded-md border p-3 sm:grid-cols-[1fr_9rem_auto]" data-testid={`variable-${i}`}>
          <TextField label="Name" value={variable.name} onChange={(name) => set(i, { name })} errors={errorsUnder(errors, `variables[${i}].name`)} />
          <SelectField label="Type" value={variable.type} onChange={(type) => set(i, { type })} options={variableTypes} errors={errorsUnder(errors, `variables[${i}].type`)} />
          <Button variant="ghost" size="icon" className="self-end" aria-label={`Remove variable ${variable.name || i + 1}`} onClick={() => onChange(variables.filter((_, j) => j !== i))}>
            <Trash2 aria-hidden />
          </Button>
          <TextField className="grid gap-1.5 sm:col-span-3" label="Description" value={variable.description} onChange={(description) => set(i, { description })} errors={errorsUnder(errors, `variables[${i}].description`)} />
          <TextAreaField
            className="grid gap-1.5 sm:col-span-3"
            rows={2}
            label="Extraction instructions"
            value={variable.extraction_instructions}
            onChange={(extraction_instructions) => set(i, { extraction_instructions })}
            errors={errorsUnder(errors, `variables[${i}].extraction_instructions`)}
            placeholder="How the model finds the value, e.g. As YYYY-MM-DD"
          />
        </div>
      ))}
      <Button
        variant="outline"
        size="sm"
        className="justify-self-start"
        onClick={() => onChange([...variables, { name: "", type: "string", description: "", extraction_instructions: "" }])}
      >
        <Plus aria-hidden /> Add variable
      </Button>
    </Section>
  );
}
