import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { concatPcm } from "@/lib/media/audio/pcm";
import { createTextToSpeech, type SpeechSettings } from "@/lib/media/speech-providers";
import { SpeechProviderError } from "@/lib/media/stt/speech-to-text";
import type { TextToSpeech } from "@/lib/media/tts/text-to-speech";
import { dominantFrequency } from "../../helpers/audio-analysis";
import { startFakeCartesia, type FakeCartesia } from "../../helpers/fake-speech/cartesia";

const settings = (voice: Partial<SpeechSettings["voice"]> = {}): SpeechSettings => ({
  language: "de-DE",
  custom_vocabulary: [],
  transcriber: { provider: "openai" },
  voice: { provider: "cartesia", name: "a0e99841-438c-4a64-b679-ae501e7d6091", speed: 1.2, instructions: "", ...voice },
});

let fake: FakeCartesia;
const made: TextToSpeech[] = [];
beforeAll(async () => {
  fake = await startFakeCartesia();
});
afterAll(async () => {
  await Promise.all(made.map((tts) => tts.close?.()));
  await fake.close();
});

function tts(rate = 16000, env = fake.env(), voice: Partial<SpeechSettings["voice"]> = {}) {
  const made_ = createTextToSpeech(settings(voice), env, { sampleRate: rate });
  made.push(made_);
  return made_;
}

async function collect(audio: AsyncIterable<Int16Array>): Promise<Int16Array> {
  const parts: Int16Array[] = [];
  for await (const chunk of audio) parts.push(chunk);
  return concatPcm(parts);
}

describe("cartesia", () => {
  it("streams a response on one context: each sentence sent as written with continue and a flush, its audio back under its flush_id at the call's rate", async () => {
    const voice = tts(16000);
    const stream = voice.stream!(new AbortController().signal);
    const first = collect(stream.say("Hello there."));
    await new Promise((resolve) => setTimeout(resolve, 30));
    const second = collect(stream.say("How can I help?"));
    stream.end();
    const [a, b] = await Promise.all([first, second]);
    expect(dominantFrequency(a, 16000)).toBeCloseTo(fake.voice.frequencyOf("Hello there."), -1);
    expect(dominantFrequency(b, 16000)).toBeCloseTo(fake.voice.frequencyOf("How can I help?"), -1);
    expect(a.length / 16).toBeCloseTo(fake.voice.durationMs("Hello there."), -1);

    const session = fake.sessions.at(-1)!;
    expect(session.headers.authorization).toBe("Bearer cartesia-test-key");
    expect(session.headers["cartesia-version"]).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    const requests = session.requests;
    const contextIds = new Set(requests.map((request) => request.context_id));
    expect(contextIds.size).toBe(1);
    expect(requests.map((request) => [request.transcript, request.continue, request.flush ?? false])).toEqual([
      ["Hello there. ", true, false],
      ["", true, true],
      ["How can I help? ", true, false],
      ["", true, true],
      ["", false, false],
    ]);
    expect(requests[0]).toMatchObject({
      model_id: "sonic-3",
      voice: { mode: "id", id: "a0e99841-438c-4a64-b679-ae501e7d6091" },
      output_format: { container: "raw", encoding: "pcm_s16le", sample_rate: 16000 },
      language: "de",
      generation_config: { speed: 1.2 },
    });
  });

  it("barge-in: cancels the context at once, yields nothing of it after (chunks in flight included), and the next response reuses the socket", async () => {
    fake.setDelays({ chunkIntervalMs: 20 });
    const voice = tts(24000);
    const controller = new AbortController();
    const stream = voice.stream!(controller.signal);
    const long = "A rather long sentence that takes quite a while to say out loud.";
    let received = 0;
    let afterAbort = 0;
    const reading = (async () => {
      for await (const chunk of stream.say(long)) {
        if (controller.signal.aborted) afterAbort += chunk.length;
        received += chunk.length;
        if (received >= 24000 * 0.3 && !controller.signal.aborted) controller.abort();
      }
    })();
    stream.end();
    await reading;
    const abortedAt = performance.now();
    await new Promise((resolve) => setTimeout(resolve, 150));
    expect(afterAbort).toBe(0);
    const cancel = fake.cancels.at(-1)!;
    expect(cancel.at - abortedAt).toBeLessThan(200);
    const session = fake.sessions.at(-1)!;
    expect(session.requests.at(-1)).toEqual({ context_id: session.requests[0].context_id, cancel: true });

    // The next response: a new context on the same socket, heard in full.
    const next = voice.stream!(new AbortController().signal);
    const audio = collect(next.say("Sorry, go ahead."));
    next.end();
    expect(dominantFrequency(await audio, 24000)).toBeCloseTo(fake.voice.frequencyOf("Sorry, go ahead."), -1);
    expect(fake.sessions.at(-1)).toBe(session);
    expect(new Set(session.requests.map((request) => request.context_id)).size).toBe(2);
    fake.setDelays({ chunkIntervalMs: 0 });
  });

  it("synthesize says one sentence; a voice of another provider falls back to the default; a refused key is the provider's status", async () => {
    const audio = await collect(tts(8000, fake.env(), { name: "alloy", speed: 1 }).synthesize("One.", new AbortController().signal));
    expect(dominantFrequency(audio, 8000)).toBeCloseTo(fake.voice.frequencyOf("One."), -1);
    const request = fake.sessions.at(-1)!.requests[0];
    expect(request.voice).toEqual({ mode: "id", id: "f786b574-daa5-4673-aa0c-cbe3e8534c02" });
    expect(request.generation_config).toBeUndefined();

    const refused = tts(8000, { ...fake.env(), CARTESIA_API_KEY: "wrong" });
    const error = await collect(refused.synthesize("Hi.", new AbortController().signal)).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(SpeechProviderError);
    expect((error as SpeechProviderError).status).toBe(401);
  });
});
