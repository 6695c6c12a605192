import { readFileSync } from "node:fs";
import path from "node:path";
import { decodeWav } from "@/lib/media/audio/wav";
import { resample } from "@/lib/media/audio/resampler";
import { sineTone, toneShare } from "./audio/tones";

// Audio is asserted, not assumed: tones are found by Goertzel (./audio/tones), durations measured.

/** A sine tone as 16-bit PCM; `amplitude` relative to full scale (0..1). */
export function tone(frequency: number, durationMs: number, sampleRate: number, amplitude = 0.5): Int16Array {
  return sineTone(frequency, durationMs, sampleRate, amplitude * 32767);
}

/** Gaussian white noise with the given RMS level in dBFS (deterministic for a seed). */
export function noise(levelDbfs: number, durationMs: number, sampleRate: number, seed = 1): Int16Array {
  const count = Math.round((sampleRate * durationMs) / 1000);
  const rms = 32768 * 10 ** (levelDbfs / 20);
  let state = seed >>> 0 || 1;
  const uniform = () => {
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    return ((state >>> 0) + 1) / 4294967297;
  };
  const out = new Int16Array(count);
  for (let i = 0; i < count; i++) {
    const gaussian = Math.sqrt(-2 * Math.log(uniform())) * Math.cos(2 * Math.PI * uniform());
    out[i] = Math.max(-32768, Math.min(32767, Math.round(gaussian * rms)));
  }
  return out;
}

export function silence(durationMs: number, sampleRate: number): Int16Array {
  return new Int16Array(Math.round((sampleRate * durationMs) / 1000));
}

/** The strongest frequency in the block: a Hann-windowed Goertzel scan on a grid of `step` Hz, refined to 0.5 Hz. */
export function dominantFrequency(samples: Int16Array, sampleRate: number, { from = 50, to = sampleRate / 2, step = 5 } = {}): number {
  const windowed = new Int16Array(samples.length);
  for (let i = 0; i < samples.length; i++) windowed[i] = Math.round(samples[i] * (0.5 - 0.5 * Math.cos((2 * Math.PI * i) / (samples.length - 1))));
  let best = from;
  let bestShare = -1;
  const consider = (frequency: number) => {
    const share = toneShare(windowed, frequency, sampleRate);
    if (share > bestShare) {
      bestShare = share;
      best = frequency;
    }
  };
  for (let frequency = from; frequency <= to; frequency += step) consider(frequency);
  const coarse = best;
  for (let frequency = coarse - step; frequency <= coarse + step; frequency += 0.5) consider(frequency);
  return best;
}

export function rmsDbfs(samples: Int16Array): number {
  let sum = 0;
  for (let i = 0; i < samples.length; i++) sum += samples[i] * samples[i];
  return samples.length ? 10 * Math.log10(sum / samples.length / 32768 ** 2) : -Infinity;
}

export type ToneSpan = { frequency: number; startMs: number; endMs: number };

/**
 * Where each of the given frequencies sounds, in 20 ms blocks: a block belongs to the candidate
 * with the largest share of its energy (Goertzel), if that share passes `minShare`.
 */
export function findTones(samples: Int16Array, sampleRate: number, candidates: number[], { blockMs = 20, minShare = 0.2 } = {}): ToneSpan[] {
  const block = Math.round((sampleRate * blockMs) / 1000);
  const spans: ToneSpan[] = [];
  for (let start = 0; start + block <= samples.length; start += block) {
    const slice = samples.subarray(start, start + block);
    let best: number | null = null;
    let bestShare = minShare;
    for (const frequency of candidates) {
      const share = toneShare(slice, frequency, sampleRate);
      if (share > bestShare) {
        bestShare = share;
        best = frequency;
      }
    }
    if (best === null) continue;
    const startMs = (start / sampleRate) * 1000;
    const last = spans.at(-1);
    if (last && last.frequency === best && Math.abs(last.endMs - startMs) < 1e-6) last.endMs = startMs + blockMs;
    else spans.push({ frequency: best, startMs, endMs: startMs + blockMs });
  }
  return spans;
}

/** Total time (ms) during which the frequency sounds. */
export function toneDurationMs(samples: Int16Array, sampleRate: number, frequency: number, candidates: number[] = [frequency]): number {
  return findTones(samples, sampleRate, candidates)
    .filter((span) => span.frequency === frequency)
    .reduce((total, span) => total + span.endMs - span.startMs, 0);
}

/** Milliseconds of audio whose 20 ms blocks are louder than `thresholdDbfs`. */
export function soundingMs(samples: Int16Array, sampleRate: number, thresholdDbfs = -40): number {
  const block = Math.round(sampleRate / 50);
  let count = 0;
  for (let start = 0; start + block <= samples.length; start += block) if (rmsDbfs(samples.subarray(start, start + block)) > thresholdDbfs) count++;
  return count * 20;
}

const fixtureDir = path.join(process.cwd(), "tests/fixtures/speech");
export type SpeechFixture = "request" | "long" | "babble" | "uh-huh" | "yeah" | "okay" | "mm-hmm" | "right" | "stop" | "wait";

/** A committed espeak-ng fixture (16 kHz mono), optionally resampled. */
export function speech(name: SpeechFixture, sampleRate = 16000): Int16Array {
  const wav = decodeWav(readFileSync(path.join(fixtureDir, `${name}.wav`)));
  return sampleRate === wav.sampleRate ? wav.samples : resample(wav.samples, wav.sampleRate, sampleRate);
}

export function mix(a: Int16Array, b: Int16Array): Int16Array {
  const out = new Int16Array(Math.max(a.length, b.length));
  for (let i = 0; i < out.length; i++) out[i] = Math.max(-32768, Math.min(32767, (a[i] ?? 0) + (b[i] ?? 0)));
  return out;
}
