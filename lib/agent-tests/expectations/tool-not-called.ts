import type { Expectation } from "@/lib/schemas/agent-tests";
import { where, type Check, type Observation } from "./observation";

type ToolNotCalled = Extract<Expectation, { type: "tool_not_called" }>;

export function checkToolNotCalled(expectation: ToolNotCalled, observation: Observation): Check {
  const calls = observation.toolCalls.filter((call) => call.tool_name === expectation.tool_name);
  const actual = calls.map((call) => ({ tool_name: call.tool_name, arguments: call.arguments }));
  return calls.length === 0
    ? { expected: expectation.tool_name, actual, passed: true, reason: `${expectation.tool_name} was not called ${where(observation)}` }
    : { expected: expectation.tool_name, actual, passed: false, reason: `${expectation.tool_name} was called ${where(observation)} (${calls.length === 1 ? "once" : `${calls.length} times`}, with ${JSON.stringify(calls[0].arguments)})` };
}
