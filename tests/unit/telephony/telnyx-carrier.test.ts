import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { decodeClientState } from "@/lib/telephony/telnyx/client-state";
import { TelnyxCarrier } from "@/lib/telephony/telnyx/telnyx-carrier";
import { TelnyxRest } from "@/lib/telephony/telnyx/telnyx-rest";
import { sineTone, toneShare } from "../../helpers/audio/tones";
import { CarrierHarness } from "../../helpers/carriers/carrier-harness";
import { until } from "../../helpers/carriers/double-http";
import { TelnyxDouble } from "../../helpers/carriers/telnyx-double";

const FROM = "+15550100001";
const TO = "+15550199999";

let telnyx: TelnyxDouble;
let harness: CarrierHarness;

const carrierFor = (publicBaseUrl: string, publicKey = telnyx.publicKey) =>
  new TelnyxCarrier({ apiKey: telnyx.apiKey, publicKey, connectionId: telnyx.connectionId }, { publicBaseUrl, apiBaseUrl: telnyx.baseUrl });

beforeEach(async () => {
  telnyx = await TelnyxDouble.start();
  telnyx.addNumber(FROM);
  harness = await CarrierHarness.start((publicBaseUrl) => carrierFor(publicBaseUrl));
});

afterEach(async () => {
  await telnyx.close();
  await harness.close();
});

const dial = (overrides: Partial<Parameters<TelnyxCarrier["dial"]>[0]> = {}) =>
  harness.carrier.dial({ callId: "call-1", from: FROM, to: TO, streamParameters: { token: "one-time" }, answeringMachineDetection: { waitForBeep: true }, ...overrides });

describe("Telnyx carrier against the Telnyx double", () => {
  it("dials with bidirectional PCMU streaming back to us; events carry our call id; a human answers", async () => {
    telnyx.script(TO, { outcome: "human", speech: sineTone(440, 400) });
    const { carrierCallId } = await dial();
    const call = telnyx.calls.get(carrierCallId);
    expect(call?.dial).toMatchObject({
      connection_id: telnyx.connectionId,
      to: TO,
      from: FROM,
      webhook_url: `${harness.publicBaseUrl}/telephony/telnyx/events`,
      stream_url: `${harness.publicBaseUrl.replace("http", "ws")}/telephony/telnyx/media`,
      stream_bidirectional_mode: "rtp",
      stream_bidirectional_codec: "PCMU",
      answering_machine_detection: "greeting_end",
    });
    expect(decodeClientState(call?.dial?.client_state)).toEqual({ call_id: "call-1", stream: { token: "one-time" } });
    const stream = await harness.waitForStream();
    expect(stream.start).toMatchObject({ carrierCallId, customParameters: { call_id: "call-1", token: "one-time" } });
    await harness.waitForEvent("initiated");
    expect(await harness.waitForEvent("answered")).toMatchObject({ callId: "call-1", carrierCallId });
    expect(await harness.waitForEvent("answering_machine")).toMatchObject({ answeredBy: "human", carrierResult: "human" });
    await harness.waitForEvent("stream_started");
    await until(() => stream.frames.length >= 20, 3000, "the callee's audio");
    expect(toneShare(stream.frames[5], 440)).toBeGreaterThan(0.3);
    expect(harness.rejected).toEqual([]);
  });

  it("a retried dial with the same call id places one call", async () => {
    const first = await dial();
    const second = await dial();
    expect(second.carrierCallId).toBe(first.carrierCallId);
    expect(telnyx.calls.size).toBe(1);
  });

  it("reports voicemail, then the beep at the end of the greeting", async () => {
    telnyx.script(TO, { outcome: "voicemail", greetingMs: 200 });
    await dial();
    await harness.waitForEvent("answering_machine", (event) => event.greetingEnded);
    expect(harness.eventsOf("answering_machine")).toMatchObject([
      { answeredBy: "voicemail", greetingEnded: false, beep: false, carrierResult: "machine" },
      { answeredBy: "voicemail", greetingEnded: true, beep: true, carrierResult: "beep_detected" },
    ]);
  });

  it.each([
    ["busy", "busy", "user_busy"],
    ["no_answer", "no_answer", "timeout"],
    ["failed", "failed", "unspecified"],
  ] as const)("a %s call ends with reason %s (hangup_cause %s)", async (outcome, reason, cause) => {
    telnyx.script(TO, { outcome });
    await dial();
    expect(await harness.waitForEvent("completed")).toMatchObject({ reason, carrierReason: cause, callId: "call-1" });
    expect(harness.streams).toEqual([]);
  });

  it("hangs up a live call; hanging up again is success (90018)", async () => {
    const { carrierCallId } = await dial();
    const stream = await harness.waitForStream();
    expect(await harness.carrier.hangUp(carrierCallId)).toEqual({ alreadyEnded: false });
    expect(await harness.waitForEvent("completed")).toMatchObject({ reason: "completed", hangupSource: "caller" });
    await until(() => stream.stopped, 2000, "stop on the stream");
    expect(await harness.carrier.hangUp(carrierCallId)).toEqual({ alreadyEnded: true });
  });

  it("transfers: the second leg's answer and end come back as transfer events for our call", async () => {
    telnyx.script(TO, { outcome: "human", transfer: { outcome: "completed", durationSeconds: 1 } });
    const { carrierCallId } = await dial();
    await harness.waitForStream();
    await harness.carrier.transfer(carrierCallId, { to: "+15550177777", callId: "call-1" });
    await harness.waitForEvent("transfer", (event) => event.status === "completed");
    expect(harness.eventsOf("transfer")).toMatchObject([
      { status: "answered", to: "+15550177777", callId: "call-1" },
      { status: "completed", to: "+15550177777", callId: "call-1" },
    ]);
    expect(telnyx.calls.get(carrierCallId)?.transfers).toHaveLength(1);
  });

  it("sends our audio back (marks after it plays, clear flushes) and reorders the caller's frames", async () => {
    telnyx.script(TO, { outcome: "human", reorder: true, speech: Int16Array.from({ length: 8000 }, (_, i) => Math.round(6000 * Math.sin((2 * Math.PI * 300 * i) / 8000))) });
    const { carrierCallId } = await dial();
    const stream = await harness.waitForStream();
    const peer = await telnyx.streamOf(telnyx.calls.get(carrierCallId)!);
    for (let i = 0; i < 10; i++) stream.adapter.sendAudio(sineTone(1000, 20));
    stream.adapter.sendMark("m");
    await until(() => stream.marks.includes("m"), 2000, "the mark");
    for (let i = 0; i < 100; i++) stream.adapter.sendAudio(sineTone(1000, 20));
    stream.adapter.sendMark("late");
    await until(() => peer.queuedMs > 1000, 1000, "queued audio");
    stream.adapter.clear();
    await until(() => stream.marks.includes("late"), 500, "the cleared mark");
    expect(peer.queuedMs).toBe(0);
    await until(() => stream.frames.length >= 30, 3000, "frames");
    expect(stream.adapter.stats.reordered).toBeGreaterThan(0);
    expect(stream.adapter.stats.lost).toBe(0);
    // In order, a continuous 300 Hz sine stays a sine across frame boundaries.
    const joined = Int16Array.from(stream.frames.slice(0, 30).flatMap((frame) => Array.from(frame)));
    expect(toneShare(joined, 300)).toBeGreaterThan(0.4);
    expect(peer.protocolErrors).toEqual([]);
  });

  it("inbound: answered with a stream, transferred for a redirect, or told a message and hung up", async () => {
    const number = telnyx.addNumber("+15550100002", { connection_id: "other", connection_name: "old app" });
    const [before] = (await harness.carrier.listNumbers()).filter((each) => each.carrierNumberId === number.id);
    expect(before).toMatchObject({ live: false, problem: "This number is assigned to another connection (old app)." });
    expect(await harness.carrier.connectNumber(number.id)).toMatchObject({ live: true, problem: null });
    expect(telnyx.application.webhook_event_url).toBe(`${harness.publicBaseUrl}/telephony/telnyx/events`);

    harness.decide = () => ({ kind: "stream", callId: "in-1", streamParameters: { token: "abc" } });
    const streamed = await telnyx.placeInboundCall({ from: "+15550123456", to: number.phone_number });
    const stream = await harness.waitForStream();
    expect(stream.start?.customParameters).toEqual({ call_id: "in-1", token: "abc" });
    expect(streamed.commands[0]).toMatchObject({ action: "answer", body: { stream_bidirectional_mode: "rtp", stream_bidirectional_codec: "PCMU" } });

    harness.decide = () => ({ kind: "redirect", callId: "in-2", to: "+15550188888" });
    await telnyx.placeInboundCall({ from: "+15550123456", to: number.phone_number });
    expect(await harness.waitForEvent("transfer", (event) => event.callId === "in-2" && event.status === "completed")).toMatchObject({ to: "+15550188888" });

    harness.decide = () => ({ kind: "reject", message: "This number is not in service." });
    const unknown = await telnyx.placeInboundCall({ from: "+15550123456", to: number.phone_number });
    await telnyx.ended(unknown);
    expect(unknown.said).toEqual(["This number is not in service."]);
    expect(unknown.commands.map((command) => command.action)).toEqual(["answer", "speak", "hangup"]);
  });

  it("refuses webhooks signed with another key, and stale ones (403, nothing parsed)", async () => {
    await harness.close();
    const other = (await TelnyxDouble.start());
    harness = await CarrierHarness.start((publicBaseUrl) => carrierFor(publicBaseUrl, other.publicKey));
    await other.close();
    await carrierFor(harness.publicBaseUrl).dial({ callId: "call-1", from: FROM, to: TO, streamParameters: {} });
    await until(() => harness.rejected.length >= 2, 3000, "refused webhooks");
    expect(harness.events).toEqual([]);
    expect(harness.rejected[0].reason).toBe("telnyx-signature-ed25519 does not match");

    await harness.close();
    harness = await CarrierHarness.start((publicBaseUrl) => carrierFor(publicBaseUrl));
    telnyx.clockSkewSeconds = -600;
    await dial({ callId: "call-2" });
    await until(() => harness.rejected.length >= 2, 3000, "refused stale webhooks");
    expect(harness.rejected[0].reason).toBe("telnyx-timestamp is outside the allowed window");
    expect(harness.events).toEqual([]);
  });

  it("verifies credentials and says what is wrong", async () => {
    expect(await harness.carrier.verifyCredentials()).toEqual({ ok: true, accountName: "voice agents" });
    const badKey = new TelnyxCarrier({ apiKey: "KEYwrong", publicKey: telnyx.publicKey, connectionId: telnyx.connectionId }, { publicBaseUrl: harness.publicBaseUrl, apiBaseUrl: telnyx.baseUrl });
    expect(await badKey.verifyCredentials()).toEqual({ ok: false, message: "Telnyx refused this API key.", refused: true });
    const badConnection = new TelnyxCarrier({ apiKey: telnyx.apiKey, publicKey: telnyx.publicKey, connectionId: "123" }, { publicBaseUrl: harness.publicBaseUrl, apiBaseUrl: telnyx.baseUrl });
    expect((await badConnection.verifyCredentials()).ok).toBe(false);
    const badPublicKey = new TelnyxCarrier({ apiKey: telnyx.apiKey, publicKey: "c2hvcnQ=", connectionId: telnyx.connectionId }, { publicBaseUrl: harness.publicBaseUrl, apiBaseUrl: telnyx.baseUrl });
    expect(await badPublicKey.verifyCredentials()).toMatchObject({ ok: false, message: expect.stringMatching(/32 bytes/) });
  });

  it("the double refuses streaming that is not bidirectional RTP with a codec, as Telnyx's caller would hear nothing", async () => {
    const rest = new TelnyxRest(telnyx.apiKey, { baseUrl: telnyx.baseUrl });
    const body = { connection_id: telnyx.connectionId, to: TO, from: FROM, stream_url: "wss://x.example/media" };
    await expect(rest.dial(body)).rejects.toMatchObject({ status: 422, code: "10015", message: expect.stringMatching(/stream_bidirectional_mode/) });
    await expect(rest.dial({ ...body, stream_bidirectional_mode: "rtp" })).rejects.toMatchObject({ status: 422, message: expect.stringMatching(/stream_bidirectional_codec/) });
    await expect(rest.dial({ ...body, stream_bidirectional_mode: "rtp", stream_bidirectional_codec: "PCMU" })).resolves.toMatchObject({ call_control_id: expect.stringMatching(/^v3:/) });
  });

  it("lists numbers across pages", async () => {
    for (let i = 0; i < 300; i++) telnyx.addNumber(`+1555030${String(i).padStart(4, "0")}`);
    const numbers = await harness.carrier.listNumbers();
    expect(numbers).toHaveLength(301);
    expect(numbers[1]).toMatchObject({ live: false, problem: "This number is not assigned to a connection." });
  });
});
