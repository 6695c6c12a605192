import "server-only";
import { APICallError, jsonSchema, RetryError, streamText, tool, type JSONSchema7, type ModelMessage, type ToolSet } from "ai";
import { resolveLanguageModel } from "@/lib/llm/language-model";
import type { EngineMessage, LanguageModelPort, LlmEvent, ToolSpec } from "./types";

function toModelMessages(messages: EngineMessage[]): ModelMessage[] {
  return messages.map((message): ModelMessage => {
    if (message.role === "user") return { role: "user", content: message.content };
    if (message.role === "tool") {
      return {
        role: "tool",
        content: message.results.map((result) => ({
          type: "tool-result" as const,
          toolCallId: result.id,
          toolName: result.name,
          output: { type: "json" as const, value: (result.output ?? null) as never },
        })),
      };
    }
    if (!message.toolCalls?.length) return { role: "assistant", content: message.content };
    return {
      role: "assistant",
      content: [
        ...(message.content ? [{ type: "text" as const, text: message.content }] : []),
        ...message.toolCalls.map((call) => ({ type: "tool-call" as const, toolCallId: call.id, toolName: call.name, input: call.input })),
      ],
    };
  });
}

/** Tools without `execute`: the AI SDK hands the calls back and the engine runs them. */
function toToolSet(specs: ToolSpec[]): ToolSet {
  return Object.fromEntries(specs.map((spec) => [spec.name, tool({ description: spec.description, inputSchema: jsonSchema(spec.parameters as JSONSchema7) })]));
}

/** A provider's failure in words that say what broke: "the model answered 500: …" (the turn_failed event carries it). */
export function describeModelError(error: unknown): Error {
  const last = RetryError.isInstance(error) ? error.lastError : error;
  const attempts = RetryError.isInstance(error) ? ` (after ${error.errors.length} attempts)` : "";
  if (APICallError.isInstance(last)) {
    const status = last.statusCode ? `answered ${last.statusCode}` : "could not be reached";
    return new Error(`The model ${status}: ${last.message}${attempts}`);
  }
  return last instanceof Error ? new Error(`${last.message}${attempts}`) : new Error(String(last));
}

/** The engine's model port over the AI SDK: one streamed step per request, through the agent's provider. */
export function aiSdkLanguageModel(env: Record<string, string | undefined> = process.env): LanguageModelPort {
  return async function* (request): AsyncIterable<LlmEvent> {
    const result = streamText({
      model: resolveLanguageModel({ provider: request.provider, model: request.model }, env),
      system: request.system,
      messages: toModelMessages(request.messages),
      tools: toToolSet(request.tools),
      temperature: request.temperature,
      abortSignal: request.abortSignal,
      maxRetries: 1,
      // Errors arrive in the stream and are thrown from here; the SDK's default would also print them.
      onError: () => {},
    });
    for await (const part of result.fullStream) {
      if (part.type === "text-delta") yield { type: "text", text: part.text };
      else if (part.type === "tool-call") yield { type: "tool-call", call: { id: part.toolCallId, name: part.toolName, input: (part.input ?? {}) as Record<string, unknown> } };
      else if (part.type === "finish") yield { type: "usage", inputTokens: part.totalUsage.inputTokens ?? 0, outputTokens: part.totalUsage.outputTokens ?? 0 };
      else if (part.type === "error") throw describeModelError(part.error);
    }
  };
}
