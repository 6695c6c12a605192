import { createServer, type IncomingHttpHeaders, type Server } from "node:http";
import type { AddressInfo } from "node:net";

/** The parts of a Chat Completions request the tests look at. */
export type ChatMessage = {
  role: "system" | "user" | "assistant" | "tool" | "developer";
  content: string | null | { type: string; text?: string }[];
  tool_calls?: { id: string; type: "function"; function: { name: string; arguments: string } }[];
  tool_call_id?: string;
};
export type ChatTool = { type: "function"; function: { name: string; description?: string; parameters: Record<string, unknown> } };
export type ChatCompletionRequest = {
  model: string;
  messages: ChatMessage[];
  stream?: boolean;
  tools?: ChatTool[];
  tool_choice?: unknown;
  temperature?: number;
  /** Structured output: `{type: "json_schema", json_schema: {name, schema, strict}}` or `{type: "json_object"}`. */
  response_format?: { type: string; json_schema?: { name?: string; schema?: Record<string, unknown>; strict?: boolean } };
  [key: string]: unknown;
};

export type FakeRequest = { path: string; headers: IncomingHttpHeaders; body: ChatCompletionRequest };

export type FakeReply = {
  /** Assistant text; streamed in pieces of `chunkSize` characters. */
  text?: string;
  /** A JSON answer for structured output (serialized as the message content). */
  json?: unknown;
  toolCalls?: { name: string; arguments: Record<string, unknown> | string; id?: string }[];
  /** Token counts; default: about a token per 4 characters of the request and the reply. */
  usage?: { prompt_tokens: number; completion_tokens: number };
  /** An error answer (`{error: {message, type}}`) with this HTTP status instead of a completion. */
  status?: number;
  errorMessage?: string;
  /** Wait before answering (timeouts, latency). */
  delayMs?: number;
  chunkSize?: number;
};

export type FakeHandler = (request: FakeRequest) => FakeReply | Promise<FakeReply>;

export type FakeOpenAiServer = {
  /** Base URL ending in /v1, for OPENAI_BASE_URL, OPENAI_COMPATIBLE_BASE_URL or AZURE_OPENAI_BASE_URL. */
  url: string;
  /** Every request received, oldest first. */
  requests: FakeRequest[];
  setHandler(handler: FakeHandler): void;
  /** Environment that points every provider at this server. */
  env(): Record<string, string>;
  close(): Promise<void>;
};

/** What GET /v1/models lists. */
export const FAKE_MODELS = ["gpt-4o-mini", "gpt-4.1", "fake-voice-model"];

const estimateTokens = (text: string) => Math.max(1, Math.ceil(text.length / 4));

/** The text of the newest message with this role (user by default). */
export function lastMessage(body: ChatCompletionRequest, role: ChatMessage["role"] = "user"): string {
  const message = [...body.messages].reverse().find((m) => m.role === role);
  return message ? messageText(message) : "";
}

export function messageText(message: ChatMessage): string {
  if (typeof message.content === "string") return message.content;
  return (message.content ?? []).map((part) => part.text ?? "").join("");
}

export const toolNames = (body: ChatCompletionRequest) => (body.tools ?? []).map((tool) => tool.function.name);

/**
 * A real HTTP server on 127.0.0.1 that speaks the OpenAI Chat Completions protocol (any path
 * ending in /chat/completions, so the OpenAI, Azure and OpenAI-compatible providers all reach it),
 * streamed as server-sent events or not, with tool calls and usage, each answer from the test's handler.
 */
export async function startFakeOpenAiServer(initial: FakeHandler = () => ({ text: "Hello." }), options: { audioUpstream?: string } = {}): Promise<FakeOpenAiServer> {
  let handler = initial;
  const requests: FakeRequest[] = [];
  let sequence = 0;

  const server: Server = createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const path = (req.url ?? "").split("?")[0];
    const audio = /\/audio\/(transcriptions|speech)$/.exec(path);
    if (audio && options.audioUpstream) {
      // One OPENAI_BASE_URL for the model and speech, as at OpenAI: the audio endpoints answer from a speech fake.
      const upstream = await fetch(`${options.audioUpstream}/audio/${audio[1]}`, {
        method: "POST",
        headers: { "content-type": String(req.headers["content-type"] ?? ""), authorization: String(req.headers.authorization ?? "") },
        body: Buffer.concat(chunks),
      });
      res.writeHead(upstream.status, { "content-type": upstream.headers.get("content-type") ?? "application/octet-stream" });
      for await (const chunk of upstream.body as unknown as AsyncIterable<Uint8Array>) res.write(chunk);
      res.end();
      return;
    }
    if (req.method === "GET" && path.endsWith("/models")) {
      // The model list, as OpenAI's GET /v1/models answers it.
      const data = FAKE_MODELS.map((id) => ({ id, object: "model", created: 1_700_000_000, owned_by: "fake" }));
      res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify({ object: "list", data }));
      return;
    }
    if (req.method !== "POST" || !path.endsWith("/chat/completions")) {
      res.writeHead(404, { "content-type": "application/json" }).end(JSON.stringify({ error: { message: `No route ${req.method} ${path}`, type: "invalid_request_error" } }));
      return;
    }
    let body: ChatCompletionRequest;
    try {
      body = JSON.parse(Buffer.concat(chunks).toString("utf8"));
    } catch {
      res.writeHead(400, { "content-type": "application/json" }).end(JSON.stringify({ error: { message: "Malformed JSON", type: "invalid_request_error" } }));
      return;
    }
    const request: FakeRequest = { path, headers: req.headers, body };
    requests.push(request);
    let reply: FakeReply;
    try {
      reply = await handler(request);
    } catch (error) {
      reply = { status: 500, errorMessage: error instanceof Error ? error.message : String(error) };
    }
    if (reply.delayMs) await new Promise((resolve) => setTimeout(resolve, reply.delayMs));
    if (res.destroyed) return;
    if (reply.status && reply.status >= 400) {
      res.writeHead(reply.status, { "content-type": "application/json" });
      res.end(JSON.stringify({ error: { message: reply.errorMessage ?? "Fake failure", type: "server_error", code: null } }));
      return;
    }
    const id = `chatcmpl-fake${++sequence}`;
    const created = Math.floor(Date.now() / 1000);
    const text = reply.json !== undefined ? JSON.stringify(reply.json) : reply.text;
    const toolCalls = (reply.toolCalls ?? []).map((call, index) => ({
      index,
      id: call.id ?? `call_${sequence}_${index}`,
      type: "function" as const,
      function: { name: call.name, arguments: typeof call.arguments === "string" ? call.arguments : JSON.stringify(call.arguments) },
    }));
    const promptText = body.messages.map(messageText).join("\n") + JSON.stringify(body.tools ?? []);
    const usageCounts = reply.usage ?? {
      prompt_tokens: estimateTokens(promptText),
      completion_tokens: estimateTokens((text ?? "") + toolCalls.map((c) => c.function.arguments).join("")),
    };
    const usage = { ...usageCounts, total_tokens: usageCounts.prompt_tokens + usageCounts.completion_tokens };
    const finishReason = toolCalls.length > 0 ? "tool_calls" : "stop";

    if (!body.stream) {
      res.writeHead(200, { "content-type": "application/json" });
      res.end(
        JSON.stringify({
          id,
          object: "chat.completion",
          created,
          model: body.model,
          choices: [
            {
              index: 0,
              message: {
                role: "assistant",
                content: text ?? null,
                ...(toolCalls.length ? { tool_calls: toolCalls.map((call) => ({ id: call.id, type: call.type, function: call.function })) } : {}),
              },
              finish_reason: finishReason,
            },
          ],
          usage,
        }),
      );
      return;
    }

    res.writeHead(200, { "content-type": "text/event-stream", "cache-control": "no-cache", connection: "keep-alive" });
    const send = (payload: unknown) => res.write(`data: ${JSON.stringify(payload)}\n\n`);
    const chunk = (delta: Record<string, unknown>, finish: string | null = null) =>
      send({ id, object: "chat.completion.chunk", created, model: body.model, choices: [{ index: 0, delta, finish_reason: finish }] });
    chunk({ role: "assistant", content: "" });
    const size = reply.chunkSize ?? 8;
    for (let offset = 0; text && offset < text.length; offset += size) chunk({ content: text.slice(offset, offset + size) });
    for (const call of toolCalls) {
      const args = call.function.arguments;
      const half = Math.ceil(args.length / 2);
      chunk({ tool_calls: [{ index: call.index, id: call.id, type: "function", function: { name: call.function.name, arguments: args.slice(0, half) } }] });
      chunk({ tool_calls: [{ index: call.index, function: { arguments: args.slice(half) } }] });
    }
    chunk({}, finishReason);
    send({ id, object: "chat.completion.chunk", created, model: body.model, choices: [], usage });
    res.end("data: [DONE]\n\n");
  });

  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
  return {
    url,
    requests,
    setHandler: (next) => {
      handler = next;
    },
    env: () => ({
      OPENAI_API_KEY: "sk-fake",
      OPENAI_BASE_URL: url,
      AZURE_OPENAI_API_KEY: "azure-fake",
      AZURE_OPENAI_BASE_URL: url,
      OPENAI_COMPATIBLE_BASE_URL: url,
      OPENAI_COMPATIBLE_API_KEY: "local-fake",
    }),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
