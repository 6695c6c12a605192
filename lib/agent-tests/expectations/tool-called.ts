import type { Expectation } from "@/lib/schemas/agent-tests";
import { isSubset } from "./arguments-subset";
import { where, type Check, type Observation } from "./observation";

type ToolCalled = Extract<Expectation, { type: "tool_called" }>;

/** The tool was called (with arguments containing `arguments`, when given). */
export function checkToolCalled(expectation: ToolCalled, observation: Observation): Check {
  const calls = observation.toolCalls.filter((call) => call.tool_name === expectation.tool_name);
  const expected = { tool_name: expectation.tool_name, ...(expectation.arguments ? { arguments: expectation.arguments } : {}) };
  const actual = calls.map((call) => ({ tool_name: call.tool_name, arguments: call.arguments }));
  if (calls.length === 0) {
    const others = [...new Set(observation.toolCalls.map((call) => call.tool_name))];
    return { expected, actual: observation.toolCalls.map((call) => ({ tool_name: call.tool_name, arguments: call.arguments })), passed: false, reason: `${expectation.tool_name} was not called ${where(observation)}${others.length ? ` (called: ${others.join(", ")})` : " (no tool was)"}` };
  }
  if (!expectation.arguments) return { expected, actual, passed: true, reason: `${expectation.tool_name} was called ${where(observation)}` };
  const match = calls.find((call) => isSubset(expectation.arguments, call.arguments));
  return match
    ? { expected, actual, passed: true, reason: `${expectation.tool_name} was called with ${JSON.stringify(match.arguments)}` }
    : { expected, actual, passed: false, reason: `${expectation.tool_name} was called with ${calls.map((call) => JSON.stringify(call.arguments)).join(", then ")}, not with ${JSON.stringify(expectation.arguments)}` };
}
