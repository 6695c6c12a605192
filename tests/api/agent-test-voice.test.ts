import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startFakeOpenAiServer, lastMessage, type FakeOpenAiServer } from "../helpers/fake-openai-server";
import { startFakeOpenAiSpeech, type FakeOpenAiSpeech } from "../helpers/fake-speech/openai-speech";
import { FixtureSpeakingVoice, heardSpeech } from "../helpers/fake-speech/heard-speech";
import { fixtureWords } from "../helpers/session-harness";
import { createTestApi, type TestApi } from "../helpers/test-api";
import { sleep } from "../helpers/voice-call";

// A voice-mode agent test through the real media session, in real time: the server's text-to-speech
// (the fake OpenAI speech server on loopback) says the caller's words as caller audio, the session's
// VAD, end of turn and barge-in run as on a call, and what the agent says is transcribed back from the
// audio it played. The second turn barges in: the first answer counts only as far as it was heard.

const GREETING = "Hello, thanks for calling.";
const LONG = ["We open at nine.", "We close at five.", "Not on Sundays."];
const STOPPED = "Okay, I will stop.";
const fixtures = { request: fixtureWords.request, stop: fixtureWords.stop };

let api: TestApi;
let speech: FakeOpenAiSpeech;
let llm: FakeOpenAiServer;
let org: { apiKey: string; organizationId: string };

// Real time: run once, on the real Postgres when there is one.
const database = process.env.TEST_DATABASE_URL ? "postgres" : "pglite";

beforeAll(async () => {
  const voice = new FixtureSpeakingVoice(fixtures);
  speech = await startFakeOpenAiSpeech({ voice, transcripts: heardSpeech(voice, fixtures) });
  llm = await startFakeOpenAiServer(
    (request) => {
      const said = lastMessage(request.body);
      if (/book a table/i.test(said)) return { text: LONG.join(" ") };
      if (/^stop/i.test(said)) return { text: STOPPED };
      return { text: "Sorry?" };
    },
    { audioUpstream: speech.url },
  );
  const env = llm.env();
  api = await createTestApi({ workers: true, runtime: { env }, agentTests: { env } });
  org = await api.createOrganization();
});
afterAll(async () => {
  await api?.close();
  await llm?.close();
  await speech?.close();
});

describe.runIf(process.env.TEST_DB === database)("voice-mode agent tests", () => {
  it("speaks the caller into a real media session, barges in, and checks what the caller heard", async () => {
    const agent = await api.request("POST", "/v1/agents", {
      apiKey: org.apiKey,
      body: {
        name: "Voice desk",
        initial_message: GREETING,
        voice: { provider: "openai", name: "alloy" },
        transcriber: { provider: "openai" },
        initial_state_name: "main",
        states: [{ name: "main", prompt: "Help the caller." }],
      },
    });
    const agentId = (await agent.json()).data.id;
    const created = await api.request("POST", `/v1/agents/${agentId}/tests`, {
      apiKey: org.apiKey,
      body: {
        name: "opening hours, cut short",
        type: "scripted",
        mode: "voice",
        turns: [
          { user: fixtureWords.request, expect: [{ type: "agent_says", match: "contains", value: "We open at nine" }, { type: "agent_says", match: "contains", value: "Not on Sundays" }] },
          { user: fixtureWords.stop, interrupt_after_ms: 1000, expect: [{ type: "agent_says", match: "exact", value: STOPPED }] },
        ],
      },
    });
    expect(created.status, JSON.stringify(await created.clone().json())).toBe(201);
    const testId = (await created.json()).data.id;

    const started = Date.now();
    const queued = await (await api.request("POST", `/v1/agents/${agentId}/test-runs`, { apiKey: org.apiKey, body: { test_ids: [testId] } })).json();
    let run = queued.data;
    while (["queued", "running"].includes(run.status) && Date.now() - started < 60_000) {
      await sleep(200);
      run = (await (await api.request("GET", `/v1/test-runs/${run.id}`, { apiKey: org.apiKey })).json()).data;
    }
    const [result] = run.results;
    expect(result.error).toBeNull();
    expect(result.mode).toBe("voice");

    // The first answer was cut off by the barge-in: its first sentence was heard, its last never played.
    const [first, second, third] = result.assertions;
    expect(first).toMatchObject({ turn: 0, passed: true });
    expect(first.actual).toMatch(/^We open at nine\./);
    expect(second).toMatchObject({ turn: 0, passed: false, expected: "Not on Sundays" });
    expect(second.reason).toMatch(/never said "Not on Sundays"/);
    expect(third).toMatchObject({ turn: 1, passed: true, actual: STOPPED });
    expect(run.status).toBe("failed");

    // The transcript keeps what the caller heard, marked interrupted, as a call's would.
    const agentEntries = result.transcript.filter((entry: { role: string }) => entry.role === "agent");
    expect(agentEntries[0].content).toBe(GREETING);
    expect(agentEntries[1]).toMatchObject({ interrupted: true });
    expect(LONG.join(" ").startsWith(agentEntries[1].content)).toBe(true);
    expect(agentEntries[1].content).not.toContain("Sundays");
    expect(agentEntries[2].content).toBe(STOPPED);
    expect(result.transcript.filter((entry: { role: string }) => entry.role === "user").map((entry: { content: string }) => entry.content)).toEqual([fixtureWords.request, fixtureWords.stop]);

    // Per caller turn, the latency a caller hears.
    expect(result.turn_latency).toHaveLength(2);
    for (const turn of result.turn_latency) expect(turn.first_audio_ms).toBeGreaterThan(0);

    // Both sides went through the speech server: the caller's words synthesized, the agent's audio transcribed.
    expect(speech.speeches.map((request) => request.body.input)).toEqual(expect.arrayContaining([fixtureWords.request, fixtureWords.stop, GREETING, ...LONG.slice(0, 2)]));
    expect(speech.transcriptions.length).toBeGreaterThanOrEqual(4);

    // And it never was a call.
    expect((await (await api.request("GET", "/v1/calls", { apiKey: org.apiKey })).json()).data).toEqual([]);
  }, 60_000);
});
