import type { BodyIndex } from "./editor-document";

export type FieldProblem = { field: string; message: string };

/**
 * The API's `error.details`, put back where they belong: agent-level fields by their path
 * (`voice.speed`), a state's own fields by the path inside the state (`tools[1].url`, "" for the
 * state as a whole), a transition's fields by name (`condition`). Paths that name nothing the editor
 * shows are kept in `other`, so nothing is dropped.
 */
export type EditorErrors = {
  settings: Record<string, string[]>;
  states: Record<string, Record<string, string[]>>;
  transitions: Record<string, Record<string, string[]>>;
  other: FieldProblem[];
};

export const noErrors: EditorErrors = { settings: {}, states: {}, transitions: {}, other: [] };

const STATE_PATH = /^states\[(\d+)\](?:\.(.*))?$/;
const TRANSITION_PATH = /^transitions\[(\d+)\](?:\.(.*))?$/;

const add = (bucket: Record<string, string[]>, key: string, message: string) => {
  (bucket[key] ??= []).push(message);
};

export function placeErrors(details: FieldProblem[], index: BodyIndex): EditorErrors {
  const errors: EditorErrors = { settings: {}, states: {}, transitions: {}, other: [] };
  for (const detail of details) {
    const state = STATE_PATH.exec(detail.field);
    if (!state) {
      if (detail.field === "body" || detail.field === "") errors.other.push(detail);
      else add(errors.settings, detail.field, detail.message);
      continue;
    }
    const nodeId = index.states[Number(state[1])];
    if (!nodeId) {
      errors.other.push(detail);
      continue;
    }
    const rest = state[2] ?? "";
    const transition = TRANSITION_PATH.exec(rest);
    const edgeId = transition ? index.transitions[nodeId]?.[Number(transition[1])] : undefined;
    if (transition && edgeId) add((errors.transitions[edgeId] ??= {}), transition[2] ?? "", detail.message);
    else add((errors.states[nodeId] ??= {}), rest, detail.message);
  }
  return errors;
}

/** Problems of one state (or transition) whose path starts with `prefix` (`tools[1]` → `tools[1].url` …). */
export function errorsUnder(bucket: Record<string, string[]> | undefined, prefix: string): string[] {
  if (!bucket) return [];
  return Object.entries(bucket)
    .filter(([path]) => path === prefix || path.startsWith(`${prefix}.`) || path.startsWith(`${prefix}[`))
    .flatMap(([, messages]) => messages);
}

export function countErrors(errors: EditorErrors): number {
  const count = (bucket: Record<string, string[]>) => Object.values(bucket).reduce((sum, list) => sum + list.length, 0);
  return (
    count(errors.settings) +
    Object.values(errors.states).reduce((sum, bucket) => sum + count(bucket), 0) +
    Object.values(errors.transitions).reduce((sum, bucket) => sum + count(bucket), 0) +
    errors.other.length
  );
}
