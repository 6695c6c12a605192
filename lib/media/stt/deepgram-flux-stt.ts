import WebSocket from "ws";
import { pcmToBytes, concatPcm } from "../audio/pcm";
import { closedError, socketBase } from "../provider-socket";
import { read, speechDefaults, type Env, type SpeechSettings } from "../speech-settings";
import { SpeechProviderError, type RecognitionHandlers, type RecognitionStream, type SpeechToText } from "./speech-to-text";

// Deepgram Flux over `/v2/listen` (https://developers.deepgram.com/docs/flux/quickstart, the state machine
// https://developers.deepgram.com/docs/flux/state, thresholds https://developers.deepgram.com/docs/flux/configuration):
// the whole call's audio streams in (80 ms chunks, as Flux asks), `TurnInfo` events come back, and
// EndOfTurn / EagerEndOfTurn / TurnResumed decide when the caller has finished instead of our silence timing.

export type DeepgramFluxConfig = {
  /** `wss://api.deepgram.com`, or another host speaking the same protocol. */
  baseUrl: string;
  apiKey: string;
  model: string;
  language: string;
  vocabulary?: string[];
  /** Silence after which Flux ends a turn whatever its confidence (eot_timeout_ms). */
  eotTimeoutMs: number;
  /** Confidence for EagerEndOfTurn; unset: no eager events. */
  eagerEotThreshold?: number;
  /** How long `finish` waits for the EndOfTurn after ForceEndTurn (default 1000 ms). */
  forceTimeoutMs?: number;
};

/** The TurnInfo message (deepgram-js-sdk src/api/resources/listen/resources/v2/types/ListenV2TurnInfo.ts), as far as we read it. */
type TurnInfo = { type: "TurnInfo"; event: "Update" | "StartOfTurn" | "EagerEndOfTurn" | "TurnResumed" | "EndOfTurn"; turn_index: number; transcript: string };
type FluxMessage = TurnInfo | { type: "Connected" | "Error" | "ConfigureSuccess" | "ConfigureFailure"; code?: string; description?: string };

const SAMPLE_RATE = 16000;
/** Flux wants about 80 ms of audio a message. */
const CHUNK_SAMPLES = (SAMPLE_RATE * 80) / 1000;

export class DeepgramFluxSpeechToText implements SpeechToText {
  readonly provider = "deepgram_flux";
  readonly streaming = true;
  readonly detectsTurns = true;
  readonly sampleRate = SAMPLE_RATE;

  constructor(private readonly config: DeepgramFluxConfig) {}

  listenUrl(): string {
    const url = new URL(`${socketBase(this.config.baseUrl)}/v2/listen`);
    url.searchParams.set("model", this.config.model);
    url.searchParams.set("encoding", "linear16");
    url.searchParams.set("sample_rate", String(SAMPLE_RATE));
    url.searchParams.set("eot_timeout_ms", String(Math.min(10_000, Math.max(500, Math.round(this.config.eotTimeoutMs)))));
    if (this.config.eagerEotThreshold !== undefined) url.searchParams.set("eager_eot_threshold", String(this.config.eagerEotThreshold));
    if (this.config.model.endsWith("-multi")) url.searchParams.set("language_hint", this.config.language.split("-")[0].toLowerCase());
    for (const term of this.config.vocabulary ?? []) url.searchParams.append("keyterm", term);
    return url.toString();
  }

  open(handlers: RecognitionHandlers = {}): RecognitionStream {
    return new FluxRecognition(this, this.config, handlers);
  }
}

type Turn = { index: number; text: string };

class FluxRecognition implements RecognitionStream {
  private socket: WebSocket | null = null;
  private pending: Uint8Array[] = [];
  private chunk: Int16Array[] = [];
  private chunkSamples = 0;
  private closed = false;
  private failure: Error | null = null;
  /** The turn Flux is in, its words so far. */
  private current: Turn = { index: 0, text: "" };
  /** The last EndOfTurn / EagerEndOfTurn not yet taken. */
  private ended: Turn | null = null;
  private eager: Turn | null = null;
  /** What of a turn was already taken (a turn taken at EagerEndOfTurn may resume; a backchannel is taken to be dropped). */
  private taken: Turn = { index: -1, text: "" };
  private waiter: (() => void) | null = null;

  constructor(
    private readonly stt: DeepgramFluxSpeechToText,
    private readonly config: DeepgramFluxConfig,
    private readonly handlers: RecognitionHandlers,
  ) {
    this.connect();
  }

  write(pcm: Int16Array): void {
    if (this.closed) return;
    this.chunk.push(pcm);
    this.chunkSamples += pcm.length;
    if (this.chunkSamples < CHUNK_SAMPLES) return;
    const bytes = pcmToBytes(concatPcm(this.chunk));
    this.chunk = [];
    this.chunkSamples = 0;
    if (this.socket?.readyState === WebSocket.OPEN) this.socket.send(bytes);
    else {
      this.pending.push(bytes);
      if (this.pending.length > 250) this.pending.shift(); // 20 s at most while (re)connecting
      if (!this.socket || this.socket.readyState >= WebSocket.CLOSING) this.connect();
    }
  }

  async peek(): Promise<string> {
    return this.remaining(this.current);
  }

  /**
   * The ended turn's words: at EndOfTurn, or at EagerEndOfTurn when the session took the turn then;
   * when Flux said neither (our fallback timing), ForceEndTurn asks it to end the turn now.
   */
  async finish(signal?: AbortSignal): Promise<string> {
    if (!this.ended && !this.eager && this.socket?.readyState === WebSocket.OPEN && this.remaining(this.current)) {
      this.socket.send(JSON.stringify({ type: "ForceEndTurn" }));
      await new Promise<void>((resolve) => {
        const done = () => {
          clearTimeout(timer);
          resolve();
        };
        const timer = setTimeout(done, this.config.forceTimeoutMs ?? 1000);
        this.waiter = done;
        signal?.addEventListener("abort", done, { once: true });
      });
      this.waiter = null;
    }
    const turn = this.ended ?? this.eager ?? this.current;
    if (this.failure && !turn.text) throw this.failure;
    const words = this.remaining(turn);
    this.take(turn);
    return signal?.aborted ? "" : words;
  }

  /** A backchannel: its words are not a turn, even when Flux ends the turn later. */
  discard(): void {
    this.take(this.ended ?? this.eager ?? this.current);
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    this.waiter?.();
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

  private take(turn: Turn): void {
    this.taken = { index: turn.index, text: turn.text.trim() };
    this.ended = null;
    this.eager = null;
  }

  /** The words of a turn not taken yet. */
  private remaining(turn: Turn): string {
    const all = turn.text.trim();
    if (turn.index !== this.taken.index || !this.taken.text) return all;
    return all.startsWith(this.taken.text) ? all.slice(this.taken.text.length).trim() : all;
  }

  private connect(): void {
    if (this.closed) return;
    const socket = new WebSocket(this.stt.listenUrl(), { headers: { Authorization: `Token ${this.config.apiKey}` } });
    this.socket = socket;
    socket.once("open", () => {
      this.failure = null;
      for (const bytes of this.pending.splice(0)) socket.send(bytes);
    });
    socket.on("error", (error) => {
      this.failure ??= new SpeechProviderError("deepgram_flux", `deepgram_flux socket failed: ${error.message}`);
    });
    socket.once("unexpected-response", (_request, response) => {
      this.failure = new SpeechProviderError("deepgram_flux", `deepgram_flux refused the socket with ${response.statusCode}`, response.statusCode);
      this.closed = true; // a refusal (bad key, bad parameters) is not retried on every frame
      socket.terminate();
    });
    socket.on("message", (data, isBinary) => !isBinary && this.onMessage(data.toString()));
    socket.on("close", (code, reason) => {
      if (!this.closed && code !== 1000 && code !== 1005) this.failure ??= closedError("deepgram_flux", code, reason);
      this.waiter?.();
    });
  }

  private onMessage(raw: string): void {
    let message: FluxMessage;
    try {
      message = JSON.parse(raw) as FluxMessage;
    } catch {
      return;
    }
    if (message.type === "Error") {
      this.failure = new SpeechProviderError("deepgram_flux", `deepgram_flux: ${message.description ?? message.code ?? "error"}`);
      return;
    }
    if (message.type !== "TurnInfo") return;
    const turn: Turn = { index: message.turn_index, text: message.transcript ?? "" };
    this.current = turn;
    const words = this.remaining(turn);
    switch (message.event) {
      case "EndOfTurn":
        this.eager = null;
        if (!words) return; // a turn already taken, only confirmed now
        this.ended = turn;
        this.waiter?.();
        this.handlers.onTurn?.("final");
        return;
      case "EagerEndOfTurn":
        if (!words) return;
        this.eager = turn;
        this.handlers.onInterim?.(words);
        this.handlers.onTurn?.("eager");
        return;
      case "TurnResumed":
        this.eager = null;
        this.handlers.onTurn?.("resumed");
        return;
      default:
        if (words) this.handlers.onInterim?.(words);
    }
  }
}

/** transcriber `deepgram_flux`: Flux on `/v2/listen`, its thresholds from the agent's end_of_turn. */
export function deepgramFluxTranscriber(settings: SpeechSettings, env: Env): SpeechToText {
  const english = settings.language.toLowerCase().startsWith("en");
  return new DeepgramFluxSpeechToText({
    baseUrl: read(env, "DEEPGRAM_BASE_URL") ?? speechDefaults.deepgramBaseUrl,
    apiKey: read(env, "DEEPGRAM_API_KEY")!,
    model: read(env, "DEEPGRAM_FLUX_MODEL") ?? (english ? speechDefaults.deepgramFluxModel : "flux-general-multi"),
    language: settings.language,
    vocabulary: settings.custom_vocabulary,
    eotTimeoutMs: settings.end_of_turn?.max_wait_ms ?? 2000,
    eagerEotThreshold: 0.5,
  });
}
