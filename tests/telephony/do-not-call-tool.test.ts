import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { toneDurationMs } from "../helpers/audio-analysis";
import { until } from "../helpers/carriers/double-http";
import { TelephonyServer } from "../helpers/carriers/telephony-server";
import { TwilioDouble } from "../helpers/carriers/twilio-double";
import { startFakeSpeech, transcriptsByFixture, type FakeSpeech } from "../helpers/fake-speech";
import { lastUserText, scriptedLlm } from "../helpers/scripted-llm";
import { fixtureWords } from "../helpers/session-harness";
import { voiceAgent } from "../helpers/voice-call";

// "Don't call me again" on a live phone call: the agent's add_to_do_not_call tool lists the caller's
// number (in the call's own save) and ends the call politely; every later outbound call to it is refused.

let double: TwilioDouble;
let server: TelephonyServer;
let fake: FakeSpeech;
let org: { apiKey: string; organizationId: string };
let agentId: string;
const LINE = "+14155550410";
const CALLER = "+13125550477";
const GOODBYE = "We will not call you again, goodbye.";
const llm = scriptedLlm((request) => (/7/.test(lastUserText(request)) ? { calls: [{ name: "add_to_do_not_call" }] } : { text: "Sorry?" }));

beforeAll(async () => {
  fake = await startFakeSpeech({ transcripts: transcriptsByFixture(fixtureWords) });
  fake.voice.set("Hello, thanks for calling.", 440);
  fake.voice.set(GOODBYE, 1040);
  double = await TwilioDouble.start();
  server = await TelephonyServer.start({ twilio: double, env: { TWILIO_ACCOUNT_SID: double.accountSid, TWILIO_AUTH_TOKEN: double.authToken }, liveCall: { llm: llm.port, env: fake.env() } });
  org = await server.api.createOrganization("Polite");
  double.addNumber(LINE);
  const prompt = "Help the caller. If they ask not to be called again use {{add_to_do_not_call}}.";
  agentId = await server.answerWith(org.apiKey, "twilio", voiceAgent({ states: [{ name: "main", prompt, tools: [{ type: "add_to_do_not_call", filler_sentence: GOODBYE }] }] }));
}, 60_000);

afterAll(async () => {
  await double?.close();
  await server?.close();
  await fake?.close();
});

describe("add_to_do_not_call", () => {
  it("lists the caller's number, says goodbye, ends the call; an outbound call to the number is then refused", async () => {
    const call = await double.placeInboundCall({ from: CALLER, to: LINE, script: { outcome: "human" } });
    const peer = await double.streamOf(call);
    await until(() => toneDurationMs(peer.heardAudio(), 8000, 440) >= fake.voice.durationMs("Hello, thanks for calling.") - 60, 8000, "the greeting");
    await new Promise((resolve) => setTimeout(resolve, 400));
    peer.sendDtmf("7");
    peer.sendDtmf("#");
    await double.ended(call, 20_000);
    // The goodbye was heard in full before the line closed.
    expect(toneDurationMs(peer.heardAudio(), 8000, 1040)).toBeGreaterThanOrEqual(fake.voice.durationMs(GOODBYE) - 60);
    const listed = (await (await server.request("GET", "/v1/do-not-call", { apiKey: org.apiKey })).json()).data;
    expect(listed).toEqual([expect.objectContaining({ phone_number: CALLER, source: "agent", call_id: expect.any(String) })]);
    const record = (await (await server.request("GET", `/v1/calls/${listed[0].call_id}`, { apiKey: org.apiKey })).json()).data;
    expect(record).toMatchObject({ from_number: CALLER, end_reason: "agent_hangup" });
    const refused = await server.request("POST", "/v1/calls/phone", { apiKey: org.apiKey, body: { from_number: LINE, to_number: CALLER, agent_id: agentId } });
    expect(refused.status).toBe(400);
    expect((await refused.json()).error).toMatchObject({ type: "do_not_call", details: [{ field: "to_number" }] });
  }, 60_000);

  it("is refused twice in one state by graph validation", async () => {
    const res = await server.request("POST", "/v1/agents", {
      apiKey: org.apiKey,
      body: voiceAgent({ states: [{ name: "main", prompt: "x", tools: [{ type: "add_to_do_not_call" }, { type: "add_to_do_not_call" }] }] }),
    });
    expect(res.status).toBe(400);
    expect((await res.json()).error.details).toEqual([{ field: "states[0].tools[1].type", message: "At most one add_to_do_not_call tool in a state" }]);
  });
});
