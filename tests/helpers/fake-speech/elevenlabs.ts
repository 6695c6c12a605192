import type { IncomingHttpHeaders } from "node:http";
import { WebSocketServer, type WebSocket } from "ws";
import { encodeMulaw } from "@/lib/media/g711";
import { json, listen } from "./http-server";
import { sleep, ToneVoice } from "./tones";

// ElevenLabs on 127.0.0.1, message for message from its documentation:
// - the input-streaming WebSocket: https://elevenlabs.io/docs/api-reference/text-to-speech/v-1-text-to-speech-voice-id-stream-input
//   (its AsyncAPI: elevenlabs/elevenlabs-docs fern/apis/api/asyncapi.yml — InitializeConnection, SendText,
//   CloseConnection, AudioOutput with alignment, FinalOutput `isFinal`)
// - the guide: https://elevenlabs.io/docs/developer-guides/websockets (a blank space first, text ending in a space,
//   `flush`, the empty text closes the socket, a space keeps it open, 20 s inactivity by default)
// - close 1008 with the message the provider sends for an idle input (elevenlabs/elevenlabs-docs issue 426) and
//   for an unparsable message (elevenlabs/elevenlabs-python issue 167)
// - voices: GET /v1/voices (https://elevenlabs.io/docs/api-reference/voices/search, `{voices: [{voice_id, name, …}]}`)

export type ElevenLabsSession = { headers: IncomingHttpHeaders; voiceId: string; query: URLSearchParams; messages: Record<string, unknown>[]; closedBy: "client" | "server" | null; closeCode: number | null; closedAt: number | null };

const FORMATS: Record<string, { rate: number; encoding: "pcm" | "ulaw" }> = {
  pcm_8000: { rate: 8000, encoding: "pcm" },
  pcm_16000: { rate: 16000, encoding: "pcm" },
  pcm_22050: { rate: 22050, encoding: "pcm" },
  pcm_24000: { rate: 24000, encoding: "pcm" },
  pcm_44100: { rate: 44100, encoding: "pcm" },
  ulaw_8000: { rate: 8000, encoding: "ulaw" },
};
const DEFAULT_SCHEDULE = [120, 160, 250, 290];

export const ELEVENLABS_VOICES = [
  { voice_id: "21m00Tcm4TlvDq8ikWAM", name: "Rachel", category: "premade", description: "Calm young woman", labels: { accent: "american", gender: "female", age: "young" } },
  { voice_id: "pNInz6obpgDQGcFmaJgB", name: "Adam", category: "premade", description: "Deep middle-aged man", labels: { accent: "american", gender: "male", age: "middle aged" } },
];

/**
 * ElevenLabs' `/v1/text-to-speech/{voice_id}/stream-input`: the key as the `xi-api-key` header (or in
 * the first message), the first message a blank space with the voice settings, then texts buffered
 * by the chunk schedule (or each generated at once with `auto_mode=true`), `flush: true` to generate
 * what is buffered, the empty text to finish (`isFinal`, then a close with 1000). Audio comes as
 * base64 in the requested `output_format` with each chunk's character alignment (times relative to
 * the chunk). No input for `inactivity_timeout` seconds closes with 1008.
 */
export async function startFakeElevenLabs(options: { apiKey?: string; voice?: ToneVoice; firstByteMs?: number; chunkIntervalMs?: number; chunkMs?: number } = {}) {
  const apiKey = options.apiKey ?? "xi-test-key";
  /** The fake's key, or one derived from it (`<key>.<anything>`: the bench gives each call its own, to tell their sessions apart). */
  const accepted = (key: unknown) => key === apiKey || (typeof key === "string" && key.startsWith(`${apiKey}.`));
  const state = { voice: options.voice ?? new ToneVoice(), firstByteMs: options.firstByteMs ?? 0, chunkIntervalMs: options.chunkIntervalMs ?? 0, chunkMs: options.chunkMs ?? 50 };
  const sessions: ElevenLabsSession[] = [];

  const http = await listen((request, _body, response) => {
    const url = new URL(request.url ?? "/", "http://localhost");
    if (!accepted(request.headers["xi-api-key"])) return json(response, 401, { detail: { status: "invalid_api_key", message: "Invalid API key" } });
    if (request.method === "GET" && url.pathname === "/v1/voices") {
      return json(response, 200, { voices: ELEVENLABS_VOICES.map((voice) => ({ ...voice, preview_url: `https://example.invalid/${voice.voice_id}.mp3` })) });
    }
    json(response, 404, { detail: { status: "not_found", message: "Not found" } });
  });
  const wss = new WebSocketServer({ noServer: true });
  http.server.on("upgrade", (request, socket, head) => {
    const url = new URL(request.url ?? "/", "http://localhost");
    const match = /^\/v1\/text-to-speech\/([^/]+)\/stream-input$/.exec(url.pathname);
    if (!match) return socket.end("HTTP/1.1 404 Not Found\r\nContent-Length: 0\r\nConnection: close\r\n\r\n");
    const header = request.headers["xi-api-key"];
    if (header !== undefined && !accepted(header)) {
      const body = JSON.stringify({ detail: { status: "invalid_api_key", message: "Invalid API key" } });
      return socket.end(`HTTP/1.1 401 Unauthorized\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\nConnection: close\r\n\r\n${body}`);
    }
    wss.handleUpgrade(request, socket, head, (ws) =>
      serve(ws, { headers: request.headers, voiceId: decodeURIComponent(match[1]), query: url.searchParams, messages: [], closedBy: null, closeCode: null, closedAt: null }),
    );
  });

  function serve(ws: WebSocket, session: ElevenLabsSession) {
    sessions.push(session);
    const format = FORMATS[session.query.get("output_format") ?? "mp3_44100"];
    const autoMode = session.query.get("auto_mode") === "true";
    const timeoutS = Math.min(180, Number(session.query.get("inactivity_timeout") ?? 20));
    let authorized = accepted(session.headers["xi-api-key"]);
    let initialized = false;
    let buffer = "";
    let schedule = DEFAULT_SCHEDULE;
    let step = 0;
    let chain = Promise.resolve();
    let idle: ReturnType<typeof setTimeout> | null = null;
    const close = (code: number, reason: string, message?: object) => {
      if (ws.readyState !== ws.OPEN) return;
      if (message) ws.send(JSON.stringify(message));
      session.closedBy ??= "server";
      ws.close(code, reason);
    };
    const armIdle = () => {
      if (idle) clearTimeout(idle);
      idle = setTimeout(() => {
        const text = `Have not received a new text input within the timeout of ${timeoutS} seconds. Streaming input terminated. Please make sure to either feed the input in the timely manner, or to send the end of input text (empty string "") when done.`;
        close(1008, text.slice(0, 120), { message: text, error: "input_timeout_exceeded", code: 1008 });
      }, timeoutS * 1000);
    };
    armIdle();
    if (!format) {
      close(1008, "Unsupported output_format in this fake", { message: "This fake streams pcm_* and ulaw_8000 only", error: "invalid_output_format", code: 1008 });
      return;
    }

    /** One generation: tone audio for the text, in chunks, each with the alignment of the characters it speaks. */
    async function generate(text: string) {
      const spoken = text.trim();
      if (!spoken) return;
      const pcm = state.voice.audio(spoken, format.rate);
      const chunk = Math.round((format.rate * state.chunkMs) / 1000);
      const msPerChar = (pcm.length / format.rate) * 1000 / spoken.length;
      if (state.firstByteMs) await sleep(state.firstByteMs);
      for (let offset = 0; offset < pcm.length; offset += chunk) {
        if (ws.readyState !== ws.OPEN) return;
        const samples = pcm.subarray(offset, offset + chunk);
        const startMs = (offset / format.rate) * 1000;
        const endMs = ((offset + samples.length) / format.rate) * 1000;
        const indexes = [...spoken].map((_, i) => i).filter((i) => i * msPerChar >= startMs && i * msPerChar < endMs);
        const alignment = {
          chars: indexes.map((i) => spoken[i]),
          charStartTimesMs: indexes.map((i) => Math.round(i * msPerChar - startMs)),
          charsDurationsMs: indexes.map(() => Math.round(msPerChar)),
        };
        const bytes = format.encoding === "ulaw" ? encodeMulaw(samples) : new Uint8Array(samples.buffer, samples.byteOffset, samples.byteLength);
        ws.send(JSON.stringify({ audio: Buffer.from(bytes).toString("base64"), isFinal: false, normalizedAlignment: alignment, alignment }));
        if (state.chunkIntervalMs) await sleep(state.chunkIntervalMs);
        else await new Promise((resolve) => setImmediate(resolve));
      }
    }
    const run = (text: string) => (chain = chain.then(() => generate(text)));
    const threshold = () => schedule[Math.min(step, schedule.length - 1)];

    ws.on("message", (data, isBinary) => {
      armIdle();
      let message: Record<string, unknown>;
      try {
        if (isBinary) throw new Error("binary");
        message = JSON.parse(data.toString()) as Record<string, unknown>;
        if (typeof message.text !== "string") throw new Error("no text");
      } catch {
        return close(1008, "Could not parse input message", { message: "Could not parse input message, make sure it is a json and follows the schema outlined in protocol.", error: "invalid_input_message", code: 1008 });
      }
      session.messages.push(message);
      const text = message.text as string;
      if (!initialized) {
        const key = (message["xi-api-key"] ?? message.xi_api_key) as string | undefined;
        if (!authorized && accepted(key)) authorized = true;
        if (!authorized) return close(1008, "Invalid API key", { message: "Invalid API key", error: "invalid_api_key", code: 1008 });
        if (text !== " ") return close(1008, "The first message must be a blank space", { message: "The initial text must be a blank space", error: "invalid_input_message", code: 1008 });
        initialized = true;
        const config = message.generation_config as { chunk_length_schedule?: number[] } | undefined;
        if (config?.chunk_length_schedule?.length) schedule = config.chunk_length_schedule;
        return;
      }
      if (text === "") {
        // End of input: what is buffered is generated, then the final message and a normal close.
        const rest = buffer;
        buffer = "";
        run(rest);
        void chain.then(() => {
          if (ws.readyState !== ws.OPEN) return;
          ws.send(JSON.stringify({ audio: null, isFinal: true }));
          close(1000, "");
        });
        return;
      }
      buffer += text;
      if (autoMode || message.flush === true || (message.try_trigger_generation === true && buffer.trim().length >= 50) || buffer.trim().length >= threshold()) {
        const now = buffer;
        buffer = "";
        step++;
        run(now);
      }
    });
    ws.on("close", (code) => {
      session.closedBy ??= "client";
      session.closeCode = code;
      session.closedAt = performance.now();
      if (idle) clearTimeout(idle);
    });
  }

  return {
    /** For ELEVENLABS_BASE_URL. */
    url: http.url,
    voice: state.voice,
    sessions,
    setDelays(delays: Partial<Pick<typeof state, "firstByteMs" | "chunkIntervalMs">>) {
      Object.assign(state, delays);
    },
    env(): Record<string, string> {
      return { ELEVENLABS_API_KEY: apiKey, ELEVENLABS_BASE_URL: http.url };
    },
    async close() {
      for (const client of wss.clients) client.terminate();
      wss.close();
      await http.close();
    },
  };
}

export type FakeElevenLabs = Awaited<ReturnType<typeof startFakeElevenLabs>>;
