// Tones for SIP audio tests: generated as 16-bit PCM at 8 kHz, found again by Goertzel.

export const RATE = 8000;

export function sineTone(frequency: number, durationMs: number, amplitude = 8000): Int16Array {
  const samples = new Int16Array(Math.round((durationMs * RATE) / 1000));
  for (let i = 0; i < samples.length; i++) samples[i] = Math.round(amplitude * Math.sin((2 * Math.PI * frequency * i) / RATE));
  return samples;
}

/** Goertzel power at `frequency` relative to the block's energy: about 0.5 for a pure tone at it, near 0 without. */
export function toneShare(samples: Int16Array, frequency: number): number {
  if (samples.length === 0) return 0;
  const coefficient = 2 * Math.cos((2 * Math.PI * frequency) / RATE);
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

/** How many 20 ms frames carry `frequency` as their dominant tone. */
export function framesWithTone(frames: Int16Array[], frequency: number, threshold = 0.3): number {
  return frames.filter((frame) => toneShare(frame, frequency) > threshold).length;
}

/** Paces `samples` out in 20 ms frames, like the media session does; resolves when done. */
export function playPaced(samples: Int16Array, send: (frame: Int16Array) => void): Promise<void> {
  const frame = RATE / 50;
  const start = performance.now();
  let index = 0;
  return new Promise((resolve) => {
    const tick = () => {
      const due = Math.floor((performance.now() - start) / 20) + 1;
      while (index < due && index * frame < samples.length) {
        send(samples.subarray(index * frame, (index + 1) * frame));
        index++;
      }
      if (index * frame >= samples.length) return resolve();
      setTimeout(tick, Math.max(0, start + index * 20 - performance.now()));
    };
    tick();
  });
}
