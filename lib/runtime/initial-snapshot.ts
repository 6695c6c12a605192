import type { AgentDocument } from "@/lib/agents/normalize";
import { agentVariables } from "@/lib/agents/variables";
import { emptyCallUsage, type VariableValue } from "@/lib/schemas/call-values";
import type { CallSnapshot } from "./types";
import { coerceVariableValue } from "./variable-values";

export type CallSeed = {
  callId: string;
  fromNumber: string | null;
  toNumber: string | null;
  startTime: Date;
  /** dynamic_variables_values of the start request. */
  dynamicVariables: Record<string, unknown> | null;
};

const inferredType = (value: unknown) => (typeof value === "number" ? "number" : typeof value === "boolean" ? "boolean" : "string");

/**
 * The snapshot of a call that has just been answered: in the initial state, the call variables and
 * the request's dynamic variables set (in the agent's declared type when it declares them).
 */
export function initialSnapshot(agent: AgentDocument, seed: CallSeed, answeredAt: Date): CallSnapshot {
  const declared = new Map(agentVariables(agent).map((variable) => [variable.name, variable.type]));
  const timestamp = answeredAt.toISOString();
  const values: VariableValue[] = [];
  const put = (name: string, raw: unknown) => {
    const type = declared.get(name) ?? inferredType(raw);
    const value = coerceVariableValue(type, raw);
    if (value === undefined) return;
    const index = values.findIndex((entry) => entry.name === name);
    const entry = { name, type, value, timestamp };
    if (index === -1) values.push(entry);
    else values[index] = entry;
  };
  put("call_id", seed.callId);
  put("from_number", seed.fromNumber);
  put("to_number", seed.toNumber);
  put("call_start_time", seed.startTime.toISOString());
  for (const [name, value] of Object.entries(seed.dynamicVariables ?? {})) put(name, value);
  return {
    status: "active",
    state_name: agent.initial_state_name,
    transcript: [],
    variable_values: values,
    usage: { ...emptyCallUsage },
    answered_at: timestamp,
    initial_message_pending: agent.initial_message !== null,
    last_activity_at: timestamp,
    presence_checks: 0,
    all_variables_resolved: false,
    event_seq: 0,
    end_reason: null,
    ended_at: null,
  };
}
