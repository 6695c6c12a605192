// ITU-T G.711 μ-law and A-law, the codecs of phone audio (8 kHz, one byte per sample).
// Decoding is a 256-entry table; encoding follows the reference segment search of Sun's g711.c.

const MULAW_BIAS = 0x84;
const muSegmentEnds = [0x3f, 0x7f, 0xff, 0x1ff, 0x3ff, 0x7ff, 0xfff, 0x1fff];
const aSegmentEnds = [0x1f, 0x3f, 0x7f, 0xff, 0x1ff, 0x3ff, 0x7ff, 0xfff];

function segmentOf(value: number, ends: number[]): number {
  let segment = 0;
  while (segment < 8 && value > ends[segment]) segment++;
  return segment;
}

function linearToMulaw(sample: number): number {
  let value = sample >> 2;
  let mask = 0xff;
  if (value < 0) {
    value = -value;
    mask = 0x7f;
  }
  value = Math.min(value, 8159) + (MULAW_BIAS >> 2);
  const segment = segmentOf(value, muSegmentEnds);
  if (segment >= 8) return 0x7f ^ mask;
  return ((segment << 4) | ((value >> (segment + 1)) & 0x0f)) ^ mask;
}

function mulawToLinear(byte: number): number {
  const value = ~byte & 0xff;
  const exponent = (value >> 4) & 0x07;
  const magnitude = ((((value & 0x0f) << 3) + MULAW_BIAS) << exponent) - MULAW_BIAS;
  return value & 0x80 ? -magnitude : magnitude;
}

function linearToAlaw(sample: number): number {
  let value = sample >> 3;
  let mask = 0xd5;
  if (value < 0) {
    value = -value - 1;
    mask = 0x55;
  }
  const segment = segmentOf(value, aSegmentEnds);
  if (segment >= 8) return 0x7f ^ mask;
  return ((segment << 4) | ((value >> (segment < 2 ? 1 : segment)) & 0x0f)) ^ mask;
}

function alawToLinear(byte: number): number {
  const value = byte ^ 0x55;
  const segment = (value & 0x70) >> 4;
  let magnitude = (value & 0x0f) << 4;
  magnitude += segment === 0 ? 8 : 0x108;
  if (segment > 1) magnitude <<= segment - 1;
  return value & 0x80 ? magnitude : -magnitude;
}

const mulawTable = Int16Array.from({ length: 256 }, (_, byte) => mulawToLinear(byte));
const alawTable = Int16Array.from({ length: 256 }, (_, byte) => alawToLinear(byte));

export function decodeMulaw(bytes: Uint8Array): Int16Array {
  const out = new Int16Array(bytes.length);
  for (let i = 0; i < bytes.length; i++) out[i] = mulawTable[bytes[i]];
  return out;
}

export function encodeMulaw(samples: Int16Array): Uint8Array {
  const out = new Uint8Array(samples.length);
  for (let i = 0; i < samples.length; i++) out[i] = linearToMulaw(samples[i]);
  return out;
}

export function decodeAlaw(bytes: Uint8Array): Int16Array {
  const out = new Int16Array(bytes.length);
  for (let i = 0; i < bytes.length; i++) out[i] = alawTable[bytes[i]];
  return out;
}

export function encodeAlaw(samples: Int16Array): Uint8Array {
  const out = new Uint8Array(samples.length);
  for (let i = 0; i < samples.length; i++) out[i] = linearToAlaw(samples[i]);
  return out;
}

/** The byte a silent frame is made of: μ-law 0xFF, A-law 0xD5. */
export const mulawSilence = 0xff;
export const alawSilence = 0xd5;
