import type { AgentState, AgentTransition, BuiltInTool, CustomFunctionTool } from "@/lib/agents/normalize";
import type { JsonSchemaObject, ToolSpec } from "./types";
import { jsonSchemaForVariableType } from "./variable-values";

export const RECORD_VARIABLES = "record_variables";

/** What a function the model may call does. */
export type ToolBinding =
  | { kind: "transition"; transition: AgentTransition }
  | { kind: "record_variables"; state: AgentState }
  | { kind: "built_in"; tool: BuiltInTool }
  | { kind: "custom_function"; tool: CustomFunctionTool };

export type StateTools = { specs: ToolSpec[]; bindings: Map<string, ToolBinding> };

const builtInDescriptions: Record<BuiltInTool["type"], string> = {
  hang_up: "End the call. Use it when the conversation is over; say goodbye in the same reply.",
  transfer_call: "Transfer the caller to a human.",
  wait: "Wait quietly because the caller asked for a moment.",
  leave_voicemail_message: "Leave a voicemail message because an answering machine picked up.",
  add_to_do_not_call:
    "The person asked not to be called again (\"don't call me\", \"take me off your list\"): their number joins the do-not-call list and the call ends. " +
    "Confirm it politely and say goodbye in the same reply.",
};

const transitionName = (destination: string) => `transition_to_${destination.replace(/[^A-Za-z0-9_]+/g, "_").replace(/^_+|_+$/g, "").toLowerCase() || "state"}`.slice(0, 60);

function parameterSchema(type: string, description?: string): Record<string, unknown> {
  const schema: Record<string, unknown> =
    type === "array" ? { type: "array", items: { type: "string" } } : type === "object" ? { type: "object", additionalProperties: true } : { type };
  if (description) schema.description = description;
  return schema;
}

/** The model-supplied inputs of a custom function: `{name, type}` parameters and `llm_parameter` values. */
export function customFunctionInputSchema(tool: CustomFunctionTool): JsonSchemaObject {
  const properties: Record<string, unknown> = {};
  for (const parameter of tool.parameters) {
    if (parameter.value?.source === "llm_parameter") {
      const p = parameter.value.llm_parameter;
      properties[p.name] = parameterSchema(p.type, p.description);
    } else if (!parameter.value && parameter.type) {
      properties[parameter.name] = parameterSchema(parameter.type, parameter.description);
    }
  }
  return { type: "object", properties, required: Object.keys(properties), additionalProperties: false };
}

function recordVariablesSpec(state: AgentState): ToolSpec {
  const properties: Record<string, unknown> = {};
  for (const variable of state.variables) {
    const explanation = [variable.description, variable.extraction_instructions].filter(Boolean).join(" ");
    properties[variable.name] = { ...jsonSchemaForVariableType(variable.type), ...(explanation ? { description: explanation } : {}) };
  }
  return {
    name: RECORD_VARIABLES,
    description: "Record values the caller has given, as soon as they are known. Pass only the variables you learned.",
    parameters: { type: "object", properties, additionalProperties: false },
  };
}

/** The functions of a state: its tools, one per transition (the condition as description) and one recording its variables. */
export function stateTools(state: AgentState): StateTools {
  const specs: ToolSpec[] = [];
  const bindings = new Map<string, ToolBinding>();
  const add = (spec: ToolSpec, binding: ToolBinding) => {
    let name = spec.name;
    for (let n = 2; bindings.has(name); n++) name = `${spec.name}_${n}`;
    specs.push({ ...spec, name });
    bindings.set(name, binding);
  };
  for (const tool of state.tools) {
    if (tool.type === "custom_function") {
      add({ name: tool.name, description: tool.description || `Call ${tool.name}.`, parameters: customFunctionInputSchema(tool) }, { kind: "custom_function", tool });
    } else {
      add(
        { name: tool.type, description: tool.description || builtInDescriptions[tool.type], parameters: { type: "object", properties: {}, additionalProperties: false } },
        { kind: "built_in", tool },
      );
    }
  }
  for (const transition of state.transitions) {
    add(
      {
        name: transitionName(transition.destination_state_name),
        description: `Move the conversation on when: ${transition.condition}`,
        parameters: { type: "object", properties: {}, additionalProperties: false },
      },
      { kind: "transition", transition },
    );
  }
  if (state.variables.length > 0) add(recordVariablesSpec(state), { kind: "record_variables", state });
  return { specs, bindings };
}
