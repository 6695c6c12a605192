import { eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { callEvents, calls, sipMediaInstances } from "@/lib/db/schema";
import { pgBossQueue } from "@/lib/jobs/pg-boss-queue";
import { openLiveCall } from "@/lib/services/calls/live-calls";
import { SipCallActions, transferFailedPrompt } from "@/lib/telephony/sip-media/sip-call-actions";
import { SipMediaProcess, type ConversationStarter } from "@/lib/telephony/sip-media/sip-media-process";
import { scriptedLlm } from "../helpers/scripted-llm";
import { sineTone } from "../helpers/audio/tones";
import { insertAgent, insertCall } from "../helpers/fixtures";
import { framesWithTone, playPaced } from "../helpers/sip/audio";
import { receivedMessages, sippInstalled, startSipp, type SippResult, type SippRun } from "../helpers/sip/sipp";
import { createTestApi, type TestApi } from "../helpers/test-api";
import type { Admission } from "@/lib/load/load-limits";

// The trunks here are SIP peers on loopback: allowed the way an operator allows their own PBX.
process.env.OUTBOUND_ALLOWED_HOSTS = "127.0.0.1";

// The whole path of a SIP trunk call: POST /v1/calls/phone → the dial job → our media process's
// user agent → SIPp as the trunk, and SIPp calling our numbers; the call's record is checked in the
// database. The conversation here is a stand-in that plays a tone (the voice pipeline has its own tests).
const timers = { t1: 50, t2: 400, t4: 500 };
let api: TestApi;
let org: { organizationId: string; apiKey: string };
let agentId: string;
let media: SipMediaProcess | undefined;
const runs: SippRun[] = [];
let numberSeq = 0;

/** Plays a 1 kHz tone to the far end for `ms` (then ends, as an agent that hangs up), recording what it hears. */
function toneConversation(ms: number, heard: Int16Array[] = []): ConversationStarter {
  return async ({ transport }) => {
    transport.onAudio(({ pcm }) => heard.push(pcm));
    let closed = false;
    transport.onClose(() => (closed = true));
    const tone = sineTone(1000, ms, 8000);
    const ended = playPaced(tone, (frame) => !closed && transport.play(frame)).then(() => {
      if (!closed) transport.hangup();
    });
    return { ended };
  };
}

/**
 * The agent calls its transfer_call tool (with a transfer_phone_number) 300 ms into the call: the
 * SIP side of the tool runs as in a live call; what it tells the conversation is kept in `told`.
 */
function transferringConversation(target: string, told: string[]): ConversationStarter {
  return async ({ callId, transport }) => {
    await openLiveCall(api.db, callId); // the conversation's state, as a live call creates it
    const host = { db: api.db, queue: pgBossQueue(api.boss), llm: scriptedLlm(() => ({ text: "" })).port, http: () => Promise.reject(new Error("no HTTP")) };
    const agent = { initial_state_name: "main", states: [{ name: "main", prompt: "", tools: [{ type: "transfer_call", description: "", transfer_phone_number: target }] }] };
    const actions = new SipCallActions(host, callId, agent as unknown as ConstructorParameters<typeof SipCallActions>[2], transport, (text) => told.push(text));
    setTimeout(() => actions.onEvent({ type: "tool_called", tool_type: "transfer_call" }), 300);
    const ended = new Promise<void>((resolve) => transport.onClose(() => resolve()));
    return { ended: told.length ? ended : Promise.race([ended, new Promise<void>((resolve) => setTimeout(resolve, 3_000)).then(() => transport.hangup())]) };
  };
}

/** The agent reaches voicemail: it calls leave_voicemail_message and speaks a 1.2 s message (a tone). */
function voicemailConversation(): ConversationStarter {
  return async ({ callId, transport }) => {
    await openLiveCall(api.db, callId);
    const host = { db: api.db, queue: pgBossQueue(api.boss), llm: scriptedLlm(() => ({ text: "" })).port, http: () => Promise.reject(new Error("no HTTP")) };
    const agent = { initial_state_name: "main", states: [{ name: "main", prompt: "", tools: [{ type: "leave_voicemail_message", description: "" }] }] };
    const actions = new SipCallActions(host, callId, agent as unknown as ConstructorParameters<typeof SipCallActions>[2], transport, () => {});
    actions.onEvent({ type: "tool_called", tool_type: "leave_voicemail_message" });
    await new Promise((resolve) => setTimeout(resolve, 300));
    void playPaced(sineTone(1000, 1200, 8000), (frame) => transport.play(frame));
    return { ended: new Promise<void>((resolve) => transport.onClose(() => resolve())) };
  };
}

async function startMedia(startConversation: ConversationStarter = toneConversation(600), admission?: () => Admission) {
  media = await SipMediaProcess.start(
    { db: api.db, boss: api.boss, queue: pgBossQueue(api.boss), startConversation, log: () => {}, admission },
    { bindAddress: "127.0.0.1", port: 0, rtpPorts: { min: 34000, max: 34999 }, timers, terminateCheckMs: 100 },
  );
  return media;
}

async function sipNumber(trunk: Record<string, unknown>, extra: Record<string, unknown> = {}) {
  const number = `+1555777${String(++numberSeq).padStart(4, "0")}`;
  const res = await api.request("POST", "/v1/phone-numbers", { apiKey: org.apiKey, body: { number, type: "sip", sip_trunk: trunk, ...extra } });
  expect(res.status, await res.clone().text()).toBe(201);
  return number;
}

async function startCall(body: Record<string, unknown>) {
  const res = await api.request("POST", "/v1/calls/phone", { apiKey: org.apiKey, body: { agent_id: agentId, ...body } });
  const json = await res.json();
  expect(res.status, JSON.stringify(json)).toBe(201);
  return json.data.call_id as string;
}

async function callRow(id: string) {
  const [row] = await api.db.select().from(calls).where(eq(calls.id, id));
  return row;
}

async function waitFor<T>(read: () => Promise<T>, done: (value: T) => boolean, timeoutMs = 15_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value) || Date.now() > deadline) return value;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

const finished = (id: string) => waitFor(() => callRow(id), (row) => row.status === "ended" || row.status === "failed");

function expectScenarioPassed(result: SippResult) {
  expect(result.code, `SIPp failed:\n${result.errors}\n${result.output.slice(-3000)}`).toBe(0);
}

async function trunkSipp(scenario: string, options: { fill?: Record<string, string>; transport?: "udp" | "tcp" } = {}) {
  const run = await startSipp({ scenario, ...options });
  runs.push(run);
  return run;
}

beforeAll(async () => {
  api = await createTestApi();
  org = await api.createOrganization("SIP org");
  agentId = await insertAgent(api.db, org.organizationId, "SIP agent");
});

afterEach(async () => {
  runs.splice(0).forEach((run) => run.stop());
  await media?.close(200);
  media = undefined;
});

afterAll(async () => {
  await api?.close();
});

describe.skipIf(!sippInstalled)("SIP trunk calls through the API", () => {
  it("fails a call visibly when no process runs the SIP user agent", async () => {
    const from = await sipNumber({ termination_uri: "sip:127.0.0.1:5999" });
    const id = await startCall({ from_number: from, to_number: "+15551230000" });
    expect(await callRow(id)).toMatchObject({ status: "failed", endReason: "no_telephony_provider" });
    const events = await api.db.select().from(callEvents).where(eq(callEvents.callId, id));
    expect(events.map((event) => event.payload.message)).toEqual([expect.stringContaining("SIP_PORT")]);
  });

  it("registers the process with its SIP address and a heartbeat, and leaves the registry on close", async () => {
    const process = await startMedia();
    const [row] = await api.db.select().from(sipMediaInstances).where(eq(sipMediaInstances.id, process.instanceId));
    expect(row).toMatchObject({ host: "127.0.0.1", port: process.userAgent.port, draining: false });
    await process.close(100);
    media = undefined;
    expect(await api.db.select().from(sipMediaInstances).where(eq(sipMediaInstances.id, process.instanceId))).toHaveLength(0);
  });

  for (const transport of ["udp", "tcp"] as const) {
    it(`sends each custom header and the From/To/P-Asserted-Identity overrides in the INVITE; the agent hangs up (${transport})`, async () => {
      const sipp = await trunkSipp("trunk-custom-headers.xml", { transport });
      await startMedia();
      const from = await sipNumber({ termination_uri: `sip:127.0.0.1:${sipp.port}`, transport });
      expect(from).not.toBe("+15557770000");
      const id = await startCall({
        from_number: from,
        to_number: "+15551230000",
        custom_headers: {
          "X-Campaign": "spring-2026",
          "X-Account-Id": "acct_42;region=eu",
          Diversion: "<sip:+15550009999@pbx.example>;reason=unconditional",
          From: '"Sales Desk" <sip:+15557770000@example.org>',
          To: "<sip:+15551230000@carrier.example>",
          "P-Asserted-Identity": "<sip:+15557770000@example.org;user=phone>",
        },
      });
      const row = await finished(id);
      expectScenarioPassed(await sipp.done);
      expect(row).toMatchObject({ status: "ended", endReason: "agent_hangup", direction: "outbound" });
      expect(row.answeredAt).not.toBeNull();
      expect(row.endTime!.getTime() - row.answeredAt!.getTime()).toBeGreaterThanOrEqual(500);
      // The call named the process holding its media (a crash of that process would end it).
      expect(row.mediaInstanceId).toBe(media!.instanceId);
    });
  }

  it("answers the trunk's digest challenge with the stored (sealed) credentials; the trunk's BYE is user_hangup", async () => {
    const sipp = await trunkSipp("trunk-digest-401.xml");
    await startMedia(toneConversation(10_000));
    const from = await sipNumber({ termination_uri: `sip:127.0.0.1:${sipp.port}`, auth_username: "alice", auth_password: "s3cret-pass" });
    const id = await startCall({ from_number: from, to_number: "+15551230000" });
    const row = await finished(id);
    expectScenarioPassed(await sipp.done);
    expect(row).toMatchObject({ status: "ended", endReason: "user_hangup" });
    expect(row.durationSeconds).toBeGreaterThanOrEqual(0);
  });

  const finals: [string, string, string, string][] = [
    ["486", "Busy Here", "ended", "busy"],
    ["480", "Temporarily Unavailable", "ended", "no_answer"],
    ["408", "Request Timeout", "ended", "no_answer"],
    ["503", "Service Unavailable", "failed", "failed"],
    ["404", "Not Found", "failed", "failed"],
  ];
  for (const [code, reason, status, endReason] of finals) {
    it(`records a ${code} ${reason} as ${status}/${endReason}, keeping the SIP code`, async () => {
      const sipp = await trunkSipp("trunk-final-response.xml", { fill: { status: code, reason } });
      await startMedia();
      const from = await sipNumber({ termination_uri: `sip:127.0.0.1:${sipp.port}` });
      const id = await startCall({ from_number: from, to_number: "+15551230000" });
      const row = await finished(id);
      expectScenarioPassed(await sipp.done);
      expect(row).toMatchObject({ status, endReason, answeredAt: null, durationSeconds: 0 });
      const events = await api.db.select().from(callEvents).where(eq(callEvents.callId, id));
      expect(events.find((event) => event.type === "sip_call_ended")?.payload).toMatchObject({ sip_status: Number(code), end_reason: endReason });
    });
  }

  it("past this process's capacity the dial waits (the call stays created, no INVITE), and goes out once there is room", async () => {
    const sipp = await startSipp({ scenario: "bench-answer.xml", keys: { sink_port: "9" } });
    runs.push(sipp);
    let admission: Admission = { accepting: false, reason: "test: at capacity", retryAfterSeconds: 1 };
    await startMedia(toneConversation(300), () => admission);
    const from = await sipNumber({ termination_uri: `sip:127.0.0.1:${sipp.port}` });
    const id = await startCall({ from_number: from, to_number: "+15551230000" });
    await new Promise((resolve) => setTimeout(resolve, 2_500)); // two looks at capacity
    expect(await callRow(id)).toMatchObject({ status: "created", answeredAt: null });
    admission = { accepting: true };
    const row = await finished(id);
    expectScenarioPassed(await sipp.done);
    expect(row).toMatchObject({ status: "ended", endReason: "agent_hangup" });
    expect(row.answeredAt).not.toBeNull();
  });

  it("CANCELs the INVITE when the call is terminated through the API while ringing", async () => {
    const sipp = await trunkSipp("trunk-ringing-cancel.xml");
    await startMedia();
    const from = await sipNumber({ termination_uri: `sip:127.0.0.1:${sipp.port}` });
    const id = await startCall({ from_number: from, to_number: "+15551230000" });
    await waitFor(() => callRow(id), (row) => row.status === "ringing");
    const res = await api.request("POST", `/v1/calls/${id}/terminate`, { apiKey: org.apiKey });
    expect(res.status).toBe(200);
    expectScenarioPassed(await sipp.done);
    expect(await callRow(id)).toMatchObject({ status: "ended", endReason: "terminated" });
  });

  const referFrom = { From: '"Sales Desk" <sip:+15557770000@example.org>' };

  it("transfers by REFER when the agent calls transfer_call: 202, NOTIFY 100 then 200, BYE; the call ends as transferred", async () => {
    const sipp = await trunkSipp("trunk-refer.xml", { fill: { final: "200 OK" } });
    const told: string[] = [];
    await startMedia(transferringConversation("+15559990000", told));
    const from = await sipNumber({ termination_uri: `sip:127.0.0.1:${sipp.port}` });
    const id = await startCall({ from_number: from, to_number: "+15551230000", custom_headers: referFrom });
    const row = await finished(id);
    expectScenarioPassed(await sipp.done);
    expect(row).toMatchObject({ status: "ended", endReason: "transferred" });
    const transfers = (await api.db.select().from(callEvents).where(eq(callEvents.callId, id))).filter((event) => event.type === "transfer");
    expect(transfers.map((event) => event.payload)).toEqual([
      expect.objectContaining({ via: "sip_refer", target: "+15559990000", outcome: "requested" }),
      expect.objectContaining({ via: "sip_refer", target: "+15559990000", outcome: "transferred", status: 200 }),
    ]);
    expect(told).toEqual([]);
  });

  it("falls back clearly when the trunk refuses REFER (405): the conversation is told and the call goes on", async () => {
    const sipp = await trunkSipp("trunk-refer-refused.xml");
    const told: string[] = [];
    await startMedia(transferringConversation("+15559990000", told));
    const from = await sipNumber({ termination_uri: `sip:127.0.0.1:${sipp.port}` });
    const id = await startCall({ from_number: from, to_number: "+15551230000", custom_headers: referFrom });
    await waitFor(async () => told.length, (count) => count > 0);
    expect(told).toEqual([transferFailedPrompt("+15559990000", "the line refused the transfer (405 Method Not Allowed)")]);
    expect((await callRow(id)).status).toBe("in_progress");
    const row = await finished(id); // the conversation then hangs up
    expectScenarioPassed(await sipp.done);
    expect(row).toMatchObject({ status: "ended", endReason: "agent_hangup" });
  });

  it("leaves the voicemail message, then hangs up: BYE after the message has played, agent_hangup", async () => {
    const sipp = await trunkSipp("trunk-custom-headers.xml");
    await startMedia(voicemailConversation());
    const from = await sipNumber({ termination_uri: `sip:127.0.0.1:${sipp.port}` });
    const id = await startCall({
      from_number: from,
      to_number: "+15551230000",
      custom_headers: {
        "X-Campaign": "spring-2026",
        "X-Account-Id": "acct_42;region=eu",
        Diversion: "<sip:+15550009999@pbx.example>;reason=unconditional",
        From: '"Sales Desk" <sip:+15557770000@example.org>',
        To: "<sip:+15551230000@carrier.example>",
        "P-Asserted-Identity": "<sip:+15557770000@example.org;user=phone>",
      },
    });
    const row = await finished(id);
    expectScenarioPassed(await sipp.done);
    expect(row).toMatchObject({ status: "ended", endReason: "agent_hangup" });
    // 300 ms before the message, 1.2 s of it, then 800 ms of quiet before the BYE
    expect(row.endTime!.getTime() - row.answeredAt!.getTime()).toBeGreaterThanOrEqual(2_200);
  });

  it("sends BYE when the call is terminated through the API during the conversation", async () => {
    const sipp = await trunkSipp("trunk-custom-headers.xml");
    await startMedia(toneConversation(20_000));
    const from = await sipNumber({ termination_uri: `sip:127.0.0.1:${sipp.port}` });
    const id = await startCall({
      from_number: from,
      to_number: "+15551230000",
      custom_headers: {
        "X-Campaign": "spring-2026",
        "X-Account-Id": "acct_42;region=eu",
        Diversion: "<sip:+15550009999@pbx.example>;reason=unconditional",
        From: '"Sales Desk" <sip:+15557770000@example.org>',
        To: "<sip:+15551230000@carrier.example>",
        "P-Asserted-Identity": "<sip:+15557770000@example.org;user=phone>",
      },
    });
    await waitFor(() => callRow(id), (row) => row.status === "in_progress");
    const started = Date.now();
    expect((await api.request("POST", `/v1/calls/${id}/terminate`, { apiKey: org.apiKey })).status).toBe(200);
    const result = await sipp.done;
    expectScenarioPassed(result);
    expect(Date.now() - started).toBeLessThan(2_000);
    expect(receivedMessages(result.messages).some((message) => message.startsWith("BYE "))).toBe(true);
    expect(await callRow(id)).toMatchObject({ status: "ended", endReason: "terminated" });
  });
});

describe.skipIf(!sippInstalled)("SIPp calling our SIP numbers", () => {
  async function sippCalls(process: SipMediaProcess, scenario: string, number: string, fill: Record<string, string> = {}) {
    const run = await startSipp({ scenario, remote: `127.0.0.1:${process.userAgent.port}`, service: number, fill: { request_user: number, ...fill } });
    runs.push(run);
    return run.done;
  }
  const callsTo = (number: string) => api.db.select().from(calls).where(eq(calls.toNumber, number));

  it("answers a number with an inbound agent: a new inbound call, audio both ways, ended by the caller's BYE", async () => {
    const heard: Int16Array[] = [];
    const process = await startMedia(toneConversation(10_000, heard));
    const number = await sipNumber({ termination_uri: "sip:127.0.0.1:5999", allowed_source_addresses: ["127.0.0.0/8"] }, { inbound_agent_id: agentId });
    expectScenarioPassed(await sippCalls(process, "caller-tone.xml", number));
    const [row] = await waitFor(() => callsTo(number), (rows) => rows.length === 1 && rows[0].status === "ended");
    expect(row).toMatchObject({ direction: "inbound", agentId, fromNumber: "+15553334444", status: "ended", endReason: "user_hangup", organizationId: org.organizationId });
    expect(row.answeredAt).not.toBeNull();
    expect(framesWithTone(heard, 1400)).toBeGreaterThan(25); // SIPp's 1400 Hz tone reached the conversation
  });

  it("matches the number in the To header when the trunk says so, and E.164 without its +", async () => {
    const process = await startMedia(toneConversation(10_000));
    const number = await sipNumber({ termination_uri: "sip:127.0.0.1:5999", allowed_source_addresses: ["127.0.0.1"], inbound_match: "to" }, { inbound_agent_id: agentId });
    expectScenarioPassed(await sippCalls(process, "caller-tone.xml", number.slice(1), { request_user: "gateway" }));
    const rows = await waitFor(() => callsTo(number), (found) => found.length === 1);
    expect(rows).toHaveLength(1);
  });

  it("routes a number two organizations hold by each trunk's allow-list; both claiming the source is 485 and creates nothing", async () => {
    const process = await startMedia(toneConversation(10_000));
    const other = await api.createOrganization("Other org");
    const otherAgent = await insertAgent(api.db, other.organizationId, "Other agent");
    const number = await sipNumber({ termination_uri: "sip:127.0.0.1:5999", allowed_source_addresses: ["127.0.0.1"] }, { inbound_agent_id: agentId });
    const register = (sources: string[]) =>
      api.request("POST", "/v1/phone-numbers", {
        apiKey: other.apiKey,
        body: { number, type: "sip", inbound_agent_id: otherAgent, sip_trunk: { termination_uri: "sip:54.172.60.1", allowed_source_addresses: sources } },
      });
    const created = await register(["10.0.0.0/8"]);
    expect(created.status).toBe(201);
    expectScenarioPassed(await sippCalls(process, "caller-tone.xml", number));
    const [row] = await waitFor(() => callsTo(number), (rows) => rows.length === 1);
    expect(row).toMatchObject({ organizationId: org.organizationId, agentId });

    const otherId = (await created.json()).data.id;
    await api.request("PATCH", `/v1/phone-numbers/${otherId}`, { apiKey: other.apiKey, body: { sip_trunk: { termination_uri: "sip:54.172.60.1", allowed_source_addresses: ["127.0.0.0/8"] } } });
    await new Promise((resolve) => setTimeout(resolve, 5_100)); // the routing cache's lifetime
    expectScenarioPassed(await sippCalls(process, "caller-refused.xml", number, { status: "485", check_header: "CSeq:", check_value: "1 INVITE" }));
    expect(await callsTo(number)).toHaveLength(1);
  });

  it("redirects a number with redirect set: 302 to redirect_phone_number, no call created", async () => {
    const process = await startMedia();
    const number = await sipNumber(
      { termination_uri: "sip:127.0.0.1:5999", allowed_source_addresses: ["127.0.0.1"] },
      { redirect: true, redirect_phone_number: "+15556667777", inbound_agent_id: agentId },
    );
    const fill = { status: "302", check_header: "Contact:", check_value: "&lt;sip:\\+15556667777@127\\.0\\.0\\.1&gt;" };
    expectScenarioPassed(await sippCalls(process, "caller-refused.xml", number, fill));
    expect(await callsTo(number)).toHaveLength(0);
  });

  it("past this process's capacity an INVITE to an agent's number hears 486 Busy Here with Retry-After, and creates nothing", async () => {
    const process = await startMedia(toneConversation(10_000), () => ({ accepting: false, reason: "test: at capacity", retryAfterSeconds: 7 }));
    const number = await sipNumber({ termination_uri: "sip:127.0.0.1:5999", allowed_source_addresses: ["127.0.0.1"] }, { inbound_agent_id: agentId });
    expectScenarioPassed(await sippCalls(process, "caller-refused.xml", number, { status: "486", check_header: "Retry-After:", check_value: "7" }));
    expect(await callsTo(number)).toHaveLength(0);
  });

  it("gives a clear final response and creates nothing: unknown number 404, source not allowed 404, no agent 480", async () => {
    const process = await startMedia();
    const elsewhere = await sipNumber({ termination_uri: "sip:127.0.0.1:5999", allowed_source_addresses: ["10.0.0.0/8"] }, { inbound_agent_id: agentId });
    const noAgent = await sipNumber({ termination_uri: "sip:127.0.0.1:5999", allowed_source_addresses: ["127.0.0.1"] });
    const refused = (status: string) => ({ status, check_header: "CSeq:", check_value: "1 INVITE" });
    expectScenarioPassed(await sippCalls(process, "caller-refused.xml", "+15550000404", refused("404")));
    expectScenarioPassed(await sippCalls(process, "caller-refused.xml", elsewhere, refused("404")));
    expectScenarioPassed(await sippCalls(process, "caller-refused.xml", noAgent, refused("480")));
    for (const number of ["+15550000404", elsewhere, noAgent]) expect(await callsTo(number)).toHaveLength(0);
  });

  it("answers 486 Busy Here when the organization is at its concurrency limit, and creates nothing", async () => {
    const process = await startMedia();
    const busy = await api.createOrganization("Busy org");
    const busyAgent = await insertAgent(api.db, busy.organizationId, "Busy agent");
    const created = await api.request("POST", "/v1/phone-numbers", {
      apiKey: busy.apiKey,
      body: { number: "+15550004860", type: "sip", inbound_agent_id: busyAgent, sip_trunk: { termination_uri: "sip:127.0.0.1:5999", allowed_source_addresses: ["127.0.0.1"] } },
    });
    expect(created.status).toBe(201);
    await api.request("PATCH", "/v1/concurrency", { apiKey: busy.apiKey, body: { limit: 1 } });
    await insertCall(api.db, busy.organizationId, busyAgent, { type: "phone_call", direction: "inbound", status: "in_progress", endTime: null, endReason: null });
    const refused = { status: "486", check_header: "CSeq:", check_value: "1 INVITE" };
    expectScenarioPassed(await sippCalls(process, "caller-refused.xml", "+15550004860", refused));
    expect(await callsTo("+15550004860")).toHaveLength(0);
  });
});
