import type { CreateAgentInput, UpdateAgentInput } from "@/lib/agents/document-schema";
import type { Agent, AgentVersionSummary } from "@/lib/schemas/agents";
import type { Envelope, VoiceApiClient } from "./client";

export type { Agent, AgentVersionSummary } from "@/lib/schemas/agents";

export function listAgents(client: VoiceApiClient, query: { page?: number; limit?: number } = {}): Promise<Envelope<Agent[]>> {
  return client.requestEnvelope<Agent[]>("GET", "/agents", { query });
}

export function getAgent(client: VoiceApiClient, agentId: string, version?: number): Promise<Agent> {
  return client.get<Agent>(`/agents/${encodeURIComponent(agentId)}`, { query: { version } });
}

export function createAgent(client: VoiceApiClient, body: CreateAgentInput): Promise<Agent> {
  return client.post<Agent>("/agents", body);
}

export function updateAgent(client: VoiceApiClient, agentId: string, body: UpdateAgentInput): Promise<Agent> {
  return client.patch<Agent>(`/agents/${encodeURIComponent(agentId)}`, body);
}

export function deleteAgent(client: VoiceApiClient, agentId: string): Promise<null> {
  return client.delete<null>(`/agents/${encodeURIComponent(agentId)}`);
}

export function listAgentVersions(client: VoiceApiClient, agentId: string): Promise<AgentVersionSummary[]> {
  return client.get<AgentVersionSummary[]>(`/agents/${encodeURIComponent(agentId)}/versions`);
}

/** GET /v1/llm-models: a provider's models, from its own GET /models. */
export type { LlmModelList } from "@/lib/schemas/llm-models";
export type { SpeechProviders, VoiceList } from "@/lib/schemas/voices";
