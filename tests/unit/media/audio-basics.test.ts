import { describe, expect, it } from "vitest";
import { Framer, bytesToPcm, levelDbfs, pcmToBytes, samplesPerFrame } from "@/lib/media/audio/pcm";
import { Resampler, resample } from "@/lib/media/audio/resampler";
import { channelOf, decodeWav, encodeWav, interleaveStereo } from "@/lib/media/audio/wav";
import { dominantFrequency, noise, rmsDbfs, speech, tone } from "../../helpers/audio-analysis";

/** Level of a steady signal away from the filter's start-up edge. */
const middle = (samples: Int16Array) => samples.subarray(Math.floor(samples.length / 4), Math.floor((samples.length * 3) / 4));

describe("PCM frames and levels", () => {
  it("measures 20 ms frames and levels in dBFS", () => {
    expect(samplesPerFrame(8000)).toBe(160);
    expect(samplesPerFrame(48000)).toBe(960);
    expect(levelDbfs(tone(1000, 100, 16000, 1))).toBeCloseTo(-3.01, 1); // a full-scale sine is -3 dBFS RMS
    expect(levelDbfs(noise(-50, 1000, 16000))).toBeCloseTo(-50, 0);
    expect(levelDbfs(new Int16Array(160))).toBe(-Infinity);
  });

  it("frames byte chunks of any size, odd bytes included, without losing a sample", () => {
    const signal = tone(440, 95, 8000);
    const bytes = pcmToBytes(signal);
    const framer = new Framer(160);
    const frames: Int16Array[] = [];
    for (let offset = 0; offset < bytes.length; offset += 37) frames.push(...framer.pushBytes(bytes.subarray(offset, offset + 37)));
    const last = framer.flush();
    expect(frames).toHaveLength(4);
    expect(last).not.toBeNull();
    const joined = [...frames.flatMap((frame) => [...frame]), ...last!.subarray(0, signal.length - 640)];
    expect(joined).toEqual([...signal]);
    expect(Array.from(bytesToPcm(pcmToBytes(signal)))).toEqual(Array.from(signal));
  });

  it("cuts whole frames as views of the chunk, copies only a frame that straddles two, and never changes a frame it handed out", () => {
    const signal = tone(440, 100, 8000); // 800 samples: 5 frames
    const framer = new Framer(160);
    const first = signal.slice(0, 400); // 2.5 frames
    const second = signal.slice(400, 720); // 2 frames' worth, the first of them straddling
    const a = framer.push(first);
    expect(a).toHaveLength(2);
    for (const frame of a) expect(frame.buffer).toBe(first.buffer);
    const b = framer.push(second);
    expect(b).toHaveLength(2);
    expect(b[0].buffer).not.toBe(second.buffer); // the straddling frame: the chunk's tail + the next one's head
    expect(b[1].buffer).toBe(second.buffer);
    const straddling = [...b[0]];
    expect(framer.push(signal.slice(720, 780))).toEqual([]); // the remainder grows in a new partial frame, not the one handed out
    expect([...b[0]]).toEqual(straddling);
    const last = framer.flush()!;
    expect([...last.subarray(0, 140)]).toEqual([...signal.subarray(640, 780)]);
    expect(last.subarray(140).every((sample) => sample === 0)).toBe(true);
    expect([...a, ...b].flatMap((frame) => [...frame])).toEqual([...signal.subarray(0, 640)]);
    expect(framer.flush()).toBeNull();
  });

  it("reads PCM bytes at an odd offset (a slice of a larger message) by copying them", () => {
    const signal = tone(440, 20, 8000);
    const message = new Uint8Array(signal.length * 2 + 1);
    message.set(pcmToBytes(signal), 1);
    const framer = new Framer(160);
    expect([...framer.pushBytes(message.subarray(1))[0]]).toEqual([...signal]);
  });
});

describe("resampling", () => {
  const rates = [8000, 16000, 24000, 48000];

  it("keeps a tone's frequency and level between every pair of rates", () => {
    for (const from of rates) {
      for (const to of rates) {
        const input = tone(440, 500, from, 0.5);
        const output = resample(input, from, to);
        expect(Math.abs(output.length - (input.length * to) / from)).toBeLessThanOrEqual(1);
        expect(dominantFrequency(middle(output), to)).toBeCloseTo(440, -1);
        expect(Math.abs(rmsDbfs(middle(output)) - rmsDbfs(middle(input)))).toBeLessThan(0.2);
      }
    }
  });

  it("48 kHz → 8 kHz → 16 kHz keeps a 1 kHz tone", () => {
    const input = tone(1000, 1000, 48000, 0.5);
    const output = resample(resample(input, 48000, 8000), 8000, 16000);
    expect(dominantFrequency(middle(output), 16000)).toBeCloseTo(1000, -1);
    expect(Math.abs(rmsDbfs(middle(output)) - rmsDbfs(middle(input)))).toBeLessThan(0.3);
  });

  it("removes a tone above the new Nyquist frequency instead of folding it back", () => {
    // 6 kHz at 48 kHz → 8 kHz would alias to 2 kHz without a low-pass filter.
    const output = resample(tone(6000, 500, 48000, 0.5), 48000, 8000);
    expect(rmsDbfs(middle(output))).toBeLessThan(-9 - 60); // nothing at 2 kHz either: nothing at all
    // 10 kHz at 24 kHz → 16 kHz (new Nyquist 8 kHz) likewise.
    expect(rmsDbfs(middle(resample(tone(10000, 500, 24000, 0.5), 24000, 16000)))).toBeLessThan(-9 - 60);
  });

  it("gives the same samples streamed in 20 ms frames as in one piece", () => {
    const input = speech("request", 16000);
    const whole = resample(input, 16000, 24000);
    const streaming = new Resampler(16000, 24000);
    const parts: number[] = [];
    for (let offset = 0; offset < input.length; offset += 320) parts.push(...streaming.process(input.subarray(offset, offset + 320)));
    expect(parts.length).toBe(whole.length);
    expect(parts).toEqual(Array.from(whole));
  });
});

describe("WAV", () => {
  it("writes and reads mono and stereo 16-bit PCM", () => {
    const left = tone(300, 100, 16000);
    const right = tone(900, 60, 16000);
    const bytes = encodeWav({ sampleRate: 16000, channels: 2, samples: interleaveStereo(left, right) });
    expect(new TextDecoder().decode(bytes.subarray(0, 4))).toBe("RIFF");
    const back = decodeWav(bytes);
    expect(back.sampleRate).toBe(16000);
    expect(back.channels).toBe(2);
    expect(Array.from(channelOf(back, 0))).toEqual(Array.from(left));
    expect(Array.from(channelOf(back, 1)).slice(0, right.length)).toEqual(Array.from(right));
    expect(channelOf(back, 1).subarray(right.length).every((sample) => sample === 0)).toBe(true);
  });

  it("reads the espeak-ng fixtures and refuses what is not 16-bit PCM WAV", () => {
    expect(speech("stop").length).toBeGreaterThan(16000 * 0.3);
    expect(() => decodeWav(new TextEncoder().encode("not a wav file at all"))).toThrow(/RIFF/);
  });
});
