import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { calls } from "@/lib/db/schema";
import { speech, toneDurationMs } from "../helpers/audio-analysis";
import { until } from "../helpers/carriers/double-http";
import { TelephonyServer } from "../helpers/carriers/telephony-server";
import { TwilioDouble } from "../helpers/carriers/twilio-double";
import { startFakeSpeech, transcriptsByFixture, type FakeSpeech } from "../helpers/fake-speech";
import { lastUserText, scriptedLlm } from "../helpers/scripted-llm";
import { fixtureWords } from "../helpers/session-harness";
import { voiceAgent } from "../helpers/voice-call";

// Phone calls through issue 13's startLiveCall: the real engine, the fake speech servers over HTTP,
// the Twilio double's media stream in real time.

let double: TwilioDouble;
let server: TelephonyServer;
let fake: FakeSpeech;
let org: { apiKey: string; organizationId: string };
const LINE = "+14155550400";
const TARGET = "+14155550499";
const llm = scriptedLlm((request) => {
  const said = lastUserText(request);
  if (/book a table/i.test(said)) return { text: "Sure, for what time?" };
  if (/\b0\b|zero/i.test(said)) return { text: "Putting you through.", calls: [{ name: "transfer_call" }] };
  if (/9/.test(said)) return { text: "Goodbye!", calls: [{ name: "hang_up" }] };
  return { text: "Sorry?" };
});

function delayed(samples: Int16Array, ms: number): Int16Array {
  const out = new Int16Array((8000 * ms) / 1000 + samples.length);
  out.set(samples, (8000 * ms) / 1000);
  return out;
}

beforeAll(async () => {
  fake = await startFakeSpeech({ transcripts: transcriptsByFixture(fixtureWords) });
  fake.voice.set("Hello, thanks for calling.", 440);
  fake.voice.set("Sure, for what time?", 800);
  fake.voice.set("Goodbye!", 1040);
  double = await TwilioDouble.start();
  server = await TelephonyServer.start({ twilio: double, env: { TWILIO_ACCOUNT_SID: double.accountSid, TWILIO_AUTH_TOKEN: double.authToken }, liveCall: { llm: llm.port, env: fake.env() } });
  org = await server.api.createOrganization("Live phones");
  double.addNumber(LINE);
  await server.answerWith(org.apiKey, "twilio", voiceAgent({ states: [{ name: "main", prompt: "Help the caller.", tools: [{ type: "hang_up" }, { type: "transfer_call", transfer_phone_number: TARGET }] }] }));
});

afterAll(async () => {
  await double?.close();
  await server?.close();
  await fake?.close();
});

async function record(callId: string) {
  return (await (await server.request("GET", `/v1/calls/${callId}`, { apiKey: org.apiKey })).json()).data;
}

describe("phone calls on startLiveCall", () => {
  it("inbound: greeting, a spoken turn answered in voice, DTMF to the engine, transfer_call to the tool's number; recorded with per-turn latency", async () => {
    double.script(TARGET, { outcome: "human", transfer: { outcome: "completed", durationSeconds: 12 } });
    const call = await double.placeInboundCall({ from: "+14155550477", to: LINE, script: { outcome: "human", speech: delayed(speech("request", 8000), 3500) } });
    const peer = await double.streamOf(call);
    const full = (text: string) => fake.voice.durationMs(text) - 60;
    await until(() => toneDurationMs(peer.heardAudio(), 8000, 440) >= full("Hello, thanks for calling."), 8000, "the greeting");
    await until(() => toneDurationMs(peer.heardAudio(), 8000, 800) >= full("Sure, for what time?"), 30_000, "the answer");
    await new Promise((resolve) => setTimeout(resolve, 400)); // its last mark back: heard in full
    peer.sendDtmf("0");
    peer.sendDtmf("#");
    await until(() => call.dialed.length > 0, 15_000, "the transfer");
    expect(call.dialed).toEqual([{ to: TARGET, callerId: LINE }]);
    expect(llm.requests.some((request) => /0/.test(lastUserText(request)))).toBe(true);
    await double.ended(call);
    const [row] = await server.api.db.select({ id: calls.id }).from(calls).where(eq(calls.carrierCallId, call.sid));
    await until(() => false, 1500).catch(() => undefined); // the recording is stored after the media ends
    const data = await record(row.id);
    expect(data).toMatchObject({ direction: "inbound", carrier: "twilio", status: "ended", end_reason: "transferred", redirect_duration_seconds: 12, transfer: { to: TARGET, status: "completed" } });
    expect(data.recording_url).not.toBeNull();
    expect(data.turn_latency.length).toBeGreaterThanOrEqual(1);
    expect(data.transcript.map((entry: { content: string }) => entry.content)).toEqual(expect.arrayContaining(["Hello, thanks for calling.", "Sure, for what time?"]));
  }, 90_000);

  it("outbound: the agent's hang_up plays the goodbye, then Twilio ends the call (agent_hangup)", async () => {
    const agentId = (await (await server.request("GET", "/v1/agents", { apiKey: org.apiKey })).json()).data[0].id;
    const res = await server.request("POST", "/v1/calls/phone", { apiKey: org.apiKey, body: { from_number: LINE, to_number: "+14155550488", agent_id: agentId } });
    const callId = (await res.json()).data.call_id;
    await until(() => [...double.calls.values()].some((c) => c.to === "+14155550488" && c.peer), 10_000, "the stream");
    const call = [...double.calls.values()].find((c) => c.to === "+14155550488")!;
    const peer = call.peer!;
    await until(() => toneDurationMs(peer.heardAudio(), 8000, 440) >= fake.voice.durationMs("Hello, thanks for calling.") - 60, 8000, "the greeting");
    peer.sendDtmf("9");
    peer.sendDtmf("#");
    await double.ended(call, 15_000);
    // Twilio ended the call only after returning our last mark: what was sent of the goodbye was played.
    // (How much of it was sent is the live call's: its end watch may stop the session as soon as the engine ends the call.)
    expect(peer.marks.some((mark) => mark.name.startsWith("hangup"))).toBe(true);
    expect(peer.queuedMs).toBe(0);
    await until(() => false, 1000).catch(() => undefined);
    expect(await record(callId)).toMatchObject({ status: "ended", end_reason: "agent_hangup", carrier: "twilio" });
  }, 90_000);
});
