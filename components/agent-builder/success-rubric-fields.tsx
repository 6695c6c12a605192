"use client";

import type { AgentSettings } from "@/lib/agent-builder/editor-document";
import { MAX_RUBRIC_CRITERIA, successRubricTypes, type SuccessRubricType } from "@/lib/agents/success-rubric";
import { LinesField, Section, SelectField } from "./fields";

const NONE = "none" as const;
type Choice = SuccessRubricType | typeof NONE;
const choices: readonly Choice[] = [NONE, ...successRubricTypes];
const labels: Record<Choice, string> = {
  none: "Not judged",
  pass_fail: "Pass or fail",
  score: "Score from 0 to 10",
  checklist: "Checklist (share of criteria met)",
};
const hints: Record<Choice, string> = {
  none: "Calls are summarised and their sentiment judged; success stays unknown.",
  pass_fail: "Each call succeeds or fails against the criteria.",
  score: "Each call gets a score from 0 to 10 against the criteria, and a verdict.",
  checklist: "Each criterion is met or not; the score is the share met, and a call succeeds when all are.",
};

/** The agent's success_rubric: how each finished call's analysis judges success. */
export function SuccessRubricFields({
  rubric,
  onChange,
  errors,
}: {
  rubric: AgentSettings["success_rubric"];
  onChange: (rubric: AgentSettings["success_rubric"]) => void;
  /** The settings' problems by path, as the API named them. */
  errors: Record<string, string[]>;
}) {
  const type: Choice = rubric?.type ?? NONE;
  const at = (path: string) => errors[path] ?? [];
  const lineErrors = Object.entries(errors).flatMap(([path, messages]) => {
    const line = /^success_rubric\.criteria\[(\d+)\]$/.exec(path);
    return line ? messages.map((message) => `Line ${Number(line[1]) + 1}: ${message}`) : [];
  });
  return (
    <Section
      title="Success rubric"
      description="After each call, its analysis judges success by this rubric, on the transcript. Changing it applies to calls analysed from now on; re-run past calls to judge them again."
    >
      <SelectField
        label="Judge success"
        value={type}
        onChange={(value: Choice) => onChange(value === NONE ? null : { type: value, criteria: rubric?.criteria ?? [] })}
        options={choices.map((value) => ({ value, label: labels[value] }))}
        hint={hints[type]}
        errors={[...at("success_rubric"), ...at("success_rubric.type")]}
      />
      {rubric ? (
        <LinesField
          label="Criteria"
          rows={4}
          value={rubric.criteria}
          onChange={(criteria) => onChange({ ...rubric, criteria })}
          errors={[...at("success_rubric.criteria"), ...lineErrors]}
          hint={`One per line, 1 to ${MAX_RUBRIC_CRITERIA}: what a successful call achieves, e.g. "The appointment is booked".`}
        />
      ) : null}
    </Section>
  );
}
