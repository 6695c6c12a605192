import { eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { calls } from "@/lib/db/schema";
import { pgBossQueue } from "@/lib/jobs/pg-boss-queue";
import { liveConversation } from "@/lib/telephony/sip-media/live-conversation";
import { SipMediaProcess } from "@/lib/telephony/sip-media/sip-media-process";
import { speech } from "../helpers/audio-analysis";
import { toneShare } from "../helpers/audio/tones";
import { startFakeSpeech, transcriptsByFixture, type FakeSpeech } from "../helpers/fake-speech";
import { lastUserText, scriptedLlm } from "../helpers/scripted-llm";
import { fixtureWords } from "../helpers/session-harness";
import { baresipInstalled, startBaresip, stopBaresips } from "../helpers/sip/baresip";
import { createTestApi, type TestApi } from "../helpers/test-api";
import { voiceAgent } from "../helpers/voice-call";

// The trunks here are SIP peers on loopback: allowed the way an operator allows their own PBX.
process.env.OUTBOUND_ALLOWED_HOSTS = "127.0.0.1";

// A real softphone calls an agent on a SIP number, end to end: baresip plays a WAV (silence, then
// the caller's request, then silence) into the call; our user agent answers, the live voice call
// (fake speech servers speaking a tone per phrase, a scripted model) greets and answers; baresip
// records what it decoded from us, and the agent's tones are found in it by Goertzel.
let api: TestApi;
let fake: FakeSpeech;
let media: SipMediaProcess | undefined;
const llm = scriptedLlm((request) => (/book a table/i.test(lastUserText(request)) ? { text: "Sure, for what time?" } : { text: "Sorry?" }));

beforeAll(async () => {
  if (!baresipInstalled) return;
  fake = await startFakeSpeech({ transcripts: transcriptsByFixture(fixtureWords) });
  fake.voice.set("Hello, thanks for calling.", 440);
  fake.voice.set("Sure, for what time?", 800);
  api = await createTestApi({ runtime: { env: fake.env(), llm: llm.port } });
});

afterEach(async () => {
  stopBaresips();
  await media?.close(500);
  media = undefined;
});

afterAll(async () => {
  await api?.close();
  await fake?.close();
});

const silence = (ms: number) => new Int16Array(ms * 8);
const concat = (...parts: Int16Array[]) => {
  const out = new Int16Array(parts.reduce((sum, part) => sum + part.length, 0));
  let offset = 0;
  for (const part of parts) out.set(part, (offset += part.length) - part.length);
  return out;
};
/** Milliseconds of 20 ms frames in which `frequency` dominates. */
const toneMs = (samples: Int16Array, frequency: number) => {
  let frames = 0;
  for (let i = 0; i + 160 <= samples.length; i += 160) if (toneShare(samples.subarray(i, i + 160), frequency) > 0.3) frames++;
  return frames * 20;
};

describe.skipIf(!baresipInstalled)("baresip calls an agent on a SIP number", () => {
  it("greets, hears the caller's request through RTP and answers in voice; the call is stored with its transcript", async () => {
    const org = await api.createOrganization("Voice over SIP");
    const created = await api.request("POST", "/v1/agents", { apiKey: org.apiKey, body: voiceAgent() });
    const agentId = (await created.json()).data.id as string;
    const number = "+15559990001";
    const res = await api.request("POST", "/v1/phone-numbers", {
      apiKey: org.apiKey,
      body: { number, type: "sip", inbound_agent_id: agentId, sip_trunk: { termination_uri: "sip:127.0.0.1:5999", allowed_source_addresses: ["127.0.0.1"] } },
    });
    expect(res.status).toBe(201);
    const queue = pgBossQueue(api.boss);
    media = await SipMediaProcess.start(
      { db: api.db, queue, startConversation: liveConversation({ db: api.db, queue, llm: llm.port, http: () => Promise.reject(new Error("no HTTP")), storage: api.storage, env: fake.env() }) },
      { bindAddress: "127.0.0.1", port: 0, rtpPorts: { min: 38000, max: 38999 }, timers: { t1: 100, t2: 800, t4: 1000 } },
    );

    const input = concat(silence(3500), speech("request", 8000), silence(9000));
    const baresip = await startBaresip(`sip:${number}@127.0.0.1:${media.userAgent.port}`, input);
    const callRow = async () => (await api.db.select().from(calls).where(eq(calls.toNumber, number)))[0];
    let row = await callRow();
    for (let i = 0; i < 500 && !(row?.transcript.length >= 3); i++) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      row = await callRow();
    }
    expect(row?.transcript.map((entry) => [entry.role, entry.content]), baresip.output()).toEqual([
      ["agent", "Hello, thanks for calling."],
      ["user", fixtureWords.request],
      ["agent", "Sure, for what time?"],
    ]);
    await new Promise((resolve) => setTimeout(resolve, 2500)); // the answer plays out
    const terminated = await api.request("POST", `/v1/calls/${row!.id}/terminate`, { apiKey: org.apiKey });
    expect(terminated.status).toBe(200);

    const heard = await baresip.recording();
    expect(toneMs(heard, 440)).toBeGreaterThan(1000); // the greeting, through G.711 and RTP
    expect(toneMs(heard, 800)).toBeGreaterThan(800); // the answer
    const firstFrameOf = (frequency: number) => {
      for (let i = 0; i + 160 <= heard.length; i += 160) if (toneShare(heard.subarray(i, i + 160), frequency) > 0.3) return i / 8;
      return -1;
    };
    const greeting = firstFrameOf(440);
    expect(greeting).toBeGreaterThanOrEqual(0);
    expect(firstFrameOf(800)).toBeGreaterThan(greeting + 2500); // the answer came after the caller's request, not over the greeting
    const stored = await callRow();
    expect(stored).toMatchObject({ direction: "inbound", status: "ended", endReason: "terminated", agentId });
  }, 40_000);
});
