import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { calls } from "@/lib/db/schema";
import { toneDurationMs } from "../helpers/audio-analysis";
import { until } from "../helpers/carriers/double-http";
import { TelephonyServer } from "../helpers/carriers/telephony-server";
import { TwilioDouble, type TwilioDoubleCall } from "../helpers/carriers/twilio-double";
import { insertAgent } from "../helpers/fixtures";

let double: TwilioDouble;
let server: TelephonyServer;
let org: { apiKey: string; organizationId: string };
let agentId: string;
let toolAgentId: string;
const TRANSFER_TARGET = "+14155550198";
const LINE = "+14155550100";
const REDIRECT_LINE = "+14155550101";
const UNKNOWN_LINE = "+14155550102";

async function callRecord(callId: string) {
  const body = await (await server.request("GET", `/v1/calls/${callId}`, { apiKey: org.apiKey })).json();
  return body.data;
}

async function waitForStatus(callId: string, statuses: string[], timeoutMs = 10_000) {
  let record: { status: string } | null = null;
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    record = await callRecord(callId);
    if (record && statuses.includes(record.status)) return record as Record<string, unknown>;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`call ${callId} stayed ${record?.status}, not ${statuses.join("/")}`);
}

async function startCall(to: string, agent = agentId): Promise<{ callId: string; twilioCall: () => TwilioDoubleCall }> {
  const res = await server.request("POST", "/v1/calls/phone", { apiKey: org.apiKey, body: { from_number: LINE, to_number: to, agent_id: agent } });
  expect(res.status).toBe(201);
  const callId = (await res.json()).data.call_id as string;
  const find = () => [...double.calls.values()].find((call) => call.direction === "outbound-api" && call.to === to && String(call.params.StatusCallback).includes(callId));
  await until(() => find() !== undefined, 10_000, "the dial request");
  return { callId, twilioCall: () => find() as TwilioDoubleCall };
}

beforeAll(async () => {
  double = await TwilioDouble.start();
  server = await TelephonyServer.start({ twilio: double });
  org = await server.api.createOrganization("Phones");
  agentId = await insertAgent(server.api.db, org.organizationId);
  const toolAgent = await server.request("POST", "/v1/agents", {
    apiKey: org.apiKey,
    body: {
      name: "Phone tools",
      initial_state_name: "main",
      states: [
        {
          name: "main",
          tools: [
            { type: "transfer_call", description: "To a person", filler_sentence: "Putting you through.", transfer_phone_number: TRANSFER_TARGET },
            { type: "leave_voicemail_message" },
            { type: "hang_up" },
          ],
        },
      ],
    },
  });
  expect(toolAgent.status).toBe(200);
  toolAgentId = (await toolAgent.json()).data.id;
  double.addNumber(LINE);
  double.addNumber(REDIRECT_LINE);
  double.addNumber(UNKNOWN_LINE);
  const connect = await server.request("PUT", "/v1/telephony/providers/twilio", { apiKey: org.apiKey, body: { account_sid: double.accountSid, auth_token: double.authToken } });
  expect(connect.status).toBe(200);
  const imported = await server.request("POST", "/v1/telephony/providers/twilio/numbers/import", { apiKey: org.apiKey, body: { numbers: [LINE, REDIRECT_LINE] } });
  expect(imported.status).toBe(200);
  const numbers = (await imported.json()).data as { id: string; number: string; carrier: string; carrier_state: { live: boolean } }[];
  expect(numbers.map((n) => [n.number, n.carrier, n.carrier_state.live])).toEqual([
    [LINE, "twilio", true],
    [REDIRECT_LINE, "twilio", true],
  ]);
  await server.request("PATCH", `/v1/phone-numbers/${numbers[0].id}`, { apiKey: org.apiKey, body: { inbound_agent_id: agentId } });
  await server.request("PATCH", `/v1/phone-numbers/${numbers[1].id}`, { apiKey: org.apiKey, body: { redirect: true, redirect_phone_number: "+14155550199" } });
});

afterAll(async () => {
  await double?.close();
  await server?.close();
});

describe("Twilio accounts and numbers", () => {
  it("never returns the auth token and shows the webhook URLs to paste", async () => {
    const text = await (await server.request("GET", "/v1/telephony/providers/twilio", { apiKey: org.apiKey })).text();
    expect(text).not.toContain(double.authToken);
    const provider = JSON.parse(text).data;
    expect(provider).toMatchObject({ configured: true, source: "organization", account_id: double.accountSid, problem: null });
    expect(provider.webhook_urls.voice).toBe(`${server.publicBaseUrl}/telephony/twilio/voice`);
    expect(provider.webhook_urls.media_stream).toBe(`${server.publicBaseUrl.replace("http", "ws")}/telephony/twilio/media`);
  });

  it("points imported numbers' voice webhook at us, and lists the account's others as not live", async () => {
    expect(double.numbers[0].voice_url).toBe(`${server.publicBaseUrl}/telephony/twilio/voice`);
    const listed = (await (await server.request("GET", "/v1/telephony/providers/twilio/numbers", { apiKey: org.apiKey })).json()).data;
    const unknown = listed.find((n: { phone_number: string }) => n.phone_number === UNKNOWN_LINE);
    expect(unknown).toMatchObject({ live: false, phone_number_id: null });
    expect(unknown.problem).toMatch(/voice/i);
  });

  it("a number repointed elsewhere shows as not live, with why, once the account's numbers are listed again", async () => {
    const number = double.numbers[0];
    const ours = number.voice_url;
    number.voice_url = "https://old.example.com/voice";
    await server.request("GET", "/v1/telephony/providers/twilio/numbers", { apiKey: org.apiKey });
    const list = (await (await server.request("GET", "/v1/phone-numbers", { apiKey: org.apiKey })).json()).data;
    const record = list.find((n: { number: string }) => n.number === LINE);
    expect(record.carrier_state.live).toBe(false);
    expect(record.carrier_state.problem).toContain("https://old.example.com/voice");
    number.voice_url = ours;
    await server.request("GET", "/v1/telephony/providers/twilio/numbers", { apiKey: org.apiKey });
    const again = (await (await server.request("GET", "/v1/phone-numbers", { apiKey: org.apiKey })).json()).data;
    expect(again.find((n: { number: string }) => n.number === LINE).carrier_state).toMatchObject({ live: true, problem: null });
  });

  it("refuses credentials Twilio refuses, storing nothing", async () => {
    const other = await server.api.createOrganization("Wrong token");
    const res = await server.request("PUT", "/v1/telephony/providers/twilio", { apiKey: other.apiKey, body: { account_sid: double.accountSid, auth_token: "wrong" } });
    expect(res.status).toBe(400);
    expect((await res.json()).error.details[0].field).toBe("auth_token");
    const after = (await (await server.request("GET", "/v1/telephony/providers/twilio", { apiKey: other.apiKey })).json()).data;
    expect(after.configured).toBe(false);
  });
});

describe("Twilio outbound calls", () => {
  it("past this server's capacity a phone call is accepted (201) and its dial waits; it reaches Twilio once there is room", async () => {
    server.script = { greeting: null };
    server.admission = { accepting: false, reason: "test: at capacity", retryAfterSeconds: 1 };
    let callId: string;
    try {
      const res = await server.request("POST", "/v1/calls/phone", { apiKey: org.apiKey, body: { from_number: LINE, to_number: "+14155550124", agent_id: agentId } });
      expect(res.status).toBe(201);
      callId = (await res.json()).data.call_id as string;
      await new Promise((resolve) => setTimeout(resolve, 2_500)); // the dial job looked at capacity at least twice
      expect([...double.calls.values()].some((call) => String(call.params.StatusCallback).includes(callId))).toBe(false);
      expect(await callRecord(callId)).toMatchObject({ status: "created" });
    } finally {
      server.admission = { accepting: true };
    }
    await until(() => [...double.calls.values()].some((call) => String(call.params.StatusCallback).includes(callId)), 10_000, "the dial request once there is room");
    const call = [...double.calls.values()].find((each) => String(each.params.StatusCallback).includes(callId))!;
    await double.streamOf(call);
    await double.hangUp(call);
    await waitForStatus(callId, ["ended"]);
  });

  it("answered: streams to us with a one-time token, the agent is heard, status follows the carrier", async () => {
    server.script = { greeting: "Hello from the agent." };
    const { callId, twilioCall } = await startCall("+14155550123");
    const call = twilioCall();
    // TwiML: <Connect><Stream> to our wss URL with call id and token as <Parameter>s, no query string.
    expect(call.streams).toHaveLength(0);
    const peer = await double.streamOf(call);
    expect(call.streams[0].url).toBe(`${server.publicBaseUrl.replace("http", "ws")}/telephony/twilio/media`);
    expect(call.streams[0].parameters.call_id).toBe(callId);
    expect(call.streams[0].parameters.token).toMatch(/^[A-Za-z0-9_-]{20,}$/);
    expect(call.params.MachineDetection).toBe("Enable");
    expect(call.params.AsyncAmd).toBe("true");
    await until(() => peer.heardAudio().length > 8000 * 1.5, 10_000, "the greeting");
    const greeting = server.voice.frequencyOf("Hello from the agent.");
    expect(toneDurationMs(peer.heardAudio(), 8000, greeting)).toBeGreaterThan(400);
    expect(peer.protocolErrors).toEqual([]);
    const live = await waitForStatus(callId, ["in_progress"]);
    expect(live.carrier).toBe("twilio");
    expect(live.carrier_call_id).toBe(call.sid);
    await until(() => call.callbacks.some((cb) => cb.params.AnsweredBy === "human"), 5000, "AMD");
    await double.hangUp(call);
    const ended = await waitForStatus(callId, ["ended"]);
    expect(ended).toMatchObject({ end_reason: "user_hangup", answer_type: "human" });
    expect(ended.duration_seconds).toBeGreaterThanOrEqual(1);
    // A replayed start frame cannot reuse the token.
    expect((await server.api.db.select({ hash: calls.streamTokenHash }).from(calls).where(eq(calls.id, callId)))[0].hash).toBeNull();
  });

  it.each([
    ["busy", "busy"],
    ["no_answer", "no_answer"],
    ["failed", "failed"],
  ] as const)("%s: the call fails with end_reason %s and no stream", async (outcome, reason) => {
    const to = { busy: "+14155550131", no_answer: "+14155550132", failed: "+14155550133" }[outcome];
    double.script(to, { outcome });
    const { callId, twilioCall } = await startCall(to);
    const failed = await waitForStatus(callId, ["failed", "ended"]);
    expect(failed).toMatchObject({ status: "failed", end_reason: reason, duration_seconds: 0 });
    expect(twilioCall().peer).toBeNull();
  });

  it("voicemail: answer_type voicemail from Twilio's answering-machine detection", async () => {
    double.script("+14155550134", { outcome: "voicemail" });
    const { callId, twilioCall } = await startCall("+14155550134");
    await double.streamOf(twilioCall());
    await until(() => twilioCall().callbacks.some((cb) => cb.params.AnsweredBy === "machine_start"), 5000, "AMD");
    await waitForStatus(callId, ["in_progress"]);
    expect((await callRecord(callId)).answer_type).toBe("voicemail");
    await double.hangUp(twilioCall());
    await waitForStatus(callId, ["ended"]);
  });

  it("terminate while ringing ends the call at Twilio (never answered)", async () => {
    double.script("+14155550135", { outcome: "human", ringMs: 2000 });
    const { callId, twilioCall } = await startCall("+14155550135");
    await until(() => twilioCall().status === "ringing", 5000, "ringing");
    const res = await server.request("POST", `/v1/calls/${callId}/terminate`, { apiKey: org.apiKey });
    expect(res.status).toBe(200);
    await double.ended(twilioCall());
    expect(twilioCall().status).toBe("canceled");
    expect(twilioCall().answeredAt).toBeNull();
    expect(await callRecord(callId)).toMatchObject({ status: "ended", end_reason: "terminated" });
  });

  it("terminate during the call hangs up at Twilio and the stream stops", async () => {
    const { callId, twilioCall } = await startCall("+14155550136");
    const peer = await double.streamOf(twilioCall());
    await waitForStatus(callId, ["in_progress"]);
    await server.request("POST", `/v1/calls/${callId}/terminate`, { apiKey: org.apiKey });
    await double.ended(twilioCall());
    await peer.closed;
    expect(twilioCall().status).toBe("completed");
    expect(await callRecord(callId)).toMatchObject({ status: "ended", end_reason: "terminated" });
    // Terminating again (Twilio answers 20404 now) is the same success.
    expect((await server.request("POST", `/v1/calls/${callId}/terminate`, { apiKey: org.apiKey })).status).toBe(200);
  });
});

describe("Twilio inbound calls", () => {
  it("a number with an inbound agent gets a new inbound call on the stream", async () => {
    server.script = { greeting: "Thanks for calling." };
    const before = server.conversations.length;
    const call = await double.placeInboundCall({ from: "+14155550177", to: LINE });
    const peer = await double.streamOf(call);
    await until(() => server.conversations.length > before, 5000, "the conversation");
    const callId = server.conversations.at(-1)!.callId;
    const record = await waitForStatus(callId, ["in_progress"]);
    expect(record).toMatchObject({ direction: "inbound", from_number: "+14155550177", to_number: LINE, agent_id: agentId, carrier: "twilio" });
    await until(() => toneDurationMs(peer.heardAudio(), 8000, server.voice.frequencyOf("Thanks for calling.")) > 400, 10_000, "the greeting");
    await double.hangUp(call);
    expect(await waitForStatus(callId, ["ended"])).toMatchObject({ end_reason: "user_hangup" });
  });

  it("a redirecting number is dialled through; redirect_duration_seconds comes from Twilio", async () => {
    double.script("+14155550199", { outcome: "human", transfer: { outcome: "completed", durationSeconds: 42 } });
    const call = await double.placeInboundCall({ from: "+14155550178", to: REDIRECT_LINE });
    await double.ended(call);
    expect(call.dialed).toEqual([{ to: "+14155550199", callerId: null }]);
    const [row] = await server.api.db.select().from(calls).where(eq(calls.carrierCallId, call.sid));
    const record = await waitForStatus(row.id, ["ended"]);
    expect(record).toMatchObject({ redirect_duration_seconds: 42, transfer: { to: "+14155550199", status: "completed", duration_seconds: 42 } });
  });

  it("an unknown number hears a short message and a hang-up; nothing is recorded", async () => {
    double.numbers[2].voice_url = `${server.publicBaseUrl}/telephony/twilio/voice`;
    const call = await double.placeInboundCall({ from: "+14155550179", to: UNKNOWN_LINE });
    await double.ended(call);
    expect(call.said[0]).toMatch(/cannot take calls/);
    expect(await server.api.db.select().from(calls).where(eq(calls.carrierCallId, call.sid))).toEqual([]);
  });

  it("past this server's capacity an inbound call hears busy: <Reject reason=\"busy\"/>, never answered, nothing recorded; with room again it is answered", async () => {
    server.admission = { accepting: false, reason: "test: at capacity", retryAfterSeconds: 5 };
    try {
      const before = server.conversations.length;
      const call = await double.placeInboundCall({ from: "+14155550181", to: LINE });
      await double.ended(call);
      expect(call.status).toBe("busy");
      expect(call.answeredAt).toBeNull();
      expect(call.streams).toEqual([]);
      expect(server.conversations.length).toBe(before);
      expect(await server.api.db.select().from(calls).where(eq(calls.carrierCallId, call.sid))).toEqual([]);
    } finally {
      server.admission = { accepting: true };
    }
    const again = await double.placeInboundCall({ from: "+14155550181", to: LINE });
    const peer = await double.streamOf(again);
    expect(again.status).toBe("in-progress");
    await double.hangUp(again);
    await peer.closed;
  });

  it("a bad or missing signature is 403 and creates nothing", async () => {
    const form = new URLSearchParams({ AccountSid: double.accountSid, CallSid: "CA" + "0".repeat(32), From: "+14155550180", To: LINE, CallStatus: "ringing", Direction: "inbound" }).toString();
    for (const headers of [{}, { "X-Twilio-Signature": "AAAAAAAAAAAAAAAAAAAAAAAAAAA=" }] as Record<string, string>[]) {
      const res = await fetch(`${server.publicBaseUrl}/telephony/twilio/voice`, { method: "POST", headers: { "Content-Type": "application/x-www-form-urlencoded", ...headers }, body: form });
      expect(res.status).toBe(403);
    }
    expect(await server.api.db.select().from(calls).where(eq(calls.fromNumber, "+14155550180"))).toEqual([]);
  });
});

describe("Twilio live calls", () => {
  it("DTMF digits reach the conversation as caller input", async () => {
    server.script = { greeting: null, reply: (text, source) => `Pressed ${source} ${text}.` };
    const { callId, twilioCall } = await startCall("+14155550140");
    const peer = await double.streamOf(twilioCall());
    await until(() => server.conversations.some((c) => c.callId === callId), 5000, "the conversation");
    const conversation = server.conversations.find((c) => c.callId === callId)!;
    for (const digit of ["4", "2", "#"]) peer.sendDtmf(digit);
    await until(() => conversation.port.inputs.some((input) => input.kind === "caller"), 5000, "the digits");
    expect(conversation.port.inputs.find((input) => input.kind === "caller")).toMatchObject({ source: "dtmf", text: expect.stringContaining("42") });
    await double.hangUp(twilioCall());
    await waitForStatus(callId, ["ended"]);
  });

  it("hang_up waits for the last mark: every word is heard before Twilio ends the call", async () => {
    server.script = { greeting: "Goodbye now, have a nice day.", reply: () => "" };
    const { callId, twilioCall } = await startCall("+14155550141");
    const peer = await double.streamOf(twilioCall());
    await until(() => server.conversations.some((c) => c.callId === callId), 5000, "the conversation");
    const conversation = server.conversations.find((c) => c.callId === callId)!;
    await until(() => peer.marks.some((mark) => mark.name.startsWith("sentence")), 10_000, "the greeting's mark");
    const hungUp = conversation.transport.hangupAfterLastMark();
    await hungUp;
    await double.ended(twilioCall());
    const mark = peer.marks.find((each) => each.name.startsWith("hangup"));
    expect(mark).toBeDefined();
    expect(peer.queuedMs).toBe(0);
    const tone = server.voice.frequencyOf("Goodbye now, have a nice day.");
    expect(toneDurationMs(peer.heardAudio(), 8000, tone)).toBeGreaterThan(server.voice.durationMs("Goodbye now, have a nice day.") - 100);
  });

  it("barge-in on the phone: caller speech clears Twilio's buffer", async () => {
    const { speech } = await import("../helpers/audio-analysis");
    const long = "Our opening hours are nine in the morning to eight in the evening on weekdays, and ten to four on Saturdays.";
    server.script = { greeting: long, transcripts: () => "Stop." };
    const words = speech("stop", 8000);
    const delayed = new Int16Array(8000 * 1.5 + words.length);
    delayed.set(words, 8000 * 1.5);
    double.script("+14155550142", { outcome: "human", speech: delayed });
    const { callId, twilioCall } = await startCall("+14155550142");
    const peer = await double.streamOf(twilioCall());
    await until(() => peer.clears > 0, 10_000, "a clear");
    const heard = toneDurationMs(peer.heardAudio(), 8000, server.voice.frequencyOf(long));
    expect(heard).toBeLessThan(server.voice.durationMs(long) - 1000);
    const conversation = server.conversations.find((c) => c.callId === callId)!;
    await until(() => conversation.port.reports.some((report) => report.interrupted), 5000, "the interrupted greeting");
    await until(() => conversation.port.inputs.some((input) => input.kind === "caller" && input.text === "Stop."), 5000, "the caller's turn");
    await double.hangUp(twilioCall());
    await waitForStatus(callId, ["ended"]);
  });
});

describe("Twilio phone tools", () => {
  it("refuses a transfer target that is not E.164, naming the field", async () => {
    const res = await server.request("POST", "/v1/agents", {
      apiKey: org.apiKey,
      body: { name: "Bad", initial_state_name: "main", states: [{ name: "main", tools: [{ type: "transfer_call", transfer_phone_number: "0800 123" }] }] },
    });
    expect(res.status).toBe(400);
    expect((await res.json()).error.details[0].field).toBe("states[0].tools[0].transfer_phone_number");
  });

  it("transfer_call dials the tool's number with our number as caller id; the call record notes it", async () => {
    double.script(TRANSFER_TARGET, { outcome: "human", transfer: { outcome: "completed", durationSeconds: 7 } });
    server.script = { greeting: null };
    const { callId, twilioCall } = await startCall("+14155550150", toolAgentId);
    const peer = await double.streamOf(twilioCall());
    await until(() => server.conversations.some((c) => c.callId === callId), 5000, "the conversation");
    const conversation = server.conversations.find((c) => c.callId === callId)!;
    conversation.actions.onEvent({ type: "transfer_call" });
    await peer.closed;
    await double.ended(twilioCall());
    expect(twilioCall().dialed).toEqual([{ to: TRANSFER_TARGET, callerId: LINE }]);
    const record = await waitForStatus(callId, ["ended"]);
    expect(record).toMatchObject({ end_reason: "transferred", redirect_duration_seconds: 7, transfer: { to: TRANSFER_TARGET, status: "completed", duration_seconds: 7 } });
  });

  it("leave_voicemail_message: after the beep the message is spoken in full, then the call ends", async () => {
    const message = "Hi, this is the clinic calling about your appointment tomorrow.";
    double.script("+14155550151", { outcome: "voicemail", greetingMs: 400 });
    let actions: { onEvent(event: { type: string }): void } | null = null;
    server.script = {
      greeting: null,
      reply: (text) => {
        if (text.includes("voicemail box")) {
          setTimeout(() => actions?.onEvent({ type: "leave_voicemail_message" }), 0);
          return message;
        }
        return "";
      },
    };
    const { callId, twilioCall } = await startCall("+14155550151", toolAgentId);
    expect(twilioCall().params.MachineDetection).toBe("DetectMessageEnd");
    const peer = await double.streamOf(twilioCall());
    await until(() => server.conversations.some((c) => c.callId === callId), 5000, "the conversation");
    const conversation = server.conversations.find((c) => c.callId === callId)!;
    actions = conversation.actions;
    await double.ended(twilioCall(), 20_000);
    const beepAt = twilioCall().callbacks.find((cb) => cb.params.AnsweredBy === "machine_end_beep");
    expect(beepAt).toBeDefined();
    expect(toneDurationMs(peer.heardAudio(), 8000, server.voice.frequencyOf(message))).toBeGreaterThan(server.voice.durationMs(message) - 100);
    expect(await waitForStatus(callId, ["ended"])).toMatchObject({ end_reason: "agent_hangup", answer_type: "voicemail" });
  });
});
