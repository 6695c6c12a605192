import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { concatPcm } from "@/lib/media/audio/pcm";
import { createSpeechToText, createTextToSpeech, speechConfigurationProblems, SpeechNotConfiguredError, type SpeechSettings } from "@/lib/media/speech-providers";
import { DeepgramSpeechToText } from "@/lib/media/stt/deepgram-stt";
import { SpeechProviderError } from "@/lib/media/stt/speech-to-text";
import { dominantFrequency, silence, speech } from "../../helpers/audio-analysis";
import { startFakeAzureSpeech, type FakeAzureSpeech } from "../../helpers/fake-speech/azure-speech";
import { startFakeDeepgram, type FakeDeepgram } from "../../helpers/fake-speech/deepgram";
import { startFakeOpenAiSpeech, type FakeOpenAiSpeech } from "../../helpers/fake-speech/openai-speech";
import { startFakeSpeech } from "../../helpers/fake-speech";
import { transcriptsByFixture } from "../../helpers/fake-speech/scripts";

const words = { request: "I would like to book a table for two people tomorrow evening.", stop: "Stop.", yeah: "Yeah." } as const;

function settings(overrides: { transcriber?: SpeechSettings["transcriber"]["provider"]; voice?: SpeechSettings["voice"]["provider"]; name?: string } = {}): SpeechSettings {
  return {
    language: "en-US",
    custom_vocabulary: ["Zyphra", "Kowalczyk"],
    transcriber: { provider: overrides.transcriber ?? "openai" },
    voice: { provider: overrides.voice ?? "openai", name: overrides.name ?? "alloy", speed: 1.25, instructions: "Speak warmly." },
  };
}

async function collect(stream: AsyncIterable<Int16Array>): Promise<{ audio: Int16Array; chunks: number }> {
  const parts: Int16Array[] = [];
  for await (const chunk of stream) parts.push(chunk);
  return { audio: concatPcm(parts), chunks: parts.length };
}

let openai: FakeOpenAiSpeech;
let azure: FakeAzureSpeech;
let deepgram: FakeDeepgram;
beforeAll(async () => {
  [openai, azure, deepgram] = await Promise.all([
    startFakeOpenAiSpeech({ apiKey: "sk-fake", transcripts: transcriptsByFixture(words) }),
    startFakeAzureSpeech({ transcripts: transcriptsByFixture(words) }),
    startFakeDeepgram({ transcripts: transcriptsByFixture(words) }),
  ]);
});
afterAll(async () => {
  await Promise.all([openai.close(), azure.close(), deepgram.close()]);
});

describe("configuration", () => {
  it("names the environment variables each provider needs, per agent field", () => {
    const problems = speechConfigurationProblems(settings({ transcriber: "deepgram", voice: "azure" }), {});
    expect(problems).toEqual([
      expect.objectContaining({ field: "transcriber.provider", provider: "deepgram", missing: ["DEEPGRAM_API_KEY"] }),
      expect.objectContaining({ field: "voice.provider", provider: "azure", missing: ["AZURE_SPEECH_KEY", "AZURE_SPEECH_REGION"] }),
    ]);
    expect(problems[1].message).toMatch(/AZURE_SPEECH_KEY and AZURE_SPEECH_REGION/);
    expect(speechConfigurationProblems(settings({ transcriber: "openai_compatible", voice: "openai" }), {}).map((problem) => problem.missing)).toEqual([
      ["OPENAI_COMPATIBLE_BASE_URL"],
      ["OPENAI_API_KEY"],
    ]);
    expect(speechConfigurationProblems(settings(), { OPENAI_API_KEY: "sk" })).toEqual([]);
    expect(speechConfigurationProblems(settings({ transcriber: "azure", voice: "azure" }), { AZURE_SPEECH_KEY: "k", AZURE_SPEECH_ENDPOINT: "http://x" })).toEqual([]);
  });

  it("refuses providers that do not run on the server, and never builds an unconfigured one", () => {
    const problems = speechConfigurationProblems(settings({ transcriber: "browser", voice: "browser" }), { OPENAI_API_KEY: "sk" });
    expect(problems.map((problem) => [problem.field, problem.missing])).toEqual([
      ["transcriber.provider", []],
      ["voice.provider", []],
    ]);
    expect(problems[0].message).toMatch(/openai, openai_compatible, azure, deepgram/);
    expect(problems[1].message).toMatch(/openai, openai_compatible, azure, elevenlabs, cartesia, deepgram/);
    expect(speechConfigurationProblems(settings({ voice: "elevenlabs" }), { OPENAI_API_KEY: "sk" })).toEqual([
      expect.objectContaining({ field: "voice.provider", missing: ["ELEVENLABS_API_KEY"], message: expect.stringMatching(/set ELEVENLABS_API_KEY/) }),
    ]);
    expect(speechConfigurationProblems(settings({ voice: "cartesia", transcriber: "deepgram" }), { OPENAI_API_KEY: "sk" }).map((problem) => problem.missing)).toEqual([
      ["DEEPGRAM_API_KEY"],
      ["CARTESIA_API_KEY"],
    ]);
    expect(() => createSpeechToText(settings({ transcriber: "deepgram" }), {})).toThrow(SpeechNotConfiguredError);
    expect(() => createTextToSpeech(settings(), {})).toThrow(/OPENAI_API_KEY/);
  });
});

describe("openai and openai_compatible", () => {
  it("transcribes an utterance as a WAV with model, language and the vocabulary as prompt", async () => {
    const stt = createSpeechToText(settings(), { ...openai.env(), OPENAI_API_KEY: "sk-fake", OPENAI_STT_MODEL: "gpt-4o-transcribe" });
    const recognition = stt.open();
    const audio = new Int16Array([...silence(300, 16000), ...speech("request"), ...silence(300, 16000)]);
    for (let offset = 0; offset < audio.length; offset += 320) recognition.write(audio.subarray(offset, offset + 320));
    expect(await recognition.finish()).toBe(words.request);
    const request = openai.transcriptions.at(-1)!;
    expect(request).toMatchObject({ model: "gpt-4o-transcribe", language: "en", prompt: "Zyphra, Kowalczyk", responseFormat: "json", sampleRate: 16000 });
    expect(request.headers.authorization).toBe("Bearer sk-fake");
    expect(request.audio.length).toBe(audio.length);
    expect(await recognition.finish()).toBe(""); // nothing written since: no request
    expect(openai.transcriptions).toHaveLength(1);
  });

  it("openai_compatible uses its own base URL, key and model names", async () => {
    const stt = createSpeechToText(settings({ transcriber: "openai_compatible" }), {
      OPENAI_COMPATIBLE_STT_BASE_URL: openai.url,
      OPENAI_COMPATIBLE_API_KEY: "sk-fake",
      OPENAI_COMPATIBLE_STT_MODEL: "Systran/faster-whisper-small",
    });
    const recognition = stt.open();
    recognition.write(speech("stop"));
    expect(await recognition.peek()).toBe(words.stop);
    expect(openai.transcriptions.at(-1)!.model).toBe("Systran/faster-whisper-small");
  });

  it("streams speech as raw 24 kHz PCM as it arrives, with voice, speed and instructions", async () => {
    openai.setDelays({ speechChunkIntervalMs: 5 });
    const tts = createTextToSpeech(settings({ name: "coral" }), { ...openai.env(), OPENAI_API_KEY: "sk-fake" });
    expect(tts.sampleRate).toBe(24000);
    const { audio, chunks } = await collect(tts.synthesize("Hello there.", new AbortController().signal));
    expect(chunks).toBeGreaterThan(3);
    expect(openai.speeches.at(-1)!.body).toEqual({ model: "gpt-4o-mini-tts", input: "Hello there.", voice: "coral", speed: 1.25, instructions: "Speak warmly.", response_format: "pcm" });
    expect(dominantFrequency(audio, 24000)).toBeCloseTo(openai.voice.frequencyOf("Hello there."), -1);
    expect(audio.length / 24).toBeCloseTo(openai.voice.durationMs("Hello there."), -1);
    openai.setDelays({ speechChunkIntervalMs: 0 });
  });

  it("stops downloading when the signal aborts, and reports a refused key with the provider's status", async () => {
    openai.setDelays({ speechChunkIntervalMs: 20 });
    const tts = createTextToSpeech(settings(), { ...openai.env(), OPENAI_API_KEY: "sk-fake" });
    const controller = new AbortController();
    let received = 0;
    await expect(
      (async () => {
        for await (const chunk of tts.synthesize("A rather long sentence that takes a while to say.", controller.signal)) {
          received += chunk.length;
          if (received > 2400) controller.abort();
        }
      })(),
    ).rejects.toThrow();
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(openai.abortedSpeeches).toBeGreaterThanOrEqual(1);
    openai.setDelays({ speechChunkIntervalMs: 0 });

    const refused = createTextToSpeech(settings(), { ...openai.env(), OPENAI_API_KEY: "wrong" });
    const error = await collect(refused.synthesize("Hi.", new AbortController().signal)).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(SpeechProviderError);
    expect((error as SpeechProviderError).status).toBe(401);
  });
});

describe("azure", () => {
  it("recognizes short audio through the REST endpoint with key, language and a 16 kHz WAV", async () => {
    const stt = createSpeechToText(settings({ transcriber: "azure" }), azure.env());
    const recognition = stt.open();
    recognition.write(new Int16Array([...silence(200, 16000), ...speech("yeah"), ...silence(200, 16000)]));
    expect(await recognition.finish()).toBe(words.yeah);
    expect(azure.recognitions.at(-1)).toMatchObject({ language: "en-US", format: "simple", sampleRate: 16000 });
    recognition.write(silence(500, 16000));
    expect(await recognition.finish()).toBe(""); // InitialSilenceTimeout
  });

  it("synthesizes SSML with the voice and rate into raw 24 kHz PCM", async () => {
    const tts = createTextToSpeech(settings({ voice: "azure", name: "en-GB-SoniaNeural" }), azure.env());
    const { audio } = await collect(tts.synthesize("Fish & chips <today>.", new AbortController().signal));
    const request = azure.syntheses.at(-1)!;
    expect(request).toMatchObject({ voice: "en-GB-SoniaNeural", language: "en-US", rate: "1.25", text: "Fish & chips <today>." });
    expect(request.headers["x-microsoft-outputformat"]).toBe("raw-24khz-16bit-mono-pcm");
    expect(dominantFrequency(audio, 24000)).toBeCloseTo(azure.voice.frequencyOf("Fish & chips <today>."), -1);
    // An OpenAI voice name on an Azure agent falls back to the default Azure voice.
    await collect(createTextToSpeech(settings({ voice: "azure", name: "alloy" }), azure.env()).synthesize("Hi.", new AbortController().signal));
    expect(azure.syntheses.at(-1)!.voice).toBe("en-US-AvaMultilingualNeural");
  });
});

describe("deepgram", () => {
  it("streams linear16 over /v1/listen with keyterms, shows interim words, and has the transcript when the turn ends", async () => {
    const stt = createSpeechToText(settings({ transcriber: "deepgram" }), { ...deepgram.env(), DEEPGRAM_MODEL: "nova-3" });
    expect(stt.streaming).toBe(true);
    const interim: string[] = [];
    const recognition = stt.open({ onInterim: (text) => interim.push(text) });
    const audio = new Int16Array([...silence(200, 16000), ...speech("request"), ...silence(400, 16000)]);
    for (let offset = 0; offset < audio.length; offset += 320) {
      recognition.write(audio.subarray(offset, offset + 320));
      if (offset % 3200 === 0) await new Promise((resolve) => setTimeout(resolve, 1));
    }
    const started = Date.now();
    expect(await recognition.finish()).toBe(words.request);
    expect(Date.now() - started).toBeLessThan(1000); // well before the 2 s Finalize timeout
    expect(interim.length).toBeGreaterThan(2);
    expect(interim[0].split(" ").length).toBeLessThan(words.request.split(" ").length);
    const session = deepgram.sessions.at(-1)!;
    expect(session.headers.authorization).toBe("Token dg-test-key");
    expect(Object.fromEntries(session.query)).toMatchObject({ model: "nova-3", encoding: "linear16", sample_rate: "16000", channels: "1", interim_results: "true", language: "en-US" });
    expect(session.query.getAll("keyterm")).toEqual(["Zyphra", "Kowalczyk"]);
    expect(session.controls).toContain("Finalize");
    await recognition.close();
    expect(session.controls.at(-1)).toBe("CloseStream");
  });

  it("keeps the socket open with KeepAlive while no audio flows", async () => {
    const stt = new DeepgramSpeechToText({ baseUrl: deepgram.url, apiKey: "dg-test-key", model: "nova-3", language: "en-US", keepAliveMs: 100 });
    const recognition = stt.open();
    recognition.write(silence(20, 16000));
    await new Promise((resolve) => setTimeout(resolve, 500));
    const session = deepgram.sessions.at(-1)!;
    expect(session.controls.filter((control) => control === "KeepAlive").length).toBeGreaterThanOrEqual(2);
    await recognition.close();
  });

  it("fails the turn with a provider error when the key is refused", async () => {
    const stt = createSpeechToText(settings({ transcriber: "deepgram" }), { ...deepgram.env(), DEEPGRAM_API_KEY: "wrong" });
    const recognition = stt.open();
    recognition.write(speech("stop"));
    await expect(recognition.finish()).rejects.toThrow(/401/);
    await recognition.close();
  });
});

describe("all the fakes at once", () => {
  it("configures every server provider and speaks one sentence at one frequency everywhere", async () => {
    const fakes = await startFakeSpeech({ transcripts: transcriptsByFixture(words) });
    try {
      for (const transcriber of ["openai", "openai_compatible", "azure", "deepgram"] as const) {
        for (const voice of ["openai", "openai_compatible", "azure"] as const) expect(speechConfigurationProblems(settings({ transcriber, voice }), fakes.env())).toEqual([]);
      }
      const frequencies = [];
      for (const voice of ["openai", "azure"] as const) {
        const { audio } = await collect(createTextToSpeech(settings({ voice }), fakes.env()).synthesize("Same words.", new AbortController().signal));
        frequencies.push(dominantFrequency(audio, 24000));
      }
      expect(frequencies[0]).toBeCloseTo(fakes.voice.frequencyOf("Same words."), -1);
      expect(frequencies[1]).toBeCloseTo(frequencies[0], 0);
    } finally {
      await fakes.close();
    }
  });
});
