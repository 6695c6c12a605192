import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { WebSocket } from "ws";
import { calls } from "@/lib/db/schema";
import type { Admission } from "@/lib/load/load-limits";
import { WEB_CALL_MEDIA_PATH, webCallMediaRoute } from "@/lib/server/web-call-media-route";
import { pgBossQueue } from "@/lib/jobs/pg-boss-queue";
import { WebSocketRoutes } from "@/lib/server/websocket-routes";
import { decodeWav } from "@/lib/media/audio/wav";
import { noise, speech } from "../helpers/audio-analysis";
import { toneShare as toneShareOf } from "../helpers/audio/tones";
import { startFakeSpeech, transcriptsByFixture, type FakeSpeech } from "../helpers/fake-speech";
import { MediaSocketClient } from "../helpers/media-socket-client";
import { startInProcessServer, type InProcessServer } from "../helpers/in-process-server";
import { lastUserText, scriptedLlm } from "../helpers/scripted-llm";
import { fixtureWords } from "../helpers/session-harness";
import { createTestApi, type TestApi } from "../helpers/test-api";
import { sleep, voiceAgent, waitFor } from "../helpers/voice-call";

// Voice web calls end to end through the real media socket on loopback: the API starts the call,
// a browser-like client streams PCM in real time and hears what comes back (tones found by
// Goertzel), the engine, database and storage are real, speech providers are the fakes over HTTP.

const GREETING = "Hello, thanks for calling.";
const ANSWER = "Sure, for what time?";
const LONG = ["We open at nine.", "We close at five.", "Not on Sundays."];
const STOPPED = "Okay, I will stop.";
const GOODBYE = "Goodbye!";

let api: TestApi;
/** This server process's answer to "a new call's audio here?" (lib/load); a test plays a process at capacity. */
let admission: Admission = { accepting: true };
let fake: FakeSpeech;
let server: InProcessServer;
let baseUrl: string;
let org: { apiKey: string; organizationId: string };
const llm = scriptedLlm((request) => {
  const said = lastUserText(request);
  if (/book a table/i.test(said)) return { text: ANSWER };
  if (/opening hours|hours/i.test(said)) return { text: LONG.join(" ") };
  if (/^stop/i.test(said)) return { text: STOPPED };
  if (/goodbye/i.test(said)) return { text: GOODBYE, calls: [{ name: "hang_up" }] };
  return { text: "Sorry?" };
});

beforeAll(async () => {
  fake = await startFakeSpeech({ transcripts: transcriptsByFixture(fixtureWords) });
  [GREETING, ANSWER, ...LONG, STOPPED, GOODBYE, "Are you still there?"].forEach((text, i) => fake.voice.set(text, 440 + i * 120));
  api = await createTestApi({ runtime: { env: fake.env(), llm: llm.port } });
  org = await api.createOrganization();
  // lib/server's own server and upgrade routing, with the media route on the test's model and speech fakes.
  const media = webCallMediaRoute({
    db: api.db,
    queue: pgBossQueue(api.boss),
    llm: llm.port,
    http: () => Promise.reject(new Error("no HTTP here")),
    storage: api.storage,
    env: fake.env(),
  }, () => admission);
  server = await startInProcessServer(api, new WebSocketRoutes().add(WEB_CALL_MEDIA_PATH, media));
  baseUrl = `http://127.0.0.1:${server.port}`;
});
afterAll(async () => {
  await server.close();
  await api.close();
  await fake.close();
});

const tone = (text: string) => fake.voice.frequencyOf(text);
const full = (text: string) => fake.voice.durationMs(text) - 40;

async function start(agent: Record<string, unknown>, body: Record<string, unknown> = {}) {
  const created = await api.request("POST", "/v1/agents", { apiKey: org.apiKey, body: agent });
  const agentId = (await created.json()).data.id;
  const response = await fetch(`${baseUrl}/v1/calls/web`, {
    method: "POST",
    headers: { "X-Api-Key": org.apiKey, "Content-Type": "application/json" },
    body: JSON.stringify({ agent_id: agentId, ...body }),
  });
  const json = await response.json();
  return { status: response.status, json, data: json.data as { call_id: string; media_url: string; mode: string; session_token: string } };
}

const getCall = async (id: string) => (await (await api.request("GET", `/v1/calls/${id}`, { apiKey: org.apiKey })).json()).data;

// Real time: run once, on the real Postgres when there is one.
const database = process.env.TEST_DATABASE_URL ? "postgres" : "pglite";

describe.runIf(process.env.TEST_DB === database)("the media socket of a voice web call", () => {
  it("greets at the start frame's rates, answers a spoken and a typed turn in audio, hangs up with the hang_up tool, and stores the recording and latency", async () => {
    const { data } = await start(voiceAgent());
    expect(data.mode).toBe("voice");
    const client = await MediaSocketClient.connect(data.media_url, { input: 8000, output: 16000 });
    await waitFor(() => client.heardMs(tone(GREETING)) >= full(GREETING), 6000, "the greeting");
    expect(client.eventsOf("started")[0].frame).toMatchObject({ input_sample_rate: 8000, output_sample_rate: 16000 });
    // Paced in real time: 20 ms frames at the output rate, no faster than the clock.
    const greeting = client.audio.filter((frame) => frame.pcm.length === 320);
    expect(greeting.length).toBe(client.audio.length);
    expect(greeting.at(-1)!.at - greeting[0].at).toBeGreaterThan((greeting.length - 1) * 20 - 60);

    const spokeAt = performance.now();
    client.say(speech("request", 8000));
    await waitFor(() => client.heardMs(tone(ANSWER), spokeAt) >= full(ANSWER), 8000, "the spoken turn answered");
    expect(client.eventsOf("user_speech_started").length).toBeGreaterThanOrEqual(1);
    expect(client.eventsOf("user_speech_stopped").length).toBeGreaterThanOrEqual(1);
    expect(client.eventsOf("user_transcript").map((e) => e.frame)).toContainEqual({ type: "user_transcript", text: fixtureWords.request, final: true });
    expect(client.eventsOf("user_message").map((e) => e.frame.content)).toEqual([fixtureWords.request]);
    expect(client.eventsOf("agent_speech_started").map((e) => e.frame.text)).toEqual([GREETING, ANSWER]);
    const [metrics] = client.eventsOf("turn_metrics");
    expect(metrics.frame).toMatchObject({ turn: 1 });
    expect(metrics.frame.first_audio_ms).toBeGreaterThan(0);

    await sleep(200);
    const typedAt = performance.now();
    client.send({ type: "text", text: "goodbye" });
    await waitFor(() => client.closed !== null, 8000, "the agent hanging up");
    expect(client.heardMs(tone(GOODBYE), typedAt)).toBeGreaterThanOrEqual(full(GOODBYE));
    expect(client.closed!.code).toBe(1000);
    expect(client.eventsOf("call_ended").map((e) => e.frame.end_reason)).toEqual(["agent_hangup"]);

    const call = await getCall(data.call_id);
    expect(call).toMatchObject({ status: "ended", end_reason: "agent_hangup" });
    expect(call.transcript.map((e: { content: string }) => e.content)).toEqual([GREETING, fixtureWords.request, ANSWER, "goodbye", GOODBYE]);
    expect(call.turn_latency).toHaveLength(1);
    expect(call.recording_url).toMatch(/^http/);
    const file = await api.storage.get(`organizations/${org.organizationId}/recordings/${data.call_id}.wav`);
    const wav = decodeWav(file!.bytes);
    expect(wav.channels).toBe(2);
    const seconds = wav.samples.length / 2 / wav.sampleRate;
    expect(Math.abs(seconds - call.duration_seconds)).toBeLessThanOrEqual(1);
  }, 30_000);

  it("barge-in: 'stop' over the agent clears its audio at once, the transcript keeps only what was heard, marked interrupted", async () => {
    const { data } = await start(voiceAgent({ initial_message: null }));
    const client = await MediaSocketClient.connect(data.media_url);
    client.send({ type: "text", text: "What are your opening hours?" });
    await waitFor(() => client.heardMs(tone(LONG[0])) >= full(LONG[0]) && client.heardMs(tone(LONG[1])) >= 200, 6000, "the long answer playing");
    client.say(speech("stop", 16000));
    await waitFor(() => client.eventsOf("clear").length > 0, 4000, "clear");
    const clearedAt = client.eventsOf("clear")[0].at;
    // Nothing of the long answer arrives after the clear (one frame may already be on the wire).
    const late = client.audio.filter((frame) => frame.at > clearedAt + 5 && LONG.some((text) => frameIs(frame.pcm, tone(text))));
    expect(late.length).toBeLessThanOrEqual(1);
    const [interrupted] = client.eventsOf("agent_speech_interrupted");
    const heard = String(interrupted.frame.heard_text);
    expect(LONG.join(" ").startsWith(heard)).toBe(true);
    expect(heard.startsWith(LONG[0])).toBe(true);
    expect(heard.length).toBeLessThan(LONG.join(" ").length);
    await waitFor(() => client.heardMs(tone(STOPPED), clearedAt) >= full(STOPPED), 6000, "the answer to stop");
    await sleep(150);
    client.send({ type: "hangup" });
    await client.closedWithin(5000);

    const call = await getCall(data.call_id);
    expect(call.end_reason).toBe("user_hangup");
    const agentLines = call.transcript.filter((entry: { role: string }) => entry.role === "agent");
    expect(agentLines[0], JSON.stringify(call.transcript)).toMatchObject({ content: heard, interrupted: true });
    expect(agentLines[1], JSON.stringify(call.transcript)).toMatchObject({ content: STOPPED });
    expect(agentLines[1].interrupted).toBeUndefined();
  }, 30_000);

  it("a backchannel does not cut the agent off; with interruptions false, 'stop' does not either and is answered after", async () => {
    for (const [agent, words] of [[voiceAgent({ initial_message: null }), "uh-huh"], [voiceAgent({ initial_message: null, interruptions: false }), "stop"]] as const) {
      const { data } = await start(agent);
      const client = await MediaSocketClient.connect(data.media_url);
      client.send({ type: "text", text: "What are your opening hours?" });
      await waitFor(() => client.heardMs(tone(LONG[0])) >= 400, 6000, "the long answer playing");
      client.say(speech(words, 16000));
      await waitFor(() => client.heardMs(tone(LONG[2])) >= full(LONG[2]), 10_000, "the whole answer");
      expect(client.eventsOf("clear")).toEqual([]);
      for (const text of LONG) expect(client.heardMs(tone(text))).toBeGreaterThanOrEqual(full(text));
      if (words === "stop") await waitFor(() => client.heardMs(tone(STOPPED)) >= full(STOPPED), 6000, "stop answered after the sentence");
      else {
        await sleep(800);
        expect(client.eventsOf("user_message").map((e) => e.frame.content)).toEqual(["What are your opening hours?"]);
      }
      client.close();
      await client.closedWithin(3000);
    }
  }, 40_000);

  it("presence checks count real silence, comfort noise at -50 dBFS included, speak through the voice, then hang up", async () => {
    for (const background of [null, noise(-50, 1000, 16000)]) {
      const { data } = await start(voiceAgent({ initial_message: null, presence_check_idle_threshold: 1, presence_check_max_times: 1 }));
      const client = await MediaSocketClient.connect(data.media_url);
      client.background = background;
      const connectedAt = performance.now();
      await waitFor(() => client.heardMs(tone("Are you still there?")) >= full("Are you still there?"), 4000, "the presence check");
      const firstAt = client.audio.find((frame) => frameIs(frame.pcm, tone("Are you still there?")))!.at;
      expect(firstAt - connectedAt).toBeGreaterThan(900);
      expect(firstAt - connectedAt).toBeLessThan(1900);
      await waitFor(() => client.closed !== null, 4000, "the hang-up after the last check");
      const call = await getCall(data.call_id);
      expect(call.end_reason).toBe("agent_hangup");
      expect(call.transcript.map((e: { content: string }) => e.content)).toEqual(["Are you still there?"]);
    }
  }, 30_000);

  it("in voice mode, POST …/turns and the events stream keep working, and what they record reaches the socket too", async () => {
    const { data } = await start(voiceAgent());
    const client = await MediaSocketClient.connect(data.media_url);
    await waitFor(() => client.heardMs(tone(GREETING)) >= full(GREETING), 6000, "the greeting");
    await sleep(100);
    const auth = { Authorization: `Bearer ${data.session_token}`, "Content-Type": "application/json" };
    const turn = await fetch(`${baseUrl}/v1/calls/web/${data.call_id}/turns`, { method: "POST", headers: auth, body: JSON.stringify({ text: "I would like to book a table" }) });
    expect(turn.status).toBe(200);
    expect(await turn.text()).toContain(ANSWER);
    await waitFor(() => client.eventsOf("user_message").length === 1, 3000, "the typed turn on the socket");
    const events = await fetch(`${baseUrl}/v1/calls/web/${data.call_id}/events?session_token=${data.session_token}`);
    const reader = events.body!.getReader();
    let text = "";
    while (!text.includes("event: user_message")) text += new TextDecoder().decode((await reader.read()).value);
    await reader.cancel();
    expect(text).toContain("event: agent_message");
    client.send({ type: "hangup" });
    await client.closedWithin(5000);
    expect((await getCall(data.call_id)).transcript.map((e: { content: string }) => e.content)).toEqual([GREETING, "I would like to book a table", ANSWER]);
  }, 20_000);

  it("refuses a bad token (401), a text call (400), a second socket (409) and bad frames (an error naming the field)", async () => {
    const voice = await start(voiceAgent({ initial_message: null }));
    await expect(MediaSocketClient.connect(voice.data.media_url.replace(/session_token=[^&]+/, "session_token=wcs_wrong"))).rejects.toThrow("HTTP 401");
    const text = await start(voiceAgent(), { mode: "text" });
    expect(text.data.media_url).toBeNull();
    await expect(MediaSocketClient.connect(`${voice.data.media_url.split("/v1/")[0]}/v1/calls/web/${text.data.call_id}/media?session_token=${text.data.session_token}`)).rejects.toThrow("HTTP 400");
    const client = await MediaSocketClient.connect(voice.data.media_url);
    await waitFor(() => client.eventsOf("started").length > 0, 3000, "started");
    await expect(MediaSocketClient.connect(voice.data.media_url)).rejects.toThrow("HTTP 409");
    client.send({ type: "dance" });
    client.send({ type: "text", text: "" });
    await waitFor(() => client.eventsOf("error").length === 2, 2000, "two errors");
    expect(client.eventsOf("error").map((e) => (e.frame.error as { details: { field: string }[] }).details[0].field)).toEqual(["type", "text"]);
    client.close();
    await client.closedWithin(3000);
  }, 20_000);

  it("past this process's capacity the media socket is refused 503 before its audio starts; the same link connects once there is room", async () => {
    const voice = await start(voiceAgent({ initial_message: null }));
    admission = { accepting: false, reason: "test: at capacity", retryAfterSeconds: 2 };
    try {
      await expect(MediaSocketClient.connect(voice.data.media_url)).rejects.toThrow("HTTP 503");
    } finally {
      admission = { accepting: true };
    }
    const client = await MediaSocketClient.connect(voice.data.media_url);
    await waitFor(() => client.eventsOf("started").length > 0, 3000, "started");
    client.close();
    await client.closedWithin(3000);
  }, 20_000);

  it("a call ended elsewhere while its socket waits for the start frame does not start: the socket is told (conflict) and closed", async () => {
    const voice = await start(voiceAgent({ initial_message: null }));
    const socket = new WebSocket(voice.data.media_url);
    const frames: { type: string; error?: unknown }[] = [];
    socket.on("message", (data, isBinary) => void (!isBinary && frames.push(JSON.parse(String(data)))));
    const closed = new Promise<number>((resolve) => socket.once("close", (code) => resolve(code)));
    await new Promise((resolve, reject) => socket.once("open", resolve).once("error", reject));
    // No start frame: the server waits for one; meanwhile the call ends without its conversation being touched.
    await api.db.update(calls).set({ status: "ended", endReason: "error" }).where(eq(calls.id, voice.data.call_id));
    expect(await closed).toBe(1011);
    expect(frames.map((frame) => frame.type)).not.toContain("started");
    expect(frames.find((frame) => frame.type === "error")?.error).toMatchObject({ type: "conflict", status: 409 });
    expect(await getCall(voice.data.call_id)).toMatchObject({ status: "ended", end_reason: "error" });
  }, 20_000);

  it("refuses mode voice with a provider not configured: 400 naming the field and what to set", async () => {
    const response = await start(voiceAgent({ transcriber: { provider: "browser" } }), { mode: "voice" });
    expect(response.status).toBe(400);
    expect(response.json.error.details).toEqual([expect.objectContaining({ field: "transcriber.provider" })]);
    expect(response.json.error.message).toContain("openai, openai_compatible, azure, deepgram, deepgram_flux");
    const fallback = await start(voiceAgent({ transcriber: { provider: "browser" } }));
    expect(fallback.data).toMatchObject({ mode: "text", media_url: null });
  });
});

/** Whether a frame of agent audio (at `rate`) is the tone `frequency`. */
function frameIs(pcm: Int16Array, frequency: number, rate = 24000): boolean {
  return toneShareOf(pcm, frequency, rate) > 0.2;
}


