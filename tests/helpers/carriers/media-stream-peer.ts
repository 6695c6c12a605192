import WebSocket from "ws";
import { decodeMulaw, encodeMulaw, mulawSilence } from "../../../lib/media/g711"; // relative: the browser tests load this helper too

const FRAME = 160; // 20 ms at 8 kHz
const FRAME_MS = 20;

export type PeerFlavor = "twilio" | "telnyx";

export type MediaStreamPeerOptions = {
  flavor: PeerFlavor;
  url: string;
  streamId: string;
  carrierCallId: string;
  accountId: string;
  /** Twilio: the `<Parameter>`s. Telnyx: ignored (the client_state carries them). */
  customParameters?: Record<string, string>;
  /** Telnyx: the call's client_state, echoed in `start`. */
  clientState?: string;
  /** What the far end says (8 kHz PCM), played from the start in 20 ms frames; then silence. */
  speech?: Int16Array;
  /** Telnyx does not guarantee order: hold back every 5th media frame past its successor. */
  reorder?: boolean;
};

type Queued = { kind: "audio"; samples: Int16Array; offset: number } | { kind: "mark"; name: string };

/**
 * The carrier's side of a media-stream WebSocket, in real time: sends the far end's audio as 20 ms
 * frames, plays what we send at 8 kHz (a mark is returned only once the audio queued before it has
 * played; `clear` drops queued audio and returns every pending mark), records what was heard.
 */
export class MediaStreamPeer {
  readonly marks: { name: string; atMs: number }[] = [];
  readonly dtmfSent: string[] = [];
  /** Frames from us the real carrier would refuse (wrong stream id, unknown event, bad payload). */
  readonly protocolErrors: string[] = [];
  clears = 0;
  mediaFramesReceived = 0;
  readonly closed: Promise<void>;
  private readonly socket: WebSocket;
  private readonly queue: Queued[] = [];
  private readonly heard: Int16Array[] = [];
  private sequence = 0;
  private chunk = 0;
  private speechOffset = 0;
  /** Speech asked for with `say`, sent after the scripted speech. */
  private said: Int16Array | null = null;
  private saidOffset = 0;
  private startedAt = 0;
  private ticks = 0;
  private timer: NodeJS.Timeout | null = null;
  private held: string | null = null;
  private stopped = false;
  private readonly markWaiters: { name: string; resolve: () => void }[] = [];

  private constructor(private readonly options: MediaStreamPeerOptions) {
    this.socket = new WebSocket(options.url);
    this.closed = new Promise((resolve) => this.socket.once("close", () => resolve()));
    this.socket.on("message", (data, isBinary) => this.onMessage(isBinary ? null : data.toString()));
    this.socket.on("close", () => this.halt());
    this.socket.on("error", () => this.halt());
  }

  static async connect(options: MediaStreamPeerOptions): Promise<MediaStreamPeer> {
    const peer = new MediaStreamPeer(options);
    await new Promise<void>((resolve, reject) => {
      peer.socket.once("open", () => resolve());
      peer.socket.once("error", reject);
    });
    peer.begin();
    return peer;
  }

  get open(): boolean {
    return this.socket.readyState === WebSocket.OPEN;
  }

  /** Everything the far end heard, 8 kHz PCM, silence included, from the stream's start. */
  heardAudio(): Int16Array {
    const total = this.heard.reduce((sum, part) => sum + part.length, 0);
    const out = new Int16Array(total);
    let at = 0;
    for (const part of this.heard) {
      out.set(part, at);
      at += part.length;
    }
    return out;
  }

  /** Audio from us still waiting to be played (ms). */
  get queuedMs(): number {
    let samples = 0;
    for (const item of this.queue) if (item.kind === "audio") samples += item.samples.length - item.offset;
    return (samples * 1000) / 8000;
  }

  waitForMark(name: string, timeoutMs = 10_000): Promise<void> {
    if (this.marks.some((mark) => mark.name === name)) return Promise.resolve();
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`mark ${name} not returned within ${timeoutMs} ms`)), timeoutMs);
      this.markWaiters.push({ name, resolve: () => (clearTimeout(timer), resolve()) });
    });
  }

  /** The far end says this now (8 kHz PCM), in real time from the next frame. */
  say(samples: Int16Array): void {
    this.said = samples;
    this.saidOffset = 0;
  }

  sendDtmf(digit: string): void {
    this.dtmfSent.push(digit);
    if (this.options.flavor === "twilio") {
      this.send({ event: "dtmf", streamSid: this.options.streamId, sequenceNumber: this.nextSequence(), dtmf: { track: "inbound_track", digit } });
    } else {
      this.send({ event: "dtmf", stream_id: this.options.streamId, sequence_number: this.nextSequence(), occurred_at: new Date().toISOString(), dtmf: { digit } });
    }
  }

  /** The call ended: `stop`, then the socket closes. */
  async stop(): Promise<void> {
    if (this.stopped) return this.closed;
    this.stopped = true;
    if (this.held) this.sendRaw(this.held);
    this.held = null;
    const { flavor, streamId, accountId, carrierCallId } = this.options;
    if (this.open) {
      if (flavor === "twilio") {
        this.send({ event: "stop", sequenceNumber: this.nextSequence(), streamSid: streamId, stop: { accountSid: accountId, callSid: carrierCallId } });
      } else {
        this.send({ event: "stop", sequence_number: this.nextSequence(), stream_id: streamId, stop: { user_id: accountId, call_control_id: carrierCallId } });
      }
      this.socket.close(1000);
    }
    this.halt();
    return this.closed;
  }

  private begin(): void {
    const { flavor, streamId, accountId, carrierCallId } = this.options;
    if (flavor === "twilio") {
      this.send({ event: "connected", protocol: "Call", version: "1.0.0" });
      this.send({
        event: "start",
        sequenceNumber: this.nextSequence(),
        start: {
          accountSid: accountId,
          streamSid: streamId,
          callSid: carrierCallId,
          tracks: ["inbound"],
          customParameters: this.options.customParameters ?? {},
          mediaFormat: { encoding: "audio/x-mulaw", sampleRate: 8000, channels: 1 },
        },
        streamSid: streamId,
      });
    } else {
      this.send({ event: "connected", version: "1.0.0" });
      this.send({
        event: "start",
        sequence_number: this.nextSequence(),
        start: {
          user_id: accountId,
          call_control_id: carrierCallId,
          client_state: this.options.clientState ?? "",
          media_format: { encoding: "PCMU", sample_rate: 8000, channels: 1 },
        },
        stream_id: streamId,
      });
    }
    this.startedAt = performance.now();
    this.schedule();
  }

  private schedule(): void {
    if (this.stopped) return;
    const due = this.startedAt + (this.ticks + 1) * FRAME_MS;
    this.timer = setTimeout(() => {
      // Catch up if the event loop was held: real time, not timer count, decides how much is played.
      while (!this.stopped && this.startedAt + (this.ticks + 1) * FRAME_MS <= performance.now() + 1) this.tick();
      this.schedule();
    }, Math.max(0, due - performance.now()));
  }

  private tick(): void {
    this.ticks++;
    this.sendSpeechFrame();
    this.play();
  }

  private sendSpeechFrame(): void {
    const speech = this.options.speech;
    let bytes: Uint8Array = new Uint8Array(FRAME).fill(mulawSilence);
    if (speech && this.speechOffset < speech.length) {
      const pcm = new Int16Array(FRAME);
      pcm.set(speech.subarray(this.speechOffset, this.speechOffset + FRAME));
      this.speechOffset += FRAME;
      bytes = encodeMulaw(pcm);
    } else if (this.said && this.saidOffset < this.said.length) {
      const pcm = new Int16Array(FRAME);
      pcm.set(this.said.subarray(this.saidOffset, this.saidOffset + FRAME));
      this.saidOffset += FRAME;
      bytes = encodeMulaw(pcm);
    }
    const payload = Buffer.from(bytes).toString("base64");
    const chunk = String(++this.chunk);
    const timestamp = String((this.ticks - 1) * FRAME_MS);
    let frame: object;
    if (this.options.flavor === "twilio") {
      frame = { event: "media", sequenceNumber: this.nextSequence(), media: { track: "inbound", chunk, timestamp, payload }, streamSid: this.options.streamId };
    } else {
      frame = { event: "media", sequence_number: this.nextSequence(), media: { track: "inbound", chunk, timestamp, payload }, stream_id: this.options.streamId };
    }
    const text = JSON.stringify(frame);
    if (this.options.reorder && this.chunk % 5 === 0 && !this.held) {
      this.held = text;
      return;
    }
    this.sendRaw(text);
    if (this.held) {
      this.sendRaw(this.held);
      this.held = null;
    }
  }

  /** Plays 20 ms of what we sent; returns the marks whose audio has now played. */
  private play(): void {
    const out = new Int16Array(FRAME);
    let filled = 0;
    this.returnLeadingMarks();
    while (filled < FRAME && this.queue.length > 0) {
      const head = this.queue[0];
      if (head.kind === "mark") break;
      const take = Math.min(FRAME - filled, head.samples.length - head.offset);
      out.set(head.samples.subarray(head.offset, head.offset + take), filled);
      head.offset += take;
      filled += take;
      if (head.offset === head.samples.length) {
        this.queue.shift();
        if (filled === FRAME) break;
        this.returnLeadingMarks();
      }
    }
    this.heard.push(out);
    this.returnLeadingMarks();
  }

  private returnLeadingMarks(): void {
    while (this.queue[0]?.kind === "mark") this.returnMark((this.queue.shift() as { name: string }).name);
  }

  private returnMark(name: string): void {
    const atMs = performance.now() - this.startedAt;
    this.marks.push({ name, atMs });
    if (this.options.flavor === "twilio") {
      this.send({ event: "mark", sequenceNumber: this.nextSequence(), streamSid: this.options.streamId, mark: { name } });
    } else {
      this.send({ event: "mark", sequence_number: this.nextSequence(), stream_id: this.options.streamId, mark: { name } });
    }
    for (const waiter of this.markWaiters.filter((each) => each.name === name)) waiter.resolve();
  }

  private onMessage(text: string | null): void {
    if (text === null) return void this.protocolErrors.push("binary frame");
    let message: Record<string, unknown>;
    try {
      message = JSON.parse(text) as Record<string, unknown>;
    } catch {
      return void this.protocolErrors.push("invalid JSON");
    }
    const idField = this.options.flavor === "twilio" ? "streamSid" : "stream_id";
    if (message[idField] !== this.options.streamId) return void this.protocolErrors.push(`${String(message.event)} without the right ${idField}`);
    if (message.event === "media") {
      const payload = (message.media as { payload?: unknown } | undefined)?.payload;
      if (typeof payload !== "string" || !/^[A-Za-z0-9+/]*={0,2}$/.test(payload)) return void this.protocolErrors.push("media without a base64 payload");
      this.mediaFramesReceived++;
      this.queue.push({ kind: "audio", samples: decodeMulaw(Buffer.from(payload, "base64")), offset: 0 });
    } else if (message.event === "mark") {
      const name = (message.mark as { name?: unknown } | undefined)?.name;
      if (typeof name !== "string") return void this.protocolErrors.push("mark without a name");
      this.queue.push({ kind: "mark", name });
    } else if (message.event === "clear") {
      this.clears++;
      const marks = this.queue.filter((item): item is Extract<Queued, { kind: "mark" }> => item.kind === "mark");
      this.queue.length = 0;
      for (const mark of marks) this.returnMark(mark.name);
    } else {
      this.protocolErrors.push(`unknown event ${String(message.event)}`);
    }
  }

  private nextSequence(): string {
    return String(++this.sequence);
  }

  private send(message: object): void {
    this.sendRaw(JSON.stringify(message));
  }

  private sendRaw(text: string): void {
    if (this.open) this.socket.send(text);
  }

  private halt(): void {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
  }
}
