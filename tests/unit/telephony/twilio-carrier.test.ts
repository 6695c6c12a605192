import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { CarrierApiError } from "@/lib/telephony/carrier-error";
import { TwilioCarrier } from "@/lib/telephony/twilio/twilio-carrier";
import { TwilioRest } from "@/lib/telephony/twilio/twilio-rest";
import { sineTone, toneShare } from "../../helpers/audio/tones";
import { CarrierHarness } from "../../helpers/carriers/carrier-harness";
import { startDoubleServer, until } from "../../helpers/carriers/double-http";
import { TwilioDouble } from "../../helpers/carriers/twilio-double";

const FROM = "+15550100001";
const TO = "+15550199999";

let twilio: TwilioDouble;
let harness: CarrierHarness;

beforeEach(async () => {
  twilio = await TwilioDouble.start();
  twilio.addNumber(FROM);
  harness = await CarrierHarness.start(
    (publicBaseUrl) => new TwilioCarrier({ accountSid: twilio.accountSid, authToken: twilio.authToken }, { publicBaseUrl, apiBaseUrl: twilio.baseUrl }),
  );
});

afterEach(async () => {
  await twilio.close();
  await harness.close();
});

const dial = (overrides: Partial<Parameters<TwilioCarrier["dial"]>[0]> = {}) =>
  harness.carrier.dial({ callId: "call-1", from: FROM, to: TO, streamParameters: { token: "one-time" }, answeringMachineDetection: { waitForBeep: true }, ...overrides });

describe("Twilio carrier against the Twilio double", () => {
  it("places a call that streams back to us with the call id and token, reports progress and a human", async () => {
    twilio.script(TO, { outcome: "human", speech: sineTone(440, 400) });
    const { carrierCallId } = await dial();
    const call = twilio.call(carrierCallId);
    expect(call.params.StatusCallbackEvent).toEqual(["initiated", "ringing", "answered", "completed"]);
    expect(call.params.StatusCallback).toBe(`${harness.publicBaseUrl}/telephony/twilio/status?call_id=call-1`);
    expect(call.params.MachineDetection).toBe("DetectMessageEnd");
    expect(call.params.AsyncAmd).toBe("true");
    const stream = await harness.waitForStream();
    expect(stream.start).toMatchObject({ carrierCallId, customParameters: { call_id: "call-1", token: "one-time" } });
    expect(call.streams[0].url).toBe(`${harness.publicBaseUrl.replace("http", "ws")}/telephony/twilio/media`);
    for (const type of ["initiated", "ringing", "answered"] as const) await harness.waitForEvent(type);
    const amd = await harness.waitForEvent("answering_machine");
    expect(amd).toMatchObject({ answeredBy: "human", callId: "call-1", carrierCallId });
    await until(() => stream.frames.length >= 20, 3000, "the callee's audio");
    expect(toneShare(stream.frames[5], 440)).toBeGreaterThan(0.3);
    expect(harness.rejected).toEqual([]);
  });

  it("reports voicemail once the greeting ends with a beep", async () => {
    twilio.script(TO, { outcome: "voicemail", greetingMs: 200 });
    await dial();
    const amd = await harness.waitForEvent("answering_machine");
    expect(amd).toMatchObject({ answeredBy: "voicemail", greetingEnded: true, beep: true, carrierResult: "machine_end_beep" });
  });

  it.each([
    ["busy", "busy"],
    ["no_answer", "no_answer"],
    ["failed", "failed"],
  ] as const)("a %s call ends with reason %s and never streams", async (outcome, reason) => {
    twilio.script(TO, { outcome });
    await dial();
    const completed = await harness.waitForEvent("completed");
    expect(completed).toMatchObject({ reason, callId: "call-1" });
    expect(harness.streams).toEqual([]);
  });

  it("hangs up while ringing (canceled) and during the call (completed, with a duration); an ended call is success", async () => {
    twilio.script(TO, { outcome: "human", ringMs: 2000 });
    const ringing = await dial();
    await harness.waitForEvent("ringing");
    expect(await harness.carrier.hangUp(ringing.carrierCallId)).toEqual({ alreadyEnded: false });
    expect((await harness.waitForEvent("completed")).type === "completed" && harness.eventsOf("completed")[0]).toMatchObject({ reason: "canceled" });
    expect(await harness.carrier.hangUp(ringing.carrierCallId)).toEqual({ alreadyEnded: true }); // Twilio: 20404

    twilio.script(TO, { outcome: "human" });
    const live = await dial({ callId: "call-2" });
    const stream = await harness.waitForStream();
    await harness.carrier.hangUp(live.carrierCallId);
    const completed = await harness.waitForEvent("completed", (event) => event.callId === "call-2");
    expect(completed).toMatchObject({ reason: "completed", durationSeconds: 0 });
    await until(() => stream.stopped, 2000, "stop on the stream");
  });

  it("transfers a live call: the stream stops and the transfer's result comes back with its duration", async () => {
    twilio.script(TO, { outcome: "human", transfer: { outcome: "completed", durationSeconds: 42 } });
    const { carrierCallId } = await dial();
    const stream = await harness.waitForStream();
    await harness.carrier.transfer(carrierCallId, { to: "+15550177777", callId: "call-1" });
    const transfer = await harness.waitForEvent("transfer");
    expect(transfer).toMatchObject({ status: "completed", durationSeconds: 42, to: "+15550177777", callId: "call-1" });
    expect(twilio.call(carrierCallId).dialed).toEqual([{ to: "+15550177777", callerId: null }]);
    await until(() => stream.stopped, 2000, "the stream's stop");
  });

  it("a busy transfer target is reported as busy", async () => {
    twilio.script(TO, { outcome: "human", transfer: { outcome: "busy" } });
    const { carrierCallId } = await dial();
    await harness.waitForStream();
    await harness.carrier.transfer(carrierCallId, { to: "+15550177777", callId: "call-1" });
    expect(await harness.waitForEvent("transfer")).toMatchObject({ status: "busy", durationSeconds: 0 });
  });

  it("plays our audio to the callee, returns marks after it played, and clear flushes it", async () => {
    const { carrierCallId } = await dial();
    const stream = await harness.waitForStream();
    const peer = await twilio.streamOf(twilio.call(carrierCallId));
    for (let i = 0; i < 10; i++) stream.adapter.sendAudio(sineTone(1000, 20));
    stream.adapter.sendMark("greeting");
    await until(() => stream.marks.includes("greeting"), 2000, "the mark");
    expect(toneShare(peer.heardAudio().slice(-1600), 1000)).toBeGreaterThan(0.2);
    for (let i = 0; i < 100; i++) stream.adapter.sendAudio(sineTone(1000, 20));
    stream.adapter.sendMark("long");
    await until(() => peer.queuedMs > 1000, 1000, "queued audio");
    stream.adapter.clear();
    await until(() => stream.marks.includes("long"), 500, "the cleared mark");
    expect(peer.queuedMs).toBe(0);
    expect(stream.adapter.pendingMarks).toEqual([]);
    expect(peer.protocolErrors).toEqual([]);
  });

  it("passes DTMF from the caller to us", async () => {
    const { carrierCallId } = await dial();
    const stream = await harness.waitForStream();
    const peer = await twilio.streamOf(twilio.call(carrierCallId));
    peer.sendDtmf("4");
    peer.sendDtmf("2");
    await until(() => stream.dtmf.length === 2, 2000, "digits");
    expect(stream.dtmf).toEqual(["4", "2"]);
  });

  it("inbound: a number with an agent gets a stream, one that redirects is dialled through, an unknown one hears a message", async () => {
    const number = twilio.addNumber("+15550100002", { voice_url: "https://elsewhere.example/voice", voice_application_sid: "AP123" });
    const [before] = (await harness.carrier.listNumbers()).filter((each) => each.carrierNumberId === number.sid);
    expect(before).toMatchObject({ live: false });
    expect(before.problem).toMatch(/TwiML application/);
    const after = await harness.carrier.connectNumber(number.sid);
    expect(after).toMatchObject({ live: true, problem: null, voiceTarget: `${harness.publicBaseUrl}/telephony/twilio/voice` });

    harness.decide = () => ({ kind: "stream", callId: "in-1", streamParameters: { token: "abc" } });
    const streamed = await twilio.placeInboundCall({ from: "+15550123456", to: number.phone_number });
    const stream = await harness.waitForStream();
    expect(stream.start?.customParameters).toEqual({ call_id: "in-1", token: "abc" });
    expect(harness.eventsOf("inbound_call")[0]).toMatchObject({ from: "+15550123456", to: number.phone_number, carrierCallId: streamed.sid });

    harness.decide = () => ({ kind: "redirect", callId: "in-2", to: "+15550188888" });
    const redirected = await twilio.placeInboundCall({ from: "+15550123456", to: number.phone_number, script: { outcome: "human", transfer: { outcome: "completed", durationSeconds: 7 } } });
    expect(await harness.waitForEvent("transfer", (event) => event.callId === "in-2")).toMatchObject({ status: "completed", durationSeconds: 7 });
    expect(redirected.dialed[0].to).toBe("+15550188888");

    harness.decide = () => ({ kind: "reject", message: "This number is not in service." });
    const unknown = await twilio.placeInboundCall({ from: "+15550123456", to: number.phone_number });
    await twilio.ended(unknown);
    expect(unknown.said).toEqual(["This number is not in service."]);
    expect(unknown.peer).toBeNull();
  });

  it("refuses webhooks signed with another auth token (403, nothing parsed)", async () => {
    await harness.close();
    harness = await CarrierHarness.start((publicBaseUrl) => new TwilioCarrier({ accountSid: twilio.accountSid, authToken: "0".repeat(32) }, { publicBaseUrl, apiBaseUrl: twilio.baseUrl }));
    const placing = new TwilioCarrier({ accountSid: twilio.accountSid, authToken: twilio.authToken }, { publicBaseUrl: harness.publicBaseUrl, apiBaseUrl: twilio.baseUrl });
    await placing.dial({ callId: "call-1", from: FROM, to: TO, streamParameters: {} });
    await until(() => harness.rejected.length >= 2, 3000, "refused callbacks");
    expect(harness.events).toEqual([]);
    expect(harness.rejected[0].reason).toMatch(/does not match/);
  });

  it("verifies credentials and names bad ones", async () => {
    expect(await harness.carrier.verifyCredentials()).toEqual({ ok: true, accountName: "Test account" });
    const wrong = new TwilioCarrier({ accountSid: twilio.accountSid, authToken: "nope" }, { publicBaseUrl: harness.publicBaseUrl, apiBaseUrl: twilio.baseUrl });
    expect(await wrong.verifyCredentials()).toEqual({ ok: false, message: "Twilio refused this Account SID and auth token.", refused: true });
    const unreachable = new TwilioCarrier({ accountSid: twilio.accountSid, authToken: "x" }, { publicBaseUrl: harness.publicBaseUrl, apiBaseUrl: "http://127.0.0.1:9" });
    expect((await unreachable.verifyCredentials()).ok).toBe(false);
  });

  it("the double refuses what Twilio refuses: a query string on the stream URL, an unverified caller id, a bad number", async () => {
    const rest = new TwilioRest({ accountSid: twilio.accountSid, authToken: twilio.authToken }, { baseUrl: twilio.baseUrl });
    const twiml = '<?xml version="1.0" encoding="UTF-8"?><Response><Connect><Stream url="wss://x.example/media?token=1"/></Connect></Response>';
    await expect(rest.createCall({ To: TO, From: FROM, Twiml: twiml })).rejects.toMatchObject({ status: 400, code: "31920" });
    await expect(dial({ from: "+15550100999" })).rejects.toMatchObject({ status: 400, code: "21210" });
    const error = await dial({ to: "12345" }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(CarrierApiError);
    expect(error).toMatchObject({ carrier: "twilio", code: "21211" });
  });

  it("lists every number across pages", async () => {
    for (let i = 0; i < 5; i++) twilio.addNumber(`+1555020000${i}`);
    const rest = new TwilioRest({ accountSid: twilio.accountSid, authToken: twilio.authToken }, { baseUrl: twilio.baseUrl });
    const numbers = await harness.carrier.listNumbers();
    expect(numbers.map((number) => number.phoneNumber)).toEqual(twilio.numbers.map((number) => number.phone_number));
    expect(numbers.every((number) => number.problem === "This number has no voice webhook.")).toBe(true);
    expect((await rest.listIncomingNumbers()).length).toBe(6);
  });

  it("follows next_page_uri only on the configured API's origin: the account's Basic auth never goes to another host", async () => {
    const elsewhere: { url: string; authorization: string | undefined }[] = [];
    const other = await startDoubleServer(async (request) => {
      elsewhere.push({ url: request.url.toString(), authorization: request.headers.authorization as string | undefined });
      return { status: 200, body: { incoming_phone_numbers: [], next_page_uri: null } };
    });
    const api = await startDoubleServer(async (request) => {
      if (request.url.searchParams.get("Page") === "1") return { status: 200, body: { incoming_phone_numbers: [], next_page_uri: null } };
      const next = request.url.searchParams.get("PageSize") === "1000" && request.url.pathname.startsWith("/2010-04-01/") ? `${other.baseUrl}${request.url.pathname}?Page=1` : null;
      return { status: 200, body: { incoming_phone_numbers: [{ sid: "PN1", phone_number: FROM }], next_page_uri: next } };
    });
    try {
      const rest = new TwilioRest({ accountSid: twilio.accountSid, authToken: twilio.authToken }, { baseUrl: api.baseUrl });
      const error = await rest.listIncomingNumbers().catch((e: unknown) => e);
      expect(error).toBeInstanceOf(CarrierApiError);
      expect((error as Error).message).toContain(other.baseUrl);
      expect(elsewhere).toEqual([]);
      // A page on the API's own origin (absolute or relative) is followed.
      const sameOrigin = await startDoubleServer(async (request) => {
        if (request.url.searchParams.get("Page") === "1") return { status: 200, body: { incoming_phone_numbers: [{ sid: "PN2", phone_number: TO }], next_page_uri: null } };
        return { status: 200, body: { incoming_phone_numbers: [{ sid: "PN1", phone_number: FROM }], next_page_uri: `http://${request.headers.host}${request.url.pathname}?Page=1` } };
      });
      const own = new TwilioRest({ accountSid: twilio.accountSid, authToken: twilio.authToken }, { baseUrl: sameOrigin.baseUrl });
      expect((await own.listIncomingNumbers()).map((number) => number.sid)).toEqual(["PN1", "PN2"]);
      await sameOrigin.close();
    } finally {
      await other.close();
      await api.close();
    }
  });
});
