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
 * Odd bytes are carried too, so network chunks can be pushed as they arrive. Whole frames inside a
 * chunk are views of it, and a frame that straddles two chunks is the only copy: a frame is read,
 * never written, after it is cut, and a copy of every chunk (or a buffer per frame) was most of a
 * live call's garbage.
 */
export class Framer {
  /** The frame being filled across chunks (handed out when full, then a new one is made). */
  private partial: Int16Array | null = null;
  private partialSamples = 0;
  private readonly bytes = new PcmBytes();

  constructor(readonly frameSamples: number) {}

  pushBytes(bytes: Uint8Array): Int16Array[] {
    return this.push(this.bytes.push(bytes));
  }

  push(samples: Int16Array): Int16Array[] {
    const size = this.frameSamples;
    const frames: Int16Array[] = [];
    let offset = 0;
    if (this.partialSamples > 0) {
      const partial = this.partial!;
      offset = Math.min(size - this.partialSamples, samples.length);
      partial.set(samples.subarray(0, offset), this.partialSamples);
      this.partialSamples += offset;
      if (this.partialSamples < size) return frames;
      frames.push(partial);
      this.partial = null;
      this.partialSamples = 0;
    }
    for (; offset + size <= samples.length; offset += size) frames.push(samples.subarray(offset, offset + size));
    if (offset < samples.length) {
      this.partial = new Int16Array(size);
      this.partial.set(samples.subarray(offset));
      this.partialSamples = samples.length - offset;
    }
    return frames;
  }

  /** The remainder, zero-padded to a whole frame (null when nothing is left). */
  flush(): Int16Array | null {
    this.bytes.reset();
    const frame = this.partialSamples > 0 ? this.partial : null;
    this.partial = null;
    this.partialSamples = 0;
    return frame;
  }

  get bufferedSamples(): number {
    return this.partialSamples;
  }
}

/**
 * Raw little-endian 16-bit PCM from network messages, an odd byte carried to the next. The samples
 * are a view of the message where they can be (a little-endian host, an even offset, nothing
 * carried): a received chunk is never written afterwards, and a copy of every chunk was garbage.
 */
export class PcmBytes {
  private carry: number | null = null;

  push(bytes: Uint8Array): Int16Array {
    let data = bytes;
    if (this.carry !== null) {
      data = new Uint8Array(bytes.length + 1);
      data[0] = this.carry;
      data.set(bytes, 1);
      this.carry = null;
    }
    if (data.length % 2 === 1) this.carry = data[data.length - 1];
    if (LITTLE_ENDIAN && data.byteOffset % 2 === 0) return new Int16Array(data.buffer, data.byteOffset, data.length >> 1);
    return bytesToPcm(data);
  }

  reset(): void {
    this.carry = null;
  }
}
