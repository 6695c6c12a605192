import type { AgentDocument, AgentVariable } from "./normalize";

/** Variables every call has, whatever the agent. */
export const callVariables: AgentVariable[] = [
  { name: "from_number", type: "string", description: "The caller's number (E.164)", extraction_instructions: "" },
  { name: "to_number", type: "string", description: "The number called (E.164)", extraction_instructions: "" },
  { name: "call_start_time", type: "datetime", description: "When the call started (ISO 8601)", extraction_instructions: "" },
  { name: "call_id", type: "string", description: "The call's id", extraction_instructions: "" },
];

/**
 * The agent-level `variables` of a response: call variables, every state variable and every
 * custom_function `destination_variable`, once each (the first definition wins).
 */
export function agentVariables(agent: Pick<AgentDocument, "states">): AgentVariable[] {
  const byName = new Map(callVariables.map((variable) => [variable.name, variable]));
  for (const state of agent.states) {
    for (const variable of state.variables) if (!byName.has(variable.name)) byName.set(variable.name, variable);
  }
  for (const state of agent.states) {
    for (const tool of state.tools) {
      if (tool.type !== "custom_function") continue;
      for (const mapping of tool.response_mapping) {
        if (byName.has(mapping.destination_variable)) continue;
        byName.set(mapping.destination_variable, {
          name: mapping.destination_variable,
          type: "string",
          description: `Set by ${tool.name} from ${mapping.json_path_to_data}`,
          extraction_instructions: "",
        });
      }
    }
  }
  return [...byName.values()];
}
