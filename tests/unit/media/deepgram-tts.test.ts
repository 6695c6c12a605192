import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { concatPcm } from "@/lib/media/audio/pcm";
import { createTextToSpeech, type SpeechSettings } from "@/lib/media/speech-providers";
import { SpeechProviderError } from "@/lib/media/stt/speech-to-text";
import type { TextToSpeech } from "@/lib/media/tts/text-to-speech";
import { dominantFrequency } from "../../helpers/audio-analysis";
import { startFakeDeepgram, type FakeDeepgram } from "../../helpers/fake-speech/deepgram";

const settings = (voice: Partial<SpeechSettings["voice"]> = {}): SpeechSettings => ({
  language: "en-US",
  custom_vocabulary: [],
  transcriber: { provider: "deepgram" },
  voice: { provider: "deepgram", name: "aura-2-orion-en", speed: 1, instructions: "", ...voice },
});

let fake: FakeDeepgram;
const made: TextToSpeech[] = [];
beforeAll(async () => {
  fake = await startFakeDeepgram();
});
afterAll(async () => {
  await Promise.all(made.map((tts) => tts.close?.()));
  await fake.close();
});

function tts(rate: number, env = fake.env(), voice: Partial<SpeechSettings["voice"]> = {}) {
  const made_ = createTextToSpeech(settings(voice), env, { sampleRate: rate });
  made.push(made_);
  return made_;
}

async function collect(audio: AsyncIterable<Int16Array>): Promise<Int16Array> {
  const parts: Int16Array[] = [];
  for await (const chunk of audio) parts.push(chunk);
  return concatPcm(parts);
}
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe("deepgram aura", () => {
  it("Speak and Flush per sentence on one socket (opened ahead), binary linear16 at the call's rate, each sentence's audio ended by Flushed", async () => {
    const voice = tts(8000);
    await sleep(50);
    expect(fake.speakSessions).toHaveLength(1);
    const stream = voice.stream!(new AbortController().signal);
    const first = collect(stream.say("Hello there."));
    const second = collect(stream.say("How can I help?"));
    stream.end();
    const [a, b] = await Promise.all([first, second]);
    expect(dominantFrequency(a, 8000)).toBeCloseTo(fake.voice.frequencyOf("Hello there."), -1);
    expect(dominantFrequency(b, 8000)).toBeCloseTo(fake.voice.frequencyOf("How can I help?"), -1);
    expect(a.length / 8).toBeCloseTo(fake.voice.durationMs("Hello there."), -1);
    const session = fake.speakSessions[0];
    expect(session.headers.authorization).toBe("Token dg-test-key");
    expect(Object.fromEntries(session.query)).toEqual({ model: "aura-2-orion-en", encoding: "linear16", sample_rate: "8000" });
    expect(session.messages).toEqual([
      { type: "Speak", text: "Hello there." },
      { type: "Flush" },
      { type: "Speak", text: "How can I help?" },
      { type: "Flush" },
    ]);
    // The next response reuses the socket.
    const again = voice.stream!(new AbortController().signal);
    const c = collect(again.say("Anything else?"));
    again.end();
    expect(dominantFrequency(await c, 8000)).toBeCloseTo(fake.voice.frequencyOf("Anything else?"), -1);
    expect(fake.speakSessions).toHaveLength(1);
  });

  it("barge-in sends Clear at once; audio still arriving before Cleared is dropped, and the socket then serves the next response", async () => {
    fake.setSpeakDelays({ chunkIntervalMs: 20 });
    const voice = tts(24000, fake.env(), { speed: 1.2 });
    await sleep(50);
    const session = fake.speakSessions.at(-1)!;
    const controller = new AbortController();
    const stream = voice.stream!(controller.signal);
    const long = "A rather long sentence that takes quite a while to say out loud.";
    let received = 0;
    let afterAbort = 0;
    let abortedAt = 0;
    for await (const chunk of stream.say(long)) {
      if (controller.signal.aborted) afterAbort += chunk.length;
      received += chunk.length;
      if (received >= 24000 * 0.3 && !controller.signal.aborted) {
        abortedAt = performance.now();
        controller.abort();
      }
    }
    stream.end();
    await sleep(150);
    expect(afterAbort).toBe(0);
    expect(session.clearedAt).toHaveLength(1);
    expect(session.clearedAt[0] - abortedAt).toBeLessThan(200);
    expect(session.query.get("speed")).toBe("1.2");
    fake.setSpeakDelays({ chunkIntervalMs: 0 });
    const next = voice.stream!(new AbortController().signal);
    const audio = collect(next.say("Sorry, go ahead."));
    next.end();
    const heard = await audio;
    expect(dominantFrequency(heard, 24000)).toBeCloseTo(fake.voice.frequencyOf("Sorry, go ahead."), -1);
    expect(heard.length / 24).toBeCloseTo(fake.voice.durationMs("Sorry, go ahead."), -1);
    expect(fake.speakSessions.at(-1)).toBe(session);
  });

  it("a voice that is not an Aura model falls back to the default; a refused key is the provider's status", async () => {
    const audio = await collect(tts(16000, fake.env(), { name: "alloy" }).synthesize("One.", new AbortController().signal));
    expect(dominantFrequency(audio, 16000)).toBeCloseTo(fake.voice.frequencyOf("One."), -1);
    expect(fake.speakSessions.at(-1)!.query.get("model")).toBe("aura-2-thalia-en");
    const refused = tts(16000, { ...fake.env(), DEEPGRAM_API_KEY: "wrong" });
    const error = await collect(refused.synthesize("Hi.", new AbortController().signal)).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(SpeechProviderError);
    expect((error as SpeechProviderError).status).toBe(401);
  });
});
