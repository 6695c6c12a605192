import { randomUUID } from "node:crypto";
import type WebSocket from "ws";
import { closedError, openProviderSocket, socketBase } from "../provider-socket";
import { read, speechDefaults, voiceNameFor, type Env, type SpeechOptions, type SpeechSettings } from "../speech-settings";
import { SpeechProviderError } from "../stt/speech-to-text";
import { PcmBytes } from "../audio/pcm";
import { SentenceAudio } from "./sentence-audio";
import { synthesizeOnStream, type SpeechStream, type TextToSpeech } from "./text-to-speech";

// Cartesia's TTS WebSocket (https://docs.cartesia.ai/api-reference/tts/websocket): one socket per
// call, one context per agent response, each sentence sent as it is written with `continue: true`
// and flushed, so its audio comes back under its own flush_id; `cancel` on barge-in.

export type CartesiaConfig = {
  /** `https://api.cartesia.ai`, or another host speaking the same protocol. */
  baseUrl: string;
  apiKey: string;
  /** The `Cartesia-Version` header. */
  version: string;
  model: string;
  /** A Cartesia voice id. */
  voice: string;
  language: string;
  /** The call's rate: raw `pcm_s16le` comes back at it. */
  sampleRate: number;
  speed?: number;
};

/** The API version we speak (the official SDK's current one). */
export const CARTESIA_VERSION = "2025-11-04";

/** What the socket sends (the fields we read), per the API reference's WebSocket responses. */
type CartesiaMessage = {
  type?: "chunk" | "flush_done" | "done" | "timestamps" | "error" | "phoneme_timestamps";
  context_id?: string;
  data?: string;
  flush_id?: number;
  done?: boolean;
  status_code?: number;
  title?: string;
  message?: string;
};

type Context = { audio: SentenceAudio; decoder: PcmBytes };

export class CartesiaTextToSpeech implements TextToSpeech {
  readonly provider = "cartesia";
  readonly sampleRate: number;
  private socket: Promise<WebSocket> | null = null;
  private readonly contexts = new Map<string, Context>();
  private closed = false;

  constructor(private readonly config: CartesiaConfig) {
    this.sampleRate = config.sampleRate;
  }

  /** Opens the socket ahead of the first sentence (Cartesia's advice: no handshake on the first turn). */
  warm(): void {
    void this.connection().catch(() => undefined);
  }

  synthesize(text: string, signal: AbortSignal): AsyncIterable<Int16Array> {
    return synthesizeOnStream(this, text, signal);
  }

  stream(signal: AbortSignal): SpeechStream {
    const contextId = randomUUID();
    const context: Context = { audio: new SentenceAudio(), decoder: new PcmBytes() };
    this.contexts.set(contextId, context);
    let sent: Promise<void> = Promise.resolve();
    // Messages go out in order, each once the socket is open.
    const send = (message: object) => {
      sent = sent.then(async () => {
        if (signal.aborted) return;
        const socket = await this.connection();
        socket.send(JSON.stringify(message));
      });
      sent.catch((error: unknown) => this.fail(contextId, error));
    };
    const onAbort = () => {
      this.contexts.delete(contextId);
      context.audio.stop();
      // Cancelling stops the generation at Cartesia; chunks already on the wire name a context we dropped.
      void this.socket?.then((socket) => socket.readyState === socket.OPEN && socket.send(JSON.stringify({ context_id: contextId, cancel: true }))).catch(() => undefined);
    };
    if (signal.aborted) onAbort();
    else signal.addEventListener("abort", onAbort, { once: true });
    const request = (transcript: string, extra: object) => ({ ...this.generation(contextId), transcript, ...extra });
    return {
      say: (text) => {
        const audio = context.audio.add();
        // Transcripts of a context are joined verbatim: the space keeps words apart.
        send(request(`${text.trim()} `, { continue: true }));
        send(request("", { continue: true, flush: true }));
        return audio;
      },
      end: () => send(request("", { continue: false })),
    };
  }

  async close(): Promise<void> {
    this.closed = true;
    for (const context of this.contexts.values()) context.audio.stop();
    this.contexts.clear();
    const socket = await this.socket?.catch(() => null);
    socket?.close(1000);
  }

  private generation(contextId: string) {
    const { model, voice, language, sampleRate, speed } = this.config;
    return {
      model_id: model,
      voice: { mode: "id", id: voice },
      output_format: { container: "raw", encoding: "pcm_s16le", sample_rate: sampleRate },
      language: language.split("-")[0].toLowerCase(),
      context_id: contextId,
      ...(speed !== undefined && speed !== 1 ? { generation_config: { speed: Math.min(1.5, Math.max(0.6, speed)) } } : {}),
    };
  }

  private connection(): Promise<WebSocket> {
    if (this.closed) return Promise.reject(new SpeechProviderError("cartesia", "cartesia: the call is over"));
    if (this.socket) return this.socket;
    const url = `${socketBase(this.config.baseUrl)}/tts/websocket`;
    const opening = openProviderSocket("cartesia", url, { Authorization: `Bearer ${this.config.apiKey}`, "Cartesia-Version": this.config.version });
    this.socket = opening;
    opening.then(
      (socket) => {
        socket.on("message", (data, isBinary) => !isBinary && this.onMessage(data.toString()));
        socket.on("close", (code, reason) => {
          if (this.socket === opening) this.socket = null;
          // Contexts still speaking lose their audio: the next response opens a new socket.
          for (const id of [...this.contexts.keys()]) this.fail(id, closedError("cartesia", code, reason));
        });
      },
      () => {
        if (this.socket === opening) this.socket = null;
      },
    );
    return opening;
  }

  private fail(contextId: string, error: unknown): void {
    const context = this.contexts.get(contextId);
    if (!context) return;
    this.contexts.delete(contextId);
    context.audio.fail(error);
  }

  private onMessage(raw: string): void {
    let message: CartesiaMessage;
    try {
      message = JSON.parse(raw) as CartesiaMessage;
    } catch {
      return;
    }
    if (message.type === "error") {
      const error = new SpeechProviderError("cartesia", `cartesia: ${message.title ?? "error"}${message.message ? `: ${message.message}` : ""}`, message.status_code);
      if (message.context_id) this.fail(message.context_id, error);
      else for (const id of [...this.contexts.keys()]) this.fail(id, error);
      return;
    }
    const context = message.context_id ? this.contexts.get(message.context_id) : undefined;
    if (!context) return; // a cancelled or finished context: never played
    const { audio } = context;
    // flush_id n carries the audio of the n-th sentence sent (each sentence is followed by its flush).
    if (typeof message.flush_id === "number") while (audio.receiving < message.flush_id - 1 && !audio.done) audio.advance();
    if (message.type === "chunk" && message.data) audio.push(context.decoder.push(Buffer.from(message.data, "base64")));
    else if (message.type === "flush_done") audio.advance();
    if (message.type === "done" || (message.done && message.type !== "flush_done")) {
      audio.finish();
      this.contexts.delete(message.context_id!);
    }
  }
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** voice `cartesia`: `voice.name` a Cartesia voice id, `voice.model` default sonic-3, raw PCM at the call's rate. */
export function cartesiaVoice(settings: SpeechSettings, env: Env, options: SpeechOptions = {}): TextToSpeech {
  const tts = new CartesiaTextToSpeech({
    baseUrl: read(env, "CARTESIA_BASE_URL") ?? speechDefaults.cartesiaBaseUrl,
    apiKey: read(env, "CARTESIA_API_KEY")!,
    version: CARTESIA_VERSION,
    model: settings.voice.model ?? speechDefaults.cartesiaModel,
    voice: voiceNameFor("cartesia", settings.voice.name, (name) => UUID.test(name)),
    language: settings.language,
    sampleRate: options.sampleRate ?? 24000,
    speed: settings.voice.speed,
  });
  tts.warm();
  return tts;
}
