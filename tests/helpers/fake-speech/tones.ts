import { tone } from "../audio-analysis";

/**
 * Text-to-speech fakes answer each sentence with a tone, a distinct frequency per sentence, so a
 * test can tell which sentence it heard (and for how long) with Goertzel.
 */
export class ToneVoice {
  private readonly tones = new Map<string, number>();
  private readonly free = [440, 560, 680, 800, 920, 1040, 1160, 1280, 1400, 1520, 1640, 1760, 1880, 2000];
  /** Every sentence synthesized, in order. */
  readonly synthesized: { text: string; frequency: number; durationMs: number }[] = [];

  constructor(
    /** How long a sentence sounds (default 60 ms a character, at least 400 ms). */
    public durationMs: (text: string) => number = (text) => Math.max(400, text.length * 60),
  ) {}

  /** Fixes a sentence's frequency (otherwise the next free one is taken when it is first spoken). */
  set(text: string, frequency: number): void {
    this.tones.set(text.trim(), frequency);
    const index = this.free.indexOf(frequency);
    if (index >= 0) this.free.splice(index, 1);
  }

  frequencyOf(text: string): number {
    const key = text.trim();
    let frequency = this.tones.get(key);
    if (frequency === undefined) {
      frequency = this.free.shift() ?? 300 + this.tones.size * 97;
      this.tones.set(key, frequency);
    }
    return frequency;
  }

  audio(text: string, sampleRate: number): Int16Array {
    const frequency = this.frequencyOf(text);
    const durationMs = this.durationMs(text);
    this.synthesized.push({ text: text.trim(), frequency, durationMs });
    return tone(frequency, durationMs, sampleRate, 0.3);
  }
}

/** Writes PCM as a stream of chunks: the first after `firstByteMs`, then one per `intervalMs` (0 = as fast as the socket takes it). */
export async function streamPcm(
  write: (bytes: Uint8Array) => boolean | void,
  pcm: Int16Array,
  { sampleRate, chunkMs = 40, firstByteMs = 0, intervalMs = 0, aborted = () => false }: { sampleRate: number; chunkMs?: number; firstByteMs?: number; intervalMs?: number; aborted?: () => boolean },
): Promise<void> {
  const bytes = new Uint8Array(pcm.buffer, pcm.byteOffset, pcm.byteLength);
  const chunkBytes = Math.round((sampleRate * chunkMs) / 1000) * 2;
  if (firstByteMs) await sleep(firstByteMs);
  for (let offset = 0; offset < bytes.length && !aborted(); offset += chunkBytes) {
    write(bytes.slice(offset, offset + chunkBytes));
    if (intervalMs) await sleep(intervalMs);
    else await new Promise((resolve) => setImmediate(resolve));
  }
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
