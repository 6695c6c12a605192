import type { FvadModule } from "@echogarden/fvad-wasm";
import { levelDbfs, samplesPerFrame } from "./audio/pcm";

// Voice activity detection: WebRTC's detector (libfvad, a Gaussian mixture model over six
// sub-bands, compiled to WASM inside the npm package: no download, ~10 µs a frame) in its
// "aggressive" mode, behind two gates: a level floor, and a modulation gate. Speech rises and
// falls from syllable to syllable; stationary noise does not, and WebRTC's detector takes noise
// for speech for up to seconds after the noise starts or changes level.

export const VAD_SAMPLE_RATE = 16000;
const FRAME_SAMPLES = samplesPerFrame(VAD_SAMPLE_RATE);

export type VadMode = 0 | 1 | 2 | 3;
export type VadOptions = {
  mode?: VadMode;
  /** Frames quieter than this are never speech (default -55 dBFS). */
  minLevelDbfs?: number;
  /** Median frame-to-frame level change over the last 10 frames that speech shows (default 1.25 dB; stationary noise shows ~0.4). */
  minModulationDb?: number;
};

const MODULATION_FRAMES = 10;

let engine: Promise<FvadModule> | null = null;

function loadEngine(): Promise<FvadModule> {
  engine ??= import("@echogarden/fvad-wasm").then((module) => module.default());
  return engine;
}

/** How far above the line's floor a frame must be to count as an onset. */
const ONSET_ABOVE_FLOOR_DB = 12;

/** Classifies 20 ms frames of 16 kHz audio as speech or not. One per call; `close` frees it. */
export class VoiceActivityDetector {
  private closed = false;
  private readonly changes = new Float64Array(MODULATION_FRAMES);
  private readonly sorted = new Float64Array(MODULATION_FRAMES);
  private frames = 0;
  private previousLevel = -90;
  private floor = Infinity; // the first frame sets it

  private constructor(
    private readonly fvad: FvadModule,
    private readonly instance: number,
    private readonly buffer: number,
    private readonly minLevelDbfs: number,
    private readonly minModulationDb: number,
  ) {}

  static async create(options: VadOptions = {}): Promise<VoiceActivityDetector> {
    const fvad = await loadEngine();
    const instance = fvad._fvad_new();
    if (!instance) throw new Error("libfvad could not allocate a detector");
    // fvad_reset would put mode and rate back to their defaults, so they are set last.
    if (fvad._fvad_set_mode(instance, options.mode ?? 2) !== 0 || fvad._fvad_set_sample_rate(instance, VAD_SAMPLE_RATE) !== 0) {
      fvad._fvad_free(instance);
      throw new Error("libfvad refused the mode or the sample rate");
    }
    return new VoiceActivityDetector(fvad, instance, fvad._malloc(FRAME_SAMPLES * 2), options.minLevelDbfs ?? -55, options.minModulationDb ?? 1.25);
  }

  isSpeech(frame: Int16Array): boolean {
    if (this.closed) throw new Error("The voice activity detector is closed");
    if (frame.length !== FRAME_SAMPLES) throw new Error(`A VAD frame is ${FRAME_SAMPLES} samples (20 ms at 16 kHz), not ${frame.length}`);
    const level = Math.max(-90, levelDbfs(frame));
    const modulated = this.modulation(level) >= this.minModulationDb;
    if (level < this.minLevelDbfs || !modulated) return false;
    // The heap may grow (and be replaced) when another detector allocates, so it is read each time.
    this.fvad.HEAP16.set(frame, this.buffer >> 1);
    return this.fvad._fvad_process(this.instance, this.buffer, FRAME_SAMPLES) === 1;
  }

  /**
   * A quicker judgement for onsets only (ducking): libfvad's word on a frame that rises well above the
   * line's recent floor, without the modulation window that takes ~100 ms to fill. Stationary noise
   * stays at its own floor and never counts. Use a detector of its own: it keeps its own floor.
   */
  isSpeechOnset(frame: Int16Array): boolean {
    if (this.closed) throw new Error("The voice activity detector is closed");
    const level = Math.max(-90, levelDbfs(frame));
    // The floor follows quiet at once and loud only slowly (3 dB a second), so speech does not raise it.
    this.floor = level < this.floor ? level : this.floor + 0.06;
    if (level < this.minLevelDbfs || level < this.floor + ONSET_ABOVE_FLOOR_DB) return false;
    this.fvad.HEAP16.set(frame, this.buffer >> 1);
    return this.fvad._fvad_process(this.instance, this.buffer, FRAME_SAMPLES) === 1;
  }

  /** Median of the last frames' level changes (dB). */
  private modulation(level: number): number {
    this.changes[this.frames++ % MODULATION_FRAMES] = Math.abs(level - this.previousLevel);
    this.previousLevel = level;
    const count = Math.min(this.frames, MODULATION_FRAMES);
    this.sorted.set(this.changes);
    const window = this.sorted.subarray(0, count).sort();
    return window[count >> 1];
  }

  close(): void {
    if (this.closed) return;
    this.closed = true;
    this.fvad._free(this.buffer);
    this.fvad._fvad_free(this.instance);
  }
}

export type SegmenterOptions = {
  /** Speech starts when this many of the last `startWindow` frames are speech (default 3 of 5). */
  startFrames?: number;
  startWindow?: number;
  /** Speech stops after this many non-speech frames in a row (default 10 = 200 ms). */
  stopFrames?: number;
};

export type SegmentEvent =
  | { type: "speech_started"; /** Frame index of the first speech frame of the run. */ firstFrame: number }
  | { type: "speech_stopped"; /** Frame index of the last speech frame. */ lastFrame: number };

/**
 * Smooths frame decisions into speech runs: a click or a lone noisy frame does not start speech,
 * and the short pauses between words do not end it.
 */
export class SpeechSegmenter {
  private readonly startFrames: number;
  private readonly startWindow: number;
  private readonly stopFrames: number;
  private recent: boolean[] = [];
  private frame = -1;
  private quietRun = 0;
  speaking = false;
  lastSpeechFrame = -1;
  /** Speech frames in the current run (while speaking) or the last one. */
  speechFrames = 0;

  constructor(options: SegmenterOptions = {}) {
    this.startFrames = options.startFrames ?? 3;
    this.startWindow = options.startWindow ?? 5;
    this.stopFrames = options.stopFrames ?? 10;
  }

  push(isSpeech: boolean): SegmentEvent | null {
    this.frame++;
    if (isSpeech) this.lastSpeechFrame = this.frame;
    if (!this.speaking) {
      this.recent.push(isSpeech);
      if (this.recent.length > this.startWindow) this.recent.shift();
      if (this.recent.filter(Boolean).length < this.startFrames) return null;
      this.speaking = true;
      this.quietRun = 0;
      const firstFrame = this.frame - this.recent.length + 1 + this.recent.indexOf(true);
      this.speechFrames = this.recent.filter(Boolean).length;
      this.recent = [];
      return { type: "speech_started", firstFrame };
    }
    if (isSpeech) {
      this.speechFrames++;
      this.quietRun = 0;
      return null;
    }
    if (++this.quietRun < this.stopFrames) return null;
    this.speaking = false;
    return { type: "speech_stopped", lastFrame: this.lastSpeechFrame };
  }
}
