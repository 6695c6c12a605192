import type { AnalysisJob, ReanalyzeBody, ReanalyzeResult } from "@/lib/schemas/analysis-jobs";
import type { VoiceApiClient } from "./client";

export type { AnalysisJob, ReanalyzeBody, ReanalyzeResult } from "@/lib/schemas/analysis-jobs";
export type { ReanalysisPart } from "@/lib/schemas/calls";

export const reanalyzePath = (agentId: string) => `/agents/${encodeURIComponent(agentId)}/reanalyze`;
export const analysisJobPath = (jobId: string) => `/analysis-jobs/${encodeURIComponent(jobId)}`;

/** POST /v1/agents/{id}/reanalyze: queue a re-run of the analysis and/or post-call answers of a range. */
export function reanalyzeAgentCalls(client: VoiceApiClient, agentId: string, body: ReanalyzeBody): Promise<ReanalyzeResult> {
  return client.post<ReanalyzeResult>(reanalyzePath(agentId), body);
}

/** GET /v1/analysis-jobs/{id}: a re-run's progress. */
export function getAnalysisJob(client: VoiceApiClient, jobId: string): Promise<AnalysisJob> {
  return client.get<AnalysisJob>(analysisJobPath(jobId));
}
