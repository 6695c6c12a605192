import type { LlmModelList } from "@/lib/voice-api/agents";
import { useEnvelope } from "./use-envelope";

export const llmModelsKey = (provider: string) => `/v1/llm-models?provider=${encodeURIComponent(provider)}`;

/** The configured provider's models (GET /v1/llm-models), for the model field's suggestions. */
export function useLlmModels(provider: string) {
  const { data, error, isLoading } = useEnvelope<LlmModelList>(llmModelsKey(provider), { revalidateOnFocus: false });
  return { list: data?.data ?? null, error, isLoading };
}
