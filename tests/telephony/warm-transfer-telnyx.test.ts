import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, eq } from "drizzle-orm";
import { callEvents, calls } from "@/lib/db/schema";
import { decodeClientState } from "@/lib/telephony/telnyx/client-state";
import { HOLD_TONE_HZ } from "@/lib/telephony/hold-audio";
import { toneDurationMs } from "../helpers/audio-analysis";
import { eventually } from "../helpers/campaign-checks";
import { until } from "../helpers/carriers/double-http";
import { TelephonyServer } from "../helpers/carriers/telephony-server";
import { TelnyxDouble, type TelnyxDoubleCall } from "../helpers/carriers/telnyx-double";
import { startFakeSpeech, transcriptsByFixture, type FakeSpeech } from "../helpers/fake-speech";
import { lastUserText, scriptedLlm } from "../helpers/scripted-llm";
import { fixtureWords } from "../helpers/session-harness";
import { voiceAgent } from "../helpers/voice-call";

// Warm transfer on Telnyx Call Control, end to end in real time: the destination dialled with
// link_to and stream_url, the summary spoken on its stream, our streams stopped, then `bridge`.

let double: TelnyxDouble;
let server: TelephonyServer;
let fake: FakeSpeech;
let org: { apiKey: string; organizationId: string };
const LINE = "+14155550700";
const TARGET = "+14155550799";
const WHISPER_HZ = 1300;
const GREETING_HZ = 440;
const SORRY = "Nobody picked up, sorry.";
const SORRY_HZ = 1040;
const llm = scriptedLlm((request) => {
  const said = lastUserText(request);
  if (/You tried to put the caller through/.test(said)) return { text: SORRY };
  if (/\b0\b/.test(said)) return { text: "Putting you through.", calls: [{ name: "transfer_call" }] };
  return { text: "Sorry?" };
});

beforeAll(async () => {
  fake = await startFakeSpeech({ transcripts: transcriptsByFixture(fixtureWords) });
  fake.voice.set("Hello, thanks for calling.", GREETING_HZ);
  fake.voice.set(SORRY, SORRY_HZ);
  double = await TelnyxDouble.start();
  server = await TelephonyServer.start({
    telnyx: double,
    env: { TELNYX_API_KEY: double.apiKey, TELNYX_PUBLIC_KEY: double.publicKey, TELNYX_CONNECTION_ID: double.connectionId },
    liveCall: { llm: llm.port, env: fake.env() },
  });
  org = await server.api.createOrganization("Warm transfers on Telnyx");
  double.addNumber(LINE);
  const tool = { type: "transfer_call", transfer_phone_number: TARGET, transfer_mode: "warm", transfer_timeout_seconds: 5, whisper_message: "Transferring {{from_number}}." };
  await server.answerWith(org.apiKey, "telnyx", voiceAgent({ states: [{ name: "main", prompt: "Help the caller.", tools: [tool] }] }));
});

afterAll(async () => {
  await double?.close();
  await server?.close();
  await fake?.close();
});

async function record(callId: string) {
  return (await (await server.request("GET", `/v1/calls/${callId}`, { apiKey: org.apiKey })).json()).data;
}

async function callAndAskForTransfer(from: string): Promise<{ call: TelnyxDoubleCall; callId: string }> {
  fake.voice.set(`Transferring ${from}.`, WHISPER_HZ);
  const call = await double.placeInboundCall({ from, to: LINE, script: { outcome: "human" } });
  const peer = await double.streamOf(call);
  await until(() => toneDurationMs(peer.heardAudio(), 8000, GREETING_HZ) >= fake.voice.durationMs("Hello, thanks for calling.") - 60, 8000, "the greeting");
  peer.sendDtmf("0");
  peer.sendDtmf("#");
  const [row] = await server.api.db.select({ id: calls.id }).from(calls).where(eq(calls.carrierCallId, call.callControlId));
  return { call, callId: row.id };
}

const legTo = (target: string) => [...double.calls.values()].reverse().find((each) => each.direction === "outgoing" && each.to === target);

describe("warm transfer on Telnyx", () => {
  it("dials the destination in the caller's session, speaks whisper_message to it, stops our streams, then bridges", async () => {
    double.script(TARGET, { outcome: "human", ringMs: 1500 });
    const from = "+14155550711";
    const { call, callId } = await callAndAskForTransfer(from);
    await until(() => legTo(TARGET) !== undefined, 15_000, "the destination leg");
    const leg = legTo(TARGET)!;
    expect(leg.dial).toMatchObject({ from: LINE, link_to: call.callControlId, timeout_secs: 5, stream_bidirectional_mode: "rtp" });
    expect(decodeClientState(leg.dial!.client_state)).toMatchObject({ call_id: callId, leg: "warm", stream: { leg: "transfer" } });
    await until(() => call.bridged !== null, 15_000, "the bridge");
    expect(call.bridged).toMatchObject({ with: leg.callControlId, streaming: false });
    expect(leg.bridged).toMatchObject({ with: call.callControlId, streaming: false });
    // The destination heard whisper_message (with the caller's number filled in) in full before the bridge; the caller heard the hold chime.
    expect(toneDurationMs(leg.heardBeforeStreamStop!, 8000, WHISPER_HZ)).toBeGreaterThanOrEqual(fake.voice.durationMs(`Transferring ${from}.`) - 60);
    const callerHeard = call.heardBeforeStreamStop!;
    expect(toneDurationMs(callerHeard, 8000, HOLD_TONE_HZ[0], [...HOLD_TONE_HZ, GREETING_HZ, WHISPER_HZ])).toBeGreaterThanOrEqual(200);
    expect(toneDurationMs(callerHeard, 8000, WHISPER_HZ)).toBe(0);
    await double.hangUp(leg);
    await double.ended(call);
    const ended = await eventually(() => record(callId), (data) => data.status === "ended" && data.transfer?.status === "completed", 10_000, "the call ended, its transfer completed");
    expect(ended).toMatchObject({ end_reason: "transferred", transfer: { to: TARGET, mode: "warm" } });
  }, 60_000);

  it("not answered within transfer_timeout_seconds: the caller is back with the agent, who says so", async () => {
    double.script(TARGET, { outcome: "human", ringMs: 60_000 });
    const { call, callId } = await callAndAskForTransfer("+14155550712");
    const peer = call.peer!;
    await until(() => toneDurationMs(peer.heardAudio(), 8000, SORRY_HZ) >= fake.voice.durationMs(SORRY) - 60, 20_000, "the agent saying so");
    const leg = legTo(TARGET)!;
    expect(leg.state).toBe("hangup");
    expect(leg.answeredAt).toBeNull();
    expect(call.state).toBe("answered");
    expect(call.bridged).toBeNull();
    const events = await server.api.db.select({ payload: callEvents.payload }).from(callEvents).where(and(eq(callEvents.callId, callId), eq(callEvents.type, "transfer_failed")));
    expect(events.map((event) => event.payload)).toEqual([{ to: TARGET, reason: "no_answer" }]);
    expect(await record(callId)).toMatchObject({ status: "in_progress", transfer: { status: "no_answer", mode: "warm" } });
    await double.hangUp(call);
  }, 60_000);
});
