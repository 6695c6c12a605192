import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { decodeWav } from "@/lib/media/audio/wav";
import { dominantFrequency } from "../helpers/audio-analysis";
import { startFakeSpeech, type FakeSpeech } from "../helpers/fake-speech";
import { createTestApi, type TestApi } from "../helpers/test-api";

// GET /v1/voices, POST /v1/voices/preview and GET /v1/speech-providers against the fake providers
// (their own list endpoints, their speech) on loopback.

let api: TestApi;
let fake: FakeSpeech;
let key: string;
const env: Record<string, string> = {};

beforeAll(async () => {
  fake = await startFakeSpeech();
  Object.assign(env, fake.env());
  api = await createTestApi({ runtime: { env } });
  ({ apiKey: key } = await api.createOrganization());
});
afterAll(async () => {
  await api?.close();
  await fake?.close();
});

const get = async (path: string) => {
  const response = await api.request("GET", path, { apiKey: key });
  return { status: response.status, body: await response.json() };
};

describe("GET /v1/voices", () => {
  it("asks ElevenLabs, Cartesia and Deepgram for their own lists; OpenAI and Azure have the known list", async () => {
    const eleven = await get("/v1/voices?provider=elevenlabs");
    expect(eleven.status).toBe(200);
    expect(eleven.body.data).toMatchObject({ provider: "elevenlabs", source: "provider", configured: true, missing: [], message: null });
    expect(eleven.body.data.voices).toContainEqual(expect.objectContaining({ id: "pNInz6obpgDQGcFmaJgB", name: "Adam", gender: "male" }));
    const cartesia = (await get("/v1/voices?provider=cartesia")).body.data;
    expect(cartesia).toMatchObject({ source: "provider" });
    expect(cartesia.voices).toContainEqual(expect.objectContaining({ id: "a0e99841-438c-4a64-b679-ae501e7d6091", name: "Barbershop Man", language: "en" }));
    const deepgram = (await get("/v1/voices?provider=deepgram")).body.data;
    expect(deepgram).toMatchObject({ source: "provider" });
    expect(deepgram.voices.map((voice: { id: string }) => voice.id)).toEqual(["aura-2-thalia-en", "aura-2-orion-en"]);
    const openai = (await get("/v1/voices?provider=openai")).body.data;
    expect(openai).toMatchObject({ source: "known", configured: true });
    expect(openai.voices.map((voice: { id: string }) => voice.id)).toContain("coral");
    const realtime = (await get("/v1/voices?provider=openai_realtime")).body.data;
    expect(realtime.voices.map((voice: { id: string }) => voice.id)).toContain("marin");
  });

  it("a provider the server cannot reach: the known list, marked with what to set; a refusal or bad value is said", async () => {
    const saved = env.ELEVENLABS_API_KEY;
    delete env.ELEVENLABS_API_KEY;
    const missing = (await get("/v1/voices?provider=elevenlabs")).body.data;
    env.ELEVENLABS_API_KEY = saved;
    expect(missing).toMatchObject({ source: "known", configured: false, missing: ["ELEVENLABS_API_KEY"], message: "needs ELEVENLABS_API_KEY" });
    expect(missing.voices[0]).toMatchObject({ id: "21m00Tcm4TlvDq8ikWAM", name: "Rachel" });

    env.CARTESIA_API_KEY = "wrong";
    const refused = (await get("/v1/voices?provider=cartesia")).body.data;
    env.CARTESIA_API_KEY = fake.cartesia.env().CARTESIA_API_KEY;
    expect(refused).toMatchObject({ source: "known", configured: true, message: expect.stringContaining("answered 401") });

    const bad = await get("/v1/voices?provider=alexa");
    expect(bad.status).toBe(400);
    expect(bad.body.error.details).toEqual([expect.objectContaining({ field: "provider" })]);
  });
});

describe("POST /v1/voices/preview", () => {
  it.each(["openai", "elevenlabs", "cartesia", "deepgram"])("says the sentence through %s as a WAV", async (provider) => {
    const voice = { openai: "coral", elevenlabs: "pNInz6obpgDQGcFmaJgB", cartesia: "a0e99841-438c-4a64-b679-ae501e7d6091", deepgram: "aura-2-orion-en" }[provider]!;
    const text = `This is ${provider} speaking.`;
    const response = await api.request("POST", "/v1/voices/preview", { apiKey: key, body: { provider, voice, text } });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("audio/wav");
    const wav = decodeWav(new Uint8Array(await response.arrayBuffer()));
    expect(wav.channels).toBe(1);
    expect(dominantFrequency(wav.samples, wav.sampleRate)).toBeCloseTo(fake.voice.frequencyOf(text), -1);
    expect((wav.samples.length / wav.sampleRate) * 1000).toBeCloseTo(fake.voice.durationMs(text), -2);
  });

  it("names what the server lacks, and refuses bad bodies", async () => {
    const saved = env.CARTESIA_API_KEY;
    delete env.CARTESIA_API_KEY;
    const missing = await api.request("POST", "/v1/voices/preview", { apiKey: key, body: { provider: "cartesia", voice: "x" } });
    env.CARTESIA_API_KEY = saved;
    expect(missing.status).toBe(400);
    const body = await missing.json();
    expect(body.error.details).toEqual([expect.objectContaining({ field: "provider" })]);
    expect(body.error.message).toContain("CARTESIA_API_KEY");
    for (const [bad, field] of [[{ provider: "openai" }, "voice"], [{ provider: "openai", voice: "coral", pitch: 2 }, "pitch"], [{ provider: "openai", voice: "coral", text: "x".repeat(301) }, "text"]] as const) {
      const response = await api.request("POST", "/v1/voices/preview", { apiKey: key, body: bad });
      expect(response.status).toBe(400);
      expect((await response.json()).error.details.map((detail: { field: string }) => detail.field)).toContain(field);
    }
  });
});

describe("GET /v1/speech-providers", () => {
  it("says which providers the server can use, what the others need, and a new agent's defaults", async () => {
    const saved = env.DEEPGRAM_API_KEY;
    delete env.DEEPGRAM_API_KEY;
    const { body } = await get("/v1/speech-providers");
    env.DEEPGRAM_API_KEY = saved;
    expect(body.data.voices).toContainEqual({ provider: "deepgram", configured: false, missing: ["DEEPGRAM_API_KEY"], message: "needs DEEPGRAM_API_KEY" });
    expect(body.data.voices).toContainEqual({ provider: "cartesia", configured: true, missing: [], message: null });
    expect(body.data.voices).toContainEqual(expect.objectContaining({ provider: "browser", configured: false }));
    expect(body.data.transcribers).toContainEqual({ provider: "deepgram_flux", configured: false, missing: ["DEEPGRAM_API_KEY"], message: "needs DEEPGRAM_API_KEY" });
    expect(body.data.speech_to_speech).toEqual([{ provider: "openai_realtime", configured: true, missing: [], message: null }]);
    expect(body.data.defaults).toEqual({ voice: { provider: "openai", name: "alloy" }, transcriber: { provider: "openai" } });
  });
});
