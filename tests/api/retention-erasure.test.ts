import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq, sql } from "drizzle-orm";
import { createApiKey } from "@/lib/auth/api-keys";
import { addMembership } from "@/lib/auth/memberships";
import { createOrganization, createOrganizationWithOwner } from "@/lib/auth/organizations";
import { createPasswordUser } from "@/lib/auth/users";
import { bffPermission } from "@/lib/console/bff-proxy";
import { callEvents, calls, campaignContacts, webhookDeliveries } from "@/lib/db/schema";
import { recordAudit } from "@/lib/services/audit/record-audit";
import { applyRetention, runDailyRetention } from "@/lib/services/retention/daily-retention";
import { trimAuditLog } from "@/lib/services/retention/audit-retention";
import { callRecordingKey } from "@/lib/storage/blob-keys";
import type { AuditEntry } from "@/lib/schemas/audit-log";
import { createTestApi, type TestApi } from "../helpers/test-api";
import { insertCall, insertPhoneNumber } from "../helpers/fixtures";

const DAY = 86_400_000;
const NOW = new Date();
let api: TestApi;
let organizationId: string;
let ownerId: string;
let apiKey: string;

const agentBody = (name: string, extra: Record<string, unknown> = {}) => ({
  name,
  initial_state_name: "main",
  states: [{ name: "main", prompt: "Help the caller.", tools: [{ type: "hang_up" }] }],
  ...extra,
});

async function send(method: string, path: string, body?: unknown, key = apiKey) {
  const response = await api.request(method, path, { apiKey: key, body });
  const text = await response.text();
  return { status: response.status, body: text ? JSON.parse(text) : null };
}

/** A finished call with a recording in storage, an event and a webhook delivery. */
async function callWithContent(agentId: string, startTime: Date, numbers: { from?: string; to?: string } = {}) {
  const id = await insertCall(api.db, organizationId, agentId, { startTime, fromNumber: numbers.from ?? "+14155550100", toNumber: numbers.to ?? "+14155550123" });
  const key = callRecordingKey(organizationId, id);
  await api.storage.put(key, new Uint8Array([82, 73, 70, 70, 1, 2, 3, 4]), { contentType: "audio/wav", organizationId });
  await api.db.update(calls).set({ recordingBlobKey: key }).where(eq(calls.id, id));
  await api.db.insert(callEvents).values({ organizationId, callId: id, type: "user_message", payload: { seq: 1, content: "hello" } });
  await api.db.insert(webhookDeliveries).values({ organizationId, callId: id, agentId, event: "event_all_variables_resolved", url: "https://hooks.example.com", payload: { data: {} } });
  return { id, key };
}

const exists = async (callId: string) => (await api.db.select({ id: calls.id }).from(calls).where(eq(calls.id, callId))).length === 1;
const eventsOf = async (callId: string) => (await api.db.select().from(callEvents).where(eq(callEvents.callId, callId))).length;
const deliveriesOf = async (callId: string) => (await api.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.callId, callId))).length;

beforeAll(async () => {
  api = await createTestApi();
  ({ organizationId, userId: ownerId } = await createOrganizationWithOwner(api.db, { name: "Retained", ownerEmail: "owner@retain.test", ownerPassword: "owner-password" }));
  ({ apiKey } = await createApiKey({ db: api.db, organizationId }, { name: "ops", createdByUserId: ownerId }));
});
afterAll(async () => {
  await api?.close();
});

describe("call retention", () => {
  it("deletes exactly the calls older than each agent's retention_days, with their recordings, events and deliveries", async () => {
    const kept = await send("POST", "/v1/agents", agentBody("Keeps everything"));
    const month = await send("POST", "/v1/agents", agentBody("30 days", { retention_days: 30 }));
    expect(month.body.data).toMatchObject({ retention_days: 30, data_storage: "everything" });
    expect((await send("POST", "/v1/agents", agentBody("Bad", { retention_days: 0 }))).body.error.details[0].field).toBe("retention_days");

    const old = await callWithContent(month.body.data.id, new Date(NOW.getTime() - 31 * DAY));
    const recent = await callWithContent(month.body.data.id, new Date(NOW.getTime() - 29 * DAY));
    const ancient = await callWithContent(kept.body.data.id, new Date(NOW.getTime() - 900 * DAY));

    await applyRetention(api.db, api.storage, NOW);
    expect(await exists(old.id)).toBe(false);
    expect(await api.storage.get(old.key)).toBeNull();
    expect(await eventsOf(old.id)).toBe(0);
    expect(await deliveriesOf(old.id)).toBe(0);
    expect((await send("GET", `/v1/calls/${old.id}`)).status).toBe(404);
    for (const survivor of [recent, ancient]) {
      expect(await exists(survivor.id)).toBe(true);
      expect(await api.storage.get(survivor.key)).not.toBeNull();
      expect(await eventsOf(survivor.id)).toBe(1);
    }
    const [entry] = (await send("GET", "/v1/audit-log?action=call.retention_deleted")).body.data as AuditEntry[];
    expect(entry).toMatchObject({ actor: { type: "system", label: "retention job" }, resource_id: month.body.data.id, changes: { calls: { from: 1, to: 0 }, retention_days: { to: 30 } } });
  });

  it("deletes the agent's campaign contacts settled longer ago than retention_days; contacts still to be called stay", async () => {
    const agent = (await send("POST", "/v1/agents", agentBody("Campaigns, 30 days", { retention_days: 30 }))).body.data.id as string;
    const forever = (await send("POST", "/v1/agents", agentBody("Campaigns, forever"))).body.data.id as string;
    const from = "+14155550150";
    await insertPhoneNumber(api.db, organizationId, from);
    const campaignOf = async (agentId: string, numbers: string[]) => {
      const id = (await send("POST", "/v1/campaigns", { name: `List of ${agentId}`, agent_id: agentId, from_numbers: [from] })).body.data.id as string;
      await send("POST", `/v1/campaigns/${id}/contacts`, { contacts: numbers.map((phone_number) => ({ phone_number, dynamic_variables_values: { name: "Ada Lovelace" } })) });
      return id;
    };
    const settle = async (phoneNumber: string, status: string, daysAgo: number, lastCallId: string | null = null) => {
      const [contact] = await api.db
        .update(campaignContacts)
        .set({ status: status as "completed", updatedAt: new Date(NOW.getTime() - daysAgo * DAY), lastCallId })
        .where(eq(campaignContacts.phoneNumber, phoneNumber))
        .returning();
      if (lastCallId) await api.db.update(calls).set({ campaignId: contact.campaignId, campaignContactId: contact.id }).where(eq(calls.id, lastCallId));
    };
    const campaign = await campaignOf(agent, ["+12125550181", "+12125550182", "+12125550183", "+12125550184", "+12125550185"]);
    const other = await campaignOf(forever, ["+12125550186"]);
    const oldCall = await callWithContent(agent, new Date(NOW.getTime() - 32 * DAY), { from, to: "+12125550181" });
    const lateCall = await callWithContent(agent, new Date(NOW.getTime() - 31 * DAY), { from, to: "+12125550185" });
    await settle("+12125550181", "completed", 31, oldCall.id);
    await settle("+12125550182", "failed", 40);
    await settle("+12125550183", "pending", 90); // imported long ago, not called yet: the campaign's work
    await settle("+12125550184", "cancelled", 29);
    await settle("+12125550185", "failed", 10, lateCall.id); // its last call is old, its outcome recent
    await settle("+12125550186", "completed", 900);

    await applyRetention(api.db, api.storage, NOW);
    const left = await api.db.select().from(campaignContacts).where(eq(campaignContacts.campaignId, campaign));
    expect(left.map((contact) => contact.phoneNumber).sort()).toEqual(["+12125550183", "+12125550184", "+12125550185"]);
    expect(await exists(oldCall.id)).toBe(false);
    expect(await exists(lateCall.id)).toBe(false);
    // The contact whose call went keeps its outcome, no longer names the call, and ages from its own settling.
    const late = left.find((contact) => contact.phoneNumber === "+12125550185")!;
    expect(late).toMatchObject({ status: "failed", lastCallId: null });
    expect(late.updatedAt.getTime()).toBe(NOW.getTime() - 10 * DAY);
    expect((await api.db.select().from(campaignContacts).where(eq(campaignContacts.campaignId, other))).length).toBe(1);
    expect((await send("GET", `/v1/campaigns/${campaign}`)).body.data.progress.total).toBe(3);
    const [entry] = (await send("GET", `/v1/audit-log?action=call.retention_deleted&resource_id=${agent}`)).body.data as AuditEntry[];
    expect(entry.changes).toMatchObject({ calls: { from: 2, to: 0 }, campaign_contacts: { from: 2, to: 0 } });
  });

  it("runs once a day, whichever process asks first", async () => {
    const day = new Date("2031-05-05T08:00:00Z");
    expect(await runDailyRetention(api.db, api.storage, day)).toBe(true);
    expect(await runDailyRetention(api.db, api.storage, new Date(day.getTime() + 3_600_000))).toBe(false);
    expect(await runDailyRetention(api.db, api.storage, new Date(day.getTime() + DAY))).toBe(true);
  });
});

describe("audit log retention", () => {
  it("cuts the entries older than audit_retention_days, records an anchor, and the kept chain still verifies", async () => {
    const org = await createOrganization(api.db, "Aging");
    const ctx = { db: api.db, organizationId: org.id };
    for (const daysAgo of [400, 200, 100]) await recordAudit(ctx, { action: "agent.updated", resourceType: "agent", resourceId: null }, new Date(NOW.getTime() - daysAgo * DAY));
    const key = (await createApiKey(ctx, { name: "aging" })).apiKey;
    await send("POST", "/v1/agents", agentBody("Recent"), key);
    expect((await send("PATCH", "/v1/audit-log/settings", { audit_retention_days: 150 }, key)).status).toBe(200);

    expect((await trimAuditLog(ctx, NOW)).removed).toBe(2);
    const entries = (await send("GET", "/v1/audit-log?limit=100", undefined, key)).body.data as AuditEntry[];
    expect(entries.map((entry) => entry.action)).toEqual(["audit_log.trimmed", "audit_settings.updated", "agent.created", "api_key.created", "agent.updated"]);
    expect(entries[0]).toMatchObject({ actor: { type: "system" }, changes: { entries: { from: 6, to: 5 }, first_seq: { from: 1, to: 3 }, audit_retention_days: { to: 150 } } });
    expect((await send("GET", "/v1/audit-log/verify", undefined, key)).body.data).toEqual({ valid: true, entries: 5, first_broken_id: null });
    expect((await trimAuditLog(ctx, NOW)).removed).toBe(0);

    // Much later, everything has aged out: the chain starts again from the newest anchor alone.
    expect((await trimAuditLog(ctx, new Date(NOW.getTime() + 200 * DAY))).removed).toBe(5);
    expect((await send("GET", "/v1/audit-log/verify", undefined, key)).body.data).toEqual({ valid: true, entries: 1, first_broken_id: null });
  });

  it("lets nothing else delete entries: the application's own DELETE is refused", async () => {
    const entries = (await send("GET", "/v1/audit-log?limit=1")).body.data as AuditEntry[];
    const refused = await api.db.execute(sql`delete from audit_log where id = ${entries[0].id}`).catch((error: { cause?: Error }) => error.cause?.message);
    expect(refused).toMatch(/append-only: DELETE refused/);
  });
});

describe("data erasure", () => {
  it("deletes every call with the number on either side, its recording and events; nothing is found by the number; the log keeps it hashed", async () => {
    const agent = (await send("POST", "/v1/agents", agentBody("Erasure desk"))).body.data.id as string;
    const number = "+14155550188";
    const inbound = await callWithContent(agent, new Date(NOW.getTime() - DAY), { from: number, to: "+14155550100" });
    const outbound = await callWithContent(agent, new Date(NOW.getTime() - 2 * DAY), { from: "+14155550100", to: number });
    await api.db.update(calls).set({ recordingBlobKey: null }).where(eq(calls.id, outbound.id));
    await api.db
      .update(calls)
      .set({ transcript: [{ role: "user", content: `Call me back on ${number}`, start_time: NOW.toISOString() }] })
      .where(eq(calls.id, inbound.id));
    const bystander = await callWithContent(agent, new Date(NOW.getTime() - DAY), { from: "+14155550177" });
    expect((await send("GET", `/v1/calls?search=${encodeURIComponent(number)}`)).body.data.length).toBe(1);

    const erased = await send("POST", "/v1/data-erasure", { phone_number: number });
    expect(erased.status).toBe(200);
    expect(erased.body.data).toEqual({ calls_deleted: 2, recordings_deleted: 1, contacts_deleted: 0, do_not_call: "suppressed" });
    for (const query of [`from_number=${encodeURIComponent(number)}`, `to_number=${encodeURIComponent(number)}`, `search=${encodeURIComponent(number)}`, `search=4155550188`]) {
      expect((await send("GET", `/v1/calls?${query}`)).body.data).toEqual([]);
    }
    expect(await api.storage.get(inbound.key)).toBeNull();
    expect(await eventsOf(inbound.id)).toBe(0);
    expect(await deliveriesOf(outbound.id)).toBe(0);
    expect(await exists(bystander.id)).toBe(true);

    const log = (await send("GET", "/v1/audit-log?limit=1000")).body.data as AuditEntry[];
    const entry = log.find((item) => item.action === "data.erased")!;
    expect(entry.changes).toMatchObject({ calls_deleted: { to: 2 }, recordings_deleted: { to: 1 } });
    expect(entry.changes.phone_number_hash.to).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(log)).not.toContain("4155550188");
    expect((await send("POST", "/v1/data-erasure", { phone_number: number })).body.data).toEqual({ calls_deleted: 0, recordings_deleted: 0, contacts_deleted: 0, do_not_call: "suppressed" });
    expect((await send("POST", "/v1/data-erasure", { phone_number: "555" })).body.error.details[0].field).toBe("phone_number");
  });

  it("removes the number from every campaign's contacts and keeps it only as a hashed suppression: never called again, found by no one", async () => {
    const agent = (await send("POST", "/v1/agents", agentBody("Campaign desk"))).body.data.id as string;
    const from = "+14155550140";
    await insertPhoneNumber(api.db, organizationId, from);
    const number = "+12125550166";
    const campaign = async (name: string) => {
      const id = (await send("POST", "/v1/campaigns", { name, agent_id: agent, from_numbers: [from] })).body.data.id as string;
      const contacts = [
        { phone_number: number, dynamic_variables_values: { name: "Ada Lovelace" }, metadata: { crm: "CRM-66" } },
        { phone_number: "+12125550167", dynamic_variables_values: { name: "Grace Hopper" } },
      ];
      expect((await send("POST", `/v1/campaigns/${id}/contacts`, { contacts })).body.data.added).toBe(2);
      return id;
    };
    const first = await campaign("Renewals");
    const second = await campaign("Win-back");
    // The campaign's call to the person: erased with the rest, and its contact with it.
    const [contact] = (await send("GET", `/v1/campaigns/${first}/contacts?limit=10`)).body.data as { id: string; phone_number: string }[];
    const call = await insertCall(api.db, organizationId, agent, { fromNumber: from, toNumber: number });
    await api.db.update(calls).set({ campaignId: first, campaignContactId: contact.id }).where(eq(calls.id, call));
    expect((await send("GET", `/v1/calls?campaign_id=${first}`)).body.data.length).toBe(1);

    const erased = await send("POST", "/v1/data-erasure", { phone_number: number });
    expect(erased.body.data).toEqual({ calls_deleted: 1, recordings_deleted: 0, contacts_deleted: 2, do_not_call: "suppressed" });
    for (const id of [first, second]) {
      const left = (await send("GET", `/v1/campaigns/${id}/contacts?limit=10`)).body.data as { phone_number: string }[];
      expect(left.map((item) => item.phone_number)).toEqual(["+12125550167"]);
      expect(JSON.stringify(left)).not.toMatch(/Ada|CRM-66/);
      expect((await send("GET", `/v1/campaigns/${id}`)).body.data.progress.total).toBe(1);
    }
    expect((await send("GET", `/v1/calls?campaign_id=${first}`)).body.data).toEqual([]);

    // The suppression: an entry without the number, reason or call, that still refuses the number everywhere.
    const list = (await send("GET", "/v1/do-not-call?limit=100")).body.data as { id: string; phone_number: string | null; erased: boolean; source: string; reason: string | null }[];
    const suppression = list.find((entry) => entry.erased)!;
    expect(suppression).toMatchObject({ phone_number: null, source: "erasure", reason: null });
    expect(JSON.stringify(list)).not.toContain("2125550166");
    const refused = await send("POST", "/v1/calls/phone", { from_number: from, to_number: number, agent_id: agent });
    expect(refused.status).toBe(400);
    expect(refused.body.error.type).toBe("do_not_call");
    const reimported = await send("POST", `/v1/campaigns/${second}/contacts`, { contacts: [{ phone_number: number }] });
    expect(reimported.body.data).toMatchObject({ added: 1, skipped_dnc: 1 });
    // Listing the number again does not bring it back in the clear.
    expect((await send("POST", "/v1/do-not-call", { phone_numbers: [number] })).body.data).toMatchObject({ added: 0, already_listed: 1 });
    expect(JSON.stringify((await send("GET", "/v1/do-not-call?limit=100")).body.data)).not.toContain("2125550166");
    const log = (await send("GET", "/v1/audit-log?action=data.erased&limit=1")).body.data as AuditEntry[];
    expect(log[0].changes).toMatchObject({ contacts_deleted: { to: 2 }, do_not_call: { to: "suppressed" } });

    // Removed by its id (the only name it has left), or not kept at all when asked.
    expect((await send("DELETE", `/v1/do-not-call/${suppression.id}`)).status).toBe(200);
    expect((await send("POST", "/v1/calls/phone", { from_number: from, to_number: number, agent_id: agent })).status).toBe(201);
    const listed = async () => ((await send("GET", "/v1/do-not-call?limit=100")).body.data as unknown[]).length;
    const before = await listed();
    await send("POST", "/v1/do-not-call", { phone_numbers: ["+12125550167"] });
    expect(await listed()).toBe(before + 1);
    expect((await send("POST", "/v1/data-erasure", { phone_number: "+12125550167", do_not_call: "remove" })).body.data).toMatchObject({ contacts_deleted: 2, do_not_call: "removed" });
    expect(await listed()).toBe(before);
  });

  it("is for owners' and admins' keys and, in the studio, for owners", async () => {
    const member = await createPasswordUser(api.db, { email: "member@retain.test", password: "password-123" });
    await addMembership(api.db, organizationId, member.id, "member");
    const memberKey = await createApiKey({ db: api.db, organizationId }, { name: "member's", createdByUserId: member.id });
    const refused = await send("POST", "/v1/data-erasure", { phone_number: "+14155550199" }, memberKey.apiKey);
    expect(refused.status).toBe(403);
    expect(refused.body.error.type).toBe("permission_error");
    expect(bffPermission("POST", ["data-erasure"])).toBe("manageOrganization");
  });
});
