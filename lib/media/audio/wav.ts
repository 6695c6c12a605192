// RIFF/WAVE, 16-bit PCM only: what the recorder writes and speech-to-text uploads.

export type WavAudio = { sampleRate: number; channels: number; /** Interleaved samples. */ samples: Int16Array };

export class WavFormatError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "WavFormatError";
  }
}

/** The header `wavHeader` writes: the samples start after it. */
export const WAV_HEADER_BYTES = 44;

export function wavHeader(sampleRate: number, channels: number, dataBytes: number): Uint8Array<ArrayBuffer> {
  const header = new Uint8Array(WAV_HEADER_BYTES);
  const view = new DataView(header.buffer);
  const ascii = (offset: number, text: string) => [...text].forEach((char, i) => view.setUint8(offset + i, char.charCodeAt(0)));
  ascii(0, "RIFF");
  view.setUint32(4, 36 + dataBytes, true);
  ascii(8, "WAVE");
  ascii(12, "fmt ");
  view.setUint32(16, 16, true);
  view.setUint16(20, 1, true); // PCM
  view.setUint16(22, channels, true);
  view.setUint32(24, sampleRate, true);
  view.setUint32(28, sampleRate * channels * 2, true);
  view.setUint16(32, channels * 2, true);
  view.setUint16(34, 16, true);
  ascii(36, "data");
  view.setUint32(40, dataBytes, true);
  return header;
}

export function encodeWav({ sampleRate, channels, samples }: WavAudio): Uint8Array<ArrayBuffer> {
  const out = new Uint8Array(WAV_HEADER_BYTES + samples.length * 2);
  out.set(wavHeader(sampleRate, channels, samples.length * 2));
  const view = new DataView(out.buffer);
  for (let i = 0; i < samples.length; i++) view.setInt16(WAV_HEADER_BYTES + i * 2, samples[i], true);
  return out;
}

/** Reads a 16-bit PCM WAV, walking the chunks (LIST and other chunks before `data` are skipped). */
export function decodeWav(bytes: Uint8Array): WavAudio {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const tag = (offset: number) => String.fromCharCode(...bytes.subarray(offset, offset + 4));
  if (bytes.length < 12 || tag(0) !== "RIFF" || tag(8) !== "WAVE") throw new WavFormatError("Not a RIFF/WAVE file");
  let format: { channels: number; sampleRate: number } | null = null;
  for (let offset = 12; offset + 8 <= bytes.length; ) {
    const id = tag(offset);
    const size = view.getUint32(offset + 4, true);
    const body = offset + 8;
    if (id === "fmt ") {
      const audioFormat = view.getUint16(body, true);
      const bits = view.getUint16(body + 14, true);
      const extensible = audioFormat === 0xfffe && view.getUint16(body + 24, true) === 1;
      if ((audioFormat !== 1 && !extensible) || bits !== 16) throw new WavFormatError("Only 16-bit PCM WAV is supported");
      format = { channels: view.getUint16(body + 2, true), sampleRate: view.getUint32(body + 4, true) };
    } else if (id === "data") {
      if (!format) throw new WavFormatError("WAV data before its fmt chunk");
      // Streams written before their length is known say 0 or 0xFFFFFFFF: read to the end.
      const end = size === 0 || size === 0xffffffff ? bytes.length : Math.min(bytes.length, body + size);
      const count = (end - body) >> 1;
      const samples = new Int16Array(count);
      for (let i = 0; i < count; i++) samples[i] = view.getInt16(body + i * 2, true);
      return { ...format, samples };
    }
    offset = body + size + (size % 2);
  }
  throw new WavFormatError("WAV without a data chunk");
}

/** Interleaves two mono channels of equal rate (the shorter is padded with silence). */
export function interleaveStereo(left: Int16Array, right: Int16Array): Int16Array {
  const length = Math.max(left.length, right.length);
  const out = new Int16Array(length * 2);
  for (let i = 0; i < length; i++) {
    out[2 * i] = left[i] ?? 0;
    out[2 * i + 1] = right[i] ?? 0;
  }
  return out;
}

export function channelOf(audio: WavAudio, channel: number): Int16Array {
  const out = new Int16Array(Math.floor(audio.samples.length / audio.channels));
  for (let i = 0; i < out.length; i++) out[i] = audio.samples[i * audio.channels + channel];
  return out;
}
