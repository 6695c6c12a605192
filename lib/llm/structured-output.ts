import "server-only";
import { generateText, Output } from "ai";
import type { z } from "zod";
import { resolveLanguageModel, type LlmProvider } from "./language-model";

type Env = Record<string, string | undefined>;

export type StructuredRequest<T> = {
  provider: LlmProvider;
  model: string;
  system: string;
  prompt: string;
  schema: z.ZodType<T>;
  abortSignal?: AbortSignal;
};

/** One structured answer from a model: the request's schema as the response format, temperature 0. */
export type StructuredModel = <T>(request: StructuredRequest<T>) => Promise<T>;

/** StructuredModel over the AI SDK, through the provider's Chat Completions endpoint (`json_schema` response format). */
export function aiSdkStructuredModel(env: Env = process.env, timeoutMs = 60_000): StructuredModel {
  return async (request) => {
    const signals = [AbortSignal.timeout(timeoutMs), ...(request.abortSignal ? [request.abortSignal] : [])];
    const result = await generateText({
      model: resolveLanguageModel({ provider: request.provider, model: request.model }, env),
      system: request.system,
      prompt: request.prompt,
      output: Output.object({ schema: request.schema }),
      temperature: 0,
      maxRetries: 1,
      abortSignal: AbortSignal.any(signals),
    });
    return result.output;
  };
}
