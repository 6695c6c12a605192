import { describe, expect, it } from "vitest";
import { alawSilence, decodeAlaw, decodeMulaw, encodeAlaw, encodeMulaw, mulawSilence } from "@/lib/media/g711";

// Reference bytes and samples from the ITU-T G.711 reference implementation (Sun's g711.c, as
// shipped in CPython's audioop), so the codec is byte-exact with what carriers and SIP phones use.
const samples = Int16Array.from([0, 1, -1, 2, -2, 7, -8, 100, -100, 1000, -1000, 5000, -5000, 12345, -12345, 32767, -32768, 32636, -32636]);
const mulawBytes = [255, 255, 126, 255, 126, 254, 126, 242, 114, 206, 78, 171, 43, 151, 23, 128, 0, 128, 0];
const alawBytes = [213, 213, 85, 213, 85, 213, 85, 211, 83, 250, 122, 134, 6, 189, 61, 170, 42, 170, 42];

describe("G.711", () => {
  it("encodes μ-law and A-law as the reference does", () => {
    expect(Array.from(encodeMulaw(samples))).toEqual(mulawBytes);
    expect(Array.from(encodeAlaw(samples))).toEqual(alawBytes);
  });

  it("decodes μ-law and A-law as the reference does", () => {
    expect(Array.from(decodeMulaw(Uint8Array.from([0, 0x7f, 0x80, 0xff, 0x0f, 0x8f, 0x70, 0xf0])))).toEqual([-32124, 0, 32124, 0, -16764, 16764, -120, 120]);
    expect(Array.from(decodeAlaw(Uint8Array.from([0, 0x55, 0x80, 0xd5, 0x2a, 0xaa, 0x7f, 0xff])))).toEqual([-5504, -8, 5504, 8, -32256, 32256, -848, 848]);
  });

  it("round-trips every 16-bit sample within the codec's step size, keeping the sign", () => {
    const all = Int16Array.from({ length: 65536 }, (_, i) => i - 32768);
    for (const [encode, decode] of [[encodeMulaw, decodeMulaw], [encodeAlaw, decodeAlaw]] as const) {
      const back = decode(encode(all));
      for (let i = 0; i < all.length; i++) {
        const error = Math.abs(back[i] - all[i]);
        expect(error).toBeLessThanOrEqual(Math.max(16, Math.abs(all[i]) / 16) + 132);
        if (Math.abs(all[i]) > 200) expect(Math.sign(back[i])).toBe(Math.sign(all[i]));
      }
    }
  });

  it("names the silent byte of each law", () => {
    expect(decodeMulaw(Uint8Array.of(mulawSilence))[0]).toBe(0);
    expect(Math.abs(decodeAlaw(Uint8Array.of(alawSilence))[0])).toBeLessThanOrEqual(8);
  });
});
