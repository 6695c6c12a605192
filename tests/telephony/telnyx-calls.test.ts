import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { calls } from "@/lib/db/schema";
import { decodeClientState } from "@/lib/telephony/telnyx/client-state";
import { toneDurationMs } from "../helpers/audio-analysis";
import { until } from "../helpers/carriers/double-http";
import { TelephonyServer } from "../helpers/carriers/telephony-server";
import { TelnyxDouble, type TelnyxDoubleCall } from "../helpers/carriers/telnyx-double";
import { insertAgent } from "../helpers/fixtures";

let double: TelnyxDouble;
let server: TelephonyServer;
let org: { apiKey: string; organizationId: string };
let agentId: string;
let toolAgentId: string;
const LINE = "+14155550200";
const REDIRECT_LINE = "+14155550201";

async function callRecord(callId: string) {
  return (await (await server.request("GET", `/v1/calls/${callId}`, { apiKey: org.apiKey })).json()).data;
}

async function waitForStatus(callId: string, statuses: string[], timeoutMs = 10_000): Promise<Record<string, unknown>> {
  const deadline = Date.now() + timeoutMs;
  let record: { status: string } | null = null;
  while (Date.now() < deadline) {
    record = await callRecord(callId);
    if (record && statuses.includes(record.status)) return record as Record<string, unknown>;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`call ${callId} stayed ${record?.status}, not ${statuses.join("/")}`);
}

async function startCall(to: string, agent = agentId): Promise<{ callId: string; telnyxCall: () => TelnyxDoubleCall }> {
  const res = await server.request("POST", "/v1/calls/phone", { apiKey: org.apiKey, body: { from_number: LINE, to_number: to, agent_id: agent } });
  expect(res.status).toBe(201);
  const callId = (await res.json()).data.call_id as string;
  const find = () => [...double.calls.values()].find((call) => call.dial && decodeClientState(call.dial.client_state)?.call_id === callId);
  await until(() => find() !== undefined, 10_000, "the dial request");
  return { callId, telnyxCall: () => find() as TelnyxDoubleCall };
}

beforeAll(async () => {
  double = await TelnyxDouble.start();
  // The single-tenant fallback: the deployment's environment holds the Telnyx account.
  server = await TelephonyServer.start({ telnyx: double, env: { TELNYX_API_KEY: double.apiKey, TELNYX_PUBLIC_KEY: double.publicKey, TELNYX_CONNECTION_ID: double.connectionId } });
  org = await server.api.createOrganization("Telnyx phones");
  agentId = await insertAgent(server.api.db, org.organizationId);
  const toolAgent = await server.request("POST", "/v1/agents", {
    apiKey: org.apiKey,
    body: { name: "Transfers", initial_state_name: "main", states: [{ name: "main", tools: [{ type: "transfer_call", transfer_phone_number: "+14155550298" }] }] },
  });
  toolAgentId = (await toolAgent.json()).data.id;
  double.addNumber(LINE);
  double.addNumber(REDIRECT_LINE);
  const imported = await server.request("POST", "/v1/telephony/providers/telnyx/numbers/import", { apiKey: org.apiKey });
  expect(imported.status).toBe(200);
  const numbers = (await imported.json()).data as { id: string; number: string; carrier_state: { live: boolean } }[];
  expect(numbers.every((number) => number.carrier_state.live)).toBe(true);
  expect(double.application.webhook_event_url).toBe(`${server.publicBaseUrl}/telephony/telnyx/events`);
  await server.request("PATCH", `/v1/phone-numbers/${numbers.find((n) => n.number === LINE)!.id}`, { apiKey: org.apiKey, body: { inbound_agent_id: agentId } });
  await server.request("PATCH", `/v1/phone-numbers/${numbers.find((n) => n.number === REDIRECT_LINE)!.id}`, { apiKey: org.apiKey, body: { redirect: true, redirect_phone_number: "+14155550299" } });
});

afterAll(async () => {
  await double?.close();
  await server?.close();
});

describe("Telnyx from the environment", () => {
  it("shows the environment account, and a number created without a carrier takes the only configured one", async () => {
    const provider = (await (await server.request("GET", "/v1/telephony/providers/telnyx", { apiKey: org.apiKey })).json()).data;
    expect(provider).toMatchObject({ configured: true, source: "environment", account_id: double.connectionId });
    const created = await server.request("POST", "/v1/phone-numbers", { apiKey: org.apiKey, body: { number: "+14155550288" } });
    expect((await created.json()).data.carrier).toBe("telnyx");
    const test = (await (await server.request("POST", "/v1/telephony/providers/telnyx/test", { apiKey: org.apiKey })).json()).data;
    expect(test).toMatchObject({ ok: true, source: "environment" });
  });
});

describe("Telnyx calls", () => {
  it("outbound answered: Call Control dial with bidirectional RTP streaming, the agent is heard", async () => {
    server.script = { greeting: "Hello from Telnyx." };
    const { callId, telnyxCall } = await startCall("+14155550223");
    const call = telnyxCall();
    expect(call.dial).toMatchObject({ stream_bidirectional_mode: "rtp", stream_bidirectional_codec: "PCMU", connection_id: double.connectionId, answering_machine_detection: "detect" });
    const peer = await double.streamOf(call);
    await until(() => toneDurationMs(peer.heardAudio(), 8000, server.voice.frequencyOf("Hello from Telnyx.")) > 400, 10_000, "the greeting");
    expect(peer.protocolErrors).toEqual([]);
    expect(await waitForStatus(callId, ["in_progress"])).toMatchObject({ carrier: "telnyx", carrier_call_id: call.callControlId });
    await double.hangUp(call);
    expect(await waitForStatus(callId, ["ended"])).toMatchObject({ end_reason: "user_hangup", answer_type: "human" });
  });

  it("busy: failed with end_reason busy", async () => {
    double.script("+14155550231", { outcome: "busy" });
    const { callId } = await startCall("+14155550231");
    expect(await waitForStatus(callId, ["failed"])).toMatchObject({ end_reason: "busy" });
  });

  it("no answer: failed with end_reason no_answer", async () => {
    double.script("+14155550232", { outcome: "no_answer" });
    const { callId } = await startCall("+14155550232");
    expect(await waitForStatus(callId, ["failed"])).toMatchObject({ end_reason: "no_answer" });
  });

  it("voicemail: answer_type voicemail", async () => {
    double.script("+14155550234", { outcome: "voicemail" });
    const { callId, telnyxCall } = await startCall("+14155550234");
    await until(() => telnyxCall().webhooks.some((w) => w.eventType === "call.machine.detection.ended"), 5000, "AMD");
    expect((await callRecord(callId)).answer_type).toBe("voicemail");
    await double.hangUp(telnyxCall());
    await waitForStatus(callId, ["ended"]);
  });

  it("terminate mid-call: hung up through Call Control", async () => {
    const { callId, telnyxCall } = await startCall("+14155550236");
    await double.streamOf(telnyxCall());
    await server.request("POST", `/v1/calls/${callId}/terminate`, { apiKey: org.apiKey });
    await double.ended(telnyxCall());
    expect(telnyxCall().commands.map((command) => command.action)).toContain("hangup");
    expect(await callRecord(callId)).toMatchObject({ status: "ended", end_reason: "terminated" });
  });

  it("inbound to an agent: answered with a stream, the caller's DTMF reaches the conversation", async () => {
    server.script = { greeting: null, reply: (text) => `You pressed ${text}.` };
    const before = server.conversations.length;
    const call = await double.placeInboundCall({ from: "+14155550277", to: LINE });
    const peer = await double.streamOf(call);
    await until(() => server.conversations.length > before, 5000, "the conversation");
    const conversation = server.conversations.at(-1)!;
    expect(await waitForStatus(conversation.callId, ["in_progress"])).toMatchObject({ direction: "inbound", to_number: LINE, carrier: "telnyx" });
    peer.sendDtmf("7");
    peer.sendDtmf("#");
    await until(() => conversation.port.inputs.some((input) => input.kind === "caller"), 5000, "the digits");
    expect(conversation.port.inputs.find((input) => input.kind === "caller")).toMatchObject({ source: "dtmf", text: expect.stringContaining("7") });
    await double.hangUp(call);
    await waitForStatus(conversation.callId, ["ended"]);
  });

  it("inbound past this server's capacity: rejected with cause USER_BUSY before any answer, nothing recorded", async () => {
    server.admission = { accepting: false, reason: "test: at capacity", retryAfterSeconds: 5 };
    try {
      const before = server.conversations.length;
      const call = await double.placeInboundCall({ from: "+14155550279", to: LINE });
      await double.ended(call);
      expect(call.commands).toEqual([{ action: "reject", body: { cause: "USER_BUSY" } }]);
      expect(call.answeredAt).toBeFalsy();
      expect(server.conversations.length).toBe(before);
      expect(await server.api.db.select().from(calls).where(eq(calls.carrierCallId, call.callControlId))).toEqual([]);
    } finally {
      server.admission = { accepting: true };
    }
  });

  it("inbound past the organization's concurrency limit: rejected USER_BUSY before answering, nothing recorded", async () => {
    await server.request("PATCH", "/v1/concurrency", { apiKey: org.apiKey, body: { limit: 1 } });
    const hold = await server.request("POST", "/v1/calls/phone", { apiKey: org.apiKey, body: { from_number: LINE, to_number: "+14155550266", agent_id: agentId } });
    expect(hold.status).toBe(201);
    double.script("+14155550266", { outcome: "no_answer", ringMs: 5000 });
    const call = await double.placeInboundCall({ from: "+14155550265", to: LINE });
    await until(() => call.state === "hangup", 5000, "the rejection");
    expect(call.commands.map((command) => command.action)).toEqual(["reject"]);
    expect(call.commands[0].body).toEqual({ cause: "USER_BUSY" });
    expect(call.answeredAt).toBeNull();
    const [row] = await server.api.db.select({ id: calls.id }).from(calls).where(eq(calls.carrierCallId, call.callControlId));
    expect(row).toBeUndefined();
    await server.request("POST", `/v1/calls/${(await hold.json()).data.call_id}/terminate`, { apiKey: org.apiKey });
    await server.request("PATCH", "/v1/concurrency", { apiKey: org.apiKey, body: { limit: 20 } });
  });

  it("inbound redirect: transferred to redirect_phone_number", async () => {
    const call = await double.placeInboundCall({ from: "+14155550278", to: REDIRECT_LINE });
    await double.ended(call);
    expect(call.transfers.map((transfer) => transfer.to)).toEqual(["+14155550299"]);
    const [row] = await server.api.db.select().from(calls).where(eq(calls.carrierCallId, call.callControlId));
    const record = await waitForStatus(row.id, ["ended"]);
    expect(record).toMatchObject({ transfer: { to: "+14155550299", status: "completed" } });
  });

  it("transfer_call: Call Control transfer to the tool's number; the record notes the transfer", async () => {
    server.script = { greeting: null };
    const { callId, telnyxCall } = await startCall("+14155550237", toolAgentId);
    const peer = await double.streamOf(telnyxCall());
    await until(() => server.conversations.some((c) => c.callId === callId), 5000, "the conversation");
    server.conversations.find((c) => c.callId === callId)!.actions.onEvent({ type: "transfer_call" });
    await peer.closed;
    await double.ended(telnyxCall());
    const transfer = telnyxCall().commands.find((command) => command.action === "transfer");
    expect(transfer?.body).toMatchObject({ to: "+14155550298", from: LINE });
    expect(await waitForStatus(callId, ["ended"])).toMatchObject({ end_reason: "transferred", transfer: { to: "+14155550298", status: "completed" } });
  });

  it("a webhook with a bad signature or a stale timestamp is 403 and creates nothing", async () => {
    const body = JSON.stringify({ data: { event_type: "call.initiated", occurred_at: new Date().toISOString(), payload: { call_control_id: "v3:forged", connection_id: double.connectionId, direction: "incoming", from: "+14155550280", to: LINE } } });
    const forged = { "telnyx-timestamp": String(Math.floor(Date.now() / 1000)), "telnyx-signature-ed25519": Buffer.alloc(64).toString("base64") };
    const stale = double.signedHeaders(body, Math.floor(Date.now() / 1000) - 3600);
    for (const headers of [{}, forged, stale]) {
      const res = await fetch(`${server.publicBaseUrl}/telephony/telnyx/events`, { method: "POST", headers: { "Content-Type": "application/json", ...headers }, body });
      expect(res.status).toBe(403);
    }
    expect(await server.api.db.select().from(calls).where(eq(calls.fromNumber, "+14155550280"))).toEqual([]);
  });
});
