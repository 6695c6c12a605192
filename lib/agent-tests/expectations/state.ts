import type { Expectation } from "@/lib/schemas/agent-tests";
import type { Check, Observation } from "./observation";

type StateExpectation = Extract<Expectation, { type: "state" }>;

export function checkState(expectation: StateExpectation, observation: Observation): Check {
  const passed = observation.state === expectation.state_name;
  return {
    expected: expectation.state_name,
    actual: observation.state,
    passed,
    reason: passed ? `The conversation is in state "${observation.state}"` : `The conversation is in state "${observation.state}", not "${expectation.state_name}"`,
  };
}
