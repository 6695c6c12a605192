import WebSocket from "ws";
import { pcmToBytes } from "../audio/pcm";
import { SpeechProviderError, type RecognitionHandlers, type RecognitionStream, type RecognizedWord, type SpeechToText } from "./speech-to-text";

export type DeepgramConfig = {
  /** `wss://api.deepgram.com` or another host speaking the same protocol. */
  baseUrl: string;
  apiKey: string;
  model: string;
  language: string;
  /** Sent as `keyterm` parameters (Nova-3 keyterm prompting). */
  vocabulary?: string[];
  /** How long `finish` waits for the flushed result after Finalize (default 2000 ms). */
  finalizeTimeoutMs?: number;
  /** KeepAlive period while no audio flows (default 4000 ms; Deepgram closes after 10 s of nothing). */
  keepAliveMs?: number;
};

/** The Results message of Deepgram's live transcription socket (the fields we read). */
type DeepgramResults = {
  type: "Results";
  is_final?: boolean;
  speech_final?: boolean;
  from_finalize?: boolean;
  channel?: { alternatives?: { transcript?: string; words?: { word: string; punctuated_word?: string; start: number; end: number }[] }[] };
};

/** Deepgram's `/v1/listen` WebSocket: linear16 audio in, interim and final results out. */
export class DeepgramSpeechToText implements SpeechToText {
  readonly provider = "deepgram";
  readonly streaming = true;
  readonly sampleRate = 16000;

  constructor(private readonly config: DeepgramConfig) {}

  listenUrl(): string {
    const base = this.config.baseUrl.replace(/^http/, "ws").replace(/\/$/, "");
    const url = new URL(`${base}/v1/listen`);
    const params: [string, string][] = [
      ["model", this.config.model],
      ["language", this.config.language],
      ["encoding", "linear16"],
      ["sample_rate", String(this.sampleRate)],
      ["channels", "1"],
      ["interim_results", "true"],
      ["punctuate", "true"],
      ["smart_format", "true"],
    ];
    for (const term of this.config.vocabulary ?? []) params.push(["keyterm", term]);
    for (const [name, value] of params) url.searchParams.append(name, value);
    return url.toString();
  }

  open(handlers: RecognitionHandlers = {}): RecognitionStream {
    return new DeepgramRecognition(this, this.config, handlers);
  }
}

/** After Finalize, the result counts as complete once nothing is interim and nothing has come for this long. */
const FINALIZE_GRACE_MS = 250;
/** Results of a dropped utterance still arriving are ignored for this long (or until its flush). */
const DISCARD_DRAIN_MS = 600;

class DeepgramRecognition implements RecognitionStream {
  private socket: WebSocket | null = null;
  private opened: Promise<void> | null = null;
  private pending: Uint8Array[] = [];
  private finals: string[] = [];
  private interim = "";
  /** Deepgram times words on the socket's clock (seconds of audio it received): where this utterance began on it. */
  private streamSamples = 0;
  private utteranceStartSample: number | null = null;
  private nextUtteranceStartSample: number | null = null;
  private finalWords: RecognizedWord[] = [];
  private previousWords: RecognizedWord[] | null = null;
  private utteranceHasAudio = false;
  /** The next utterance may begin while this one's flush is awaited: its audio must not be forgotten. */
  private finishing = false;
  private audioWhileFinishing = false;
  private lastMessageAt = 0;
  private finalized = false;
  private dropUntil = 0;
  private waiter: (() => void) | null = null;
  private keepAlive: ReturnType<typeof setInterval> | null = null;
  private lastSentAt = 0;
  private closed = false;
  private failure: Error | null = null;

  constructor(
    private readonly stt: DeepgramSpeechToText,
    private readonly config: DeepgramConfig,
    private readonly handlers: RecognitionHandlers,
  ) {
    this.connect();
  }

  write(pcm: Int16Array): void {
    if (this.closed) return;
    if (this.finishing) {
      if (!this.audioWhileFinishing) this.nextUtteranceStartSample = this.streamSamples;
      this.audioWhileFinishing = true;
    } else {
      this.utteranceHasAudio = true;
      this.utteranceStartSample ??= this.streamSamples;
    }
    this.streamSamples += pcm.length;
    const bytes = pcmToBytes(pcm);
    if (this.socket?.readyState === WebSocket.OPEN) this.send(bytes);
    else {
      this.pending.push(bytes);
      if (!this.socket || this.socket.readyState >= WebSocket.CLOSING) this.connect();
    }
  }

  async peek(): Promise<string> {
    return this.text();
  }

  /** Flushes with Finalize; the transcript is complete at the flushed result, or when nothing is pending any more. */
  async finish(signal?: AbortSignal): Promise<string> {
    if (!this.utteranceHasAudio) return this.reset();
    await this.opened?.catch(() => undefined);
    if (this.socket?.readyState !== WebSocket.OPEN) {
      const error = this.failure ?? new SpeechProviderError("deepgram", "deepgram socket is not open");
      this.reset();
      throw error;
    }
    this.finalized = false;
    this.finishing = true;
    const sentAt = Date.now();
    this.sendJson({ type: "Finalize" });
    await new Promise<void>((resolve) => {
      const deadline = sentAt + (this.config.finalizeTimeoutMs ?? 2000);
      const check = () => {
        const quiet = this.interim === "" && Date.now() - Math.max(sentAt, this.lastMessageAt) >= FINALIZE_GRACE_MS;
        if (this.finalized || quiet || Date.now() >= deadline || signal?.aborted || this.closed) {
          clearInterval(timer);
          this.waiter = null;
          resolve();
        }
      };
      const timer = setInterval(check, 25);
      this.waiter = check;
    });
    const text = this.text();
    const start = (this.utteranceStartSample ?? 0) / this.stt.sampleRate;
    this.previousWords = this.finalWords.length ? this.finalWords.map((word) => ({ word: word.word, start: word.start - start, end: word.end - start })) : null;
    this.reset();
    return signal?.aborted ? "" : text;
  }

  lastWords(): RecognizedWord[] | null {
    return this.previousWords;
  }

  discard(): void {
    if (this.utteranceHasAudio) {
      this.sendJson({ type: "Finalize" });
      this.dropUntil = Date.now() + DISCARD_DRAIN_MS;
    }
    this.reset();
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    this.waiter?.();
    if (this.keepAlive) clearInterval(this.keepAlive);
    const socket = this.socket;
    if (!socket) return;
    if (socket.readyState === WebSocket.OPEN) {
      socket.send(JSON.stringify({ type: "CloseStream" }));
      await new Promise<void>((resolve) => {
        const timer = setTimeout(() => {
          socket.terminate();
          resolve();
        }, 1000);
        socket.once("close", () => {
          clearTimeout(timer);
          resolve();
        });
      });
    } else socket.terminate();
  }

  private text(): string {
    return [...this.finals, this.interim].filter(Boolean).join(" ").trim();
  }

  private reset(): string {
    this.finals = [];
    this.interim = "";
    this.finalWords = [];
    this.utteranceStartSample = this.audioWhileFinishing ? this.nextUtteranceStartSample : null;
    this.nextUtteranceStartSample = null;
    this.utteranceHasAudio = this.audioWhileFinishing;
    this.finishing = false;
    this.audioWhileFinishing = false;
    return "";
  }

  private connect(): void {
    if (this.closed) return;
    const socket = new WebSocket(this.stt.listenUrl(), { headers: { Authorization: `Token ${this.config.apiKey}` } });
    this.socket = socket;
    // A new socket starts its own clock; audio still pending is counted again as it is written.
    this.streamSamples = this.pending.reduce((total, bytes) => total + bytes.length / 2, 0);
    if (this.utteranceStartSample !== null) this.utteranceStartSample = 0;
    this.opened = new Promise<void>((resolve, reject) => {
      socket.once("open", () => {
        this.failure = null;
        for (const bytes of this.pending.splice(0)) this.send(bytes);
        resolve();
      });
      socket.once("error", (error) => {
        this.failure ??= new SpeechProviderError("deepgram", `deepgram socket failed: ${error.message}`);
        reject(this.failure);
      });
      socket.once("unexpected-response", (_request, response) => {
        this.failure = new SpeechProviderError("deepgram", `deepgram refused the socket with ${response.statusCode}`, response.statusCode);
        socket.terminate();
        reject(this.failure);
      });
    });
    this.opened.catch(() => undefined);
    socket.on("message", (data, isBinary) => {
      if (!isBinary) this.onMessage(data.toString());
    });
    socket.on("close", () => this.waiter?.());
    this.keepAlive ??= setInterval(() => {
      if (Date.now() - this.lastSentAt >= (this.config.keepAliveMs ?? 4000)) this.sendJson({ type: "KeepAlive" });
    }, Math.min(1000, this.config.keepAliveMs ?? 4000));
    this.keepAlive.unref?.();
  }

  private send(bytes: Uint8Array): void {
    this.socket!.send(bytes);
    this.lastSentAt = Date.now();
  }

  private sendJson(message: object): void {
    if (this.socket?.readyState !== WebSocket.OPEN) return;
    this.socket.send(JSON.stringify(message));
    this.lastSentAt = Date.now();
  }

  private onMessage(raw: string): void {
    let message: DeepgramResults | { type?: string };
    try {
      message = JSON.parse(raw);
    } catch {
      return;
    }
    if (message.type !== "Results") return;
    const results = message as DeepgramResults;
    if (Date.now() < this.dropUntil) {
      if (results.from_finalize) this.dropUntil = 0;
      return;
    }
    this.lastMessageAt = Date.now();
    const alternative = results.channel?.alternatives?.[0];
    const transcript = alternative?.transcript?.trim() ?? "";
    if (results.is_final) {
      if (transcript) this.finals.push(transcript);
      for (const word of alternative?.words ?? []) this.finalWords.push({ word: word.punctuated_word ?? word.word, start: word.start, end: word.end });
      this.interim = "";
    } else this.interim = transcript;
    if (results.from_finalize) this.finalized = true;
    else if (this.utteranceHasAudio) this.handlers.onInterim?.(this.text());
    this.waiter?.();
  }
}
