import { describe, expect, it } from "vitest";
import { Denoiser } from "@/lib/media/denoiser";
import { noise, rmsDbfs, speech } from "../../helpers/audio-analysis";
import { noisyCall, segment } from "../../helpers/noisy-speech";
import { fixtureWords, sessionHarness } from "../../helpers/session-harness";

describe("denoise (RNNoise, WebAssembly, before the VAD and speech-to-text)", () => {
  it("removes white noise at 5 dB SNR: no speech starts in the noise, onsets found within 100 ms, noise 15 dB down", async () => {
    const call = noisyCall("white", 5);
    const raw = await segment(call, false);
    const denoised = await segment(call, true);
    expect(denoised.falseStarts).toBe(0);
    expect(denoised.noiseAsSpeechMs).toBe(0);
    expect(raw.falseStarts).toBeGreaterThanOrEqual(denoised.falseStarts);
    for (const delay of denoised.onsetDelays) {
      expect(delay).not.toBeNull();
      expect(delay!).toBeLessThanOrEqual(100);
    }
    // A line hiss (−40 dBFS) through the denoiser: at least 15 dB quieter (RNNoise takes less off louder noise).
    const denoiser = await Denoiser.create(16000);
    const hiss = noise(-40, 6000, 16000, 9);
    const out: Int16Array[] = [];
    for (let offset = 0; offset + 320 <= hiss.length; offset += 320) out.push(denoiser.process(hiss.subarray(offset, offset + 320)));
    denoiser.close();
    const after = Int16Array.from(out.slice(150).flatMap((frame) => [...frame]));
    expect(rmsDbfs(after)).toBeLessThan(rmsDbfs(hiss) - 15);
    console.log(`denoise: ${denoised.denoiseCpuMs.toFixed(3)} ms CPU per 20 ms frame`);
  }, 30_000);

  it("keeps other people's voices out (babble at 3, 5 and 8 dB SNR): the background is never held as speech, the caller's sentences are found within 100 ms", async () => {
    for (const snr of [3, 5, 8]) {
      const call = noisyCall("babble", snr);
      const raw = await segment(call, false);
      const denoised = await segment(call, true);
      console.log(`babble at ${snr} dB SNR: speech starts in noise-only stretches ${raw.falseStarts} → ${denoised.falseStarts}, noise held as speech ${raw.noiseAsSpeechMs} → ${denoised.noiseAsSpeechMs} ms, onsets ${raw.onsetDelays.join(", ")} → ${denoised.onsetDelays.join(", ")} ms`);
      // Without it the babble is one long utterance that swallows the caller's sentences.
      expect(raw.noiseAsSpeechMs).toBeGreaterThan(10_000);
      expect(denoised.falseStarts).toBe(0);
      expect(denoised.noiseAsSpeechMs).toBeLessThanOrEqual(raw.noiseAsSpeechMs * 0.05);
      if (snr >= 5) for (const delay of denoised.onsetDelays) expect(delay === null ? Infinity : delay).toBeLessThanOrEqual(100);
      else expect(denoised.onsetDelays.every((delay) => delay !== null)).toBe(true);
    }
  }, 60_000);

  it("keeps speech: a sentence through the denoiser keeps its level within 3 dB", async () => {
    const denoiser = await Denoiser.create(16000);
    const sentence = speech("request");
    const out: Int16Array[] = [];
    for (let offset = 0; offset + 320 <= sentence.length; offset += 320) out.push(denoiser.process(sentence.subarray(offset, offset + 320)));
    denoiser.close();
    const joined = Int16Array.from(out.flatMap((frame) => [...frame]));
    expect(Math.abs(rmsDbfs(joined) - rmsDbfs(sentence))).toBeLessThan(3);
  });

  it("in a session: a caller in loud hiss is understood and answered with denoise on", async () => {
    const hiss = noise(-28, 8000, 16000, 5);
    const sentence = speech("request");
    const mixed = Int16Array.from(sentence, (sample, i) => Math.max(-32768, Math.min(32767, sample + hiss[i % hiss.length])));
    const run = async (denoise: boolean) => {
      const call = await sessionHarness({ settings: { denoise }, reply: () => "Certainly." });
      call.transport.background = hiss;
      await call.run(1500);
      call.transport.say(mixed);
      await call.run(5000);
      return call.port.inputs.filter((input) => input.kind === "caller").map((input) => input.kind === "caller" && input.text);
    };
    expect(await run(true)).toEqual([fixtureWords.request]);
    expect(await run(false)).not.toEqual([fixtureWords.request]);
  }, 30_000);
});
