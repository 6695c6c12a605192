import useSWR from "swr";
import type { Agent, AgentVersionSummary } from "@/lib/voice-api/agents";
import { envelopeFetcher } from "@/lib/voice-api/browser-client";
import type { Envelope } from "@/lib/voice-api/client";
import { useEnvelope } from "./use-envelope";

export const agentVersionsKey = (agentId: string) => `/v1/agents/${encodeURIComponent(agentId)}/versions`;
export const agentVersionKey = (agentId: string, version: number) => `/v1/agents/${encodeURIComponent(agentId)}?version=${version}`;

/** Every version of an agent (GET /v1/agents/{id}/versions), fetched again when its current version changes. */
export function useAgentVersions(agentId: string, currentVersion: number) {
  return useSWR<Envelope<AgentVersionSummary[]>, Error, [string, number]>([agentVersionsKey(agentId), currentVersion], ([path]) => envelopeFetcher<AgentVersionSummary[]>(path));
}

/** The agent as it was at one version; null fetches nothing. */
export function useAgentVersion(agentId: string, version: number | null) {
  return useEnvelope<Agent>(version === null ? null : agentVersionKey(agentId, version));
}
