import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { concatPcm } from "@/lib/media/audio/pcm";
import { createTextToSpeech, type SpeechSettings } from "@/lib/media/speech-providers";
import { SpeechProviderError } from "@/lib/media/stt/speech-to-text";
import type { TextToSpeech } from "@/lib/media/tts/text-to-speech";
import { dominantFrequency } from "../../helpers/audio-analysis";
import { startFakeElevenLabs, type FakeElevenLabs } from "../../helpers/fake-speech/elevenlabs";

const settings = (voice: Partial<SpeechSettings["voice"]> = {}): SpeechSettings => ({
  language: "en-GB",
  custom_vocabulary: [],
  transcriber: { provider: "openai" },
  voice: { provider: "elevenlabs", name: "pNInz6obpgDQGcFmaJgB", speed: 1, instructions: "", ...voice },
});

let fake: FakeElevenLabs;
const made: TextToSpeech[] = [];
beforeAll(async () => {
  fake = await startFakeElevenLabs();
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

describe("elevenlabs", () => {
  it("a response on one pre-opened socket: blank space first, each sentence as written, flush and the empty text at the end; each sentence's audio told apart by the alignment", async () => {
    const voice = tts(16000);
    await sleep(100); // the socket is opened and initialized before the response
    const before = fake.sessions.length;
    expect(before).toBeGreaterThanOrEqual(1);
    const stream = voice.stream!(new AbortController().signal);
    const first = collect(stream.say("Hello there."));
    const second = collect(stream.say("How can I help you today?"));
    stream.end();
    const [a, b] = await Promise.all([first, second]);
    expect(dominantFrequency(a, 16000)).toBeCloseTo(fake.voice.frequencyOf("Hello there."), -1);
    expect(dominantFrequency(b, 16000)).toBeCloseTo(fake.voice.frequencyOf("How can I help you today?"), -1);
    expect(Math.abs(a.length / 16 - fake.voice.durationMs("Hello there."))).toBeLessThanOrEqual(60);

    const session = fake.sessions[before - 1];
    expect(session.headers["xi-api-key"]).toBe("xi-test-key");
    expect(session.voiceId).toBe("pNInz6obpgDQGcFmaJgB");
    expect(Object.fromEntries(session.query)).toMatchObject({ model_id: "eleven_flash_v2_5", output_format: "pcm_16000", auto_mode: "true", language_code: "en" });
    expect(session.messages.map((message) => [message.text, message.flush ?? false])).toEqual([
      [" ", false],
      ["Hello there. ", false],
      ["How can I help you today? ", false],
      [" ", true],
      ["", false],
    ]);
    expect(session.messages[0].voice_settings).toMatchObject({ stability: 0.5, similarity_boost: 0.75 });
    await sleep(50);
    expect(session).toMatchObject({ closedBy: "server", closeCode: 1000 });
    // The next response's socket is already open and initialized.
    expect(fake.sessions.length).toBe(before + 1);
    expect(fake.sessions.at(-1)!.messages).toEqual([{ text: " ", voice_settings: { stability: 0.5, similarity_boost: 0.75 } }]);
  });

  it("ulaw_8000 on a phone call's rate, decoded; barge-in closes the socket at once and nothing more is yielded", async () => {
    fake.setDelays({ chunkIntervalMs: 25 });
    const voice = tts(8000, fake.env(), { model: "eleven_turbo_v2", speed: 1.1 });
    await sleep(100);
    const controller = new AbortController();
    const stream = voice.stream!(controller.signal);
    const long = "A rather long sentence that takes quite a while to say out loud.";
    const session = fake.sessions.at(-1)!;
    let received = 0;
    let afterAbort = 0;
    const parts: Int16Array[] = [];
    for await (const chunk of stream.say(long)) {
      if (controller.signal.aborted) afterAbort += chunk.length;
      parts.push(chunk);
      received += chunk.length;
      if (received >= 8000 * 0.3 && !controller.signal.aborted) controller.abort();
    }
    const abortedAt = performance.now();
    await sleep(100);
    expect(afterAbort).toBe(0);
    expect(session).toMatchObject({ closedBy: "client" });
    expect(dominantFrequency(concatPcm(parts), 8000)).toBeCloseTo(fake.voice.frequencyOf(long), -1);
    expect(Object.fromEntries(session.query)).toMatchObject({ model_id: "eleven_turbo_v2", output_format: "ulaw_8000" });
    expect(session.query.get("language_code")).toBeNull();
    expect(session.messages[0].voice_settings).toMatchObject({ speed: 1.1 });
    expect(performance.now() - abortedAt).toBeLessThan(1000);
    fake.setDelays({ chunkIntervalMs: 0 });
  });

  it("a refused key is the provider's status; another provider's voice name falls back to the default", async () => {
    const refused = tts(24000, { ...fake.env(), ELEVENLABS_API_KEY: "wrong" });
    const error = await collect(refused.synthesize("Hi.", new AbortController().signal)).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(SpeechProviderError);
    expect((error as SpeechProviderError).status).toBe(401);

    const voice = tts(24000, fake.env(), { name: "alloy" });
    await sleep(50);
    const audio = await collect(voice.synthesize("Once more.", new AbortController().signal));
    expect(dominantFrequency(audio, 24000)).toBeCloseTo(fake.voice.frequencyOf("Once more."), -1);
    expect(fake.sessions.find((session) => session.messages.some((message) => message.text === "Once more. "))!.voiceId).toBe("21m00Tcm4TlvDq8ikWAM");
  });
});
