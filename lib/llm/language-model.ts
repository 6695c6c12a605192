import "server-only";
import { createAzure } from "@ai-sdk/azure";
import { createOpenAI } from "@ai-sdk/openai";
import { createOpenAICompatible } from "@ai-sdk/openai-compatible";
import type { LanguageModel } from "ai";

export type LlmProvider = "openai" | "azure_openai" | "openai_compatible" | "openai_realtime";
export type LlmSettings = { provider?: LlmProvider; model?: string };

export const DEFAULT_LLM_PROVIDER: LlmProvider = "openai";
export const DEFAULT_LLM_MODEL = "gpt-4o-mini";

/** The chosen provider has no key or endpoint in the environment; the message says what to set. */
export class LlmNotConfiguredError extends Error {
  constructor(
    readonly provider: LlmProvider,
    message: string,
  ) {
    super(message);
    this.name = "LlmNotConfiguredError";
  }
}

type Env = Record<string, string | undefined>;
const read = (env: Env, name: string) => env[name]?.trim() || undefined;

/**
 * The AI SDK model for an agent's (or a state's) llm settings. Every provider speaks the Chat
 * Completions protocol (`.chat()`), so OpenAI, Azure OpenAI (model = deployment name) and local
 * servers (Ollama, vLLM, llama.cpp) behave alike, tool calls included. An `openai_realtime` agent
 * speaks on OpenAI's Realtime API in voice calls; its text turns (text calls, post-call answers)
 * use OpenAI's chat model `llm.model` with the same key.
 */
export function resolveLanguageModel(settings: LlmSettings, env: Env = process.env): LanguageModel {
  const provider = settings.provider ?? DEFAULT_LLM_PROVIDER;
  const model = settings.model ?? DEFAULT_LLM_MODEL;
  switch (provider) {
    case "openai":
    case "openai_realtime": {
      const apiKey = read(env, "OPENAI_API_KEY");
      if (!apiKey) throw new LlmNotConfiguredError(provider, `The ${provider} LLM provider is not configured: set OPENAI_API_KEY (and OPENAI_BASE_URL for a proxy).`);
      return createOpenAI({ apiKey, baseURL: read(env, "OPENAI_BASE_URL") }).chat(model);
    }
    case "azure_openai": {
      const apiKey = read(env, "AZURE_OPENAI_API_KEY");
      const resourceName = read(env, "AZURE_OPENAI_RESOURCE_NAME");
      const baseURL = read(env, "AZURE_OPENAI_BASE_URL");
      if (!apiKey || (!resourceName && !baseURL)) {
        throw new LlmNotConfiguredError(
          provider,
          "The azure_openai LLM provider is not configured: set AZURE_OPENAI_API_KEY and AZURE_OPENAI_RESOURCE_NAME (or AZURE_OPENAI_BASE_URL); the agent's llm.model names the deployment.",
        );
      }
      return createAzure({ apiKey, resourceName, baseURL, apiVersion: read(env, "AZURE_OPENAI_API_VERSION") }).chat(model);
    }
    case "openai_compatible": {
      const baseURL = read(env, "OPENAI_COMPATIBLE_BASE_URL");
      if (!baseURL) {
        throw new LlmNotConfiguredError(
          provider,
          "The openai_compatible LLM provider is not configured: set OPENAI_COMPATIBLE_BASE_URL (e.g. http://localhost:11434/v1 for Ollama) and, if the server needs one, OPENAI_COMPATIBLE_API_KEY.",
        );
      }
      return createOpenAICompatible({
        name: "openai_compatible",
        baseURL,
        apiKey: read(env, "OPENAI_COMPATIBLE_API_KEY"),
        includeUsage: true,
        // json_schema response formats: Ollama, vLLM and llama.cpp accept them; set false for servers that only know json_object.
        supportsStructuredOutputs: read(env, "OPENAI_COMPATIBLE_STRUCTURED_OUTPUTS") !== "false",
      }).chatModel(model);
    }
    default:
      throw new LlmNotConfiguredError(provider, `Unknown LLM provider "${String(provider)}": use openai, azure_openai, openai_compatible or openai_realtime.`);
  }
}

/** Null when the provider can be used; else the message saying what to set. */
export function llmConfigurationProblem(settings: LlmSettings, env: Env = process.env): string | null {
  try {
    resolveLanguageModel(settings, env);
    return null;
  } catch (error) {
    if (error instanceof LlmNotConfiguredError) return error.message;
    throw error;
  }
}
