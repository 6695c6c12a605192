import type { Expectation } from "@/lib/schemas/agent-tests";
import type { Check, Observation } from "./observation";

type EndedExpectation = Extract<Expectation, { type: "ended" }>;

export function checkEnded(expectation: EndedExpectation, observation: Observation): Check {
  const expected = expectation.end_reason ?? "ended";
  if (!observation.ended) return { expected, actual: null, passed: false, reason: "The conversation has not ended" };
  const passed = !expectation.end_reason || observation.endReason === expectation.end_reason;
  return {
    expected,
    actual: observation.endReason,
    passed,
    reason: passed ? `The conversation ended (${observation.endReason})` : `The conversation ended with ${observation.endReason}, not ${expectation.end_reason}`,
  };
}
