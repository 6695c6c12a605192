import type { Assertion, Expectation } from "@/lib/schemas/agent-tests";
import { checkAgentSays, checkJudgedAnswer, type Verdict } from "./agent-says";
import { checkEnded } from "./ended";
import type { Check, Observation } from "./observation";
import { checkState } from "./state";
import { checkToolCalled } from "./tool-called";
import { checkToolNotCalled } from "./tool-not-called";
import { checkVariable } from "./variable";

/** One expectation against what the turn (or conversation) showed; a judge expectation takes the judge's verdict. */
export function checkExpectation(expectation: Expectation, observation: Observation, verdict?: Verdict): Check {
  switch (expectation.type) {
    case "agent_says":
      return expectation.match === "judge" && verdict ? checkJudgedAnswer(expectation, observation, verdict) : checkAgentSays(expectation, observation);
    case "tool_called":
      return checkToolCalled(expectation, observation);
    case "tool_not_called":
      return checkToolNotCalled(expectation, observation);
    case "state":
      return checkState(expectation, observation);
    case "variable":
      return checkVariable(expectation, observation);
    case "ended":
      return checkEnded(expectation, observation);
  }
}

/** The assertion a result lists. */
export function toAssertion(turn: number | null, expectation: Expectation, check: Check): Assertion {
  return { turn, type: expectation.type, ...(expectation.type === "agent_says" ? { match: expectation.match } : {}), ...check };
}

export type { Observation, Check } from "./observation";
export type { Verdict } from "./agent-says";
