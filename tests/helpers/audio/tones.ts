/** A sine tone as 16-bit PCM. */
export function sineTone(frequency: number, durationMs: number, sampleRate = 8000, amplitude = 8000): Int16Array {
  const samples = new Int16Array(Math.round((durationMs * sampleRate) / 1000));
  for (let i = 0; i < samples.length; i++) samples[i] = Math.round(amplitude * Math.sin((2 * Math.PI * frequency * i) / sampleRate));
  return samples;
}

/** Goertzel power of one frequency, normalized by the block's energy: near 0.5 for a pure tone at it, near 0 without. */
export function toneShare(samples: Int16Array, frequency: number, sampleRate = 8000): number {
  if (samples.length === 0) return 0;
  const coefficient = 2 * Math.cos((2 * Math.PI * frequency) / sampleRate);
  let previous = 0;
  let beforePrevious = 0;
  let energy = 0;
  for (const sample of samples) {
    const current = sample + coefficient * previous - beforePrevious;
    beforePrevious = previous;
    previous = current;
    energy += sample * sample;
  }
  const power = previous * previous + beforePrevious * beforePrevious - coefficient * previous * beforePrevious;
  return energy === 0 ? 0 : power / (energy * samples.length);
}

/** Start offsets (ms) of the 20 ms windows where `frequency` dominates. */
export function toneWindows(samples: Int16Array, frequency: number, sampleRate = 8000, threshold = 0.2): number[] {
  const window = Math.round(sampleRate / 50);
  const found: number[] = [];
  for (let start = 0; start + window <= samples.length; start += window) {
    if (toneShare(samples.subarray(start, start + window), frequency, sampleRate) > threshold) found.push((start * 1000) / sampleRate);
  }
  return found;
}
