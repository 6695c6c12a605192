import type WebSocket from "ws";
import { closedError, openProviderSocket, socketBase } from "../provider-socket";
import { read, speechDefaults, voiceNameFor, type Env, type SpeechOptions, type SpeechSettings } from "../speech-settings";
import { SpeechProviderError } from "../stt/speech-to-text";
import { PcmBytes } from "../audio/pcm";
import { SentenceAudio } from "./sentence-audio";
import { synthesizeOnStream, type SpeechStream, type TextToSpeech } from "./text-to-speech";

// Deepgram Aura over its TTS WebSocket `/v1/speak` (https://developers.deepgram.com/reference/text-to-speech/speak-streaming,
// messages https://developers.deepgram.com/docs/tts-ws-flush, …/tts-ws-clear, …/tts-ws-close): `Speak`
// per sentence as it is written and `Flush` after it (binary linear16 audio, then `Flushed`); `Clear` on
// barge-in (`Cleared` marks the end of the dropped audio). Flush is limited to 20 a minute: past that,
// sentences wait for the next allowed flush. A socket serves one response at a time; a second one at
// the same moment (a filler) opens another.

export type DeepgramTtsConfig = {
  /** `wss://api.deepgram.com`, or another host speaking the same protocol. */
  baseUrl: string;
  apiKey: string;
  /** An Aura voice (the speak model): aura-2-thalia-en, … */
  model: string;
  /** The call's rate (linear16 comes back at it). */
  sampleRate: number;
  speed?: number;
};

type DeepgramMessage = { type?: "Metadata" | "Flushed" | "Cleared" | "Warning" | "Error"; sequence_id?: number; description?: string; code?: string };

const RATES = [8000, 16000, 24000, 48000];
const FLUSHES_PER_MINUTE = 20;
/** Estimated speaking rate, to split a flush's audio between its sentences when several share one. */
const MS_PER_CHARACTER = 70;
/** How long a Clear may take before the socket is given up. */
const CLEAR_TIMEOUT_MS = 2000;

/** One socket and what it is doing. */
type Connection = { socket: Promise<WebSocket>; busy: boolean; handler: ((message: DeepgramMessage | Uint8Array) => void) | null; closed: boolean };

export class DeepgramTextToSpeech implements TextToSpeech {
  readonly provider = "deepgram";
  readonly sampleRate: number;
  private readonly connections = new Set<Connection>();
  private readonly flushes: number[] = [];
  private closed = false;

  constructor(private readonly config: DeepgramTtsConfig) {
    this.sampleRate = RATES.includes(config.sampleRate) ? config.sampleRate : 24000;
  }

  warm(): void {
    if (this.connections.size === 0 && !this.closed) this.connect();
  }

  synthesize(text: string, signal: AbortSignal): AsyncIterable<Int16Array> {
    return synthesizeOnStream(this, text, signal);
  }

  stream(signal: AbortSignal): SpeechStream {
    const connection = [...this.connections].find((candidate) => !candidate.busy && !candidate.closed) ?? this.connect();
    connection.busy = true;
    const audio = new SentenceAudio();
    const decoder = new PcmBytes();
    const chars: number[] = [];
    /** Sentences sent and not yet flushed; each flush takes them as one batch. */
    let unflushed: number[] = [];
    const batches: number[][] = [];
    let batchSamples = 0;
    let ended = false;
    let clearing = false;
    let socket: WebSocket | null = null;
    const release = () => {
      connection.handler = null;
      connection.busy = false;
    };
    const finishIfDone = () => {
      if (ended && unflushed.length === 0 && batches.length === 0) {
        audio.finish();
        release();
      }
    };
    connection.handler = (message) => {
      if (message instanceof Uint8Array) {
        if (clearing || audio.done) return; // audio of a cleared response is never played
        const pcm = decoder.push(message);
        // Within a flush of several sentences, the audio moves on once a sentence has had its estimated share.
        const batch = batches[0];
        if (batch && audio.receiving < batch[batch.length - 1] && batchSamples >= (chars[audio.receiving] * MS_PER_CHARACTER * this.sampleRate) / 1000) {
          audio.advance();
          batchSamples = 0;
        }
        batchSamples += pcm.length;
        audio.push(pcm);
      } else if (message.type === "Flushed" && !clearing) {
        const batch = batches.shift();
        if (batch) while (audio.receiving <= batch[batch.length - 1] && !audio.done) audio.advance();
        batchSamples = 0;
        if (unflushed.length && this.mayFlush()) flush();
        finishIfDone();
      } else if (message.type === "Cleared" && clearing) {
        clearing = false;
        release();
      } else if (message.type === "Error") {
        audio.fail(new SpeechProviderError("deepgram", `deepgram: ${message.description ?? message.code ?? "error"}`));
        release();
      }
    };
    const ready = connection.socket.then((ws) => (socket = ws));
    ready.catch((error: unknown) => {
      audio.fail(error);
      release();
    });
    let chain: Promise<unknown> = ready;
    const send = (message: object) => {
      chain = chain.then(() => socket?.readyState === socket?.OPEN && socket?.send(JSON.stringify(message))).catch((error: unknown) => audio.fail(error));
    };
    const flush = () => {
      batches.push(unflushed);
      unflushed = [];
      this.flushes.push(Date.now());
      send({ type: "Flush" });
    };
    const stop = () => {
      if (audio.done && !connection.busy) return;
      audio.stop();
      clearing = true;
      send({ type: "Clear" });
      // A socket that does not confirm the Clear is not trusted with the next response.
      const timer = setTimeout(() => {
        if (!clearing) return;
        connection.closed = true;
        this.connections.delete(connection);
        void connection.socket.then((ws) => ws.close(1000)).catch(() => undefined);
      }, CLEAR_TIMEOUT_MS);
      timer.unref?.();
    };
    if (signal.aborted) stop();
    else signal.addEventListener("abort", stop, { once: true });
    return {
      say: (text) => {
        const channel = audio.add();
        chars.push(text.length);
        unflushed.push(audio.sentences - 1);
        send({ type: "Speak", text });
        if (this.mayFlush()) flush();
        return channel;
      },
      end: () => {
        ended = true;
        // Sentences held by the flush limit go with a last flush, as soon as the limit allows it.
        if (unflushed.length) {
          const wait = this.flushWait();
          if (wait === 0) flush();
          else setTimeout(() => !clearing && !audio.done && unflushed.length && flush(), wait).unref?.();
        }
        finishIfDone();
      },
    };
  }

  async close(): Promise<void> {
    this.closed = true;
    for (const connection of this.connections) void connection.socket.then((ws) => ws.close(1000)).catch(() => undefined);
    this.connections.clear();
  }

  /** Deepgram answers at most 20 flushes a minute with audio (more get a Warning): the rest wait. */
  private mayFlush(): boolean {
    return this.flushWait() === 0;
  }

  /** Milliseconds until another flush is allowed (0: now). */
  private flushWait(): number {
    const minuteAgo = Date.now() - 60_000;
    while (this.flushes.length && this.flushes[0] <= minuteAgo) this.flushes.shift();
    return this.flushes.length < FLUSHES_PER_MINUTE ? 0 : this.flushes[0] + 60_001 - Date.now();
  }

  private connect(): Connection {
    const url = new URL(`${socketBase(this.config.baseUrl)}/v1/speak`);
    url.searchParams.set("model", this.config.model);
    url.searchParams.set("encoding", "linear16");
    url.searchParams.set("sample_rate", String(this.sampleRate));
    const speed = this.config.speed;
    if (speed !== undefined && speed !== 1) url.searchParams.set("speed", String(Math.min(1.5, Math.max(0.7, speed))));
    const socket = this.closed ? Promise.reject(new SpeechProviderError("deepgram", "deepgram: the call is over")) : openProviderSocket("deepgram", url.toString(), { Authorization: `Token ${this.config.apiKey}` });
    const connection: Connection = { socket, busy: false, handler: null, closed: false };
    this.connections.add(connection);
    socket.then(
      (ws) => {
        ws.on("message", (data, isBinary) => {
          if (isBinary) return connection.handler?.(new Uint8Array(data as Buffer));
          try {
            connection.handler?.(JSON.parse(data.toString()) as DeepgramMessage);
          } catch {
            // not a message of the protocol
          }
        });
        ws.on("close", (code, reason) => {
          connection.closed = true;
          this.connections.delete(connection);
          connection.handler?.({ type: "Error", description: closedError("deepgram", code, reason).message });
        });
      },
      () => {
        connection.closed = true;
        this.connections.delete(connection);
      },
    );
    return connection;
  }
}

/** voice `deepgram`: an Aura voice (`voice.name`, e.g. aura-2-thalia-en), linear16 at the call's rate. */
export function deepgramVoice(settings: SpeechSettings, env: Env, options: SpeechOptions = {}): TextToSpeech {
  const tts = new DeepgramTextToSpeech({
    baseUrl: read(env, "DEEPGRAM_BASE_URL") ?? speechDefaults.deepgramBaseUrl,
    apiKey: read(env, "DEEPGRAM_API_KEY")!,
    model: voiceNameFor("deepgram", settings.voice.name, (name) => /^aura-/.test(name)),
    sampleRate: options.sampleRate ?? 24000,
    speed: settings.voice.speed,
  });
  tts.warm();
  return tts;
}
