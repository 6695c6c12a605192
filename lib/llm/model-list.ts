import "server-only";
import type { LlmModelList as ModelList } from "@/lib/schemas/llm-models";
import type { LlmProvider } from "./language-model";

type Env = Record<string, string | undefined>;
const read = (env: Env, name: string) => env[name]?.trim() || undefined;

/** Where the provider's OpenAI-style GET /models is, with its key; null for Azure (deployments are named by you). */
function modelsEndpoint(provider: LlmProvider, env: Env): { url: string; apiKey?: string } | null {
  if (provider === "openai" || provider === "openai_realtime") return { url: `${(read(env, "OPENAI_BASE_URL") ?? "https://api.openai.com/v1").replace(/\/$/, "")}/models`, apiKey: read(env, "OPENAI_API_KEY") };
  if (provider === "openai_compatible") {
    const base = read(env, "OPENAI_COMPATIBLE_BASE_URL");
    return base ? { url: `${base.replace(/\/$/, "")}/models`, apiKey: read(env, "OPENAI_COMPATIBLE_API_KEY") } : null;
  }
  return null;
}

/**
 * The models the provider offers, from its own GET /models (OpenAI and OpenAI-compatible servers:
 * Ollama, vLLM, llama.cpp). Azure OpenAI names deployments, which only their owner knows. A provider
 * that is not configured or does not answer gives an empty list and says why: the model stays free text.
 */
export async function listProviderModels(provider: LlmProvider, env: Env = process.env, fetchImpl: typeof fetch = fetch): Promise<ModelList> {
  const none = (message: string): ModelList => ({ provider, source: "none", models: [], message });
  if (provider === "azure_openai") return none("Azure OpenAI: type the name of one of your deployments.");
  const endpoint = modelsEndpoint(provider, env);
  if (!endpoint) return none(`The ${provider} provider is not configured on this server, so its models cannot be listed.`);
  if ((provider === "openai" || provider === "openai_realtime") && !endpoint.apiKey) return none("OPENAI_API_KEY is not set on this server, so OpenAI's models cannot be listed.");
  try {
    const response = await fetchImpl(endpoint.url, {
      headers: endpoint.apiKey ? { authorization: `Bearer ${endpoint.apiKey}`, accept: "application/json" } : { accept: "application/json" },
      signal: AbortSignal.timeout(5000),
    });
    if (!response.ok) return none(`The provider answered ${response.status} to GET /models.`);
    const body = (await response.json()) as { data?: { id?: unknown }[]; models?: { name?: unknown }[] };
    // OpenAI's shape is {data: [{id}]}; Ollama's native /api/tags is {models: [{name}]}.
    const ids = [...(body.data ?? []).map((model) => model.id), ...(body.models ?? []).map((model) => model.name)];
    const models = [...new Set(ids.filter((id): id is string => typeof id === "string" && id.length > 0))].sort((a, b) => a.localeCompare(b));
    return { provider, source: "provider", models, message: null };
  } catch (error) {
    return none(`The provider's model list could not be read: ${(error as Error).name === "TimeoutError" ? "no answer within 5 s" : (error as Error).message}.`);
  }
}
