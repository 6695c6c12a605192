// 16-bit PCM helpers: every pipeline stage works on 20 ms frames of signed 16-bit mono samples.

export const FRAME_MS = 20;
export const SUPPORTED_RATES = [8000, 16000, 24000, 48000] as const;
export type SampleRate = (typeof SUPPORTED_RATES)[number];

export function isSupportedRate(rate: number): rate is SampleRate {
  return (SUPPORTED_RATES as readonly number[]).includes(rate);
}

export function samplesPerFrame(rate: number): number {
  return (rate * FRAME_MS) / 1000;
}

/** Typed arrays use the host's byte order; on a little-endian host (x86, ARM) wire PCM is copied, not converted sample by sample. */
const LITTLE_ENDIAN = new Uint8Array(new Uint16Array([1]).buffer)[0] === 1;

/** Little-endian bytes → samples (a trailing odd byte is ignored; callers carry it over). */
export function bytesToPcm(bytes: Uint8Array): Int16Array {
  const count = bytes.length >> 1;
  const out = new Int16Array(count);
  if (LITTLE_ENDIAN) {
    new Uint8Array(out.buffer).set(bytes.subarray(0, count * 2));
    return out;
  }
  const view = new DataView(bytes.buffer, bytes.byteOffset, count * 2);
  for (let i = 0; i < count; i++) out[i] = view.getInt16(i * 2, true);
  return out;
}

export function pcmToBytes(samples: Int16Array): Uint8Array {
  if (LITTLE_ENDIAN) return new Uint8Array(samples.buffer.slice(samples.byteOffset, samples.byteOffset + samples.byteLength));
  const out = new Uint8Array(samples.length * 2);
  const view = new DataView(out.buffer);
  for (let i = 0; i < samples.length; i++) view.setInt16(i * 2, samples[i], true);
  return out;
}

/**
 * The samples' little-endian bytes without a copy where the host is little-endian: for sending a
 * frame nobody changes afterwards (a socket may hold it until the kernel takes it).
 */
export function pcmBytesView(samples: Int16Array): Uint8Array {
  return LITTLE_ENDIAN ? new Uint8Array(samples.buffer, samples.byteOffset, samples.byteLength) : pcmToBytes(samples);
}

export function concatPcm(parts: readonly Int16Array[]): Int16Array {
  let length = 0;
  for (const part of parts) length += part.length;
  const out = new Int16Array(length);
  let offset = 0;
  for (const part of parts) {
    out.set(part, offset);
    offset += part.length;
  }
  return out;
}

/** RMS level in dBFS (a full-scale square wave is 0 dB; digital silence is -Infinity). */
export function levelDbfs(samples: Int16Array): number {
  if (samples.length === 0) return -Infinity;
  let sum = 0;
  for (let i = 0; i < samples.length; i++) sum += samples[i] * samples[i];
  const rms = Math.sqrt(sum / samples.length);
  return rms === 0 ? -Infinity : 20 * Math.log10(rms / 32768);
}

/**
 * Cuts a stream of arbitrarily sized chunks into fixed-size frames, carrying the remainder over.
 * Odd bytes are carried too, so network chunks can be pushed as they arrive.
 */
export class Framer {
  private pending = new Int16Array(0);
  private oddByte: number | null = null;

  constructor(readonly frameSamples: number) {}

  pushBytes(bytes: Uint8Array): Int16Array[] {
    let data = bytes;
    if (this.oddByte !== null) {
      data = new Uint8Array(bytes.length + 1);
      data[0] = this.oddByte;
      data.set(bytes, 1);
      this.oddByte = null;
    }
    if (data.length % 2 === 1) this.oddByte = data[data.length - 1];
    return this.push(bytesToPcm(data));
  }

  push(samples: Int16Array): Int16Array[] {
    if (this.pending.length === 0 && samples.length === this.frameSamples) return [samples];
    const all = this.pending.length ? concatPcm([this.pending, samples]) : samples;
    const frames: Int16Array[] = [];
    let offset = 0;
    for (; offset + this.frameSamples <= all.length; offset += this.frameSamples) frames.push(all.slice(offset, offset + this.frameSamples));
    this.pending = all.slice(offset);
    return frames;
  }

  /** The remainder, zero-padded to a whole frame (null when nothing is left). */
  flush(): Int16Array | null {
    this.oddByte = null;
    if (this.pending.length === 0) return null;
    const frame = new Int16Array(this.frameSamples);
    frame.set(this.pending);
    this.pending = new Int16Array(0);
    return frame;
  }

  get bufferedSamples(): number {
    return this.pending.length;
  }
}
