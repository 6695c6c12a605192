import type { Agent } from "@/lib/voice-api/agents";

export type AgentNames = { tools: string[]; customFunctions: string[]; states: string[]; variables: string[] };

/** What a test of this agent version may name: its tools (custom functions by name, built-ins by type), states and variables. */
export function agentNames(agent: Agent): AgentNames {
  const tools = new Set<string>();
  const customFunctions = new Set<string>();
  for (const state of agent.states) {
    for (const tool of state.tools) {
      if (tool.type === "custom_function") {
        customFunctions.add(tool.name);
        tools.add(tool.name);
      } else tools.add(tool.type);
    }
  }
  return { tools: [...tools], customFunctions: [...customFunctions], states: agent.states.map((state) => state.name), variables: agent.variables.map((variable) => variable.name) };
}
