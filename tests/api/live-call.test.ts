import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { endOfTurnDefaults } from "@/lib/agents/end-of-turn";
import { pgBossQueue } from "@/lib/jobs/pg-boss-queue";
import { startLiveCall } from "@/lib/media/live-call";
import { channelOf, decodeWav } from "@/lib/media/audio/wav";
import { findTones, soundingMs, speech } from "../helpers/audio-analysis";
import { startFakeSpeech, transcriptsByFixture, type FakeSpeech } from "../helpers/fake-speech";
import { lastUserText, scriptedLlm } from "../helpers/scripted-llm";
import { fixtureWords } from "../helpers/session-harness";
import { createTestApi, type TestApi } from "../helpers/test-api";
import { heardMs, liveCallOnLoopback, sleep, voiceAgent, waitFor } from "../helpers/voice-call";
import { FakeTransport } from "../helpers/fake-transport";
import { ManualClock } from "../helpers/manual-clock";

// startLiveCall on loopback: the real engine, database and storage, the fake speech servers over
// HTTP, an in-memory transport in real time.

let api: TestApi;
let fake: FakeSpeech;
let org: { apiKey: string; organizationId: string };
const llm = scriptedLlm((request) => {
  const said = lastUserText(request);
  if (/book a table/i.test(said)) return { text: "Sure, for what time?" };
  if (/goodbye/i.test(said)) return { text: "Goodbye!", calls: [{ name: "hang_up" }] };
  return { text: "Sorry?" };
});

beforeAll(async () => {
  fake = await startFakeSpeech({ transcripts: transcriptsByFixture(fixtureWords) });
  fake.voice.set("Hello, thanks for calling.", 440);
  fake.voice.set("Sure, for what time?", 800);
  api = await createTestApi({ runtime: { env: fake.env(), llm: llm.port } });
  org = await api.createOrganization();
});
afterAll(async () => {
  await api.close();
  await fake.close();
});

async function startVoiceCall(agent: Record<string, unknown>) {
  const created = await api.request("POST", "/v1/agents", { apiKey: org.apiKey, body: agent });
  expect(created.status).toBe(200);
  const agentId = (await created.json()).data.id;
  const started = await api.request("POST", "/v1/calls/web", { apiKey: org.apiKey, body: { agent_id: agentId } });
  const body = await started.json();
  expect(started.status, JSON.stringify(body)).toBe(201);
  return body.data as { call_id: string; mode: string; media_url: string | null; call: { transcript: unknown[] } };
}

// Real time: run once, on the real Postgres when there is one.
const database = process.env.TEST_DATABASE_URL ? "postgres" : "pglite";

describe.runIf(process.env.TEST_DB === database)("startLiveCall", () => {
  it("greets, answers a spoken turn in voice, and on hang-up stores the call once: transcript, recording (caller left, agent right), per-turn latency", async () => {
    const started = await startVoiceCall(voiceAgent());
    expect(started.mode).toBe("voice");
    expect(started.media_url).toMatch(new RegExp(`^ws://[^/]+/v1/calls/web/${started.call_id}/media\\?session_token=wcs_`));
    // The greeting waits for the media: nothing was said before the caller could hear it.
    expect(started.call.transcript).toEqual([]);

    const call = await liveCallOnLoopback(api, fake, llm.port, started.call_id);
    const full = (text: string) => fake.voice.durationMs(text) - 40;
    await waitFor(() => heardMs(call.transport, 440) >= full("Hello, thanks for calling."), 6000, "the whole greeting heard");
    const greetingEnd = performance.now();
    call.transport.say(speech("request", 16000));
    await waitFor(() => heardMs(call.transport, 800, greetingEnd) >= full("Sure, for what time?"), 8000, "the whole answer heard");
    await sleep(100);
    expect(call.eventsOf("user_message").map((entry) => entry.event)).toMatchObject([{ content: fixtureWords.request }]);
    call.transport.callerHangsUp();
    const result = await call.handle.ended;
    expect(result.endReason).toBe("user_hangup");

    const response = await api.request("GET", `/v1/calls/${started.call_id}`, { apiKey: org.apiKey });
    const stored = (await response.json()).data;
    expect(stored).toMatchObject({ status: "ended", end_reason: "user_hangup" });
    expect(stored.transcript.map((entry: { role: string; content: string }) => [entry.role, entry.content])).toEqual([
      ["agent", "Hello, thanks for calling."],
      ["user", fixtureWords.request],
      ["agent", "Sure, for what time?"],
    ]);
    expect(stored.turn_latency).toHaveLength(1);
    const [turn] = stored.turn_latency;
    // A finished sentence ends the turn min_wait_ms after the caller stops (a 20 ms frame of margin).
    expect(turn.end_of_turn_ms).toBeGreaterThanOrEqual(endOfTurnDefaults.min_wait_ms - 20);
    for (const key of ["transcript_ms", "first_token_ms", "first_sentence_ms", "first_speech_byte_ms", "first_audio_ms"]) expect(turn[key]).not.toBeNull();
    expect(turn.first_audio_ms).toBeGreaterThanOrEqual(turn.first_speech_byte_ms);
    expect(stored.recording_url).toMatch(/^http/);

    const blob = await api.storage.get(`organizations/${org.organizationId}/recordings/${started.call_id}.wav`);
    const wav = decodeWav(blob!.bytes);
    expect(wav.channels).toBe(2);
    const durationMs = (wav.samples.length / 2 / wav.sampleRate) * 1000;
    expect(Math.abs(durationMs - result.durationMs)).toBeLessThan(100);
    const left = channelOf(wav, 0);
    const right = channelOf(wav, 1);
    // The caller's speech is on the left only; the agent's tones on the right only.
    expect(soundingMs(left, wav.sampleRate)).toBeGreaterThan(1500);
    // The greeting (440 Hz) on the right in the first seconds, the caller's line silent meanwhile on the left.
    const greeting = findTones(right, wav.sampleRate, [440, 800]).filter((span) => span.frequency === 440);
    expect(greeting.reduce((total, span) => total + span.endMs - span.startMs, 0)).toBeGreaterThan(1000);
    // (the caller starts as the greeting ends; the two sides line up within the jitter buffer and a frame)
    const greetingSamples = Math.round(((greeting.at(-1)!.endMs - 100) / 1000) * wav.sampleRate);
    expect(soundingMs(left.subarray(0, greetingSamples), wav.sampleRate)).toBe(0);
  }, 30_000);

  it("ends at max_call_duration on the call's clock, with a recording as long as the call", async () => {
    const started = await startVoiceCall(voiceAgent({ initial_message: null, max_call_duration: 10, presence_check_idle_threshold: 600 }));
    const clock = new ManualClock(0);
    const transport = new FakeTransport(16000, 24000, () => clock.now());
    const handle = await startLiveCall(
      { db: api.db, queue: pgBossQueue(api.boss), llm: llm.port, http: () => Promise.reject(new Error("no HTTP")), storage: api.storage, env: fake.env(), mediaClock: clock },
      { callId: started.call_id, transport },
    );
    let done = false;
    void handle.ended.then(() => (done = true));
    for (let elapsed = 0; elapsed < 11_000 && !done; elapsed += 20) {
      transport.pump();
      await clock.advance(20);
    }
    const result = await handle.ended;
    expect(result.endReason).toBe("max_duration");
    expect(result.durationMs).toBe(10_000);
    expect(result.recordingMs).toBe(10_000);
    expect(transport.hungUpAt).toBe(10_000);
    const stored = (await (await api.request("GET", `/v1/calls/${started.call_id}`, { apiKey: org.apiKey })).json()).data;
    expect(stored).toMatchObject({ status: "ended", end_reason: "max_duration", turn_latency: [] });
  }, 30_000);
});
