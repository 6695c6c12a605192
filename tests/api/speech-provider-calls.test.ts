import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { pgBossQueue } from "@/lib/jobs/pg-boss-queue";
import { WEB_CALL_MEDIA_PATH, webCallMediaRoute } from "@/lib/server/web-call-media-route";
import { WebSocketRoutes } from "@/lib/server/websocket-routes";
import { speech } from "../helpers/audio-analysis";
import { toneShare } from "../helpers/audio/tones";
import { startFakeSpeech, ToneVoice, transcriptsByFixture, type FakeSpeech } from "../helpers/fake-speech";
import { startInProcessServer, type InProcessServer } from "../helpers/in-process-server";
import { MediaSocketClient } from "../helpers/media-socket-client";
import { lastUserText, scriptedLlm } from "../helpers/scripted-llm";
import { fixtureWords } from "../helpers/session-harness";
import { createTestApi, type TestApi } from "../helpers/test-api";
import { sleep, voiceAgent, waitFor } from "../helpers/voice-call";

// Every new speech provider in a voice web call through the real media socket: ElevenLabs, Cartesia
// and Deepgram Aura speak, Deepgram Flux listens (its turn events end the caller's turns). Each call
// is greeted, answers a spoken turn in audio (tones found by Goertzel), and is interrupted with
// "stop": the agent's audio stops within 200 ms of the decision and the provider's stream is
// cancelled its own way (Cartesia's cancel, Deepgram's Clear, ElevenLabs' socket closed).

const GREETING = "Hello, thanks for calling.";
const ANSWER = "Sure, for what time?";
const LONG = "We are open from nine in the morning until eight in the evening on weekdays and from ten until four on Saturdays.";
const STOPPED = "Okay, I will stop.";

let api: TestApi;
let fake: FakeSpeech;
let server: InProcessServer;
let org: { apiKey: string; organizationId: string };
const llm = scriptedLlm((request) => {
  const said = lastUserText(request);
  if (/^wait/i.test(said)) return { text: ANSWER };
  if (/hours/i.test(said)) return { text: LONG };
  if (/^stop/i.test(said)) return { text: STOPPED };
  return { text: "Sorry?" };
});

beforeAll(async () => {
  // Short sentences keep the calls short: 25 ms a character.
  fake = await startFakeSpeech({ transcripts: transcriptsByFixture(fixtureWords), voice: new ToneVoice((text) => Math.max(300, text.length * 25)) });
  [GREETING, ANSWER, LONG, STOPPED].forEach((text, i) => fake.voice.set(text, 440 + i * 200));
  fake.deepgram.setFluxTiming({ eagerMs: 10_000, endMs: 450 });
  // The voices stream no faster than speech, as the providers' do on a long sentence.
  fake.elevenlabs.setDelays({ chunkIntervalMs: 25 });
  fake.cartesia.setDelays({ chunkIntervalMs: 20 });
  fake.deepgram.setSpeakDelays({ chunkIntervalMs: 20 });
  api = await createTestApi({ runtime: { env: fake.env(), llm: llm.port } });
  org = await api.createOrganization();
  const media = webCallMediaRoute({ db: api.db, queue: pgBossQueue(api.boss), llm: llm.port, http: () => Promise.reject(new Error("no HTTP here")), storage: api.storage, env: fake.env() });
  server = await startInProcessServer(api, new WebSocketRoutes().add(WEB_CALL_MEDIA_PATH, media));
});
afterAll(async () => {
  await server?.close();
  await api?.close();
  await fake?.close();
});

const frameIs = (pcm: Int16Array, text: string, rate: number) => toneShare(pcm, fake.voice.frequencyOf(text), rate) > 0.2;

/** What the provider saw of the barge-in: its own cancel. */
const cancelled: Record<string, () => boolean> = {
  elevenlabs: () => fake.elevenlabs.sessions.some((session) => session.messages.some((message) => message.text === `${LONG} `) && session.closedBy === "client"),
  cartesia: () => fake.cartesia.cancels.length > 0,
  deepgram: () => fake.deepgram.speakSessions.some((session) => session.clearedAt.length > 0),
};

const database = process.env.TEST_DATABASE_URL ? "postgres" : "pglite";

describe.runIf(process.env.TEST_DB === database)("voice web calls with every new provider", () => {
  it.each([
    ["elevenlabs", "pNInz6obpgDQGcFmaJgB", 16000],
    ["cartesia", "a0e99841-438c-4a64-b679-ae501e7d6091", 24000],
    ["deepgram", "aura-2-orion-en", 48000],
  ] as const)("%s speaks and deepgram_flux listens: greeting, a spoken turn, and barge-in within 200 ms", async (provider, voice, rate) => {
    const created = await api.request("POST", "/v1/agents", { apiKey: org.apiKey, body: voiceAgent({ voice: { provider, name: voice }, transcriber: { provider: "deepgram_flux" } }) });
    const agentId = (await created.json()).data.id;
    const started = await (await fetch(`http://127.0.0.1:${server.port}/v1/calls/web`, { method: "POST", headers: { "X-Api-Key": org.apiKey, "Content-Type": "application/json" }, body: JSON.stringify({ agent_id: agentId, mode: "voice" }) })).json();
    const client = await MediaSocketClient.connect(started.data.media_url, { input: 16000, output: rate });
    const full = (text: string) => fake.voice.durationMs(text) - 60;
    await waitFor(() => client.heardMs(fake.voice.frequencyOf(GREETING)) >= full(GREETING), 8000, "the greeting");

    const spokeAt = performance.now();
    // "Wait." is never a backchannel, whether or not the greeting's response is done when it is said.
    client.say(speech("wait", 16000));
    await waitFor(() => client.heardMs(fake.voice.frequencyOf(ANSWER), spokeAt) >= full(ANSWER), 10_000, "the spoken turn answered");
    expect(client.eventsOf("user_message").map((entry) => entry.frame.content)).toEqual([fixtureWords.wait]);

    await sleep(200);
    client.send({ type: "text", text: "What are your hours?" });
    await waitFor(() => client.heardMs(fake.voice.frequencyOf(LONG)) >= 800, 8000, "the long answer playing");
    client.say(speech("stop", 16000));
    await waitFor(() => client.eventsOf("clear").length > 0, 5000, "the clear");
    const clearedAt = client.eventsOf("clear")[0].at;
    // The agent's audio stops at once: nothing of the long answer after the clear (a frame may be on the wire).
    await sleep(400);
    expect(client.audio.filter((frame) => frame.at > clearedAt + 200 && frameIs(frame.pcm, LONG, rate))).toEqual([]);
    expect(client.audio.filter((frame) => frame.at > clearedAt + 5 && frameIs(frame.pcm, LONG, rate)).length).toBeLessThanOrEqual(1);
    expect(cancelled[provider]()).toBe(true);
    await waitFor(() => client.heardMs(fake.voice.frequencyOf(STOPPED), clearedAt) >= full(STOPPED), 8000, "the answer to stop");
    await sleep(150);
    client.send({ type: "hangup" });
    await client.closedWithin(5000);

    const call = (await (await api.request("GET", `/v1/calls/${started.data.call_id}`, { apiKey: org.apiKey })).json()).data;
    const agentLines = call.transcript.filter((entry: { role: string }) => entry.role === "agent");
    expect(agentLines.map((entry: { content: string }) => entry.content)).toEqual([GREETING, ANSWER, expect.any(String), STOPPED]);
    expect(agentLines[2].interrupted).toBe(true);
    expect(LONG.startsWith(agentLines[2].content)).toBe(true);
    const [turn] = call.turn_latency;
    expect(turn.first_audio_ms).toBeGreaterThan(turn.end_of_turn_ms);
  }, 45_000);
});
