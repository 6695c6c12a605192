import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, eq } from "drizzle-orm";
import { callEvents, calls } from "@/lib/db/schema";
import { HOLD_TONE_HZ } from "@/lib/telephony/hold-audio";
import { toneDurationMs } from "../helpers/audio-analysis";
import { eventually } from "../helpers/campaign-checks";
import { until } from "../helpers/carriers/double-http";
import { TelephonyServer } from "../helpers/carriers/telephony-server";
import { TwilioDouble, type TwilioDoubleCall } from "../helpers/carriers/twilio-double";
import { startFakeSpeech, transcriptsByFixture, type FakeSpeech } from "../helpers/fake-speech";
import { lastUserText, scriptedLlm } from "../helpers/scripted-llm";
import { fixtureWords } from "../helpers/session-harness";
import { voiceAgent } from "../helpers/voice-call";

// Warm transfer on Twilio, end to end in real time: the live call (real engine, fake speech servers),
// the Twilio double placing the destination leg, streaming it back to us and joining the calls in a
// conference. Everything is judged from the audio each side heard.

let double: TwilioDouble;
let server: TelephonyServer;
let fake: FakeSpeech;
let org: { apiKey: string; organizationId: string };
const LINE = "+14155550600";
const TARGET = "+14155550699";
const SUMMARY = "Table for two, please.";
const SUMMARY_HZ = 1200;
/** Far more than the conversation's own turns use ([10, 5] each): the call's usage must count the summary. */
const SUMMARY_INPUT_TOKENS = 5000;
const GREETING_HZ = 440;
const SORRY = "Sorry, nobody is free right now.";
const SORRY_HZ = 1040;
const llm = scriptedLlm((request) => {
  if (/handing a phone call over/.test(request.system)) return { text: SUMMARY, usage: [SUMMARY_INPUT_TOKENS, 12] };
  const said = lastUserText(request);
  if (/You tried to put the caller through/.test(said)) return { text: SORRY };
  if (/\b0\b/.test(said)) return { text: "Putting you through.", calls: [{ name: "transfer_call" }] };
  return { text: "Sorry?" };
});

beforeAll(async () => {
  fake = await startFakeSpeech({ transcripts: transcriptsByFixture(fixtureWords) });
  fake.voice.set("Hello, thanks for calling.", GREETING_HZ);
  fake.voice.set(SUMMARY, SUMMARY_HZ);
  fake.voice.set(SORRY, SORRY_HZ);
  double = await TwilioDouble.start();
  server = await TelephonyServer.start({ twilio: double, env: { TWILIO_ACCOUNT_SID: double.accountSid, TWILIO_AUTH_TOKEN: double.authToken }, liveCall: { llm: llm.port, env: fake.env() } });
  org = await server.api.createOrganization("Warm transfers");
  double.addNumber(LINE);
  const tool = { type: "transfer_call", transfer_phone_number: TARGET, transfer_mode: "warm", transfer_timeout_seconds: 5 };
  await server.answerWith(org.apiKey, "twilio", voiceAgent({ states: [{ name: "main", prompt: "Help the caller.", tools: [tool] }] }));
});

afterAll(async () => {
  await double?.close();
  await server?.close();
  await fake?.close();
});

async function record(callId: string) {
  return (await (await server.request("GET", `/v1/calls/${callId}`, { apiKey: org.apiKey })).json()).data;
}

/** An inbound call that has heard the greeting, then asks (DTMF 0) to be put through. */
async function callAndAskForTransfer(from: string): Promise<{ call: TwilioDoubleCall; callId: string }> {
  const call = await double.placeInboundCall({ from, to: LINE, script: { outcome: "human" } });
  const peer = await double.streamOf(call);
  await until(() => toneDurationMs(peer.heardAudio(), 8000, GREETING_HZ) >= fake.voice.durationMs("Hello, thanks for calling.") - 60, 8000, "the greeting");
  peer.sendDtmf("0");
  peer.sendDtmf("#");
  const [row] = await server.api.db.select({ id: calls.id }).from(calls).where(eq(calls.carrierCallId, call.sid));
  return { call, callId: row.id };
}

const legTo = (target: string) => [...double.calls.values()].reverse().find((each) => each.direction === "outbound-api" && each.to === target);

describe("warm transfer on Twilio", () => {
  it("holds the caller, speaks the summary to the destination, then joins both in a conference", async () => {
    double.script(TARGET, { outcome: "human", ringMs: 2000 });
    const { call, callId } = await callAndAskForTransfer("+14155550611");
    await until(() => legTo(TARGET) !== undefined, 15_000, "the destination leg");
    const leg = legTo(TARGET)!;
    // From our number, its stream back to us as the transfer leg, ringing no longer than the tool says.
    expect(leg.from).toBe(LINE);
    expect(leg.params.Timeout).toBe("5");
    await until(() => call.conference !== null && leg.conference !== null, 15_000, "the bridge");
    expect(leg.streams[0].parameters).toMatchObject({ call_id: callId, leg: "transfer" });
    expect(leg.conference!.name).toBe(call.conference!.name);
    expect(leg.conference!.endOnExit).toBe(true);
    // The destination heard the whole summary, in the agent's voice, before it was joined to the caller…
    expect(toneDurationMs(leg.conference!.heardBeforeJoin!, 8000, SUMMARY_HZ)).toBeGreaterThanOrEqual(fake.voice.durationMs(SUMMARY) - 60);
    expect(leg.conference!.joinedAt).toBeLessThanOrEqual(call.conference!.joinedAt);
    // …while the caller heard the hold chime (it rang 2 s and the summary took 1.3 s: at least two 2-second loops), and never the summary.
    const callerHeard = call.conference!.heardBeforeJoin!;
    expect(toneDurationMs(callerHeard, 8000, HOLD_TONE_HZ[0], [...HOLD_TONE_HZ, GREETING_HZ, SUMMARY_HZ])).toBeGreaterThanOrEqual(400);
    expect(toneDurationMs(callerHeard, 8000, HOLD_TONE_HZ[1], [...HOLD_TONE_HZ, GREETING_HZ, SUMMARY_HZ])).toBeGreaterThanOrEqual(400);
    expect(toneDurationMs(callerHeard, 8000, SUMMARY_HZ)).toBe(0);
    // The destination hangs up: the conference ends for both, and the call is recorded as transferred warm.
    await double.hangUp(leg);
    await double.ended(call);
    const ended = await eventually(() => record(callId), (data) => data.status === "ended" && data.transfer?.status === "completed", 10_000, "the call ended, its transfer completed");
    expect(ended).toMatchObject({ end_reason: "transferred", transfer: { to: TARGET, mode: "warm" } });
    // The summary is the call's work, priced with it: its tokens and the characters spoken are in the call's usage.
    const [row] = await server.api.db.select({ usage: calls.usage }).from(calls).where(eq(calls.id, callId));
    expect(row.usage.llm_input_tokens).toBeGreaterThanOrEqual(SUMMARY_INPUT_TOKENS);
    expect(row.usage.llm_input_tokens).toBeLessThan(SUMMARY_INPUT_TOKENS + 200);
    expect(row.usage.tts_characters).toBeGreaterThanOrEqual(SUMMARY.length);
  }, 60_000);

  it("a declined transfer (busy) brings the caller back to the agent, who says so; the call goes on", async () => {
    double.script(TARGET, { outcome: "busy", ringMs: 800 });
    const { call, callId } = await callAndAskForTransfer("+14155550612");
    const peer = call.peer!;
    await until(() => legTo(TARGET)?.status === "busy", 15_000, "the declined leg");
    await until(() => toneDurationMs(peer.heardAudio(), 8000, SORRY_HZ) >= fake.voice.durationMs(SORRY) - 60, 15_000, "the agent saying so");
    const heard = peer.heardAudio();
    expect(toneDurationMs(heard, 8000, HOLD_TONE_HZ[0], [...HOLD_TONE_HZ, GREETING_HZ, SORRY_HZ])).toBeGreaterThanOrEqual(200);
    // Still on the line with the agent: never hung up on, never joined to anyone.
    expect(call.status).toBe("in-progress");
    expect(call.conference).toBeNull();
    const events = await server.api.db.select({ payload: callEvents.payload }).from(callEvents).where(and(eq(callEvents.callId, callId), eq(callEvents.type, "transfer_failed")));
    expect(events.map((event) => event.payload)).toEqual([{ to: TARGET, reason: "busy" }]);
    expect(await record(callId)).toMatchObject({ status: "in_progress", transfer: { to: TARGET, status: "busy", mode: "warm" } });
    await double.hangUp(call);
    await until(() => false, 1000).catch(() => undefined);
    expect((await record(callId)).end_reason).toBe("user_hangup");
  }, 60_000);

  it("the caller hanging up during the hold cancels the destination's call: nobody is left ringing", async () => {
    double.script(TARGET, { outcome: "human", ringMs: 4000 });
    const { call, callId } = await callAndAskForTransfer("+14155550613");
    await until(() => legTo(TARGET)?.status === "ringing" && legTo(TARGET)!.from === LINE && legTo(TARGET)!.createdAt > call.createdAt, 15_000, "the destination ringing");
    const leg = legTo(TARGET)!;
    await double.hangUp(call);
    await double.ended(leg, 3000);
    expect(leg.status).toBe("canceled");
    expect(leg.answeredAt).toBeNull();
    await until(() => false, 1000).catch(() => undefined);
    expect(await record(callId)).toMatchObject({ status: "ended", end_reason: "user_hangup", transfer: { mode: "warm" } });
  }, 60_000);
});
