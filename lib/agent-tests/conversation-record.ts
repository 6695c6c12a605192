import type { RecordedEvent } from "@/lib/runtime/types";
import { withVariableValue } from "@/lib/runtime/variable-values";
import type { ToolCallRecord } from "@/lib/schemas/agent-tests";
import type { CallEndReason, VariableValue } from "@/lib/schemas/call-values";

/**
 * The tools a conversation called, from its events: each tool_called (transitions are moves between
 * states, listed in states_visited instead) with its tool_result when a custom_function answered.
 */
export function toolCallsOf(events: RecordedEvent[], mocked: ReadonlySet<string>): ToolCallRecord[] {
  const calls: ToolCallRecord[] = [];
  const awaiting = new Map<string, ToolCallRecord[]>();
  for (const event of events) {
    if (event.type === "tool_called" && event.tool_type !== "transition") {
      const call: ToolCallRecord = { tool_name: event.name, arguments: event.input, mocked: event.tool_type === "custom_function" && mocked.has(event.name), result: null };
      calls.push(call);
      if (event.tool_type === "custom_function") awaiting.set(event.name, [...(awaiting.get(event.name) ?? []), call]);
    } else if (event.type === "tool_result") {
      const call = awaiting.get(event.name)?.shift();
      if (call) call.result = event.output;
    }
  }
  return calls;
}

/** Every state the conversation was in, in order, from the initial one. */
export function statesVisited(initialState: string, events: RecordedEvent[]): string[] {
  return [initialState, ...events.flatMap((event) => (event.type === "state_changed" ? [event.to] : []))];
}

/** What the agent said in these events (its replies, fillers, greeting), as one text. */
export function agentWords(events: RecordedEvent[]): string {
  return events
    .flatMap((event) => (event.type === "agent_message" ? [event.content] : []))
    .join(" ")
    .trim();
}

/** The engine's report of a turn the model could not answer (the LLM failed), if any. */
export function turnFailure(events: RecordedEvent[]): string | null {
  const failed = events.find((event) => event.type === "turn_failed");
  return failed && failed.type === "turn_failed" ? failed.message : null;
}

/** The events of each caller turn: from its user_message to the next one. Events before the first (the greeting) belong to none. */
export function turnEvents(events: RecordedEvent[]): RecordedEvent[][] {
  const turns: RecordedEvent[][] = [];
  for (const event of events) {
    if (event.type === "user_message") turns.push([]);
    turns.at(-1)?.push(event);
  }
  return turns;
}

/** The conversation's state, variables and end after `events` (the first events of its log), from its start. */
export function conversationAt(start: { state: string; variables: VariableValue[] }, events: RecordedEvent[]) {
  let state = start.state;
  let variables = start.variables;
  let endReason: CallEndReason | null = null;
  let ended = false;
  for (const event of events) {
    if (event.type === "state_changed") state = event.to;
    else if (event.type === "variable_updated") variables = withVariableValue(variables, event.variable);
    else if (event.type === "call_ended") {
      ended = true;
      endReason = event.end_reason;
    }
  }
  return { state, variables, ended, endReason };
}
