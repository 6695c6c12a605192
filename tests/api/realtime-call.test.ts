import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { channelOf, decodeWav } from "@/lib/media/audio/wav";
import { findTones, soundingMs, speech } from "../helpers/audio-analysis";
import { startFakeRealtime, type FakeRealtime, type RealtimeItem } from "../helpers/fake-speech/openai-realtime";
import { transcriptsByFixture } from "../helpers/fake-speech/scripts";
import { ToneVoice } from "../helpers/fake-speech/tones";
import { scriptedLlm } from "../helpers/scripted-llm";
import { fixtureWords } from "../helpers/session-harness";
import { createTestApi, type TestApi } from "../helpers/test-api";
import { heardMs, liveCallOnLoopback, sleep, waitFor } from "../helpers/voice-call";

// Speech-to-speech (llm.provider "openai_realtime") through startLiveCall: the real engine, database
// and media session, OpenAI's Realtime API faked on loopback event for event, an in-memory line in
// real time. The model hears the caller's audio and speaks; our VAD decides turns and barge-in.

const GREETING = "Hello, thanks for calling.";
const HELP = "Let me help with that.";
const HOW_MANY = "Sure, for how many people?";
const LONG = "We are open from nine in the morning until eight in the evening on weekdays and from ten until four on Saturdays.";
const STOPPED = "Okay, I will stop.";
const GOODBYE = "Goodbye!";
const READ_BACK = "Got it, Maria Garcia.";

let api: TestApi;
let realtime: FakeRealtime;
let org: { apiKey: string; organizationId: string };
const llm = scriptedLlm(() => ({ text: "A text model is not used in a speech-to-speech call." }));

const lastUser = (items: RealtimeItem[]) => {
  const user = items.filter((item) => item.role === "user").at(-1);
  return user?.heard ?? user?.text ?? "";
};

beforeAll(async () => {
  realtime = await startFakeRealtime({
    // 30 ms a character keeps the calls short.
    voice: new ToneVoice((text) => Math.max(300, text.length * 30)),
    transcripts: transcriptsByFixture(fixtureWords),
    reply: ({ items, tools }) => {
      const last = items.at(-1);
      if (last?.type === "function_call_output" && /moved_to/.test(last.output ?? "")) return { text: HOW_MANY };
      const said = lastUser(items);
      if (/book a table/i.test(said) && tools.includes("transition_to_booking")) return { text: HELP, calls: [{ name: "transition_to_booking" }] };
      if (/tomorrow evening/i.test(said) && !tools.includes("transition_to_booking")) return { text: READ_BACK };
      if (/hours/i.test(said)) return { text: LONG };
      if (/^stop/i.test(said)) return { text: STOPPED };
      if (/goodbye/i.test(said)) return { text: GOODBYE, calls: [{ name: "hang_up" }] };
      return { text: "Sorry?" };
    },
  });
  [GREETING, HELP, HOW_MANY, LONG, STOPPED, GOODBYE, READ_BACK].forEach((text, i) => realtime.voice.set(text, 440 + i * 150));
  api = await createTestApi({ runtime: { env: realtime.env(), llm: llm.port } });
  org = await api.createOrganization();
});
afterAll(async () => {
  await api.close();
  await realtime.close();
});

const agent = (overrides: Record<string, unknown> = {}) => ({
  name: "Realtime desk",
  llm: { provider: "openai_realtime" },
  voice: { provider: "openai", name: "coral" },
  initial_message: GREETING,
  initial_state_name: "main",
  states: [
    { name: "main", prompt: "Greet and find out what the caller needs.", tools: [{ type: "hang_up" }], transitions: [{ condition: "The caller wants to book a table", destination_state_name: "booking" }] },
    { name: "booking", prompt: "Take the booking: ask for the party size.", tools: [{ type: "hang_up" }], variables: [{ name: "party_size", type: "integer" }] },
  ],
  ...overrides,
});

async function startCall(body: Record<string, unknown>) {
  const created = await api.request("POST", "/v1/agents", { apiKey: org.apiKey, body });
  expect(created.status).toBe(200);
  const started = await api.request("POST", "/v1/calls/web", { apiKey: org.apiKey, body: { agent_id: (await created.json()).data.id } });
  const data = (await started.json()).data as { call_id: string; mode: string };
  expect(data.mode).toBe("voice");
  return { data, call: await liveCallOnLoopback(api, { env: () => realtime.env() }, llm.port, data.call_id) };
}

const tone = (text: string) => realtime.voice.frequencyOf(text);
const full = (text: string) => realtime.voice.durationMs(text) - 60;
const stored = async (callId: string) => (await (await api.request("GET", `/v1/calls/${callId}`, { apiKey: org.apiKey })).json()).data;

const database = process.env.TEST_DATABASE_URL ? "postgres" : "pglite";

describe.runIf(process.env.TEST_DB === database)("speech-to-speech on the Realtime API", () => {
  it("the model hears the caller's audio and answers in its voice; a transition is a function call that updates the session; both sides are transcribed", async () => {
    const { data, call } = await startCall(agent());
    await waitFor(() => heardMs(call.transport, tone(GREETING)) >= full(GREETING), 6000, "the greeting in the model's voice");
    const session = realtime.sessions.at(-1)!;
    expect(session.query.get("model")).toBe("gpt-realtime");
    expect(session.headers.authorization).toBe("Bearer sk-realtime");
    const setup = session.received.find((event) => event.type === "session.update") as { session: Record<string, unknown> };
    expect(setup.session).toMatchObject({
      type: "realtime",
      tool_choice: "auto",
      audio: { input: { format: { type: "audio/pcm", rate: 24000 }, transcription: { model: "gpt-4o-mini-transcribe", language: "en" }, turn_detection: null }, output: { voice: "coral" } },
    });
    expect(String(setup.session.instructions)).toContain("Greet and find out what the caller needs.");
    expect((setup.session.tools as { name: string }[]).map((tool) => tool.name)).toEqual(["hang_up", "transition_to_booking"]);
    // The greeting is the engine's sentence: said out of band, and put in the conversation as the assistant's words.
    expect(session.received).toContainEqual(expect.objectContaining({ type: "response.create", response: expect.objectContaining({ conversation: "none", instructions: expect.stringContaining(GREETING) }) }));
    expect(session.items.find((item) => item.role === "assistant")).toMatchObject({ text: GREETING });

    const spokeAt = performance.now();
    call.transport.say(speech("request", 16000));
    await waitFor(() => heardMs(call.transport, tone(HOW_MANY), spokeAt) >= full(HOW_MANY), 10_000, "the answer after the transition");
    expect(heardMs(call.transport, tone(HELP), spokeAt)).toBeGreaterThanOrEqual(full(HELP));
    // Our VAD took the turn: the audio was committed, no server turn detection.
    expect(session.received.filter((event) => event.type === "input_audio_buffer.commit")).toHaveLength(1);
    const update = session.received.filter((event) => event.type === "session.update").at(-1) as { session: Record<string, unknown> };
    expect(String(update.session.instructions)).toContain("Take the booking: ask for the party size.");
    expect((update.session.tools as { name: string }[]).map((tool) => tool.name)).toEqual(["hang_up", "record_variables"]);
    expect(session.received).toContainEqual(expect.objectContaining({ type: "conversation.item.create", item: expect.objectContaining({ type: "function_call_output", output: JSON.stringify({ moved_to: "booking" }) }) }));
    await waitFor(() => call.eventsOf("user_transcript").some((entry) => (entry.event as { final?: boolean }).final), 3000, "the caller's words");
    await sleep(150); // its last frames
    call.transport.callerHangsUp();
    await call.handle.ended;

    const record = await stored(data.call_id);
    expect(record.transcript.map((entry: { role: string; content: string }) => [entry.role, entry.content])).toEqual([
      ["agent", GREETING],
      ["user", fixtureWords.request],
      ["agent", HELP],
      ["agent", HOW_MANY],
    ]);
    expect(call.eventsOf("state_changed").map((entry) => entry.event)).toMatchObject([{ from: "main", to: "booking" }]);
    const [turn] = record.turn_latency;
    // No transcript before the answer (the model hears the audio) and no sentence splitting: those stages do not apply.
    expect(turn).toMatchObject({ transcript_ms: null, first_sentence_ms: null });
    expect(turn.first_audio_ms).toBeGreaterThan(turn.end_of_turn_ms);
    expect(turn.first_token_ms).not.toBeNull();
  }, 40_000);

  it("barge-in: our VAD's decision cancels the response and truncates the item at the audio actually played; nothing of it is heard after", async () => {
    realtime.setDelays({ chunkIntervalMs: 38 }); // about real time: the answer is still streaming when the caller cuts in
    const { data, call } = await startCall(agent({ initial_message: null }));
    await sleep(300);
    call.handle.sendText("What are your opening hours?");
    await waitFor(() => heardMs(call.transport, tone(LONG)) >= 1500, 8000, "the long answer playing");
    call.transport.say(speech("stop", 16000));
    await waitFor(() => call.transport.clears.length > 0, 5000, "the clear");
    const clearedAt = call.transport.clears[0];
    await waitFor(() => heardMs(call.transport, tone(STOPPED), clearedAt) >= full(STOPPED), 8000, "the answer to stop");
    realtime.setDelays({ chunkIntervalMs: 0 });
    const session = realtime.sessions.at(-1)!;
    const cancel = session.received.find((event) => event.type === "response.cancel");
    expect(cancel).toBeDefined();
    const truncate = session.received.find((event) => event.type === "conversation.item.truncate") as { item_id: string; audio_end_ms: number; content_index: number };
    expect(truncate.content_index).toBe(0);
    const playedMs = heardMs(call.transport, tone(LONG));
    expect(Math.abs(truncate.audio_end_ms - playedMs)).toBeLessThanOrEqual(60);
    expect(session.items.find((item) => item.id === truncate.item_id)?.truncatedAt).toBe(truncate.audio_end_ms);
    // Not one frame of the cancelled answer after the clear (one may already be on the wire).
    const late = call.transport.played.filter((frame) => frame.at > clearedAt + 5).filter((frame) => heardMsOf(frame.pcm, tone(LONG)));
    expect(late.length).toBeLessThanOrEqual(1);
    await sleep(150);
    call.transport.callerHangsUp();
    await call.handle.ended;
    const record = await stored(data.call_id);
    const agentLines = record.transcript.filter((entry: { role: string }) => entry.role === "agent");
    expect(agentLines[0].interrupted).toBe(true);
    expect(LONG.startsWith(agentLines[0].content)).toBe(true);
    expect(agentLines[0].content.length).toBeLessThan(LONG.length);
    expect(agentLines[1]).toMatchObject({ content: STOPPED });
  }, 40_000);

  it("a backchannel over the answer is heard, transcribed and deleted from the conversation: the model never answers it and goes on", async () => {
    realtime.setDelays({ chunkIntervalMs: 25 });
    const { data, call } = await startCall(agent({ initial_message: null }));
    await sleep(300);
    call.handle.sendText("What are your opening hours?");
    await waitFor(() => heardMs(call.transport, tone(LONG)) >= 1200, 8000, "the long answer playing");
    call.transport.say(speech("uh-huh", 16000));
    await waitFor(() => heardMs(call.transport, tone(LONG)) >= full(LONG), 15_000, "the whole answer");
    realtime.setDelays({ chunkIntervalMs: 0 });
    expect(call.transport.clears).toEqual([]);
    const session = realtime.sessions.at(-1)!;
    const committed = session.items.filter((item) => item.role === "user" && item.heard !== undefined);
    expect(committed.map((item) => item.heard)).toEqual([fixtureWords["uh-huh"]]);
    expect(session.received).toContainEqual(expect.objectContaining({ type: "conversation.item.delete", item_id: committed[0].id }));
    expect(committed[0].deleted).toBe(true);
    // One answer only: the one to the typed question.
    expect(session.received.filter((event) => event.type === "response.create" && !(event.response as { conversation?: string } | undefined)?.conversation)).toHaveLength(1);
    await sleep(150);
    call.transport.callerHangsUp();
    await call.handle.ended;
    expect((await stored(data.call_id)).transcript.map((entry: { content: string }) => entry.content)).toEqual(["What are your opening hours?", LONG]);
  }, 40_000);

  it("redact_pii: the recording silences the model's read-back of a name (its words arrive while it speaks) and keeps the rest", async () => {
    const { data, call } = await startCall(agent({ data_storage: "redact_pii", states: [{ name: "main", prompt: "Take the booking.", tools: [{ type: "hang_up" }] }] }));
    await waitFor(() => heardMs(call.transport, tone(GREETING)) >= full(GREETING), 6000, "the greeting");
    const spokeAt = performance.now();
    call.transport.say(speech("request", 16000));
    await waitFor(() => heardMs(call.transport, tone(READ_BACK), spokeAt) >= full(READ_BACK), 10_000, "the read-back");
    await sleep(150); // its last frames
    call.transport.callerHangsUp();
    await call.handle.ended;

    const record = await stored(data.call_id);
    expect(record.transcript.map((entry: { content: string }) => entry.content)).toEqual([GREETING, fixtureWords.request, "Got it, [person_name]."]);
    const blob = await api.storage.get(`organizations/${org.organizationId}/recordings/${data.call_id}.wav`);
    const wav = decodeWav(blob!.bytes);
    const spans = findTones(channelOf(wav, 1), wav.sampleRate, [tone(GREETING), tone(READ_BACK)]);
    const toneMs = (frequency: number) => spans.filter((span) => span.frequency === frequency).reduce((total, span) => total + span.endMs - span.startMs, 0);
    // The model's read-back says the name: silent in the recording; the greeting is not.
    expect(toneMs(tone(GREETING))).toBeGreaterThan(full(GREETING) - 200);
    expect(toneMs(tone(READ_BACK))).toBe(0);
    // The caller's turn had nothing to redact: it is still heard.
    expect(soundingMs(channelOf(wav, 0), wav.sampleRate)).toBeGreaterThan(1500);
  }, 40_000);

  it("the hang_up function ends the call after the goodbye is heard", async () => {
    const { data, call } = await startCall(agent({ initial_message: null }));
    await sleep(300);
    call.handle.sendText("goodbye");
    const result = await call.handle.ended;
    expect(result.endReason).toBe("agent_hangup");
    expect(heardMs(call.transport, tone(GOODBYE))).toBeGreaterThanOrEqual(full(GOODBYE));
    expect((await stored(data.call_id)).transcript.map((entry: { content: string }) => entry.content)).toEqual(["goodbye", GOODBYE]);
  }, 30_000);
});

import { toneShare } from "../helpers/audio/tones";
const heardMsOf = (pcm: Int16Array, frequency: number) => toneShare(pcm, frequency, 24000) > 0.2;
