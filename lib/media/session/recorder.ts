import { open, type FileHandle } from "node:fs/promises";
import { Resampler } from "../audio/resampler";
import { WAV_HEADER_BYTES, wavHeader } from "../audio/wav";

export const RECORDING_SAMPLE_RATE = 16000;
const FRAME = RECORDING_SAMPLE_RATE / 50;
/**
 * The agent's side is resampled for the recording with a shorter filter than the call's own (8 sinc
 * zero crossings, not 24): a third of the work on every frame of every call, for a file people listen to.
 */
const RECORDING_ZERO_CROSSINGS = 8;
/**
 * Agent audio more than this (250 ms) ahead of the caller's side is dropped (timer skew, never
 * expected: both sides tick every 20 ms and a missed tick is skipped, not caught up).
 */
const MAX_AGENT_BACKLOG = RECORDING_SAMPLE_RATE / 4;

/** Where the recording goes: interleaved 16-bit stereo PCM as it is made, then the WAV header. */
export interface RecordingSink {
  /** The recorder reuses `pcm` after the call: a sink that keeps it must copy it. */
  write(pcm: Uint8Array): void;
  /** The call ended; `header` is the finished 44-byte WAV header for `dataBytes` of audio. */
  finish(header: Uint8Array, dataBytes: number): Promise<void>;
}

/** Keeps the WAV in memory (tests, short calls). */
export class MemoryRecordingSink implements RecordingSink {
  private chunks: Uint8Array[] = [];
  wav: Uint8Array | null = null;

  write(pcm: Uint8Array): void {
    this.chunks.push(pcm.slice());
  }

  async finish(header: Uint8Array, dataBytes: number): Promise<void> {
    const wav = new Uint8Array(header.length + dataBytes);
    wav.set(header);
    let offset = header.length;
    for (const chunk of this.chunks) {
      wav.set(chunk, offset);
      offset += chunk.length;
    }
    this.chunks = [];
    this.wav = wav;
  }
}

/**
 * About 250 ms of the recording (16 kHz stereo), written to the file at once rather than 12 small
 * writes; a second (64 KB) saved 3 writes a second and cost 48 KB more of every live call's memory.
 */
const FILE_BATCH_BYTES = 16 * 1024;

/**
 * Writes to a file as the call goes (constant memory, a write per ~250 ms), then patches the header.
 * The writes run on libuv's thread pool, in order, never on the event loop: a disk that answers
 * slowly (a network volume) delays the recording, not every call's audio on the process, and a
 * failed write (a full disk) fails only the recording, at `finish`; before, it threw into the media tick.
 */
export class FileRecordingSink implements RecordingSink {
  private readonly file: Promise<FileHandle>;
  /** Every write so far, chained in order; never rejects (the first failure is kept in `failure`). */
  private written: Promise<void>;
  private failure: unknown = null;
  private batch: Uint8Array<ArrayBuffer> = new Uint8Array(FILE_BATCH_BYTES);
  private batched = 0;
  /** Batches whose writes are done, for the next ones (one is in flight at a time unless the disk lags). */
  private readonly spare: Uint8Array<ArrayBuffer>[] = [];
  private position = WAV_HEADER_BYTES;

  constructor(readonly path: string) {
    this.file = open(path, "w");
    this.written = this.file.then(
      () => undefined,
      (error: unknown) => void (this.failure = error),
    );
  }

  write(pcm: Uint8Array): void {
    if (this.batched + pcm.length > this.batch.length) this.flush();
    if (pcm.length > this.batch.length) return this.enqueue(pcm.slice(), pcm.length, false);
    this.batch.set(pcm, this.batched);
    this.batched += pcm.length;
  }

  async finish(header: Uint8Array): Promise<void> {
    this.flush();
    await this.written;
    if (this.failure) {
      await this.file.then((file) => file.close()).catch(() => undefined);
      throw this.failure;
    }
    const file = await this.file;
    try {
      await file.write(header, 0, header.length, 0);
    } finally {
      await file.close();
    }
  }

  private flush(): void {
    if (!this.batched) return;
    this.enqueue(this.batch, this.batched, true);
    this.batch = this.spare.pop() ?? new Uint8Array(FILE_BATCH_BYTES);
    this.batched = 0;
  }

  private enqueue(bytes: Uint8Array<ArrayBuffer>, length: number, reusable: boolean): void {
    const position = this.position;
    this.position += length;
    this.written = this.written.then(async () => {
      if (this.failure) return;
      try {
        const file = await this.file;
        // A write may take fewer bytes than it was given (a disk filling up): the rest follows, or its error does.
        for (let done = 0; done < length; ) {
          const { bytesWritten } = await file.write(bytes, done, length - done, position + done);
          if (bytesWritten === 0) throw new Error(`the recording's file took no bytes at ${position + done}`);
          done += bytesWritten;
        }
        if (reusable) this.spare.push(bytes);
      } catch (error) {
        this.failure = error;
      }
    });
  }
}

/**
 * Both sides of the call as one stereo WAV on the call clock: the caller on the left (one frame
 * per input tick), the agent on the right (what was played, placed at the tick it went out).
 */
export class StereoRecorder {
  private readonly agentResampler: Resampler;
  /** Agent audio played but not yet written beside the caller's: a ring of MAX_AGENT_BACKLOG samples. */
  private readonly agent = new Int16Array(MAX_AGENT_BACKLOG);
  private agentStart = 0;
  private agentSamples = 0;
  private dataBytes = 0;
  private readonly buffer = new Uint8Array(FRAME * 4);
  private readonly view = new DataView(this.buffer.buffer);

  constructor(
    private readonly sink: RecordingSink,
    agentRate: number,
  ) {
    this.agentResampler = new Resampler(agentRate, RECORDING_SAMPLE_RATE, { zeroCrossings: RECORDING_ZERO_CROSSINGS, reuseOutput: true });
  }

  /** Agent audio as it is played (at the transport's output rate). */
  agentPlayed(pcm: Int16Array): void {
    const converted = this.agentResampler.process(pcm);
    const ring = this.agent;
    for (let i = 0; i < converted.length; i++) ring[(this.agentStart + this.agentSamples + i) % ring.length] = converted[i];
    this.agentSamples += converted.length;
    if (this.agentSamples > ring.length) {
      // The oldest is overwritten: keep the newest MAX_AGENT_BACKLOG.
      this.agentStart = (this.agentStart + this.agentSamples - ring.length) % ring.length;
      this.agentSamples = ring.length;
    }
  }

  /** One 20 ms caller frame at 16 kHz: writes it beside the agent audio of the same period. */
  callerFrame(frame: Int16Array): void {
    const { buffer, view } = this;
    buffer.fill(0);
    for (let i = 0; i < FRAME; i++) view.setInt16(i * 4, frame[i] ?? 0, true);
    this.takeAgent(view, FRAME);
    this.dataBytes += buffer.length;
    this.sink.write(buffer);
  }

  /** Pads to `durationMs` with silence and finishes the file. */
  async finish(durationMs: number): Promise<{ sampleRate: number; channels: 2; durationMs: number; bytes: number }> {
    const frames = Math.floor(durationMs / 20) - this.dataBytes / (FRAME * 4);
    for (let i = 0; i < frames; i++) this.callerFrame(new Int16Array(FRAME));
    await this.sink.finish(wavHeader(RECORDING_SAMPLE_RATE, 2, this.dataBytes), this.dataBytes);
    return { sampleRate: RECORDING_SAMPLE_RATE, channels: 2, durationMs: (this.dataBytes / 4 / RECORDING_SAMPLE_RATE) * 1000, bytes: this.dataBytes + WAV_HEADER_BYTES };
  }

  /** Writes up to `samples` of queued agent audio into the right channel of `view`. */
  private takeAgent(view: DataView, samples: number): void {
    const ring = this.agent;
    const count = Math.min(samples, this.agentSamples);
    for (let i = 0; i < count; i++) view.setInt16(i * 4 + 2, ring[(this.agentStart + i) % ring.length], true);
    this.agentStart = (this.agentStart + count) % ring.length;
    this.agentSamples -= count;
  }
}
