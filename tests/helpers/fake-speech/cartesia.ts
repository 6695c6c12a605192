import { randomUUID } from "node:crypto";
import type { IncomingHttpHeaders } from "node:http";
import { WebSocketServer, type WebSocket } from "ws";
import { json, listen } from "./http-server";
import { sleep, ToneVoice } from "./tones";

// Cartesia on 127.0.0.1, message for message from its documentation:
// - TTS WebSocket: https://docs.cartesia.ai/api-reference/tts/websocket
// - contexts and continuations: https://docs.cartesia.ai/use-the-api/tts-websocket/contexts
// - flush ids: https://docs.cartesia.ai/use-the-api/tts-websocket/context-flushing-and-flush-i-ds
// - message shapes: the official SDK's types (cartesia-ai/cartesia-js src/resources/tts.ts:
//   GenerationRequest, CancelContextRequest, WebsocketResponse.Chunk / FlushDone / Done / Error)
// - voices: GET /voices (cartesia-js src/resources/voices.ts, a cursor page `{data, has_more}`)

export type CartesiaRequest = Record<string, unknown> & { context_id?: string; transcript?: string; continue?: boolean; flush?: boolean; cancel?: boolean };
export type CartesiaSession = { headers: IncomingHttpHeaders; query: URLSearchParams; requests: CartesiaRequest[]; closedByClient: boolean };

type Context = {
  id: string;
  buffer: string;
  flushId: number;
  /** Generations of this context run one after another, in the order they were asked for. */
  chain: Promise<void>;
  cancelled: boolean;
  done: boolean;
  format: { encoding: string; sample_rate: number };
};

const RATES = [8000, 16000, 22050, 24000, 44100, 48000];
export const CARTESIA_VOICES = [
  { id: "f786b574-daa5-4673-aa0c-cbe3e8534c02", name: "Katie", description: "Friendly, conversational", language: "en", gender: "feminine" },
  { id: "a0e99841-438c-4a64-b679-ae501e7d6091", name: "Barbershop Man", description: "Warm, relaxed", language: "en", gender: "masculine" },
];

/**
 * Cartesia's `/tts/websocket`: `Authorization: Bearer` and `Cartesia-Version` on the upgrade (or
 * `api_key`/`cartesia_version` in the query, as browsers send them); JSON generation requests per
 * `context_id` whose transcripts are joined verbatim while `continue` is true; a request with
 * `flush: true` generates what is buffered and answers `chunk`s (base64 audio in the requested raw
 * encoding, with the `flush_id`) then `flush_done`; `continue: false` generates the rest and answers
 * `done`; `{context_id, cancel: true}` stops the context's generation at once. Also `GET /voices`.
 */
export async function startFakeCartesia(options: { apiKey?: string; voice?: ToneVoice; firstByteMs?: number; chunkIntervalMs?: number; chunkMs?: number; inFlightChunks?: number } = {}) {
  const apiKey = options.apiKey ?? "cartesia-test-key";
  /** The fake's key, or one derived from it (`<key>.<anything>`: the bench gives each call its own, to tell their sessions apart). */
  const accepted = (key: string | null | undefined) => key === apiKey || Boolean(key?.startsWith(`${apiKey}.`));
  const state = {
    voice: options.voice ?? new ToneVoice(),
    firstByteMs: options.firstByteMs ?? 0,
    chunkIntervalMs: options.chunkIntervalMs ?? 0,
    chunkMs: options.chunkMs ?? 40,
    inFlightChunks: options.inFlightChunks ?? 2,
  };
  const sessions: CartesiaSession[] = [];
  const cancels: { contextId: string; at: number }[] = [];
  const versionOf = (headers: IncomingHttpHeaders, query: URLSearchParams) => (headers["cartesia-version"] as string | undefined) ?? query.get("cartesia_version");
  const keyOf = (headers: IncomingHttpHeaders, query: URLSearchParams) => headers.authorization?.replace(/^Bearer /, "") ?? query.get("api_key");

  const http = await listen((request, _body, response) => {
    const url = new URL(request.url ?? "/", "http://localhost");
    if (!accepted(keyOf(request.headers, url.searchParams))) return json(response, 401, { error: "Invalid API key" });
    if (!versionOf(request.headers, url.searchParams)) return json(response, 400, { error: "Cartesia-Version header is required" });
    if (request.method === "GET" && url.pathname === "/voices") {
      const data = CARTESIA_VOICES.map((voice) => ({ ...voice, is_owner: false, is_public: true, created_at: "2024-06-01T00:00:00Z" }));
      return json(response, 200, { data, has_more: false });
    }
    json(response, 404, { error: "Not found" });
  });
  const wss = new WebSocketServer({ noServer: true });
  http.server.on("upgrade", (request, socket, head) => {
    const url = new URL(request.url ?? "/", "http://localhost");
    const refuse = (status: number, reason: string, body: string) =>
      socket.end(`HTTP/1.1 ${status} ${reason}\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`);
    if (url.pathname !== "/tts/websocket") return refuse(404, "Not Found", '{"error":"Not found"}');
    if (!accepted(keyOf(request.headers, url.searchParams))) return refuse(401, "Unauthorized", '{"error":"Invalid API key"}');
    if (!versionOf(request.headers, url.searchParams)) return refuse(400, "Bad Request", '{"error":"Cartesia-Version header is required"}');
    wss.handleUpgrade(request, socket, head, (ws) => serve(ws, { headers: request.headers, query: url.searchParams, requests: [], closedByClient: false }));
  });

  function serve(ws: WebSocket, session: CartesiaSession) {
    sessions.push(session);
    const contexts = new Map<string, Context>();
    const send = (context: Context, message: Record<string, unknown>) => {
      if (ws.readyState === ws.OPEN) ws.send(JSON.stringify({ ...message, context_id: context.id }));
    };
    const error = (contextId: string | undefined, statusCode: number, title: string, message: string) => {
      if (ws.readyState === ws.OPEN) ws.send(JSON.stringify({ type: "error", context_id: contextId, status_code: statusCode, title, message, done: true, request_id: randomUUID() }));
    };

    async function generate(context: Context, text: string, flushId: number) {
      if (!text.trim() || context.cancelled) return;
      const rate = context.format.sample_rate;
      const pcm = state.voice.audio(text.trim(), rate);
      const bytes = new Uint8Array(pcm.buffer, pcm.byteOffset, pcm.byteLength);
      const chunkBytes = Math.round((rate * state.chunkMs) / 1000) * 2;
      if (state.firstByteMs) await sleep(state.firstByteMs);
      // Chunks already on the wire when a cancel arrives still reach the client: it must drop them.
      let inFlight = state.inFlightChunks;
      for (let offset = 0; offset < bytes.length; offset += chunkBytes) {
        if ((context.cancelled && inFlight-- <= 0) || ws.readyState !== ws.OPEN) return;
        send(context, { type: "chunk", data: Buffer.from(bytes.subarray(offset, offset + chunkBytes)).toString("base64"), done: false, status_code: 206, step_time: 5, flush_id: flushId });
        if (state.chunkIntervalMs) await sleep(state.chunkIntervalMs);
        else await new Promise((resolve) => setImmediate(resolve));
      }
    }

    ws.on("message", (data, isBinary) => {
      if (isBinary) return error(undefined, 400, "Invalid message", "Binary messages are not supported");
      let request: CartesiaRequest;
      try {
        request = JSON.parse(data.toString()) as CartesiaRequest;
      } catch {
        return error(undefined, 400, "Invalid message", "Could not parse the message as JSON");
      }
      session.requests.push(request);
      const contextId = request.context_id;
      if (request.cancel === true) {
        const context = contextId ? contexts.get(contextId) : undefined;
        cancels.push({ contextId: String(contextId), at: performance.now() });
        if (context) context.cancelled = true;
        return;
      }
      const voice = request.voice as { mode?: string; id?: string } | undefined;
      const format = request.output_format as { container?: string; encoding?: string; sample_rate?: number } | undefined;
      if (!contextId || typeof request.model_id !== "string" || typeof request.transcript !== "string" || voice?.mode !== "id" || !voice.id) {
        return error(contextId, 400, "Invalid request", "model_id, transcript, voice {mode: id, id}, output_format and context_id are required");
      }
      if (format?.container !== "raw" || format.encoding !== "pcm_s16le" || !RATES.includes(Number(format.sample_rate))) {
        return error(contextId, 400, "Invalid output format", "This fake streams raw pcm_s16le at 8000, 16000, 22050, 24000, 44100 or 48000 Hz");
      }
      let context = contexts.get(contextId);
      if (context?.done) return error(contextId, 400, "Context expired", `Context ${contextId} has already finished`);
      if (!context) {
        context = { id: contextId, buffer: "", flushId: 1, chain: Promise.resolve(), cancelled: false, done: false, format: { encoding: format.encoding, sample_rate: Number(format.sample_rate) } };
        contexts.set(contextId, context);
      }
      const ctx = context;
      if (ctx.cancelled) return;
      ctx.buffer += request.transcript;
      if (request.flush === true) {
        const text = ctx.buffer;
        const flushId = ctx.flushId++;
        ctx.buffer = "";
        ctx.chain = ctx.chain.then(async () => {
          await generate(ctx, text, flushId);
          if (!ctx.cancelled) send(ctx, { type: "flush_done", done: false, flush_done: true, flush_id: flushId, status_code: 206 });
        });
      } else if (request.continue !== true) {
        const text = ctx.buffer;
        const flushId = ctx.flushId;
        ctx.buffer = "";
        ctx.chain = ctx.chain.then(async () => {
          await generate(ctx, text, flushId);
          ctx.done = true;
          if (!ctx.cancelled) send(ctx, { type: "done", done: true, status_code: 200 });
        });
      }
    });
    ws.on("close", () => {
      session.closedByClient = true;
      for (const context of contexts.values()) context.cancelled = true;
    });
  }

  return {
    /** For CARTESIA_BASE_URL. */
    url: http.url,
    voice: state.voice,
    sessions,
    cancels,
    setDelays(delays: Partial<Pick<typeof state, "firstByteMs" | "chunkIntervalMs">>) {
      Object.assign(state, delays);
    },
    env(): Record<string, string> {
      return { CARTESIA_API_KEY: apiKey, CARTESIA_BASE_URL: http.url };
    },
    async close() {
      for (const client of wss.clients) client.terminate();
      wss.close();
      await http.close();
    },
  };
}

export type FakeCartesia = Awaited<ReturnType<typeof startFakeCartesia>>;
