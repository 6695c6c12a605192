import type { VoiceApiClient } from "@/lib/voice-api/client";

export type AgentOption = { id: string; name: string };

/** The organization's agents for pickers and names in tables (one page of up to 1000, the API's maximum). */
export async function listAgentOptions(api: VoiceApiClient): Promise<AgentOption[]> {
  const agents = await api.get<{ id: string; name: string }[]>("/agents", { query: { limit: 1000 } });
  return agents.map(({ id, name }) => ({ id, name })).sort((a, b) => a.name.localeCompare(b.name));
}
