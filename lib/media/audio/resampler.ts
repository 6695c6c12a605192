// A streaming polyphase resampler with a Kaiser-windowed sinc low-pass (about 80 dB stop band),
// for the rational ratios between 8, 16, 24 and 48 kHz. The cutoff sits at 90% of the lower
// Nyquist frequency, so a tone above the new Nyquist frequency is removed, not folded back.
// The filter runs in WebAssembly with SIMD (resampler-kernel.wat), in 32-bit floats.
import { RESAMPLER_KERNEL_WASM } from "./resampler-kernel-wasm";

const ZERO_CROSSINGS = 24;
const ROLLOFF = 0.9;
const KAISER_BETA = 7.86;

function gcd(a: number, b: number): number {
  while (b) [a, b] = [b, a % b];
  return a;
}

function besselI0(x: number): number {
  let sum = 1;
  let term = 1;
  for (let k = 1; k < 50; k++) {
    term *= (x / (2 * k)) ** 2;
    sum += term;
    if (term < 1e-12 * sum) break;
  }
  return sum;
}

/** Input samples per kernel call: the kernel's scratch memory stays small whatever the signal's length. */
const CHUNK = 4096;

/** A filter whose `up` phases (`taps` coefficients each, reversed, zero-padded to `padded`) sit at `offset` in the kernel's memory. */
type Design = { up: number; down: number; taps: number; padded: number; offset: number };
const designs = new Map<string, Design>();

type KernelExports = {
  memory: WebAssembly.Memory;
  resample(coef: number, taps: number, padded: number, up: number, down: number, x: number, keep: number, input: number, inputLength: number, position: number, out: number): number;
};

/** The compiled kernel and its memory: the designs' coefficients (kept, as `designs` is), then one call's scratch. */
class Kernel {
  private readonly exports: KernelExports;
  /** End of the coefficients; the scratch starts here. */
  private top = 0;
  private floats = new Float32Array(0);
  private samples = new Int16Array(0);

  constructor() {
    const compiled = new WebAssembly.Module(Buffer.from(RESAMPLER_KERNEL_WASM, "base64"));
    this.exports = new WebAssembly.Instance(compiled).exports as unknown as KernelExports;
  }

  store(coefficients: Float32Array): number {
    const offset = this.top;
    this.top = align(offset + coefficients.byteLength);
    this.reserve(this.top);
    this.floats.set(coefficients, offset / 4);
    return offset;
  }

  /** Resamples `input` (at most CHUNK samples) after `history`, which it then advances; the outputs go into `out` from `outOffset`. */
  run(d: Design, history: Float32Array, input: Int16Array, position: number, out: Int16Array, outOffset: number): number {
    const keep = history.length;
    const x = this.top;
    const inputAt = align(x + (keep + CHUNK + 4) * 4);
    const outAt = align(inputAt + CHUNK * 2);
    this.reserve(outAt + (Math.ceil((CHUNK * d.up) / d.down) + 1) * 2);
    const { floats, samples } = this;
    floats.set(history, x / 4);
    samples.set(input, inputAt / 2);
    const count = this.exports.resample(d.offset, d.taps, d.padded, d.up, d.down, x, keep, inputAt, input.length, position, outAt);
    out.set(samples.subarray(outAt / 2, outAt / 2 + count), outOffset);
    // The few samples kept are copied by index: a subarray view is an object, and this runs for every frame of every call.
    for (let i = 0, from = x / 4 + input.length; i < keep; i++) history[i] = floats[from + i];
    return count;
  }

  private reserve(bytes: number): void {
    const { memory } = this.exports;
    const missing = bytes - memory.buffer.byteLength;
    if (missing > 0) memory.grow(Math.ceil(missing / 65536));
    if (this.floats.buffer !== memory.buffer) {
      this.floats = new Float32Array(memory.buffer);
      this.samples = new Int16Array(memory.buffer);
    }
  }
}

const align = (bytes: number) => Math.ceil(bytes / 16) * 16;
let kernel: Kernel | null = null;

function design(inputRate: number, outputRate: number, zeroCrossings = ZERO_CROSSINGS): Design {
  const key = `${inputRate}:${outputRate}:${zeroCrossings}`;
  const cached = designs.get(key);
  if (cached) return cached;
  const divisor = gcd(inputRate, outputRate);
  const up = outputRate / divisor;
  const down = inputRate / divisor;
  const upRate = inputRate * up;
  const cutoff = (ROLLOFF * Math.min(inputRate, outputRate)) / 2 / upRate; // cycles per upsampled sample
  const taps = Math.ceil((2 * zeroCrossings) / (2 * cutoff) / up);
  const padded = Math.ceil(taps / 4) * 4;
  const length = taps * up;
  const middle = (length - 1) / 2;
  const i0Beta = besselI0(KAISER_BETA);
  const coefficients = new Float32Array(up * padded);
  for (let k = 0; k < length; k++) {
    const x = k - middle;
    const sinc = x === 0 ? 1 : Math.sin(2 * Math.PI * cutoff * x) / (2 * Math.PI * cutoff * x);
    const ratio = x / (middle + 1);
    const window = besselI0(KAISER_BETA * Math.sqrt(Math.max(0, 1 - ratio * ratio))) / i0Beta;
    coefficients[(k % up) * padded + (taps - 1 - Math.floor(k / up))] = 2 * cutoff * sinc * window * up;
  }
  kernel ??= new Kernel();
  const made = { up, down, taps, padded, offset: kernel.store(coefficients) };
  designs.set(key, made);
  return made;
}

/** Converts a stream of samples from one rate to another; keeps its filter state between calls. */
export class Resampler {
  private readonly design: Design | null;
  /** The last `taps - 1` input samples, which the next outputs still reach back to. */
  private readonly history: Float32Array;
  /** Next output's position in upsampled time, counted from the first sample of `history`. */
  private position = 0;
  /** With `reuseOutput`: the buffer every call's output is written into, and the view last returned. */
  private output: Int16Array | null = null;
  private view: Int16Array | null = null;

  constructor(
    readonly inputRate: number,
    readonly outputRate: number,
    options: {
      /** A shorter filter (fewer sinc zero crossings) for cheaper internal conversions; default 24. */
      zeroCrossings?: number;
      /** Output into one buffer, valid until the next call (for a consumer that copies it at once): no allocation per frame. */
      reuseOutput?: boolean;
    } = {},
  ) {
    if (options.reuseOutput) this.output = new Int16Array(0);
    this.design = inputRate === outputRate ? null : design(inputRate, outputRate, options.zeroCrossings);
    this.history = new Float32Array(this.design ? this.design.taps - 1 : 0);
    if (this.design) this.position = (this.design.taps - 1) * this.design.up;
  }

  process(input: Int16Array): Int16Array {
    const d = this.design;
    if (!d) return input;
    const size = Math.max(0, Math.ceil(((this.history.length + input.length) * d.up - this.position) / d.down));
    if (this.output && this.output.length < size) this.output = new Int16Array(size);
    const out = this.output ?? new Int16Array(size);
    let n = 0;
    for (let start = 0; start < input.length; start += CHUNK) {
      const chunk = input.length <= CHUNK ? input : input.subarray(start, start + CHUNK);
      const count = kernel!.run(d, this.history, chunk, this.position, out, n);
      this.position += count * d.down - chunk.length * d.up;
      n += count;
    }
    if (!this.output) return n === out.length ? out : out.subarray(0, n);
    // The reused output's view of the last length made (a frame's is the same every time): no new view per call.
    if (this.view?.length !== n || this.view.buffer !== out.buffer) this.view = out.subarray(0, n);
    return this.view;
  }
}

/** One-shot conversion of a whole signal (tests, recordings). */
export function resample(samples: Int16Array, inputRate: number, outputRate: number): Int16Array {
  return new Resampler(inputRate, outputRate).process(samples);
}
