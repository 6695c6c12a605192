/* eslint-disable @typescript-eslint/no-explicit-any -- API answers read loosely in this test; their shapes are asserted field by field */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq, sql } from "drizzle-orm";
import { campaignContacts } from "@/lib/db/schema";
import { eventually, maxInWindow, maxOverlap, sleep } from "../helpers/campaign-checks";
import { TelephonyServer } from "../helpers/carriers/telephony-server";
import { TwilioDouble } from "../helpers/carriers/twilio-double";
import { insertAgent } from "../helpers/fixtures";

let double: TwilioDouble;
let server: TelephonyServer;
let org: { apiKey: string; organizationId: string };
let agentId: string;
const LINES = ["+14155550100", "+14155550101"];

const call = async (method: string, path: string, body?: unknown) => {
  const res = await server.request(method, path, { apiKey: org.apiKey, body });
  return { status: res.status, headers: res.headers, json: (await res.json()) as { data: any; error: any } };
};
const campaignOf = async (id: string) => (await call("GET", `/v1/campaigns/${id}`)).json.data;
const contactsOf = async (id: string, query = "") => (await call("GET", `/v1/campaigns/${id}/contacts?limit=1000${query}`)).json.data as any[];
const dialsTo = (numbers: string[]) => [...double.calls.values()].filter((c) => c.direction === "outbound-api" && numbers.includes(c.to));

/** Numbers 2125550100… (New York): inside an every-day 00:00–24:00 window whatever the hour. */
const numbers = (prefix: string, count: number) => Array.from({ length: count }, (_, i) => `+1${prefix}${String(1000 + i)}`);
const ALWAYS = [{ days: ["mon", "tue", "wed", "thu", "fri", "sat", "sun"], start: "00:00", end: "24:00" }];

async function campaign(contacts: string[], settings: Record<string, unknown>) {
  const created = await call("POST", "/v1/campaigns", { name: "Test", agent_id: agentId, from_numbers: LINES, schedule: { windows: ALWAYS }, ...settings });
  expect(created.status).toBe(201);
  const id = created.json.data.id as string;
  const added = await call("POST", `/v1/campaigns/${id}/contacts`, { contacts: contacts.map((phone_number) => ({ phone_number, dynamic_variables_values: { name: `n${phone_number.slice(-2)}` } })) });
  expect(added.json.data.added).toBe(contacts.length);
  return id;
}

beforeAll(async () => {
  double = await TwilioDouble.start();
  server = await TelephonyServer.start({ twilio: double, env: { TWILIO_ACCOUNT_SID: double.accountSid, TWILIO_AUTH_TOKEN: double.authToken } });
  org = await server.api.createOrganization("Dialer");
  agentId = await insertAgent(server.api.db, org.organizationId);
  for (const line of LINES) {
    double.addNumber(line);
    await call("POST", "/v1/phone-numbers", { number: line });
  }
}, 60_000);

afterAll(async () => {
  await double?.close();
  await server?.close();
});

describe("a campaign against the Twilio double", () => {
  it("calls every contact once, within max_concurrent_calls and calls_per_second, with its variables; calls carry campaign_id", async () => {
    const list = numbers("212555", 16);
    for (const to of list) double.script(to, { outcome: "no_answer", ringMs: 700 });
    const id = await campaign(list, { pacing: { max_concurrent_calls: 3, calls_per_second: 4 } });
    const started = await call("POST", `/v1/campaigns/${id}/start`);
    expect(started.json.data.status).toBe("running");
    // Live progress while it runs: contacts are dialling, the campaign's calls hold slots.
    const live = await eventually(() => campaignOf(id), (c) => c.progress.dialing > 0, 10_000, "a contact dialling");
    expect(live.progress.dialing).toBeLessThanOrEqual(3);
    const concurrency = (await call("GET", "/v1/concurrency")).json.data;
    expect(concurrency.by_campaign.find((entry: { campaign_id: string }) => entry.campaign_id === id)).toMatchObject({ max_concurrent_calls: 3 });
    const done = await eventually(() => campaignOf(id), (c) => c.status === "completed", 30_000, "the campaign to complete");
    expect(done.progress).toMatchObject({ total: 16, failed: 16, calls_placed: 16, pending: 0, dialing: 0 });

    const dials = dialsTo(list);
    expect(dials.length).toBe(16);
    expect(new Set(dials.map((d) => d.to)).size).toBe(16); // nobody dialled twice
    expect(maxOverlap(dials.map((d) => ({ start: d.createdAt, end: d.endedAt })))).toBeLessThanOrEqual(3);
    // At the carrier: the same bound, less 100 ms for the trip and event-loop lag (the records, exact, are checked below).
    expect(maxInWindow(dials.map((d) => d.createdAt), 900)).toBeLessThanOrEqual(4);
    // The numbers are used in turn.
    expect(new Set(dials.map((d) => d.from))).toEqual(new Set(LINES));

    const contacts = await contactsOf(id);
    expect(contacts.every((c) => c.status === "failed" && c.outcome === "no_answer" && c.attempts === 1 && c.last_call_id)).toBe(true);
    const byCampaign = (await call("GET", `/v1/calls?campaign_id=${id}&limit=100`)).json.data as any[];
    expect(byCampaign.length).toBe(16);
    expect(byCampaign.every((c) => c.campaign_id === id && c.end_reason === "no_answer")).toBe(true);
    expect(maxInWindow(byCampaign.map((c) => Date.parse(c.start_time)))).toBeLessThanOrEqual(4);
    const first = byCampaign.find((c) => c.id === contacts[0].last_call_id);
    expect(first.dynamic_variables_values).toEqual(contacts[0].dynamic_variables_values);
  }, 60_000);

  it("retries busy contacts after the delay, inside the window, up to max_attempts; answered ones complete", async () => {
    const [busy, answered] = numbers("212556", 2);
    double.script(busy, { outcome: "busy", ringMs: 50 });
    double.script(answered, { outcome: "human", hangUpAfterMs: 300 });
    const id = await campaign([busy, answered], { retry: { max_attempts: 2, retry_on: ["busy"], delay_minutes: 5 } });
    await call("POST", `/v1/campaigns/${id}/start`);
    const scheduled = await eventually(() => contactsOf(id), (cs) => cs[0].status === "retry_scheduled" && cs[1].status === "completed", 20_000, "a retry and a completion");
    const retryAt = Date.parse(scheduled[0].next_attempt_at);
    const endedAt = Date.parse((await call("GET", `/v1/calls/${scheduled[0].last_call_id}`)).json.data.end_time);
    expect(retryAt - endedAt).toBeGreaterThanOrEqual(5 * 60_000 - 1000);
    expect(retryAt - endedAt).toBeLessThan(5 * 60_000 + 2000);
    expect(scheduled[1].outcome).toBe("user_hangup");
    expect((await campaignOf(id)).status).toBe("running");
    // Five minutes pass for this contact: the retry is dialled, fails busy again, and attempts are spent.
    await server.api.db.update(campaignContacts).set({ nextAttemptAt: sql`now()` }).where(eq(campaignContacts.id, scheduled[0].id));
    const last = await eventually(() => contactsOf(id), (cs) => cs[0].status === "failed", 20_000, "the second attempt");
    expect(last[0]).toMatchObject({ attempts: 2, outcome: "busy" });
    expect(dialsTo([busy]).length).toBe(2);
    expect((await campaignOf(id)).status).toBe("completed");
  }, 60_000);

  it("waits for the contact's calling window in its own zone; nothing is dialled outside it", async () => {
    const [tokyo] = numbers("212557", 1);
    // A window that is closed now in Tokyo: the hour that ended an hour ago there.
    const hour = (Number(new Intl.DateTimeFormat("en-US", { timeZone: "Asia/Tokyo", hour: "numeric", hourCycle: "h23" }).format(new Date())) + 22) % 24;
    const window = { days: ["mon", "tue", "wed", "thu", "fri", "sat", "sun"], start: `${String(hour).padStart(2, "0")}:00`, end: `${String(hour).padStart(2, "0")}:59` };
    const created = await call("POST", "/v1/campaigns", { name: "Tokyo", agent_id: agentId, from_numbers: LINES, schedule: { windows: [window], timezone: "UTC" } });
    const id = created.json.data.id;
    await call("POST", `/v1/campaigns/${id}/contacts`, { contacts: [{ phone_number: tokyo, timezone: "Asia/Tokyo" }] });
    await call("POST", `/v1/campaigns/${id}/start`);
    const [contact] = await eventually(() => contactsOf(id), (cs) => cs[0].status === "scheduled", 10_000, "the contact to wait for its window");
    const opens = new Date(contact.next_attempt_at);
    expect(new Intl.DateTimeFormat("en-US", { timeZone: "Asia/Tokyo", hour: "2-digit", minute: "2-digit", hourCycle: "h23" }).format(opens)).toBe(`${String(hour).padStart(2, "0")}:00`);
    expect(opens.getTime() - Date.now()).toBeGreaterThan(20 * 3600_000);
    expect((await campaignOf(id)).progress).toMatchObject({ pending: 1, scheduled: 1 });
    await sleep(1500);
    expect(dialsTo([tokyo]).length).toBe(0);
    await call("POST", `/v1/campaigns/${id}/cancel`);
  }, 30_000);

  it("pause stops new dials at once, resume carries on, cancel leaves the rest uncalled", async () => {
    const list = numbers("212558", 30);
    for (const to of list) double.script(to, { outcome: "no_answer", ringMs: 100 });
    const id = await campaign(list, { pacing: { max_concurrent_calls: 5, calls_per_second: 10 } });
    await call("POST", `/v1/campaigns/${id}/start`);
    await eventually(async () => dialsTo(list).length, (n) => n >= 3, 10_000, "the first dials");
    const paused = await call("POST", `/v1/campaigns/${id}/pause`);
    const pausedAt = Date.now();
    expect(paused.json.data.status).toBe("paused");
    await sleep(1500);
    // No call is recorded after the pause answered; a call recorded just before may reach the carrier a moment later, never a second later.
    const recorded = (await call("GET", `/v1/calls?campaign_id=${id}&limit=100`)).json.data as { start_time: string }[];
    expect(recorded.filter((c) => Date.parse(c.start_time) > pausedAt)).toEqual([]);
    expect(dialsTo(list).filter((d) => d.createdAt > pausedAt + 1000)).toEqual([]);
    const placed = dialsTo(list).length;
    expect(placed).toBeLessThan(30);
    const resumed = await call("POST", `/v1/campaigns/${id}/resume`);
    const resumedAt = Date.now();
    expect(resumed.json.data.status).toBe("running");
    await eventually(async () => dialsTo(list).length, (n) => n > placed, 5_000, "dials after resume");
    expect(Math.min(...dialsTo(list).filter((d) => d.createdAt > resumedAt).map((d) => d.createdAt)) - resumedAt).toBeLessThan(1000);
    await call("POST", `/v1/campaigns/${id}/cancel`);
    const cancelledAt = Date.now();
    await sleep(1500);
    expect(dialsTo(list).filter((d) => d.createdAt > cancelledAt + 1000)).toEqual([]);
    const final = await eventually(() => campaignOf(id), (c) => c.progress.dialing === 0 && c.progress.in_progress === 0, 10_000, "calls in flight to finish");
    expect(final.status).toBe("cancelled");
    expect(final.progress.cancelled).toBe(30 - dialsTo(list).length);
    expect(final.progress.cancelled).toBeGreaterThan(0);
  }, 60_000);

  it("refuses any outbound call to a do-not-call number, and skips such contacts", async () => {
    const [listed, other] = numbers("212559", 2);
    await call("POST", "/v1/do-not-call", { phone_numbers: [listed] });
    const refused = await call("POST", "/v1/calls/phone", { from_number: LINES[0], to_number: listed, agent_id: agentId });
    expect(refused.status).toBe(400);
    expect(refused.json.error.type).toBe("do_not_call");
    expect(refused.json.error.message).toContain(listed);
    expect(refused.json.error.details).toEqual([{ field: "to_number", message: `${listed} is on the do-not-call list` }]);
    double.script(other, { outcome: "no_answer", ringMs: 50 });
    const id = await campaign([other], {});
    // Listed after the import: the dispatcher checks again before it dials.
    await call("POST", "/v1/do-not-call", { phone_numbers: [other] });
    await call("POST", `/v1/campaigns/${id}/start`);
    await eventually(() => campaignOf(id), (c) => c.status === "completed", 10_000, "completion");
    expect((await contactsOf(id))[0].status).toBe("skipped_dnc");
    expect(dialsTo([listed, other])).toEqual([]);
  }, 30_000);
});

describe("the organization's concurrency", () => {
  it("refuses an outbound call past limit − inbound_reserved with 429 and Retry-After; inbound past the limit is refused busy and recorded as nothing", async () => {
    const [a, b, c] = numbers("646555", 3);
    for (const to of [a, b, c]) double.script(to, { outcome: "no_answer", ringMs: 3000 });
    expect((await call("PATCH", "/v1/concurrency", { limit: 3, inbound_reserved: 1 })).status).toBe(200);
    for (const to of [a, b]) expect((await call("POST", "/v1/calls/phone", { from_number: LINES[0], to_number: to, agent_id: agentId })).status).toBe(201);
    const third = await call("POST", "/v1/calls/phone", { from_number: LINES[0], to_number: c, agent_id: agentId });
    expect(third.status).toBe(429);
    expect(third.json.error.type).toBe("concurrency_limit_exceeded");
    expect(Number(third.headers.get("retry-after"))).toBeGreaterThan(0);
    const state = (await call("GET", "/v1/concurrency")).json.data;
    expect(state).toMatchObject({ limit: 3, inbound_reserved: 1, in_use: 2, outbound_in_use: 2, inbound_in_use: 0 });

    // The reserved slot takes one inbound call; the next one is refused busy at the carrier.
    await call("PATCH", `/v1/phone-numbers/${(await call("GET", "/v1/phone-numbers")).json.data.find((n: { number: string }) => n.number === LINES[1]).id}`, { inbound_agent_id: agentId });
    double.numbers.find((n) => n.phone_number === LINES[1])!.voice_url = `${server.publicBaseUrl}/telephony/twilio/voice`;
    double.numbers.find((n) => n.phone_number === LINES[1])!.status_callback = `${server.publicBaseUrl}/telephony/twilio/status`;
    const admitted = await double.placeInboundCall({ from: "+13125550100", to: LINES[1] });
    expect(admitted.status).not.toBe("busy");
    const refused = await double.placeInboundCall({ from: "+13125550101", to: LINES[1] });
    expect(refused.status).toBe("busy");
    expect(refused.answeredAt).toBeNull();
    const inbound = (await call("GET", "/v1/calls?limit=100")).json.data.filter((x: { direction: string; from_number: string }) => x.direction === "inbound" && x.from_number === "+13125550101");
    expect(inbound).toEqual([]);
    await double.hangUp(admitted);
    // A slot is freed the moment a call fails to connect.
    await eventually(async () => (await call("GET", "/v1/concurrency")).json.data.in_use, (n) => n === 0, 10_000, "every slot to free");
    expect((await call("POST", "/v1/calls/phone", { from_number: LINES[0], to_number: c, agent_id: agentId })).status).toBe(201);
    await call("PATCH", "/v1/concurrency", { limit: 20, inbound_reserved: 0 });
  }, 30_000);

  it("a campaign waits for a slot instead of failing, and never passes the organization's limit", async () => {
    await eventually(async () => (await call("GET", "/v1/concurrency")).json.data.in_use, (n) => n === 0, 10_000, "every slot to free");
    await call("PATCH", "/v1/concurrency", { limit: 2 });
    const list = numbers("646556", 6);
    for (const to of list) double.script(to, { outcome: "no_answer", ringMs: 600 });
    const id = await campaign(list, { pacing: { max_concurrent_calls: 10, calls_per_second: 20 } });
    await call("POST", `/v1/campaigns/${id}/start`);
    await eventually(() => campaignOf(id), (c) => c.status === "completed", 30_000, "completion");
    const dials = dialsTo(list);
    expect(dials.length).toBe(6);
    expect(maxOverlap(dials.map((d) => ({ start: d.createdAt, end: d.endedAt })))).toBeLessThanOrEqual(2);
    await call("PATCH", "/v1/concurrency", { limit: 20 });
  }, 40_000);
});
