// Agent tests and their runs as the studio reads them: the API's shapes (lib/schemas/agent-tests).
export {
  agentSaysMatches,
  agentTestModes,
  agentTestTypes,
  expectationTypes,
  SUCCESS_CRITERION,
  type AgentTest,
  type AgentTestLastResult,
  type Assertion,
  type CreateAgentTestInput,
  type Expectation,
  type ExpectationType,
  type TestResult,
  type TestRun,
  type TestRunListItem,
  type TestRunStatus,
} from "@/lib/schemas/agent-tests";
export { callEndReasons } from "@/lib/schemas/call-values";

/** A run that is still going (the studio polls it). */
export const isRunLive = (status: string) => status === "queued" || status === "running";
