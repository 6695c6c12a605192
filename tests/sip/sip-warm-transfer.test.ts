import dgram from "node:dgram";
import { and, eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { callEvents, calls } from "@/lib/db/schema";
import { pgBossQueue } from "@/lib/jobs/pg-boss-queue";
import { decodeMulaw, encodeMulaw } from "@/lib/media/g711";
import { HOLD_TONE_HZ } from "@/lib/telephony/hold-audio";
import type { SipCall } from "@/lib/telephony/sip/sip-call";
import { parseRtp, serializeRtp } from "@/lib/telephony/sip/rtp/rtp-packet";
import { SipUserAgent } from "@/lib/telephony/sip/user-agent";
import { liveConversation } from "@/lib/telephony/sip-media/live-conversation";
import { SipMediaProcess } from "@/lib/telephony/sip-media/sip-media-process";
import { legFailure } from "@/lib/telephony/sip-media/sip-warm-transfer";
import type { CallOutcome } from "@/lib/telephony/sip/call-outcome";
import { sineTone, toneShare } from "../helpers/audio/tones";
import { startFakeSpeech, transcriptsByFixture, type FakeSpeech } from "../helpers/fake-speech";
import { lastUserText, scriptedLlm } from "../helpers/scripted-llm";
import { fixtureWords } from "../helpers/session-harness";
import { sippInstalled, startSipp, type SippRun } from "../helpers/sip/sipp";
import { createTestApi, type TestApi } from "../helpers/test-api";
import { voiceAgent, waitFor } from "../helpers/voice-call";

// The trunks here are SIP peers on loopback: allowed the way an operator allows their own PBX.
process.env.OUTBOUND_ALLOWED_HOSTS = "127.0.0.1";

// Warm transfer on a SIP trunk call, end to end in real time: a phone (our own user agent in the
// test) calls an agent's SIP number; the live call (real engine, fake speech servers speaking one
// tone per phrase, a scripted model) is asked (DTMF 0) to put it through; the destination is SIPp
// behind the number's trunk, its media at an RTP sink of the test that records what reaches it and
// talks back with a tone. Everything is judged from the audio each side heard.
const TARGET = "+15558880199";
const GREETING = "Hello, thanks for calling.";
const GREETING_HZ = 440;
const SUMMARY = "Table for two, please.";
const SUMMARY_HZ = 1200;
const SORRY = "Nobody is free.";
const SORRY_HZ = 1040;
const DESTINATION_HZ = 1400;
const llm = scriptedLlm((request) => {
  if (/handing a phone call over/.test(request.system)) return { text: SUMMARY };
  const said = lastUserText(request);
  if (/You tried to put the caller through/.test(said)) return { text: SORRY };
  if (/\b0\b/.test(said)) return { text: "Putting you through.", calls: [{ name: "transfer_call" }] };
  return { text: "Sorry?" };
});

let api: TestApi;
let fake: FakeSpeech;
let org: { organizationId: string; apiKey: string };
let agentId: string;
let media: SipMediaProcess | undefined;
let phone: SipUserAgent | undefined;
const runs: SippRun[] = [];
const sockets: dgram.Socket[] = [];
let numberSeq = 0;

type Heard = { at: number; pcm: Int16Array };
const msOf = (heard: Heard[], frequency: number, from = 0, to = Infinity) => heard.filter((frame) => frame.at >= from && frame.at < to && toneShare(frame.pcm, frequency) > 0.3).length * 20;
const firstAt = (heard: Heard[], frequency: number) => heard.find((frame) => toneShare(frame.pcm, frequency) > 0.3)?.at ?? Infinity;
const lastAt = (heard: Heard[], frequency: number) => heard.findLast((frame) => toneShare(frame.pcm, frequency) > 0.3)?.at ?? -Infinity;

/** The destination's media: records what we send it, and from our first packet on sends a 1400 Hz tone back (PCMU, 20 ms). */
async function rtpSink() {
  const socket = dgram.createSocket("udp4");
  sockets.push(socket);
  await new Promise<void>((resolve) => socket.bind(0, "127.0.0.1", resolve));
  const heard: Heard[] = [];
  const tone = sineTone(DESTINATION_HZ, 20_000);
  let talking: NodeJS.Timeout | undefined;
  socket.on("message", (data, from) => {
    const packet = parseRtp(data);
    if (!packet || packet.payloadType !== 0) return;
    heard.push({ at: performance.now(), pcm: decodeMulaw(packet.payload) });
    if (talking) return;
    let n = 0;
    talking = setInterval(() => {
      const payload = Buffer.from(encodeMulaw(tone.subarray((n % 900) * 160, (n % 900) * 160 + 160)));
      socket.send(serializeRtp({ payloadType: 0, sequence: n & 0xffff, timestamp: n * 160, ssrc: 4242, marker: n === 0, payload }), from.port, from.address);
      n++;
    }, 20);
  });
  socket.on("close", () => clearInterval(talking));
  return { port: (socket.address() as { port: number }).port, heard };
}

/** A SIP number of the agent whose trunk is the SIPp started for it (with the number filled into its scenario). */
async function numberWithDestination(scenario: string, fill: (number: string) => Record<string, string>, keys: Record<string, string> = {}) {
  const number = `+1555888${String(++numberSeq).padStart(4, "0")}`;
  const sipp = await startSipp({ scenario, keys, fill: fill(number), timeoutSeconds: 30 });
  runs.push(sipp);
  const res = await api.request("POST", "/v1/phone-numbers", {
    apiKey: org.apiKey,
    body: { number, type: "sip", inbound_agent_id: agentId, sip_trunk: { termination_uri: `sip:127.0.0.1:${sipp.port}`, allowed_source_addresses: ["127.0.0.1"] } },
  });
  expect(res.status, await res.clone().text()).toBe(201);
  return { number, sipp };
}

/** A phone calls `number`, sends silence as a line does, hears the greeting, then asks (DTMF 0#) to be put through. */
async function callAndAskForTransfer(number: string): Promise<{ call: SipCall; heard: Heard[]; callId: string; askedAt: number }> {
  phone = await SipUserAgent.start({ bindAddress: "127.0.0.1", port: 0, rtpPorts: { min: 36000, max: 36999 }, timers: { t1: 100, t2: 800, t4: 1000 } });
  const call = await phone.dial({ trunk: { host: "127.0.0.1", port: media!.userAgent.port }, to: number, from: "+15553334444", ringTimeoutMs: 5000 });
  await new Promise<void>((resolve) => call.on("answered", resolve));
  const heard: Heard[] = [];
  call.audio.onAudio((pcm) => heard.push({ at: performance.now(), pcm }));
  const line = setInterval(() => call.audio.sendAudio(new Int16Array(160)), 20);
  void call.ended.then(() => clearInterval(line));
  await waitFor(() => msOf(heard, GREETING_HZ) >= fake.voice.durationMs(GREETING) - 100, 8000, "the greeting");
  const askedAt = performance.now();
  expect(await call.audio.sendDtmf("0#")).toBe(true);
  const [row] = await api.db.select({ id: calls.id }).from(calls).where(eq(calls.toNumber, number));
  return { call, heard, callId: row.id, askedAt };
}

const callRow = async (id: string) => (await api.db.select().from(calls).where(eq(calls.id, id)))[0];

beforeAll(async () => {
  if (!sippInstalled) return;
  fake = await startFakeSpeech({ transcripts: transcriptsByFixture(fixtureWords) });
  fake.voice.set(GREETING, GREETING_HZ);
  fake.voice.set(SUMMARY, SUMMARY_HZ);
  fake.voice.set(SORRY, SORRY_HZ);
  api = await createTestApi({ runtime: { env: fake.env(), llm: llm.port } });
  org = await api.createOrganization("SIP warm transfers");
  const created = await api.request("POST", "/v1/agents", {
    apiKey: org.apiKey,
    body: voiceAgent({ states: [{ name: "main", prompt: "Help the caller.", tools: [{ type: "transfer_call", transfer_phone_number: TARGET, transfer_mode: "warm", transfer_timeout_seconds: 5 }] }] }),
  });
  expect(created.status).toBe(200);
  agentId = (await created.json()).data.id;
  const queue = pgBossQueue(api.boss);
  media = await SipMediaProcess.start(
    { db: api.db, queue, startConversation: liveConversation({ db: api.db, queue, llm: llm.port, http: () => Promise.reject(new Error("no HTTP")), storage: api.storage, env: fake.env() }), log: () => {} },
    { bindAddress: "127.0.0.1", port: 0, rtpPorts: { min: 37000, max: 37999 }, timers: { t1: 100, t2: 800, t4: 1000 } },
  );
});

afterEach(async () => {
  runs.splice(0).forEach((run) => run.stop());
  sockets.splice(0).forEach((socket) => socket.close());
  await phone?.close(200);
  phone = undefined;
});

afterAll(async () => {
  await media?.close(500);
  await api?.close();
  await fake?.close();
});

const escaped = (number: string) => number.replace("+", "\\+");

describe.skipIf(!sippInstalled)("warm transfer on a SIP trunk call (SIPp as the destination)", () => {
  it("holds the caller, speaks the summary to the destination over RTP, then relays the two until the caller hangs up", async () => {
    const sink = await rtpSink();
    // SIPp checks the INVITE: from our number, to the tool's destination, through the number's trunk.
    const { number, sipp } = await numberWithDestination("transfer-destination.xml", (own) => ({ from: escaped(own), to: escaped(TARGET) }), { sink_port: String(sink.port) });
    const { call, heard, callId, askedAt } = await callAndAskForTransfer(number);
    await waitFor(() => msOf(heard, DESTINATION_HZ) >= 600, 20_000, "the destination's voice reaching the caller");
    const bridgedAt = firstAt(heard, DESTINATION_HZ);
    // The destination heard the whole summary, in the agent's voice, before the caller was joined…
    expect(msOf(sink.heard, SUMMARY_HZ)).toBeGreaterThanOrEqual(fake.voice.durationMs(SUMMARY) - 60);
    expect(lastAt(sink.heard, SUMMARY_HZ)).toBeLessThan(bridgedAt);
    // …and nothing of the caller's side before that (no greeting, no hold chime).
    expect(msOf(sink.heard, GREETING_HZ) + msOf(sink.heard, HOLD_TONE_HZ[0])).toBe(0);
    // The caller heard the hold chime meanwhile (1 s of ringing and 1.3 s of summary), never the summary.
    expect(msOf(heard, HOLD_TONE_HZ[0], askedAt, bridgedAt)).toBeGreaterThanOrEqual(200);
    expect(msOf(heard, HOLD_TONE_HZ[1], askedAt, bridgedAt)).toBeGreaterThanOrEqual(200);
    expect(msOf(heard, SUMMARY_HZ)).toBe(0);
    expect(msOf(heard, HOLD_TONE_HZ[0], bridgedAt + 100)).toBe(0); // the hold stopped at the join
    // The conversation is over (transferred) while the two talk through us.
    expect(await callRow(callId)).toMatchObject({ status: "ended", endReason: "transferred", transfer: { to: TARGET, status: "answered", mode: "warm" } });
    // The caller hangs up: the destination gets our BYE (SIPp's scenario ends with it), the transfer is completed.
    await new Promise((resolve) => setTimeout(resolve, 1000));
    await call.hangup();
    const result = await sipp.done;
    expect(result.code, `SIPp failed:\n${result.errors}\n${result.output.slice(-2000)}`).toBe(0);
    let row = await callRow(callId);
    for (let i = 0; i < 40 && row.transfer?.status !== "completed"; i++) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      row = await callRow(callId);
    }
    expect(row).toMatchObject({ status: "ended", endReason: "transferred", transfer: { to: TARGET, status: "completed", mode: "warm" } });
    expect(row.transfer!.duration_seconds).toBeGreaterThanOrEqual(1);
  }, 40_000);

  it("a destination answering 486 Busy Here brings the caller back to the agent, who says so; the call goes on", async () => {
    const { number, sipp } = await numberWithDestination("trunk-final-response.xml", () => ({ status: "486", reason: "Busy Here" }));
    const { call, heard, callId, askedAt } = await callAndAskForTransfer(number);
    await waitFor(() => msOf(heard, SORRY_HZ) >= fake.voice.durationMs(SORRY) - 100, 15_000, "the agent saying so");
    expect((await sipp.done).code).toBe(0);
    expect(msOf(heard, HOLD_TONE_HZ[0], askedAt)).toBeGreaterThanOrEqual(100);
    expect(msOf(heard, HOLD_TONE_HZ[0], firstAt(heard, SORRY_HZ))).toBe(0); // the hold ended before the agent spoke again
    // Still on the line with the agent: never hung up on.
    expect(call.state).toBe("answered");
    const events = await api.db.select({ payload: callEvents.payload }).from(callEvents).where(and(eq(callEvents.callId, callId), eq(callEvents.type, "transfer_failed")));
    expect(events.map((event) => event.payload)).toEqual([{ to: TARGET, reason: "busy" }]);
    expect(await callRow(callId)).toMatchObject({ status: "in_progress", transfer: { to: TARGET, status: "busy", mode: "warm" } });
    await call.hangup();
    let row = await callRow(callId);
    for (let i = 0; i < 60 && row.status !== "ended"; i++) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      row = await callRow(callId);
    }
    expect(row).toMatchObject({ status: "ended", endReason: "user_hangup" });
  }, 40_000);

  it("the caller hanging up during the hold CANCELs the destination's ringing INVITE", async () => {
    const { number, sipp } = await numberWithDestination("trunk-ringing-cancel.xml", () => ({}));
    const { call, heard, callId, askedAt } = await callAndAskForTransfer(number);
    await waitFor(() => msOf(heard, HOLD_TONE_HZ[0], askedAt) >= 200, 10_000, "the hold chime");
    const hungUpAt = performance.now();
    await call.hangup();
    const result = await sipp.done; // SIPp got the CANCEL of its INVITE's transaction and ACK for its 487
    expect(performance.now() - hungUpAt).toBeLessThan(2_000); // at the hang-up, not at the 5 s ring limit
    expect(result.code, `SIPp failed:\n${result.errors}\n${result.output.slice(-2000)}`).toBe(0);
    let row = await callRow(callId);
    for (let i = 0; i < 60 && row.status !== "ended"; i++) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      row = await callRow(callId);
    }
    expect(row).toMatchObject({ status: "ended", endReason: "user_hangup", transfer: { to: TARGET, mode: "warm" } });
  }, 30_000);
});

describe("a SIP destination's end as a warm transfer failure", () => {
  const ended = (kind: CallOutcome["kind"], sipStatus: number | null, answered = false): CallOutcome => {
    const at = new Date();
    return { kind, sipStatus, reason: "", hungUpBy: "remote", startedAt: at, answeredAt: answered ? at : null, endedAt: at, durationMs: 0 };
  };
  it("maps busy and rejected to busy, no answer (ours or theirs) to no_answer, an answer hung up to declined, the rest to failed", () => {
    expect(legFailure(ended("busy", 486))).toBe("busy");
    expect(legFailure(ended("busy", 600))).toBe("busy");
    expect(legFailure(ended("failed", 603))).toBe("busy");
    expect(legFailure(ended("no_answer", 480))).toBe("no_answer");
    expect(legFailure(ended("no_answer", 408))).toBe("no_answer");
    expect(legFailure(ended("no_answer", 487))).toBe("no_answer"); // our CANCEL at transfer_timeout_seconds
    expect(legFailure(ended("failed", 503))).toBe("failed");
    expect(legFailure(ended("failed", 404))).toBe("failed");
    expect(legFailure(ended("completed", null, true))).toBe("declined");
  });
});
