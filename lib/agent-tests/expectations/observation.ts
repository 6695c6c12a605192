import type { ToolCallRecord } from "@/lib/schemas/agent-tests";
import type { CallEndReason, VariableValue } from "@/lib/schemas/call-values";

/** What an expectation is checked against: one scripted turn, or (expect_end) the whole conversation. */
export type Observation = {
  scope: "turn" | "conversation";
  /** What the agent said: its answer to the turn, or everything it said (voice: what the caller heard, transcribed). */
  agentText: string;
  /** Tools called during the turn, or during the whole conversation. */
  toolCalls: ToolCallRecord[];
  /** The state the conversation is in now. */
  state: string;
  /** Every variable's value now. */
  variables: VariableValue[];
  ended: boolean;
  endReason: CallEndReason | null;
};

/** An expectation's outcome, before the turn is attached. */
export type Check = { passed: boolean; expected: unknown; actual: unknown; reason: string };

/** A short quote of what was said, for reasons. */
export function quote(text: string, max = 160): string {
  const flat = text.replace(/\s+/g, " ").trim();
  if (!flat) return "nothing";
  return `"${flat.length > max ? `${flat.slice(0, max - 1)}…` : flat}"`;
}

export const where = (observation: Observation) => (observation.scope === "turn" ? "in this turn" : "in the conversation");
