// 16-bit PCM WAV files for baresip's aufile (input) and sndfile (recording) modules.

export function encodeWav(samples: Int16Array, sampleRate = 8000): Buffer {
  const data = Buffer.from(samples.buffer, samples.byteOffset, samples.byteLength);
  const header = Buffer.alloc(44);
  header.write("RIFF", 0);
  header.writeUInt32LE(36 + data.length, 4);
  header.write("WAVEfmt ", 8);
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(1, 20);
  header.writeUInt16LE(1, 22);
  header.writeUInt32LE(sampleRate, 24);
  header.writeUInt32LE(sampleRate * 2, 28);
  header.writeUInt16LE(2, 32);
  header.writeUInt16LE(16, 34);
  header.write("data", 36);
  header.writeUInt32LE(data.length, 40);
  return Buffer.concat([header, data]);
}

/** The samples of a mono 16-bit PCM WAV (walks the RIFF chunks to "data"). */
export function decodeWav(file: Buffer): { sampleRate: number; samples: Int16Array } {
  if (file.toString("latin1", 0, 4) !== "RIFF" || file.toString("latin1", 8, 12) !== "WAVE") throw new Error("not a WAV file");
  let sampleRate = 0;
  for (let offset = 12; offset + 8 <= file.length; ) {
    const id = file.toString("latin1", offset, offset + 4);
    let size = file.readUInt32LE(offset + 4);
    if (id === "fmt ") sampleRate = file.readUInt32LE(offset + 12);
    if (id === "data") {
      if (size === 0 || offset + 8 + size > file.length) size = file.length - offset - 8; // header not finalized
      const bytes = file.subarray(offset + 8, offset + 8 + size - (size % 2));
      return { sampleRate, samples: new Int16Array(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.length)) };
    }
    offset += 8 + size + (size % 2);
  }
  throw new Error("no data chunk");
}
