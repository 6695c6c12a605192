import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { calls } from "@/lib/db/schema";
import { speech, toneDurationMs } from "../helpers/audio-analysis";
import { until } from "../helpers/carriers/double-http";
import { TelephonyServer } from "../helpers/carriers/telephony-server";
import { TwilioDouble } from "../helpers/carriers/twilio-double";
import { startFakeSpeech, ToneVoice, transcriptsByFixture, type FakeSpeech } from "../helpers/fake-speech";
import { startFakeRealtime, type FakeRealtime } from "../helpers/fake-speech/openai-realtime";
import { lastUserText, scriptedLlm } from "../helpers/scripted-llm";
import { fixtureWords } from "../helpers/session-harness";
import { voiceAgent } from "../helpers/voice-call";

// Phone calls (the Twilio double's media stream: 8 kHz μ-law, in real time) with every new speech
// provider: ElevenLabs (ulaw_8000), Cartesia and Deepgram Aura (PCM at 8 kHz) speaking and Deepgram
// Flux listening, and a speech-to-speech call on the Realtime API. The caller hears the greeting and
// the answer to what they said (tones found by Goertzel in what the far end heard).

const GREETING = "Hello, thanks for calling.";
const ANSWER = "Sure, for what time?";

let double: TwilioDouble;
let server: TelephonyServer;
let fake: FakeSpeech;
let realtime: FakeRealtime;
let org: { apiKey: string; organizationId: string };
const LINE = "+14155550600";
// "Wait." is never a backchannel: a turn even if the greeting's response is still being stored when it is said.
const llm = scriptedLlm((request) => (/^wait/i.test(lastUserText(request)) ? { text: ANSWER } : { text: "Sorry?" }));

beforeAll(async () => {
  const voice = new ToneVoice((text) => Math.max(300, text.length * 25));
  voice.set(GREETING, 440);
  voice.set(ANSWER, 800);
  fake = await startFakeSpeech({ transcripts: transcriptsByFixture(fixtureWords), voice });
  fake.deepgram.setFluxTiming({ eagerMs: 10_000, endMs: 450 });
  realtime = await startFakeRealtime({ voice, transcripts: transcriptsByFixture(fixtureWords), reply: ({ items }) => (/^wait/i.test(items.filter((item) => item.role === "user").at(-1)?.heard ?? "") ? { text: ANSWER } : { text: "Sorry?" }) });
  double = await TwilioDouble.start();
  // One server: the speech fakes, and the realtime fake as OpenAI (its key and base URL).
  server = await TelephonyServer.start({ twilio: double, env: { TWILIO_ACCOUNT_SID: double.accountSid, TWILIO_AUTH_TOKEN: double.authToken }, liveCall: { llm: llm.port, env: { ...fake.env(), ...realtime.env() } } });
  org = await server.api.createOrganization("Provider phones");
  double.addNumber(LINE);
});
afterAll(async () => {
  await double?.close();
  await server?.close();
  await fake?.close();
  await realtime?.close();
});

async function answerWith(agent: Record<string, unknown>) {
  const created = await server.request("POST", "/v1/agents", { apiKey: org.apiKey, body: agent });
  const agentId = (await created.json()).data.id;
  const numbers = (await (await server.request("GET", "/v1/phone-numbers", { apiKey: org.apiKey })).json()).data;
  let number = numbers.find((each: { phone_number: string }) => each.phone_number === LINE);
  if (!number) [number] = (await (await server.request("POST", "/v1/telephony/providers/twilio/numbers/import", { apiKey: org.apiKey })).json()).data;
  await server.request("PATCH", `/v1/phone-numbers/${number.id}`, { apiKey: org.apiKey, body: { inbound_agent_id: agentId } });
}

// Real time: run once, on the real Postgres when there is one.
const database = process.env.TEST_DATABASE_URL ? "postgres" : "pglite";

describe.runIf(process.env.TEST_DB === database)("phone calls with every new speech provider", () => {
  it.each([
    ["elevenlabs", { voice: { provider: "elevenlabs", name: "pNInz6obpgDQGcFmaJgB" }, transcriber: { provider: "deepgram_flux" } }],
    ["cartesia", { voice: { provider: "cartesia", name: "a0e99841-438c-4a64-b679-ae501e7d6091" }, transcriber: { provider: "deepgram_flux" } }],
    ["deepgram", { voice: { provider: "deepgram", name: "aura-2-orion-en" }, transcriber: { provider: "deepgram_flux" } }],
    ["openai_realtime", { llm: { provider: "openai_realtime" }, voice: { provider: "openai", name: "coral" } }],
  ] as const)("%s: the caller hears the greeting and the answer to what they said", async (_name, speechSettings) => {
    await answerWith(voiceAgent(speechSettings));
    const call = await double.placeInboundCall({ from: "+14155550677", to: LINE, script: { outcome: "human" } });
    const peer = await double.streamOf(call);
    await until(() => toneDurationMs(peer.heardAudio(), 8000, 440) >= fake.voice.durationMs(GREETING) - 80, 8000, "the greeting");
    await new Promise((resolve) => setTimeout(resolve, 200));
    peer.say(speech("wait", 8000));
    await until(() => toneDurationMs(peer.heardAudio(), 8000, 800) >= fake.voice.durationMs(ANSWER) - 80, 10_000, "the answer").catch(async (error) => {
      const [row] = await server.api.db.select({ id: calls.id }).from(calls).where(eq(calls.carrierCallId, call.sid));
      const stored = (await (await server.request("GET", `/v1/calls/${row.id}`, { apiKey: org.apiKey })).json()).data;
      throw new Error(`${(error as Error).message}; transcript so far: ${JSON.stringify(stored.transcript)}; flux: ${JSON.stringify(fake.deepgram.fluxSessions.at(-1)?.events.map((event) => event.event))}`);
    });
    await new Promise((resolve) => setTimeout(resolve, 150)); // its last frames
    await double.hangUp(call);
    await double.ended(call, 10_000);
    const [row] = await server.api.db.select({ id: calls.id }).from(calls).where(eq(calls.carrierCallId, call.sid));
    const record = async () => (await (await server.request("GET", `/v1/calls/${row.id}`, { apiKey: org.apiKey })).json()).data;
    let stored = await record();
    for (let tries = 0; tries < 50 && stored.transcript.length < 3; tries++) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      stored = await record();
    }
    expect(stored.transcript.map((entry: { role: string; content: string }) => [entry.role, entry.content])).toEqual(
      expect.arrayContaining([
        ["agent", GREETING],
        ["user", fixtureWords.wait],
        ["agent", ANSWER],
      ]),
    );
  }, 40_000);
});
