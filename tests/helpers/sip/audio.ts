// Tone checks for SIP audio tests over 20 ms frames (tones themselves: tests/helpers/audio/tones).

import { toneShare } from "../audio/tones";

const RATE = 8000;

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
