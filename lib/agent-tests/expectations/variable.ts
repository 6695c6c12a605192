import type { Expectation } from "@/lib/schemas/agent-tests";
import { isSubset } from "./arguments-subset";
import type { Check, Observation } from "./observation";

type VariableExpectation = Extract<Expectation, { type: "variable" }>;

/** Equal in value; a number or boolean given as text ("2", "true") also matches the typed value, and text compares case-sensitively. */
function sameValue(expected: unknown, actual: unknown): boolean {
  if (isSubset(expected, actual) && isSubset(actual, expected)) return true;
  if (typeof actual === "number" && typeof expected === "string") return expected.trim() !== "" && Number(expected) === actual;
  if (typeof actual === "boolean" && typeof expected === "string") return expected.trim().toLowerCase() === String(actual);
  if (typeof actual === "string" && (typeof expected === "number" || typeof expected === "boolean")) return actual.trim() === String(expected);
  if (typeof actual === "string" && typeof expected === "string") {
    // Datetimes are stored as ISO strings: the same instant in another spelling is the same value.
    const [a, b] = [Date.parse(actual), Date.parse(expected)];
    return /\d{4}-\d{2}-\d{2}T/.test(actual) && !Number.isNaN(a) && a === b;
  }
  return false;
}

export function checkVariable(expectation: VariableExpectation, observation: Observation): Check {
  const entry = observation.variables.find((value) => value.name === expectation.name);
  if (!entry) return { expected: expectation.value, actual: null, passed: false, reason: `${expectation.name} has no value` };
  const passed = sameValue(expectation.value, entry.value);
  return {
    expected: expectation.value,
    actual: entry.value,
    passed,
    reason: passed ? `${expectation.name} is ${JSON.stringify(entry.value)}` : `${expectation.name} is ${JSON.stringify(entry.value)}, not ${JSON.stringify(expectation.value)}`,
  };
}
