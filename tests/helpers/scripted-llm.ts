import type { LanguageModelPort, LlmEvent, LlmRequest, ToolCall } from "@/lib/runtime/types";

/** What the scripted model answers: text (streamed word by word), function calls, token counts. */
export type ScriptedReply = { text?: string; calls?: { name: string; input?: Record<string, unknown> }[]; usage?: [number, number] };

export type ScriptedLlm = { port: LanguageModelPort; requests: LlmRequest[] };

/** A model object for engine unit tests: each request gets the handler's reply. */
export function scriptedLlm(handler: (request: LlmRequest, index: number) => ScriptedReply | Error): ScriptedLlm {
  const requests: LlmRequest[] = [];
  let counter = 0;
  const port: LanguageModelPort = async function* (request) {
    const reply = handler(request, requests.length);
    requests.push(structuredClone({ ...request, abortSignal: undefined }));
    if (reply instanceof Error) throw reply;
    for (const word of (reply.text ?? "").match(/\S+\s*/g) ?? []) yield { type: "text", text: word } satisfies LlmEvent;
    for (const call of reply.calls ?? []) {
      const toolCall: ToolCall = { id: `call_${++counter}`, name: call.name, input: call.input ?? {} };
      yield { type: "tool-call", call: toolCall };
    }
    const [inputTokens, outputTokens] = reply.usage ?? [10, 5];
    yield { type: "usage", inputTokens, outputTokens };
  };
  return { port, requests };
}

/** The text of the newest user message of a request. */
export const lastUserText = (request: LlmRequest) => {
  const message = [...request.messages].reverse().find((m) => m.role === "user");
  return message && message.role === "user" ? message.content : "";
};

export function fakeClock(start = new Date("2026-03-01T10:00:00.000Z")) {
  let now = start.getTime();
  return {
    now: () => new Date(now),
    advance: (ms: number) => {
      now += ms;
    },
  };
}
