import { decodeAlaw, decodeMulaw, encodeMulaw } from "@/lib/media/g711";

/** Carrier media streams run at 8 kHz; we hand out and take 20 ms frames. */
export const STREAM_SAMPLE_RATE = 8000;
export const FRAME_SAMPLES = 160;

export type StreamEncoding = "PCMU" | "PCMA";

export type MediaStreamStart = {
  /** Twilio streamSid, Telnyx stream_id. */
  streamId: string;
  /** Twilio CallSid, Telnyx call_control_id. */
  carrierCallId: string;
  /** What we asked the carrier to pass on (Twilio `<Parameter>`s, Telnyx client_state), e.g. call_id and token. */
  customParameters: Record<string, string>;
  /** The caller's audio as it arrives (what we send back is always PCMU). */
  encoding: StreamEncoding;
};

/** What the caller's side of the stream produces. Every handler is optional. */
export type MediaStreamHandlers = {
  start?(start: MediaStreamStart): void;
  /** A `start` frame that cannot be read (missing ids, an unsupported encoding): the stream cannot prove itself. */
  invalidStart?(reason: string): void;
  /** 20 ms of the caller's audio: 160 samples of 16-bit PCM at 8 kHz. */
  audio?(frame: Int16Array): void;
  dtmf?(digit: string): void;
  /** A mark we sent was reached (its audio played) or dropped by a clear. */
  mark?(name: string): void;
  stop?(): void;
};

export type MediaStreamOptions = {
  /** Writes one text frame to the WebSocket. */
  send(text: string): void;
  handlers: MediaStreamHandlers;
  log?: (message: string) => void;
};

export type MediaStreamStats = {
  framesIn: number;
  audioFramesIn: number;
  audioFramesOut: number;
  /** Invalid JSON, unknown event, missing fields, bad base64, binary frames. */
  badFrames: number;
  /** Sent before the carrier's `start` (no stream id yet), so dropped. */
  droppedBeforeStart: number;
  /** Frames that arrived out of sequence and were put back in order (Telnyx). */
  reordered: number;
  /** Sequence numbers skipped after waiting (lost in transit) or arriving too late (Telnyx). */
  lost: number;
};

/** One media-stream WebSocket, in a carrier's protocol: text frames in, events out; our audio in, text frames out. */
export interface MediaStreamAdapter {
  receive(data: string | Buffer | ArrayBuffer | Buffer[]): void;
  /** Our audio: 16-bit PCM at 8 kHz, any length (normally 20 ms, paced in real time by the caller); sent as PCMU. */
  sendAudio(samples: Int16Array): void;
  /** Asks the carrier to say when the audio sent so far has played. */
  sendMark(name: string): void;
  /** Drops the audio the carrier has queued; it then returns every pending mark. */
  clear(): void;
  readonly started: MediaStreamStart | null;
  readonly stopped: boolean;
  /** Marks sent and not yet returned. */
  readonly pendingMarks: readonly string[];
  readonly stats: Readonly<MediaStreamStats>;
}

const base64Pattern = /^[A-Za-z0-9+/]*={0,2}$/;
const LOGGED_BAD_FRAMES = 5;

/** The carrier-independent half: decoding, 20 ms framing, marks, counting and logging bad frames. */
export abstract class MediaStreamBase implements MediaStreamAdapter {
  started: MediaStreamStart | null = null;
  stopped = false;
  readonly stats: MediaStreamStats = { framesIn: 0, audioFramesIn: 0, audioFramesOut: 0, badFrames: 0, droppedBeforeStart: 0, reordered: 0, lost: 0 };
  private readonly marks: string[] = [];
  private readonly pending = new Int16Array(FRAME_SAMPLES);
  private pendingLength = 0;
  protected readonly send: (text: string) => void;
  protected readonly handlers: MediaStreamHandlers;
  private readonly log: (message: string) => void;

  constructor(protected readonly carrierLabel: string, options: MediaStreamOptions) {
    this.send = options.send;
    this.handlers = options.handlers;
    this.log = options.log ?? ((message) => console.warn(message));
  }

  get pendingMarks(): readonly string[] {
    return this.marks;
  }

  receive(data: string | Buffer | ArrayBuffer | Buffer[]): void {
    this.stats.framesIn++;
    if (typeof data !== "string") {
      if (Array.isArray(data)) data = Buffer.concat(data);
      data = Buffer.isBuffer(data) ? data.toString("utf8") : Buffer.from(data).toString("utf8");
    }
    let message: unknown;
    try {
      message = JSON.parse(data);
    } catch {
      return this.bad("invalid JSON");
    }
    if (typeof message !== "object" || message === null || Array.isArray(message)) return this.bad("not a JSON object");
    try {
      this.handle(message as Record<string, unknown>);
    } catch (error) {
      // A handler's failure must not take the stream down with it.
      this.log(`${this.carrierLabel} media stream: handling a frame failed: ${error instanceof Error ? error.message : String(error)}`);
    }
  }

  sendAudio(samples: Int16Array): void {
    if (!this.started || this.stopped) {
      this.stats.droppedBeforeStart++;
      return;
    }
    const bytes = encodeMulaw(samples); // we always ask for PCMU back (Twilio has nothing else)
    this.send(this.formatMedia(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString("base64")));
    this.stats.audioFramesOut++;
  }

  sendMark(name: string): void {
    if (!this.started || this.stopped) {
      this.stats.droppedBeforeStart++;
      return;
    }
    this.marks.push(name);
    this.send(this.formatMark(name));
  }

  clear(): void {
    if (!this.started || this.stopped) return;
    this.send(this.formatClear());
  }

  /** One parsed frame, in the carrier's shape. */
  protected abstract handle(message: Record<string, unknown>): void;
  protected abstract formatMedia(payloadBase64: string): string;
  protected abstract formatMark(name: string): string;
  protected abstract formatClear(): string;

  protected onStart(start: MediaStreamStart): void {
    if (this.started) return this.bad("a second start");
    this.started = start;
    this.handlers.start?.(start);
  }

  /** A `start` that cannot be read: the owner decides (the media socket closes at once); else counted as a bad frame. */
  protected badStart(reason: string): void {
    if (this.started || !this.handlers.invalidStart) return this.bad(reason);
    this.stats.badFrames++;
    this.handlers.invalidStart(reason);
  }

  protected onAudio(payload: unknown): void {
    if (!this.started) return this.bad("media before start");
    if (this.stopped) return;
    if (typeof payload !== "string" || payload.length % 4 !== 0 || !base64Pattern.test(payload)) return this.bad("media payload is not base64");
    const bytes = Buffer.from(payload, "base64");
    const samples = this.started.encoding === "PCMA" ? decodeAlaw(bytes) : decodeMulaw(bytes);
    this.stats.audioFramesIn++;
    this.frame(samples);
  }

  protected onDtmf(digit: unknown): void {
    if (typeof digit !== "string" || !/^[0-9*#A-Da-d]$/.test(digit)) return this.bad("dtmf without a digit");
    this.handlers.dtmf?.(digit.toUpperCase());
  }

  protected onMark(name: unknown): void {
    if (typeof name !== "string") return this.bad("mark without a name");
    const at = this.marks.indexOf(name);
    if (at >= 0) this.marks.splice(at, 1);
    this.handlers.mark?.(name);
  }

  protected onStop(): void {
    if (this.stopped) return;
    this.stopped = true;
    this.handlers.stop?.();
  }

  protected bad(reason: string): void {
    const count = ++this.stats.badFrames;
    if (count <= LOGGED_BAD_FRAMES || count % 1000 === 0) this.log(`${this.carrierLabel} media stream: bad frame (${reason}); ${count} so far`);
  }

  /** Cuts decoded audio into 20 ms frames, carrying a remainder to the next payload. */
  private frame(samples: Int16Array): void {
    const audio = this.handlers.audio;
    let offset = 0;
    if (this.pendingLength === 0 && samples.length === FRAME_SAMPLES) {
      audio?.(samples);
      return;
    }
    while (offset < samples.length) {
      const take = Math.min(FRAME_SAMPLES - this.pendingLength, samples.length - offset);
      this.pending.set(samples.subarray(offset, offset + take), this.pendingLength);
      this.pendingLength += take;
      offset += take;
      if (this.pendingLength === FRAME_SAMPLES) {
        audio?.(this.pending.slice());
        this.pendingLength = 0;
      }
    }
  }
}

/** Reads a field that carriers send as a string of digits (sequence numbers, chunks, timestamps). */
export function numericString(value: unknown): number | null {
  if (typeof value === "number" && Number.isInteger(value)) return value;
  if (typeof value !== "string" || !/^\d{1,15}$/.test(value)) return null;
  return Number(value);
}

export function asRecord(value: unknown): Record<string, unknown> | null {
  return typeof value === "object" && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : null;
}
