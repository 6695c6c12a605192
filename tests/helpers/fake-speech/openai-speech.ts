import type { IncomingHttpHeaders } from "node:http";
import { decodeWav } from "@/lib/media/audio/wav";
import { json, listen } from "./http-server";
import { recognized, type TranscriptScript } from "./scripts";
import { sleep, streamPcm, ToneVoice } from "./tones";

export type TranscriptionRequest = { headers: IncomingHttpHeaders; model: string; language: string | null; prompt: string | null; responseFormat: string | null; audio: Int16Array; sampleRate: number };
export type SpeechRequest = { headers: IncomingHttpHeaders; body: { model: string; input: string; voice: string; speed?: number; instructions?: string; response_format?: string } };

export type FakeOpenAiSpeechOptions = {
  transcripts?: TranscriptScript;
  voice?: ToneVoice;
  /** Bearer key the server wants (any or none when unset). */
  apiKey?: string;
  /** Delay before a transcription answers. */
  transcriptionDelayMs?: number;
  /** Speech: delay to the first byte, and between chunks (0 = faster than real time, as OpenAI streams). */
  speechFirstByteMs?: number;
  speechChunkIntervalMs?: number;
  /** Speech: the audio in each chunk (default 40 ms). */
  speechChunkMs?: number;
};

/**
 * OpenAI's audio endpoints on 127.0.0.1, as OpenAI and compatible servers speak them:
 * `POST /v1/audio/transcriptions` (multipart: file, model, language, prompt, response_format → `{"text"}`)
 * and `POST /v1/audio/speech` (JSON; `response_format: "pcm"` → 24 kHz 16-bit little-endian mono, chunked).
 */
export async function startFakeOpenAiSpeech(options: FakeOpenAiSpeechOptions = {}) {
  const state = {
    transcripts: options.transcripts ?? (() => ""),
    voice: options.voice ?? new ToneVoice(),
    transcriptionDelayMs: options.transcriptionDelayMs ?? 0,
    speechFirstByteMs: options.speechFirstByteMs ?? 0,
    speechChunkIntervalMs: options.speechChunkIntervalMs ?? 0,
    speechChunkMs: options.speechChunkMs ?? 40,
  };
  const transcriptions: TranscriptionRequest[] = [];
  const speeches: SpeechRequest[] = [];
  let aborts = 0;

  const server = await listen(async (request, body, response) => {
    const authorized = !options.apiKey || request.headers.authorization === `Bearer ${options.apiKey}`;
    if (request.method === "POST" && request.url === "/v1/audio/transcriptions") {
      if (!authorized) return json(response, 401, { error: { message: "Incorrect API key provided", type: "invalid_request_error" } });
      const form = await new Response(new Uint8Array(body), { headers: { "content-type": String(request.headers["content-type"]) } }).formData();
      const file = form.get("file");
      const model = form.get("model");
      if (!(file instanceof Blob) || typeof model !== "string") return json(response, 400, { error: { message: "file and model are required", type: "invalid_request_error" } });
      const wav = decodeWav(new Uint8Array(await file.arrayBuffer()));
      const entry: TranscriptionRequest = {
        headers: request.headers,
        model,
        language: form.get("language") as string | null,
        prompt: form.get("prompt") as string | null,
        responseFormat: form.get("response_format") as string | null,
        audio: wav.samples,
        sampleRate: wav.sampleRate,
      };
      transcriptions.push(entry);
      if (state.transcriptionDelayMs) await sleep(state.transcriptionDelayMs);
      const text = recognized(state.transcripts({ audio: wav.samples, sampleRate: wav.sampleRate, partial: false })).text;
      if (entry.responseFormat !== "verbose_json") return json(response, 200, { text });
      // Whisper's verbose_json with word timestamps: the words spread over the audio sent.
      const duration = wav.samples.length / wav.sampleRate;
      const words = text.split(/\s+/).filter(Boolean);
      const each = words.length ? duration / words.length : 0;
      return json(response, 200, {
        task: "transcribe",
        language: "english",
        duration,
        text,
        words: words.map((word, i) => ({ word, start: Math.round(i * each * 1000) / 1000, end: Math.round((i + 1) * each * 1000) / 1000 })),
      });
    }
    if (request.method === "POST" && request.url === "/v1/audio/speech") {
      if (!authorized) return json(response, 401, { error: { message: "Incorrect API key provided", type: "invalid_request_error" } });
      const parsed = JSON.parse(body.toString()) as SpeechRequest["body"];
      if (typeof parsed.input !== "string" || !parsed.input || typeof parsed.voice !== "string" || typeof parsed.model !== "string") {
        return json(response, 400, { error: { message: "model, input and voice are required", type: "invalid_request_error" } });
      }
      speeches.push({ headers: request.headers, body: parsed });
      if (parsed.response_format !== "pcm") return json(response, 400, { error: { message: "this fake answers response_format pcm only" } });
      response.writeHead(200, { "Content-Type": "application/octet-stream", "Transfer-Encoding": "chunked" });
      let closed = false;
      response.on("close", () => {
        if (!response.writableFinished) {
          closed = true;
          aborts++;
        }
      });
      await streamPcm((bytes) => response.write(bytes), state.voice.audio(parsed.input, 24000), {
        sampleRate: 24000,
        firstByteMs: state.speechFirstByteMs,
        intervalMs: state.speechChunkIntervalMs,
        chunkMs: state.speechChunkMs,
        aborted: () => closed,
      });
      response.end();
      return;
    }
    json(response, 404, { error: { message: `No route ${request.method} ${request.url}` } });
  });

  return {
    /** Base URL ending in /v1: OPENAI_BASE_URL or OPENAI_COMPATIBLE_BASE_URL. */
    url: `${server.url}/v1`,
    voice: state.voice,
    transcriptions,
    speeches,
    /** Speech responses the client closed before their end (barge-in). */
    get abortedSpeeches() {
      return aborts;
    },
    setTranscripts(script: TranscriptScript) {
      state.transcripts = script;
    },
    setDelays(delays: Partial<Pick<typeof state, "transcriptionDelayMs" | "speechFirstByteMs" | "speechChunkIntervalMs" | "speechChunkMs">>) {
      Object.assign(state, delays);
    },
    env(): Record<string, string> {
      return { OPENAI_API_KEY: options.apiKey ?? "sk-test", OPENAI_BASE_URL: `${server.url}/v1`, OPENAI_COMPATIBLE_BASE_URL: `${server.url}/v1` };
    },
    close: server.close,
  };
}

export type FakeOpenAiSpeech = Awaited<ReturnType<typeof startFakeOpenAiSpeech>>;
