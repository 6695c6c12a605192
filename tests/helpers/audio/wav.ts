import { readFileSync } from "node:fs";

export type PcmAudio = { sampleRate: number; samples: Int16Array };

/** Reads a 16-bit PCM WAV (mono, or the first channel of several). */
export function readWav(path: string): PcmAudio {
  return parseWav(readFileSync(path));
}

export function parseWav(file: Buffer): PcmAudio {
  if (file.toString("ascii", 0, 4) !== "RIFF" || file.toString("ascii", 8, 12) !== "WAVE") throw new Error("not a RIFF/WAVE file");
  let offset = 12;
  let channels = 0;
  let sampleRate = 0;
  let bits = 0;
  while (offset + 8 <= file.length) {
    const id = file.toString("ascii", offset, offset + 4);
    const size = file.readUInt32LE(offset + 4);
    const body = offset + 8;
    if (id === "fmt ") {
      if (file.readUInt16LE(body) !== 1) throw new Error("only PCM WAV files are supported");
      channels = file.readUInt16LE(body + 2);
      sampleRate = file.readUInt32LE(body + 4);
      bits = file.readUInt16LE(body + 14);
    } else if (id === "data") {
      if (bits !== 16 || channels < 1) throw new Error("only 16-bit PCM WAV files are supported");
      const frames = Math.floor(Math.min(size, file.length - body) / (2 * channels));
      const samples = new Int16Array(frames);
      for (let i = 0; i < frames; i++) samples[i] = file.readInt16LE(body + i * 2 * channels);
      return { sampleRate, samples };
    }
    offset = body + size + (size % 2);
  }
  throw new Error("WAV file has no data chunk");
}

export function encodeWav(audio: PcmAudio): Buffer {
  const data = Buffer.from(audio.samples.buffer, audio.samples.byteOffset, audio.samples.byteLength);
  const header = Buffer.alloc(44);
  header.write("RIFF", 0, "ascii");
  header.writeUInt32LE(36 + data.length, 4);
  header.write("WAVEfmt ", 8, "ascii");
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(1, 20);
  header.writeUInt16LE(1, 22);
  header.writeUInt32LE(audio.sampleRate, 24);
  header.writeUInt32LE(audio.sampleRate * 2, 28);
  header.writeUInt16LE(2, 32);
  header.writeUInt16LE(16, 34);
  header.write("data", 36, "ascii");
  header.writeUInt32LE(data.length, 40);
  return Buffer.concat([header, data]);
}

/** Linear-interpolation resampling; enough for test fixtures (speech into an 8 kHz phone stream). */
export function resample(audio: PcmAudio, sampleRate: number): Int16Array {
  if (audio.sampleRate === sampleRate) return audio.samples;
  const length = Math.floor((audio.samples.length * sampleRate) / audio.sampleRate);
  const out = new Int16Array(length);
  const step = audio.sampleRate / sampleRate;
  for (let i = 0; i < length; i++) {
    const position = i * step;
    const left = Math.floor(position);
    const right = Math.min(left + 1, audio.samples.length - 1);
    const fraction = position - left;
    out[i] = Math.round(audio.samples[left] * (1 - fraction) + audio.samples[right] * fraction);
  }
  return out;
}
