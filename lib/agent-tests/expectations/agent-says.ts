import { compileExpectationRegex } from "@/lib/schemas/expectation-regex";
import type { Expectation } from "@/lib/schemas/agent-tests";
import { quote, where, type Check, type Observation } from "./observation";

type AgentSays = Extract<Expectation, { type: "agent_says" }>;

/** Case-insensitive, with runs of whitespace as one space and none at either end. */
const normalize = (text: string) => text.replace(/\s+/g, " ").trim().toLowerCase();

/** contains, exact (both case-insensitive) and regex (JavaScript syntax); judge expectations go through checkJudgedAnswer. */
export function checkAgentSays(expectation: AgentSays, observation: Observation): Check {
  const said = observation.agentText;
  const expected = expectation.value;
  const base = { expected, actual: said };
  switch (expectation.match) {
    case "contains": {
      const passed = normalize(said).includes(normalize(expected));
      return { ...base, passed, reason: passed ? `The agent said ${quote(expected)} ${where(observation)}` : `The agent never said ${quote(expected)} ${where(observation)}; it said ${quote(said)}` };
    }
    case "exact": {
      const passed = normalize(said) === normalize(expected);
      return { ...base, passed, reason: passed ? "The agent said exactly that" : `The agent said ${quote(said)}, not ${quote(expected)}` };
    }
    case "regex": {
      const compiled = compileExpectationRegex(expected);
      if (!compiled.regex) return { ...base, passed: false, reason: `Not a valid regular expression: ${compiled.error}` };
      const found = compiled.regex.exec(said);
      return {
        ...base,
        passed: found !== null,
        reason: found ? `${quote(found[0])} matches ${expected}` : `Nothing the agent said matches ${expected}; it said ${quote(said)}`,
      };
    }
    case "judge":
      return { ...base, passed: false, reason: "A judge expectation needs the judge's verdict" };
  }
}

export type Verdict = { verdict: "pass" | "fail"; reason: string };

/** A judge expectation, with the judge's verdict on the agent's answer. */
export function checkJudgedAnswer(expectation: AgentSays, observation: Observation, verdict: Verdict): Check {
  return { expected: expectation.value, actual: observation.agentText, passed: verdict.verdict === "pass", reason: `Judge: ${verdict.reason}` };
}
