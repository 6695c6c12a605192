import { resample } from "@/lib/media/audio/resampler";
import { PeriodicTimer, realClock } from "@/lib/media/clock";
import { decodeWav } from "@/lib/media/audio/wav";
import type { SafeFetch } from "@/lib/net/safe-fetch";
import { FRAME_SAMPLES, STREAM_SAMPLE_RATE } from "./media-stream";

/** The built-in hold chime's notes (C5, E5), each this long, then quiet until the loop's end. */
export const HOLD_TONE_HZ = [523.25, 659.25] as const;
const NOTE_MS = 300;
const LOOP_MS = 2000;
/** −18 dBFS peak: audible over a phone line without startling anyone. */
const AMPLITUDE = 0.125;
/** A hold file is at most this big (about 5 minutes of 8 kHz 16-bit audio, or 50 s at 48 kHz). */
export const MAX_HOLD_AUDIO_BYTES = 5 * 1024 * 1024;
const FETCH_TIMEOUT_MS = 5_000;

/**
 * The built-in hold audio at `rate`: two soft notes rising, then quiet, every 2 s. A caller hears at
 * once that the line is alive (not dropped) without music to dislike; 20 ms fades, so no clicks.
 */
export function builtInHoldAudio(rate: number = STREAM_SAMPLE_RATE): Int16Array {
  const out = new Int16Array(Math.round((rate * LOOP_MS) / 1000));
  const note = Math.round((rate * NOTE_MS) / 1000);
  const fade = Math.round(rate * 0.02);
  HOLD_TONE_HZ.forEach((frequency, index) => {
    for (let i = 0; i < note; i++) {
      const envelope = Math.min(1, i / fade, (note - 1 - i) / fade);
      out[index * note + i] = Math.round(Math.sin((2 * Math.PI * frequency * i) / rate) * AMPLITUDE * envelope * 32767);
    }
  });
  return out;
}

/**
 * `hold_audio_url`, fetched through the outbound client (public addresses only unless allowed, 5 s,
 * 5 MB) and decoded once: a WAV of 16-bit PCM at any rate, mixed to mono and resampled to the
 * line's 8 kHz. Throws on anything else (the caller then hears the built-in audio).
 */
export async function loadHoldAudio(url: string, fetch: SafeFetch, rate: number = STREAM_SAMPLE_RATE): Promise<Int16Array> {
  const response = await fetch(url, { method: "GET", timeoutMs: FETCH_TIMEOUT_MS, maxBodyBytes: MAX_HOLD_AUDIO_BYTES });
  if (response.status < 200 || response.status >= 300) throw new Error(`hold_audio_url answered ${response.status}`);
  const wav = decodeWav(new Uint8Array(response.body.buffer, response.body.byteOffset, response.body.byteLength));
  const frames = Math.floor(wav.samples.length / wav.channels);
  if (frames === 0) throw new Error("hold_audio_url holds no audio");
  const mono = new Int16Array(frames);
  for (let i = 0; i < frames; i++) {
    let sum = 0;
    for (let channel = 0; channel < wav.channels; channel++) sum += wav.samples[i * wav.channels + channel];
    mono[i] = Math.round(sum / wav.channels);
  }
  return wav.sampleRate === rate ? mono : resample(mono, wav.sampleRate, rate);
}

/**
 * Hold audio looped out in real time: one 20 ms frame every 20 ms on its own clock (the media
 * session's pacer is idle while the agent is silent), into `send`, from `start` until `stop`.
 */
export class HoldLoop {
  private offset = 0;
  private readonly timer: PeriodicTimer;

  constructor(
    private readonly audio: Int16Array,
    private readonly send: (frame: Int16Array) => void,
  ) {
    this.timer = new PeriodicTimer(realClock, 20, () => this.next());
  }

  start(): void {
    if (this.audio.length) this.timer.begin();
  }

  stop(): void {
    this.timer.stop();
  }

  private next(): void {
    const frame = new Int16Array(FRAME_SAMPLES);
    for (let i = 0; i < FRAME_SAMPLES; i++) {
      frame[i] = this.audio[this.offset];
      this.offset = (this.offset + 1) % this.audio.length;
    }
    this.send(frame);
  }
}
