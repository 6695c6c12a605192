// A streaming polyphase resampler with a Kaiser-windowed sinc low-pass (about 80 dB stop band),
// for the rational ratios between 8, 16, 24 and 48 kHz. The cutoff sits at 90% of the lower
// Nyquist frequency, so a tone above the new Nyquist frequency is removed, not folded back.

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

/** `coefficients` holds the filter's phases one after another, each reversed for a forward dot product. */
type Design = { up: number; down: number; taps: number; coefficients: Float64Array };
const designs = new Map<string, Design>();

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
  const length = taps * up;
  const middle = (length - 1) / 2;
  const i0Beta = besselI0(KAISER_BETA);
  const coefficients = new Float64Array(up * taps);
  for (let k = 0; k < length; k++) {
    const x = k - middle;
    const sinc = x === 0 ? 1 : Math.sin(2 * Math.PI * cutoff * x) / (2 * Math.PI * cutoff * x);
    const ratio = x / (middle + 1);
    const window = besselI0(KAISER_BETA * Math.sqrt(Math.max(0, 1 - ratio * ratio))) / i0Beta;
    coefficients[(k % up) * taps + (taps - 1 - Math.floor(k / up))] = 2 * cutoff * sinc * window * up;
  }
  const made = { up, down, taps, coefficients };
  designs.set(key, made);
  return made;
}

/** Converts a stream of samples from one rate to another; keeps its filter state between calls. */
export class Resampler {
  private readonly design: Design | null;
  private history: Float64Array;
  /** Scratch space for history + input, reused between calls (no allocation per frame). */
  private scratch = new Float64Array(0);
  /** Next output's position in upsampled time, counted from the first sample of `history`. */
  private position = 0;
  /** With `reuseOutput`: the buffer every call's output is written into. */
  private output: Int16Array | null = null;

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
    this.history = new Float64Array(this.design ? this.design.taps - 1 : 0);
    if (this.design) this.position = (this.design.taps - 1) * this.design.up;
  }

  process(input: Int16Array): Int16Array {
    const d = this.design;
    if (!d) return input;
    const needed = this.history.length + input.length;
    if (this.scratch.length < needed) this.scratch = new Float64Array(needed);
    const x = this.scratch.subarray(0, needed);
    x.set(this.history);
    for (let i = 0; i < input.length; i++) x[this.history.length + i] = input[i];
    const { up, down, taps, coefficients } = d;
    const end = x.length * up;
    const size = Math.max(0, Math.ceil((end - this.position) / down));
    if (this.output && this.output.length < size) this.output = new Int16Array(size);
    const out = this.output ? this.output.subarray(0, size) : new Int16Array(size);
    let t = this.position;
    let newest = Math.floor(t / up);
    let phase = t - newest * up;
    const stepSamples = Math.floor(down / up);
    const stepPhase = down - stepSamples * up;
    let n = 0;
    for (; t < end; t += down) {
      const c = phase * taps;
      const first = newest - taps + 1;
      let sum = 0;
      for (let j = 0; j < taps; j++) sum += coefficients[c + j] * x[first + j];
      out[n++] = sum > 32767 ? 32767 : sum < -32768 ? -32768 : Math.round(sum);
      newest += stepSamples;
      phase += stepPhase;
      if (phase >= up) {
        phase -= up;
        newest += 1;
      }
    }
    const keep = taps - 1;
    this.history.set(x.subarray(x.length - keep));
    this.position = t - (x.length - keep) * up;
    return n === out.length ? out : this.output ? out.subarray(0, n) : out.slice(0, n);
  }
}

/** One-shot conversion of a whole signal (tests, recordings). */
export function resample(samples: Int16Array, inputRate: number, outputRate: number): Int16Array {
  return new Resampler(inputRate, outputRate).process(samples);
}
