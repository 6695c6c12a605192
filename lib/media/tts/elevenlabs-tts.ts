import type WebSocket from "ws";
import { decodeMulaw } from "../g711";
import { closedError, openProviderSocket, socketBase } from "../provider-socket";
import { read, speechDefaults, voiceNameFor, type Env, type SpeechOptions, type SpeechSettings } from "../speech-settings";
import { SpeechProviderError } from "../stt/speech-to-text";
import { PcmBytes } from "../audio/pcm";
import { SentenceAudio } from "./sentence-audio";
import { synthesizeOnStream, type SpeechStream, type TextToSpeech } from "./text-to-speech";

// ElevenLabs' input-streaming WebSocket (https://elevenlabs.io/docs/api-reference/text-to-speech/v-1-text-to-speech-voice-id-stream-input,
// guide https://elevenlabs.io/docs/developer-guides/websockets): one generation per socket, as the
// provider has it (the empty text closes it). A socket is opened and initialized ahead of each
// response, so no handshake waits on the caller; barge-in closes it at once (the endpoint has no cancel).

export type ElevenLabsConfig = {
  /** `https://api.elevenlabs.io`, or another host speaking the same protocol. */
  baseUrl: string;
  apiKey: string;
  voiceId: string;
  model: string;
  language: string;
  /** The call's rate: `ulaw_8000` at 8 kHz, else raw PCM at the nearest rate ElevenLabs streams. */
  sampleRate: number;
  speed?: number;
};

/** The messages the socket sends (AudioOutput, FinalOutput, and errors before a close), as far as we read them. */
type ElevenLabsMessage = {
  audio?: string | null;
  isFinal?: boolean | null;
  alignment?: { chars?: string[]; charStartTimesMs?: number[]; char_start_times_ms?: number[] } | null;
  message?: string;
  error?: string;
  code?: number;
};

/** How long an idle socket waits for its response (the query's inactivity_timeout, seconds; 180 at most). */
const INACTIVITY_TIMEOUT_S = 180;
/** A blank text keeps an idle socket open (the guide's advice), well inside the timeout. */
const KEEPALIVE_MS = 60_000;

const visible = (text: string) => text.replace(/\s+/g, "").length;

/** One socket, initialized, waiting for its response. */
type Spare = { socket: Promise<WebSocket>; keepAlive: ReturnType<typeof setInterval>; closed: boolean };

export class ElevenLabsTextToSpeech implements TextToSpeech {
  readonly provider = "elevenlabs";
  readonly sampleRate: number;
  private readonly format: string;
  private spare: Spare | null = null;
  private readonly live = new Set<Promise<WebSocket>>();
  private closed = false;

  constructor(private readonly config: ElevenLabsConfig) {
    const rate = config.sampleRate;
    [this.format, this.sampleRate] = rate === 8000 ? ["ulaw_8000", 8000] : rate === 16000 ? ["pcm_16000", 16000] : ["pcm_24000", 24000];
  }

  /** Opens the first response's socket now. */
  warm(): void {
    if (!this.spare && !this.closed) this.spare = this.prepare();
  }

  synthesize(text: string, signal: AbortSignal): AsyncIterable<Int16Array> {
    return synthesizeOnStream(this, text, signal);
  }

  stream(signal: AbortSignal): SpeechStream {
    // A spare the provider closed meanwhile (idle too long, a network blip) is replaced.
    const spare = this.spare && !this.spare.closed ? this.spare : this.prepare();
    if (this.spare && this.spare !== spare) clearInterval(this.spare.keepAlive);
    clearInterval(spare.keepAlive);
    this.spare = null;
    this.warm(); // the next response's socket, while this one speaks
    const audio = new SentenceAudio();
    const sentences: number[] = []; // visible characters of each sentence, as sent
    const decoder = new PcmBytes();
    const progress = { heard: 0 }; // visible characters whose audio has arrived
    let socket: WebSocket | null = null;
    const fail = (error: unknown) => audio.fail(error);
    const stop = () => {
      audio.stop();
      void spare.socket.then((ws) => ws.close(1000, "interrupted")).catch(() => undefined);
    };
    if (signal.aborted) stop();
    else signal.addEventListener("abort", stop, { once: true });

    const onMessage = (raw: string) => {
      let message: ElevenLabsMessage;
      try {
        message = JSON.parse(raw) as ElevenLabsMessage;
      } catch {
        return;
      }
      if (message.audio) this.deliver(audio, sentences, message, decoder, progress);
      if (message.isFinal) audio.finish();
      if (message.error || (message.message && !message.audio)) fail(new SpeechProviderError("elevenlabs", `elevenlabs: ${message.message ?? message.error}`, message.code));
    };
    const ready = spare.socket.then((ws) => {
      socket = ws;
      ws.on("message", (data, isBinary) => !isBinary && onMessage(data.toString()));
      ws.on("close", (code, reason) => {
        this.live.delete(spare.socket);
        if (!audio.done) fail(closedError("elevenlabs", code, reason));
      });
      if (ws.readyState !== ws.OPEN) fail(closedError("elevenlabs", 1006, "closed before the response"));
      return ws;
    });
    ready.catch(fail);
    let chain: Promise<unknown> = ready;
    const send = (message: object) => {
      chain = chain.then(() => !signal.aborted && socket?.readyState === socket?.OPEN && socket?.send(JSON.stringify(message))).catch(fail);
    };
    return {
      say: (text) => {
        const channel = audio.add();
        sentences.push(visible(text));
        // Each text ends with a space, as the protocol asks.
        send({ text: `${text.trim()} ` });
        return channel;
      },
      end: () => {
        // The response is complete: flush what is buffered, then the empty text ends the generation (isFinal, then the socket closes).
        send({ text: " ", flush: true });
        send({ text: "" });
      },
    };
  }

  async close(): Promise<void> {
    this.closed = true;
    if (this.spare) clearInterval(this.spare.keepAlive);
    this.spare = null;
    for (const opening of this.live) void opening.then((ws) => ws.close(1000)).catch(() => undefined);
    this.live.clear();
  }

  /** A chunk's audio to the sentences it speaks: the alignment's characters tell where one sentence ends and the next begins. */
  private deliver(audio: SentenceAudio, sentences: number[], message: ElevenLabsMessage, decoder: PcmBytes, progress: { heard: number }): void {
    const bytes = Buffer.from(message.audio!, "base64");
    const pcm = this.format === "ulaw_8000" ? decodeMulaw(bytes) : decoder.push(bytes);
    const chars = message.alignment?.chars;
    const starts = message.alignment?.charStartTimesMs ?? message.alignment?.char_start_times_ms;
    if (!chars || !starts || chars.length !== starts.length) {
      audio.push(pcm);
      return;
    }
    let count = progress.heard;
    let from = 0;
    for (let i = 0; i < chars.length; i++) {
      if (!chars[i].trim()) continue;
      // The first character past the receiving sentence starts the next one's audio.
      const end = sentences.slice(0, audio.receiving + 1).reduce((sum, n) => sum + n, 0);
      if (count >= end && audio.receiving < sentences.length - 1) {
        const at = Math.min(pcm.length, Math.max(from, Math.round((starts[i] * this.sampleRate) / 1000)));
        audio.push(pcm.subarray(from, at));
        audio.advance();
        from = at;
      }
      count++;
    }
    audio.push(pcm.subarray(from));
    progress.heard = count;
  }

  /** A socket for the next response: opened, initialized with the voice settings, kept alive until used. */
  private prepare(): Spare {
    const { baseUrl, voiceId, model, language, apiKey, speed } = this.config;
    const url = new URL(`${socketBase(baseUrl)}/v1/text-to-speech/${encodeURIComponent(voiceId)}/stream-input`);
    url.searchParams.set("model_id", model);
    url.searchParams.set("output_format", this.format);
    // Whole sentences go in: auto_mode drops the chunk schedule's buffering (the API reference's advice for them).
    url.searchParams.set("auto_mode", "true");
    url.searchParams.set("inactivity_timeout", String(INACTIVITY_TIMEOUT_S));
    if (model.includes("v2_5")) url.searchParams.set("language_code", language.split("-")[0].toLowerCase());
    const spare: Spare = { socket: null as unknown as Promise<WebSocket>, keepAlive: null as unknown as ReturnType<typeof setInterval>, closed: false };
    const socket = this.closed ? Promise.reject(new SpeechProviderError("elevenlabs", "elevenlabs: the call is over")) : openProviderSocket("elevenlabs", url.toString(), { "xi-api-key": apiKey });
    socket.catch(() => undefined);
    this.live.add(socket);
    void socket.then(
      (ws) => {
        const voiceSettings = { stability: 0.5, similarity_boost: 0.75, ...(speed !== undefined && speed !== 1 ? { speed: Math.min(1.2, Math.max(0.7, speed)) } : {}) };
        ws.send(JSON.stringify({ text: " ", voice_settings: voiceSettings }));
        ws.once("close", () => {
          spare.closed = true;
          this.live.delete(socket);
        });
      },
      () => {
        spare.closed = true;
        this.live.delete(socket);
      },
    );
    spare.socket = socket;
    spare.keepAlive = setInterval(() => void socket.then((ws) => ws.readyState === ws.OPEN && ws.send(JSON.stringify({ text: " " }))).catch(() => undefined), KEEPALIVE_MS);
    spare.keepAlive.unref?.();
    return spare;
  }
}

/** ElevenLabs voice ids are 20 letters and digits; the premade voices' names are accepted for the ids they stand for. */
const VOICE_ID = /^[A-Za-z0-9]{20}$/;
const PREMADE: Record<string, string> = { Rachel: "21m00Tcm4TlvDq8ikWAM", Adam: "pNInz6obpgDQGcFmaJgB", Bella: "EXAVITQu4vr4xnSDxMaL", Antoni: "ErXwobaYiN019PkySvjV" };

/** voice `elevenlabs`: `voice.name` a voice id, `voice.model` default eleven_flash_v2_5, audio at the call's rate. */
export function elevenLabsVoice(settings: SpeechSettings, env: Env, options: SpeechOptions = {}): TextToSpeech {
  const name = PREMADE[settings.voice.name] ?? settings.voice.name;
  const tts = new ElevenLabsTextToSpeech({
    baseUrl: read(env, "ELEVENLABS_BASE_URL") ?? speechDefaults.elevenLabsBaseUrl,
    apiKey: read(env, "ELEVENLABS_API_KEY")!,
    voiceId: voiceNameFor("elevenlabs", name, (id) => VOICE_ID.test(id)),
    model: settings.voice.model ?? speechDefaults.elevenLabsModel,
    language: settings.language,
    sampleRate: options.sampleRate ?? 24000,
    speed: settings.voice.speed,
  });
  tts.warm();
  return tts;
}
