import type { RnnoiseModule } from "@echogarden/rnnoise-wasm";
import { levelDbfs } from "./audio/pcm";
import { Resampler } from "./audio/resampler";
import { BackgroundVoices } from "./background-voices";

/** RNNoise works on 10 ms frames at 48 kHz. */
const RNNOISE_RATE = 48000;
const RNNOISE_FRAME = 480;
const RESAMPLER_ZERO_CROSSINGS = 6;
/**
 * With denoising on, a frame is speech only if RNNoise also hears a voice in it: denoised noise leaves
 * fluctuating residue that the VAD's modulation check would otherwise take for speech.
 */
const DENOISED_VOICE_PROBABILITY = 0.5;

let engine: Promise<RnnoiseModule> | null = null;

function loadEngine(): Promise<RnnoiseModule> {
  engine ??= import("@echogarden/rnnoise-wasm").then((module) => module.default());
  return engine;
}

/**
 * Caller audio through RNNoise (the WebAssembly build, its model inside the package): each 20 ms
 * frame is resampled to 48 kHz, denoised as two 10 ms frames, and brought back to the input rate,
 * one frame in, one frame out. One per call (RNNoise keeps state across frames); `close` frees it.
 */
export class Denoiser {
  private closed = false;
  private readonly up: Resampler;
  private readonly down: Resampler;
  private pending = new Float32Array(0);
  private output: Int16Array[] = [];
  private outputSamples = 0;
  private readonly frame = new Float32Array(RNNOISE_FRAME);
  /** RNNoise's voice probability for the latest audio (the larger of its two 10 ms frames). */
  voiceProbability = 0;
  private readonly background = new BackgroundVoices();
  private inputLevel = -90;

  private constructor(
    private readonly rnnoise: RnnoiseModule,
    private readonly state: number,
    private readonly buffer: number,
    private readonly rate: number,
  ) {
    // Short filters: the round trip stays inside the call's band, and it runs on every caller frame.
    this.up = new Resampler(rate, RNNOISE_RATE, { zeroCrossings: RESAMPLER_ZERO_CROSSINGS });
    this.down = new Resampler(RNNOISE_RATE, rate, { zeroCrossings: RESAMPLER_ZERO_CROSSINGS });
  }

  static async create(sampleRate = 16000): Promise<Denoiser> {
    const rnnoise = await loadEngine();
    if (rnnoise._rnnoise_get_frame_size() !== RNNOISE_FRAME) throw new Error("RNNoise's frame is not 10 ms at 48 kHz");
    const state = rnnoise._rnnoise_create(0);
    if (!state) throw new Error("RNNoise could not allocate a denoiser");
    return new Denoiser(rnnoise, state, rnnoise._malloc(RNNOISE_FRAME * 4), sampleRate);
  }

  /** One frame of caller audio in, the same length out (the first ones hold the resamplers' short delay). */
  process(frame: Int16Array): Int16Array {
    if (this.closed) throw new Error("The denoiser is closed");
    this.inputLevel = levelDbfs(frame);
    const upsampled = this.up.process(frame);
    const joined = new Float32Array(this.pending.length + upsampled.length);
    joined.set(this.pending);
    for (let i = 0; i < upsampled.length; i++) joined[this.pending.length + i] = upsampled[i];
    let offset = 0;
    const denoised = new Int16Array(Math.floor(joined.length / RNNOISE_FRAME) * RNNOISE_FRAME);
    const heap = this.rnnoise.HEAPF32; // read each time: the heap may be replaced when it grows
    let probability = 0;
    for (; offset + RNNOISE_FRAME <= joined.length; offset += RNNOISE_FRAME) {
      this.frame.set(joined.subarray(offset, offset + RNNOISE_FRAME));
      heap.set(this.frame, this.buffer >> 2);
      probability = Math.max(probability, this.rnnoise._rnnoise_process_frame(this.state, this.buffer, this.buffer));
      const out = this.rnnoise.HEAPF32.subarray(this.buffer >> 2, (this.buffer >> 2) + RNNOISE_FRAME);
      for (let i = 0; i < RNNOISE_FRAME; i++) denoised[offset + i] = Math.max(-32768, Math.min(32767, Math.round(out[i])));
    }
    this.voiceProbability = probability;
    this.pending = joined.slice(offset);
    const back = this.down.process(denoised);
    if (back.length) {
      this.output.push(back);
      this.outputSamples += back.length;
    }
    return this.take(frame.length);
  }

  /**
   * Whether the latest frame may be the caller speaking, as far as the denoiser can tell (the VAD has
   * its own say): RNNoise hears a voice in it, and it stands out from voices in the background.
   * `speaking`: the caller's speech is under way (a lower bar to go on than to start). Once per frame.
   */
  hearsCaller(speaking: boolean): boolean {
    const admitted = this.background.admits(this.inputLevel, this.voiceProbability, speaking);
    return admitted && this.voiceProbability >= DENOISED_VOICE_PROBABILITY;
  }

  private take(count: number): Int16Array {
    const out = new Int16Array(count);
    if (this.outputSamples < count) return out; // still filling: silence for the first frame at most
    let filled = 0;
    while (filled < count) {
      const head = this.output[0];
      const used = Math.min(head.length, count - filled);
      out.set(head.subarray(0, used), filled);
      filled += used;
      if (used === head.length) this.output.shift();
      else this.output[0] = head.subarray(used);
    }
    this.outputSamples -= count;
    return out;
  }

  close(): void {
    if (this.closed) return;
    this.closed = true;
    this.rnnoise._free(this.buffer);
    this.rnnoise._rnnoise_destroy(this.state);
  }
}
