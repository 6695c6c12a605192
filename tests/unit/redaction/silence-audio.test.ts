import { describe, expect, it } from "vitest";
import { redactedTimeRanges, silenceWav } from "@/lib/redaction/silence-audio";
import { wavHeader } from "@/lib/media/audio/wav";

/** A stereo 16 kHz WAV of `ms` milliseconds of a full-scale square wave on both channels. */
function loudWav(ms: number): Uint8Array {
  const frames = (16000 * ms) / 1000;
  const data = new Int16Array(frames * 2);
  for (let i = 0; i < data.length; i++) data[i] = (Math.floor(i / 40) % 2 ? 1 : -1) * 20000;
  const header = wavHeader(16000, 2, data.byteLength);
  const wav = new Uint8Array(header.length + data.byteLength);
  wav.set(header);
  wav.set(new Uint8Array(data.buffer), header.length);
  return wav;
}

const samples = (wav: Uint8Array) => new Int16Array(wav.buffer.slice(wav.byteOffset + 44, wav.byteOffset + wav.byteLength));
const frameAt = (ms: number) => (ms * 16000) / 1000;

describe("silencing a recording", () => {
  it("finds the words that say the PII, by their times, and silences only those (both channels)", () => {
    const ranges = redactedTimeRanges([
      {
        role: "user",
        text: "Sure, it's 4111 1111 1111 1111.",
        startMs: 1000,
        endMs: 4000,
        words: [
          { word: "Sure,", startMs: 1000, endMs: 1300 },
          { word: "it's", startMs: 1350, endMs: 1500 },
          { word: "4111", startMs: 1600, endMs: 2000 },
          { word: "1111", startMs: 2000, endMs: 2400 },
          { word: "1111", startMs: 2400, endMs: 2800 },
          { word: "1111.", startMs: 2800, endMs: 3200 },
        ],
      },
      { role: "agent", text: "Thank you, that is all.", startMs: 5000, endMs: 6000 },
    ]);
    expect(ranges).toEqual([{ startMs: 1600, endMs: 3200 }]);
    const wav = loudWav(7000);
    const out = samples(silenceWav(wav, ranges));
    expect(out.slice(frameAt(1600) * 2, frameAt(3200) * 2).every((sample) => sample === 0)).toBe(true);
    expect(out.slice(frameAt(1000) * 2, frameAt(1590) * 2).some((sample) => sample !== 0)).toBe(true);
    expect(out.slice(frameAt(3210) * 2, frameAt(7000) * 2).some((sample) => sample !== 0)).toBe(true);
    expect(samples(wav).every((sample) => sample !== 0)).toBe(true); // the input is left as it was
  });

  it("silences the whole turn when the provider gave no word times, or they do not match the text", () => {
    expect(redactedTimeRanges([{ role: "user", text: "my name is Maria Garcia", startMs: 200, endMs: 1800 }])).toEqual([{ startMs: 200, endMs: 1800 }]);
    expect(
      redactedTimeRanges([{ role: "user", text: "my name is Maria Garcia", startMs: 200, endMs: 1800, words: [{ word: "hello", startMs: 200, endMs: 400 }] }]),
    ).toEqual([{ startMs: 200, endMs: 1800 }]);
    expect(redactedTimeRanges([{ role: "user", text: "nothing to hide", startMs: 0, endMs: 900 }])).toEqual([]);
  });
});
