import parseJsonPath from "jsonpath-rfc9535/parser";
import type { AgentDocument } from "./normalize";
import { agentVariables } from "./variables";

export type GraphProblem = { field: string; message: string };

const REFERENCE = /\{\{\s*([^{}\s]+)\s*\}\}/g;

/** Names a prompt may use as {{name}} for a tool: a custom function's name, or a built-in tool's type. */
function toolNames(state: AgentDocument["states"][number]): Set<string> {
  return new Set(state.tools.map((tool) => (tool.type === "custom_function" ? tool.name : tool.type)));
}

export function isValidJsonPath(expression: string): boolean {
  try {
    parseJsonPath(expression);
    return true;
  } catch {
    return false;
  }
}

/**
 * The rules a well-formed document must also satisfy, every problem at its full path: state names
 * unique; initial_state_name and every destination name a state; every {{name}} in a state prompt
 * names a tool of that state or a variable; custom_function names unique per state; JSONPath valid;
 * variable-sourced parameters name a variable; at most one add_to_do_not_call tool per state.
 */
export function graphProblems(agent: AgentDocument): GraphProblem[] {
  const problems: GraphProblem[] = [];
  const stateNames = new Set<string>();
  agent.states.forEach((state, i) => {
    if (stateNames.has(state.name)) problems.push({ field: `states[${i}].name`, message: `Duplicate state name "${state.name}"` });
    stateNames.add(state.name);
  });
  if (!stateNames.has(agent.initial_state_name)) {
    problems.push({ field: "initial_state_name", message: `No state is named "${agent.initial_state_name}"` });
  }

  const variables = new Set(agentVariables(agent).map((variable) => variable.name));
  agent.states.forEach((state, i) => {
    const at = `states[${i}]`;
    state.transitions.forEach((transition, j) => {
      if (!stateNames.has(transition.destination_state_name)) {
        problems.push({
          field: `${at}.transitions[${j}].destination_state_name`,
          message: `No state is named "${transition.destination_state_name}"`,
        });
      }
    });

    const tools = toolNames(state);
    const unknown = new Set<string>();
    for (const [, name] of state.prompt.matchAll(REFERENCE)) {
      if (!tools.has(name) && !variables.has(name)) unknown.add(name);
    }
    for (const name of unknown) {
      problems.push({ field: `${at}.prompt`, message: `{{${name}}} names neither a tool of this state nor a variable` });
    }

    const variableNames = new Set<string>();
    state.variables.forEach((variable, j) => {
      if (variableNames.has(variable.name)) {
        problems.push({ field: `${at}.variables[${j}].name`, message: `Duplicate variable "${variable.name}" in this state` });
      }
      variableNames.add(variable.name);
    });

    const doNotCall = state.tools.flatMap((tool, j) => (tool.type === "add_to_do_not_call" ? [j] : []));
    for (const j of doNotCall.slice(1)) problems.push({ field: `${at}.tools[${j}].type`, message: "At most one add_to_do_not_call tool in a state" });

    const functionNames = new Set<string>();
    state.tools.forEach((tool, j) => {
      if (tool.type !== "custom_function") return;
      const toolAt = `${at}.tools[${j}]`;
      if (functionNames.has(tool.name)) problems.push({ field: `${toolAt}.name`, message: `Duplicate function name "${tool.name}" in this state` });
      functionNames.add(tool.name);
      tool.response_mapping.forEach((mapping, k) => {
        if (!isValidJsonPath(mapping.json_path_to_data)) {
          problems.push({ field: `${toolAt}.response_mapping[${k}].json_path_to_data`, message: "Not a valid JSONPath expression (RFC 9535)" });
        }
      });
      tool.parameters.forEach((parameter, k) => {
        if (parameter.value?.source === "variable" && !variables.has(parameter.value.variable)) {
          problems.push({ field: `${toolAt}.parameters[${k}].value.variable`, message: `No variable is named "${parameter.value.variable}"` });
        }
      });
    });
  });
  return problems;
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === "object" && value !== null && !Array.isArray(value);

/**
 * The graph rules that can be checked on a body that failed its schema (state names, the initial
 * state, transition destinations), so one answer lists every problem and no second round brings more.
 * Parts too malformed to read are skipped: the schema reports those.
 */
export function rawGraphProblems(body: unknown): GraphProblem[] {
  if (!isRecord(body) || !Array.isArray(body.states)) return [];
  const states = body.states.map((state) => (isRecord(state) ? state : {}));
  const names = states.map((state) => (typeof state.name === "string" ? state.name : null));
  const known = new Set(names.filter((name): name is string => name !== null));
  const problems: GraphProblem[] = [];
  const seen = new Set<string>();
  names.forEach((name, i) => {
    if (name === null) return;
    if (seen.has(name)) problems.push({ field: `states[${i}].name`, message: `Duplicate state name "${name}"` });
    seen.add(name);
  });
  if (typeof body.initial_state_name === "string" && !known.has(body.initial_state_name)) {
    problems.push({ field: "initial_state_name", message: `No state is named "${body.initial_state_name}"` });
  }
  states.forEach((state, i) => {
    if (!Array.isArray(state.transitions)) return;
    state.transitions.forEach((transition, j) => {
      const destination = isRecord(transition) ? transition.destination_state_name : undefined;
      if (typeof destination === "string" && !known.has(destination)) {
        problems.push({ field: `states[${i}].transitions[${j}].destination_state_name`, message: `No state is named "${destination}"` });
      }
    });
  });
  return problems;
}
