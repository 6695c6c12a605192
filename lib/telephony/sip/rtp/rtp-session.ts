// One call's RTP stream (RFC 3550): G.711 at 20 ms out, a jitter buffer in, RFC 4733 DTMF both
// ways, comfort noise (PT 13) tolerated, and symmetric RTP: we send to where the far end's RTP
// comes from (NAT), not only to the address its SDP names.

import type dgram from "node:dgram";
import { randomInt } from "node:crypto";
import { decodeAlaw, decodeMulaw, encodeAlaw, encodeMulaw } from "@/lib/media/g711";
import { FRAME_SAMPLES, STREAM_SAMPLE_RATE } from "../../media-stream";
import { Listeners } from "../listeners";
import type { AudioCodecName, Direction, NegotiatedAudio } from "../sdp";
import { TELEPHONE_EVENT_PT } from "../sdp";
import { digitOfEvent, eventOfDigit, parseToneEvent, serializeToneEvent } from "./dtmf-events";
import { JitterBuffer } from "./jitter-buffer";
import { parseRtp, serializeRtp } from "./rtp-packet";

const FRAME_MS = 20;
const COMFORT_NOISE_PT = 13;
const DTMF_VOLUME = 10; // -10 dBm0
const RELATCH_SILENCE_MS = 2_000;

/** The edge toward the media session: 8 kHz 16-bit PCM in 20 ms frames and DTMF digits, both ways. */
export interface CallAudio {
  /** Decoded frames of 160 samples, one per 20 ms, in order; gaps concealed, silence while nothing arrives. */
  onAudio(listener: (frame: Int16Array) => void): () => void;
  /** Each RFC 4733 digit once (0-9, *, #, A-D), when its event starts. */
  onDtmf(listener: (digit: string) => void): () => void;
  /** Sends one frame now (the caller paces at 20 ms). */
  sendAudio(frame: Int16Array): void;
  /** Sends digits as RFC 4733 events; false when the far end accepts no telephone-event. */
  sendDtmf(digits: string, options?: { durationMs?: number; gapMs?: number }): Promise<boolean>;
}

export type RtpStats = {
  packetsSent: number;
  packetsReceived: number;
  /** Packets from a source other than the one we latched to, or that were not RTP. */
  packetsIgnored: number;
  comfortNoise: number;
  dtmfReceived: number;
};

type Endpoint = { address: string; port: number };

export class RtpSession implements CallAudio {
  private readonly audioListeners = new Listeners<[Int16Array]>();
  private readonly dtmfListeners = new Listeners<[string]>();
  private readonly jitter: JitterBuffer<Int16Array>;
  private remote: Endpoint | undefined;
  private latched: (Endpoint & { lastSeen: number }) | undefined;
  private codec: { name: AudioCodecName; payloadType: number } | undefined;
  private telephoneEvent: number | undefined;
  private readonly receiveEventTypes = new Set<number>([TELEPHONE_EVENT_PT]);
  private direction: Direction = "sendrecv";
  private readonly ssrc = randomInt(1, 2 ** 32 - 1);
  private sequence = randomInt(0, 2 ** 15);
  private timestamp = randomInt(0, 2 ** 31);
  private lastSentAt: number | undefined;
  private marker = true;
  private dtmfSending = false;
  private dtmfQueue: Promise<unknown> = Promise.resolve();
  private lastEventTimestamp: number | undefined;
  private remoteSsrc: number | undefined;
  private playout: NodeJS.Timeout | undefined;
  private playoutStart = 0;
  private ticks = 0;
  private previous: Int16Array | undefined;
  private concealed = 0;
  private closed = false;
  readonly stats: RtpStats = { packetsSent: 0, packetsReceived: 0, packetsIgnored: 0, comfortNoise: 0, dtmfReceived: 0 };

  constructor(
    private readonly socket: dgram.Socket,
    readonly localPort: number,
    private readonly release: () => void,
    options: { jitterFrames?: number } = {},
  ) {
    this.jitter = new JitterBuffer(options.jitterFrames ?? 2);
    socket.on("message", (data, info) => this.receive(data, { address: info.address, port: info.port }));
    socket.on("error", () => {});
  }

  /** Applies an offer/answer result: where to send, which codec, whether we send at all (hold). */
  configure(media: NegotiatedAudio): void {
    const remote = { address: media.remoteAddress, port: media.remotePort };
    if (!this.remote || this.remote.address !== remote.address || this.remote.port !== remote.port) this.latched = undefined;
    this.remote = remote;
    this.codec = { name: media.codec, payloadType: media.payloadType };
    this.telephoneEvent = media.telephoneEvent;
    if (media.telephoneEvent !== undefined) this.receiveEventTypes.add(media.telephoneEvent);
    this.direction = media.localDirection;
  }

  get jitterStats() {
    return this.jitter.stats;
  }

  /** Where our RTP goes now: the latched source, else the SDP address. */
  get target(): Endpoint | undefined {
    return this.latched ?? this.remote;
  }

  onAudio(listener: (frame: Int16Array) => void): () => void {
    return this.audioListeners.add(listener);
  }

  onDtmf(listener: (digit: string) => void): () => void {
    return this.dtmfListeners.add(listener);
  }

  sendAudio(frame: Int16Array): void {
    if (this.closed) return;
    this.advanceClock();
    const timestamp = this.timestamp;
    this.timestamp = (this.timestamp + frame.length) >>> 0;
    if (this.dtmfSending || !this.codec || !this.sends) return;
    const payload = Buffer.from(this.codec.name === "PCMU" ? encodeMulaw(frame) : encodeAlaw(frame));
    this.send(this.codec.payloadType, timestamp, payload);
  }

  sendDtmf(digits: string, options: { durationMs?: number; gapMs?: number } = {}): Promise<boolean> {
    const durationMs = Math.max(40, Math.min(options.durationMs ?? 100, 5000));
    const gapMs = options.gapMs ?? 60;
    const run = async () => {
      if (this.telephoneEvent === undefined || !this.codec || this.closed) return false;
      for (const digit of digits) {
        const event = eventOfDigit(digit);
        if (event === null) continue;
        await this.sendEvent(event, durationMs);
        await new Promise((resolve) => setTimeout(resolve, gapMs));
      }
      return true;
    };
    const result = this.dtmfQueue.then(run);
    this.dtmfQueue = result.catch(() => false);
    return result;
  }

  /** A digit that came another way (SIP INFO), reported like an RFC 4733 one. */
  injectDtmf(digit: string): void {
    this.stats.dtmfReceived++;
    this.dtmfListeners.emit(digit);
  }

  close(): void {
    if (this.closed) return;
    this.closed = true;
    if (this.playout) clearTimeout(this.playout);
    this.socket.close();
    this.release();
  }

  private get sends(): boolean {
    return this.direction === "sendrecv" || this.direction === "sendonly";
  }

  /** After a pause in sending, the timestamp jumps by the time that passed and the marker bit is set. */
  private advanceClock(): void {
    const now = performance.now();
    if (this.lastSentAt !== undefined) {
      const idle = now - this.lastSentAt;
      if (idle > 3 * FRAME_MS) {
        this.timestamp = (this.timestamp + Math.round(idle / FRAME_MS - 1) * FRAME_SAMPLES) >>> 0;
        this.marker = true;
      }
    }
    this.lastSentAt = now;
  }

  private send(payloadType: number, timestamp: number, payload: Buffer, marker = this.marker): void {
    const target = this.target;
    if (!target) return;
    if (payloadType === this.codec?.payloadType) this.marker = false;
    const packet = serializeRtp({ payloadType, sequence: this.sequence, timestamp, ssrc: this.ssrc, marker, payload });
    this.sequence = (this.sequence + 1) & 0xffff;
    this.stats.packetsSent++;
    this.socket.send(packet, target.port, target.address);
  }

  private sendEvent(event: number, durationMs: number): Promise<void> {
    this.advanceClock();
    const start = this.timestamp;
    const total = (durationMs * STREAM_SAMPLE_RATE) / 1000;
    this.dtmfSending = true;
    return new Promise((resolve) => {
      let elapsed = 0;
      const step = () => {
        if (this.closed || this.telephoneEvent === undefined) return finish();
        elapsed = Math.min(elapsed + FRAME_SAMPLES, total);
        const ended = elapsed >= total;
        const payload = serializeToneEvent({ event, end: ended, volume: DTMF_VOLUME, duration: elapsed });
        if (this.sends) {
          this.send(this.telephoneEvent, start, payload, elapsed === FRAME_SAMPLES);
          if (ended) for (let i = 0; i < 2; i++) this.send(this.telephoneEvent, start, payload, false); // the end packet, three times (RFC 4733 §2.5.1.4)
        }
        if (ended) return finish();
        setTimeout(step, FRAME_MS);
      };
      const finish = () => {
        this.dtmfSending = false;
        this.timestamp = Math.max(this.timestamp, start + total) >>> 0;
        this.lastSentAt = performance.now();
        this.marker = true;
        resolve();
      };
      step();
    });
  }

  private receive(data: Buffer, source: Endpoint): void {
    if (this.closed) return;
    const packet = parseRtp(data);
    if (!packet || !this.accepts(source)) {
      this.stats.packetsIgnored++;
      return;
    }
    this.stats.packetsReceived++;
    if (this.remoteSsrc !== undefined && packet.ssrc !== this.remoteSsrc) {
      this.jitter.reset();
      this.lastEventTimestamp = undefined;
    }
    this.remoteSsrc = packet.ssrc;
    if (packet.payloadType === COMFORT_NOISE_PT) {
      this.stats.comfortNoise++;
      return;
    }
    if (this.receiveEventTypes.has(packet.payloadType)) {
      const tone = parseToneEvent(packet.payload);
      const digit = tone ? digitOfEvent(tone.event) : null;
      if (digit && packet.timestamp !== this.lastEventTimestamp) {
        this.lastEventTimestamp = packet.timestamp;
        this.stats.dtmfReceived++;
        this.dtmfListeners.emit(digit);
      }
      return;
    }
    if (packet.payloadType !== 0 && packet.payloadType !== 8) return;
    const pcm = packet.payloadType === 0 ? decodeMulaw(packet.payload) : decodeAlaw(packet.payload);
    this.jitter.push(packet.sequence, pcm);
    if (!this.playout) this.startPlayout();
  }

  /** Symmetric RTP: latch to the first source that sends RTP; move only if it has gone quiet. */
  private accepts(source: Endpoint): boolean {
    const now = performance.now();
    const latched = this.latched;
    if (latched && latched.address === source.address && latched.port === source.port) {
      latched.lastSeen = now;
      return true;
    }
    if (latched && now - latched.lastSeen < RELATCH_SILENCE_MS) return false;
    this.latched = { ...source, lastSeen: now };
    return true;
  }

  /** One frame every 20 ms on a drift-free schedule, from the first packet on. */
  private startPlayout(): void {
    this.playoutStart = performance.now();
    this.ticks = 0;
    const tick = () => {
      if (this.closed) return;
      const due = Math.floor((performance.now() - this.playoutStart) / FRAME_MS);
      if (due - this.ticks > 10) this.ticks = due - 10; // after a long stall, skip rather than flood
      while (this.ticks < due) {
        this.ticks++;
        this.playFrame();
      }
      this.playout = setTimeout(tick, Math.max(0, this.playoutStart + (this.ticks + 1) * FRAME_MS - performance.now()));
    };
    this.playout = setTimeout(tick, FRAME_MS);
  }

  private playFrame(): void {
    const frame = this.jitter.pop();
    if (!frame) return;
    let pcm: Int16Array;
    if (frame.kind === "audio") {
      pcm = frame.payload;
      this.previous = pcm;
      this.concealed = 0;
    } else if (frame.kind === "lost" && this.previous && this.concealed < 2) {
      // packet loss concealment: the previous frame again, fading
      this.concealed++;
      const gain = 0.5 ** this.concealed;
      pcm = Int16Array.from(this.previous, (sample) => Math.round(sample * gain));
    } else pcm = new Int16Array(FRAME_SAMPLES);
    this.audioListeners.emit(pcm);
  }
}
