import type { AgentTest, TestRun, TestRunListItem } from "@/lib/voice-api/agent-tests";
import { isRunLive } from "@/lib/voice-api/agent-tests";
import { useEnvelope } from "./use-envelope";

export const agentTestsKey = (agentId: string) => `/v1/agents/${encodeURIComponent(agentId)}/tests?limit=1000`;
export const testRunsKey = (agentId: string) => `/v1/agents/${encodeURIComponent(agentId)}/test-runs?limit=100`;
export const testRunKey = (runId: string) => `/v1/test-runs/${encodeURIComponent(runId)}`;

/** An agent's tests with each one's last result (GET /v1/agents/{id}/tests). */
export function useAgentTests(agentId: string) {
  return useEnvelope<AgentTest[]>(agentTestsKey(agentId));
}

/** An agent's recent runs, newest first (GET /v1/agents/{id}/test-runs); polled while one is live. */
export function useTestRuns(agentId: string) {
  return useEnvelope<TestRunListItem[]>(testRunsKey(agentId), {
    refreshInterval: (latest) => (latest?.data.some((run) => isRunLive(run.status)) ? 1500 : 0),
  });
}

/** One run with its results; polled every second while it is queued or running (live progress). */
export function useTestRun(runId: string | null) {
  return useEnvelope<TestRun>(runId ? testRunKey(runId) : null, {
    refreshInterval: (latest) => (!latest || isRunLive(latest.data.status) ? 1000 : 0),
  });
}
