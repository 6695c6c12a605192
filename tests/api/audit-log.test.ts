import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { prepareAdminCommand } from "@/lib/admin/commands";
import { createApiKey } from "@/lib/auth/api-keys";
import { acceptInvitation, createInvitation } from "@/lib/auth/invitations";
import { addMembership, changeMemberRole } from "@/lib/auth/memberships";
import { createOrganizationWithOwner } from "@/lib/auth/organizations";
import type { MemberRole } from "@/lib/auth/roles";
import { signInWithPassword } from "@/lib/auth/sign-ins";
import { createPasswordUser } from "@/lib/auth/users";
import { bffPermission, proxyToVoiceApi } from "@/lib/console/bff-proxy";
import { buildConsoleContext, type ConsoleContext } from "@/lib/server/console-context";
import { handleConsoleRequest } from "@/lib/server/console-request";
import { pgBossQueue } from "@/lib/jobs/pg-boss-queue";
import { createAgent } from "@/lib/services/agents";
import { runCampaignTick } from "@/lib/services/campaigns/campaign-dispatch";
import { withTransaction } from "@/lib/services/context";
import { CreateAgentSchema } from "@/lib/agents/document-schema";
import type { AuditEntry } from "@/lib/schemas/audit-log";
import { createTestApi, type TestApi } from "../helpers/test-api";
import { insertAgent, insertCall, insertPhoneNumber } from "../helpers/fixtures";

const ORIGIN = "http://studio.test";
const BROWSER = { requestId: "req-browser-1", ip: "198.51.100.7", userAgent: "Mozilla/5.0 (audit test)" };
let api: TestApi;
let organizationId: string;
let ownerId: string;
let apiKey: string;
let apiKeyId: string;
let apiKeyPrefix: string;
const users: Partial<Record<MemberRole, string>> = {};

const agentBody = (name: string) => ({
  name,
  initial_state_name: "main",
  states: [{ name: "main", prompt: "Help the caller.", tools: [{ type: "hang_up", description: "End the call" }] }],
});

/** A request with the API key, from a client the server saw at 203.0.113.9. */
async function v1(method: string, path: string, body?: unknown, key = apiKey) {
  const headers: Record<string, string> = { "X-Api-Key": key, "User-Agent": "audit-test-client/1.0" };
  if (body !== undefined) headers["Content-Type"] = "application/json";
  const response = await api.app.request(path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) }, { clientIp: "203.0.113.9" });
  const text = await response.text();
  return { response, body: text ? JSON.parse(text) : null };
}

async function consoleContext(role: MemberRole): Promise<ConsoleContext> {
  const userId = role === "owner" ? ownerId : users[role];
  const result = await buildConsoleContext({ db: api.db, userId, requestedOrganizationId: organizationId, origin: ORIGIN, app: api.app, client: BROWSER });
  if (!result.ok) throw new Error("no console context");
  return result.context;
}

/** A browser request through the studio's BFF, as app/api/console/v1/[...path] handles it. */
async function bff(role: MemberRole, method: string, path: string, json?: unknown) {
  const request = new Request(`${ORIGIN}/api/console/v1/${path}`, {
    method,
    headers: json === undefined ? {} : { "content-type": "application/json" },
    body: json === undefined ? undefined : JSON.stringify(json),
  });
  const segments = path.split("?")[0].split("/");
  const context = { ok: true as const, context: await consoleContext(role) };
  const response = await handleConsoleRequest(request, context, { path: segments }, (req, params) => bffPermission(req.method, params.path), (req, ctx, params) =>
    proxyToVoiceApi(req, params.path, ctx),
  );
  return { response, body: await response.json() };
}

async function entries(query = ""): Promise<AuditEntry[]> {
  const { response, body } = await v1("GET", `/v1/audit-log?limit=1000${query}`);
  expect(response.status).toBe(200);
  return body.data;
}

async function latest(action: string, resourceId?: string): Promise<AuditEntry> {
  const found = (await entries(`&action=${action}`)).find((entry) => resourceId === undefined || entry.resource_id === resourceId);
  if (!found) throw new Error(`no ${action} entry`);
  return found;
}

beforeAll(async () => {
  api = await createTestApi();
  ({ organizationId, userId: ownerId } = await createOrganizationWithOwner(api.db, { name: "Audited", ownerEmail: "owner@audit.test", ownerPassword: "owner-password" }));
  for (const role of ["admin", "member", "viewer"] as const) {
    const user = await createPasswordUser(api.db, { email: `${role}@audit.test`, password: "password-123" });
    await addMembership(api.db, organizationId, user.id, role);
    users[role] = user.id;
  }
  const key = await createApiKey({ db: api.db, organizationId }, { name: "automation", createdByUserId: ownerId });
  ({ apiKey, id: apiKeyId } = key);
  apiKeyPrefix = key.summary.prefix;
});

afterAll(async () => {
  await api?.close();
});

describe("who did it, through each entry point", () => {
  it("an API key: its id and prefix, the request's id, address and user agent, and the fields that changed", async () => {
    const created = await v1("POST", "/v1/agents", agentBody("Front desk"));
    expect(created.response.status).toBe(200);
    const agentId = created.body.data.id;
    const updated = await v1("PATCH", `/v1/agents/${agentId}`, { name: "Reception", max_call_duration: 600 });
    expect(updated.response.status).toBe(200);

    const entry = await latest("agent.updated", agentId);
    expect(entry.actor).toEqual({ type: "api_key", id: apiKeyId, label: apiKeyPrefix });
    expect(entry).toMatchObject({ organization_id: organizationId, resource_type: "agent", resource_id: agentId, ip: "203.0.113.9", user_agent: "audit-test-client/1.0" });
    expect(entry.request_id).toBe(updated.response.headers.get("x-request-id"));
    expect(entry.changes).toMatchObject({ name: { from: "Front desk", to: "Reception" }, max_call_duration: { to: 600 }, version: { from: 1, to: 2 } });
    expect(entry.changes).not.toHaveProperty("states");
    expect((await latest("agent.created", agentId)).changes.name).toEqual({ from: null, to: "Front desk" });

    await v1("DELETE", `/v1/agents/${agentId}`);
    expect((await latest("agent.deleted", agentId)).changes.name).toEqual({ from: "Reception", to: null });
  });

  it("the studio: the signed-in user (not the console key), with the browser's address and user agent", async () => {
    const agentId = await insertAgent(api.db, organizationId, "Studio agent");
    const patched = await bff("member", "PATCH", `agents/${agentId}`, { name: "Edited in the studio" });
    expect(patched.response.status).toBe(200);
    const entry = await latest("agent.updated", agentId);
    expect(entry.actor).toEqual({ type: "user", id: users.member, label: "member@audit.test" });
    expect(entry).toMatchObject({ ip: BROWSER.ip, user_agent: BROWSER.userAgent });

    // The studio's own account pages call lib/auth with the console context's service context.
    const admin = await consoleContext("admin");
    await changeMemberRole(admin.service, { userId: users.admin!, role: "admin" }, users.viewer!, "member");
    const roleChange = await latest("member.role_changed", users.viewer);
    expect(roleChange).toMatchObject({ actor: { type: "user", id: users.admin, label: "admin@audit.test" }, ip: BROWSER.ip, request_id: BROWSER.requestId });
    expect(roleChange.changes).toEqual({ email: { from: "viewer@audit.test", to: "viewer@audit.test" }, role: { from: "viewer", to: "member" } });
    await changeMemberRole(admin.service, { userId: users.admin!, role: "admin" }, users.viewer!, "viewer");

    const key = await createApiKey(admin.service, { name: "from the studio", createdByUserId: users.admin });
    expect((await latest("api_key.created", key.id)).actor.label).toBe("admin@audit.test");
  });

  it("the admin CLI", async () => {
    const run = prepareAdminCommand("create-api-key", { org: organizationId, name: "ops" });
    const created = (await run(api.db)) as { id: string };
    const entry = await latest("api_key.created", created.id);
    expect(entry.actor).toMatchObject({ type: "admin_cli", id: null });
    expect(entry.actor.label).toMatch(/^admin CLI \(.+@.+\)$/);
    expect(entry.changes.name).toEqual({ from: null, to: "ops" });
  });

  it("sign-ins, failed sign-ins and an accepted invitation", async () => {
    const origin = { requestId: null, ip: "192.0.2.44", userAgent: "Firefox" };
    expect(await signInWithPassword(api.db, "admin@audit.test", "wrong-password", origin)).toBeNull();
    expect(await signInWithPassword(api.db, "admin@audit.test", "password-123", origin)).toMatchObject({ id: users.admin });
    const failed = await latest("user.sign_in_failed", users.admin);
    expect(failed).toMatchObject({ actor: { type: "user", id: users.admin, label: "admin@audit.test" }, ip: "192.0.2.44", user_agent: "Firefox" });
    expect((await latest("user.signed_in", users.admin)).changes.method).toEqual({ from: null, to: "password" });

    const owner = await consoleContext("owner");
    const { token, invitation } = await createInvitation(owner.service, { role: "viewer", inviter: { userId: ownerId, role: "owner" } });
    expect((await latest("invitation.created", invitation.id)).actor.id).toBe(ownerId);
    const guest = await createPasswordUser(api.db, { email: "guest@audit.test", password: "password-123" });
    await acceptInvitation(api.db, token, guest.id, { origin });
    const accepted = await latest("invitation.accepted", invitation.id);
    expect(accepted.actor).toEqual({ type: "user", id: guest.id, label: "guest@audit.test" });
    expect(accepted.changes.role).toEqual({ from: null, to: "viewer" });
  });

  it("phone numbers, calls, pricing and knowledge bases through /v1", async () => {
    const number = await v1("POST", "/v1/phone-numbers", { number: "+14155550177", name: "Audit line" });
    const id = number.body.data.id;
    await v1("PATCH", `/v1/phone-numbers/${id}`, { name: "Renamed line" });
    await v1("DELETE", `/v1/phone-numbers/${id}`);
    expect((await latest("phone_number.created", id)).changes.number).toEqual({ from: null, to: "+14155550177" });
    expect((await latest("phone_number.updated", id)).changes).toEqual({ name: { from: "Audit line", to: "Renamed line" } });
    expect((await latest("phone_number.deleted", id)).changes.number).toEqual({ from: "+14155550177", to: null });

    const callId = await insertCall(api.db, organizationId, await insertAgent(api.db, organizationId));
    await v1("PATCH", `/v1/calls/${callId}`, { metadata: { ticket: "T-1" } });
    expect((await latest("call.updated", callId)).changes["metadata.ticket"]).toEqual({ from: null, to: "T-1" });
    expect((await v1("DELETE", `/v1/calls/${callId}`)).response.status).toBe(204);
    expect((await latest("call.deleted", callId)).actor.id).toBe(apiKeyId);

    await v1("PATCH", "/v1/pricing", { telephony_per_minute: 0.02 });
    expect((await latest("pricing.updated")).changes).toEqual({ overridden: { from: [], to: ["telephony_per_minute"] }, telephony_per_minute: { from: 0.014, to: 0.02 } });

    const kb = await v1("POST", "/v1/knowledge-bases", { name: "Policies" });
    await v1("DELETE", `/v1/knowledge-bases/${kb.body.data.id}`);
    expect((await latest("knowledge_base.deleted", kb.body.data.id)).changes.name).toEqual({ from: "Policies", to: null });
  });

  it("shows secrets as [redacted]: carrier credentials, the webhook secret", async () => {
    const put = await v1("PUT", "/v1/telephony/providers/twilio", { account_sid: "AC" + "1".repeat(32), auth_token: "super-secret-token-1", verify: false });
    expect(put.response.status).toBe(200);
    await v1("PUT", "/v1/telephony/providers/twilio", { account_sid: "AC" + "1".repeat(32), auth_token: "super-secret-token-2", verify: false });
    const changed = await latest("telephony_provider.updated", "twilio");
    expect(changed.changes).toEqual({ auth_token: { from: "[redacted]", to: "[redacted]" } });
    const first = (await entries("&action=telephony_provider.updated")).at(-1)!;
    expect(first.changes).toEqual({ account_sid: { from: null, to: "AC" + "1".repeat(32) }, auth_token: { from: null, to: "[redacted]" } });

    await v1("POST", "/v1/webhook-secret/rotate", {});
    const rotated = await latest("webhook_secret.rotated");
    expect(rotated.changes.secret).toEqual({ from: "[redacted]", to: "[redacted]" });
    expect(JSON.stringify(await entries())).not.toMatch(/super-secret-token|whsec_/);
  });

  it("keeps no entry of a change that was rolled back", async () => {
    const before = (await entries("&action=agent.created")).length;
    const attempt = withTransaction({ db: api.db, organizationId }, async (tx) => {
      await createAgent(tx, CreateAgentSchema.parse(agentBody("Never kept")));
      throw new Error("rolled back");
    });
    await expect(attempt).rejects.toThrow("rolled back");
    expect((await entries("&action=agent.created")).length).toBe(before);
  });
});

describe("campaigns, do-not-call and concurrency, through the API and the studio", () => {
  const FROM = "+14155550140";
  let agentId: string;
  type Send = (method: string, path: string, body?: unknown) => Promise<{ response: Response; body: { data: any } }>; // eslint-disable-line @typescript-eslint/no-explicit-any
  const byKey: Send = (method, path, body) => v1(method, `/v1/${path}`, body);
  const byStudio =
    (role: MemberRole): Send =>
    (method, path, body) =>
      bff(role, method, path, body);
  const keyActor = () => ({ type: "api_key", id: apiKeyId, label: apiKeyPrefix });
  const userActor = (role: MemberRole) => ({ type: "user", id: users[role], label: `${role}@audit.test` });
  const tomorrow = new Date(Date.now() + 86_400_000).toISOString();

  beforeAll(async () => {
    agentId = await insertAgent(api.db, organizationId, "Campaign agent");
    await insertPhoneNumber(api.db, organizationId, FROM);
  });

  /** A campaign's whole life through `send`: every write is in the log with `actor`, and no contact's number or variable is. */
  async function campaignLife(send: Send, actor: object, name: string) {
    const created = await send("POST", "campaigns", { name, agent_id: agentId, from_numbers: [FROM], pacing: { max_concurrent_calls: 3 } });
    expect(created.response.status).toBe(201);
    const id = created.body.data.id as string;
    expect(await latest("campaign.created", id)).toMatchObject({
      actor,
      resource_type: "campaign",
      changes: { name: { from: null, to: name }, agent_id: { from: null, to: agentId }, from_numbers: { from: null, to: [FROM] }, "pacing.max_concurrent_calls": { from: null, to: 3 } },
    });

    expect((await send("PATCH", `campaigns/${id}`, { name: `${name} Q3`, schedule: { start_at: tomorrow } })).response.status).toBe(200);
    const updated = await latest("campaign.updated", id);
    expect(updated.actor).toEqual(actor);
    expect(updated.changes).toEqual({ name: { from: name, to: `${name} Q3` }, "schedule.start_at": { from: null, to: tomorrow } });

    const contacts = [
      { phone_number: "+12125550161", dynamic_variables_values: { name: "Ada Lovelace" }, metadata: { crm: "CRM-77" } },
      { phone_number: "+1 212 555 0162" },
      { phone_number: "+12125550161" },
      { phone_number: "not a number" },
    ];
    expect((await send("POST", `campaigns/${id}/contacts`, { contacts })).response.status).toBe(200);
    const imported = await latest("campaign.contacts_imported", id);
    expect(imported).toMatchObject({ actor, changes: { added: { from: null, to: 2 }, duplicates: { from: null, to: 1 }, rejected: { from: null, to: 1 }, skipped_dnc: { from: null, to: 0 } } });
    expect(JSON.stringify(imported)).not.toMatch(/555016[12]|Ada|CRM-77/);

    // Scheduled a day ahead: nothing is dialled while it is started, paused, resumed and cancelled.
    const steps = [
      ["start", "campaign.started", "draft", "scheduled"],
      ["pause", "campaign.paused", "scheduled", "paused"],
      ["resume", "campaign.resumed", "paused", "scheduled"],
      ["cancel", "campaign.cancelled", "scheduled", "cancelled"],
    ] as const;
    for (const [verb, action, from, to] of steps) {
      expect((await send("POST", `campaigns/${id}/${verb}`)).response.status).toBe(200);
      expect(await latest(action, id)).toMatchObject({ actor, changes: { status: { from, to } } });
    }
    expect((await latest("campaign.cancelled", id)).changes.contacts_cancelled).toEqual({ from: null, to: 2 });
    // A refused change leaves no entry.
    expect((await send("POST", `campaigns/${id}/pause`)).response.status).toBe(409);
    expect((await entries(`&resource_id=${id}&action=campaign.paused`)).length).toBe(1);

    expect((await send("DELETE", `campaigns/${id}`)).response.status).toBe(200);
    expect(await latest("campaign.deleted", id)).toMatchObject({ actor, changes: { name: { from: `${name} Q3`, to: null }, contacts: { from: 2, to: null } } });
  }

  /** Listing and unlisting a number through `send`: in the log with `actor`, the number only as its keyed hash. */
  async function doNotCallLife(send: Send, actor: object, number: string, source: "api" | "studio") {
    const digits = number.slice(1);
    const added = await send("POST", "do-not-call", { phone_numbers: [number], reason: `Asked by email to stop calling ${number}` });
    expect(added.response.status).toBe(201);
    const entryId = added.body.data.entries[0].id as string;
    const listed = await latest("do_not_call.added", entryId);
    expect(listed).toMatchObject({ actor, resource_type: "do_not_call", changes: { added: { from: null, to: 1 }, source: { from: null, to: source } } });
    const [hash] = listed.changes.phone_number_hashes.to as string[];
    expect(hash).toMatch(/^[0-9a-f]{64}$/);
    expect(listed.changes.reason.to).toBe("Asked by email to stop calling [phone_number]");

    expect((await send("DELETE", `do-not-call/${digits}`)).response.status).toBe(200);
    const removed = await latest("do_not_call.removed", entryId);
    expect(removed).toMatchObject({ actor, changes: { phone_number_hash: { from: hash, to: null } } });
    expect(JSON.stringify([listed, removed])).not.toContain(digits);
  }

  it("with an API key: the key is the actor of each campaign write, listing, unlisting and the concurrency change", async () => {
    await campaignLife(byKey, keyActor(), "Renewals");
    await doNotCallLife(byKey, keyActor(), "+13125550171", "api");
    expect((await byKey("PATCH", "concurrency", { limit: 30, inbound_reserved: 2 })).response.status).toBe(200);
    const changed = await latest("concurrency.updated");
    expect(changed).toMatchObject({ actor: keyActor(), resource_type: "concurrency", resource_id: organizationId });
    expect(changed.changes).toEqual({ limit: { from: 20, to: 30 }, inbound_reserved: { from: 0, to: 2 } });
  });

  it("in the studio: the signed-in member runs campaigns, an admin changes the list and the concurrency", async () => {
    await campaignLife(byStudio("member"), userActor("member"), "Studio renewals");
    await doNotCallLife(byStudio("admin"), userActor("admin"), "+13125550172", "studio");
    expect((await byStudio("member")("PATCH", "concurrency", { limit: 40 })).response.status).toBe(403);
    expect((await byStudio("admin")("PATCH", "concurrency", { limit: 40 })).response.status).toBe(200);
    const changed = await latest("concurrency.updated");
    expect(changed).toMatchObject({ actor: userActor("admin"), ip: BROWSER.ip });
    expect(changed.changes).toEqual({ limit: { from: 30, to: 40 } });
  });

  it("the dispatcher pausing a campaign it cannot place calls for is the system's doing", async () => {
    const line = "+14155550141";
    const numberId = await insertPhoneNumber(api.db, organizationId, line);
    const created = await byKey("POST", "campaigns", {
      name: "Orphaned",
      agent_id: agentId,
      from_numbers: [line],
      schedule: { windows: [{ days: ["mon", "tue", "wed", "thu", "fri", "sat", "sun"], start: "00:00", end: "23:59" }], timezone: "UTC", recipient_timezone: false },
    });
    const id = created.body.data.id as string;
    await byKey("POST", `campaigns/${id}/contacts`, { contacts: [{ phone_number: "+12125550163" }] });
    expect((await byKey("POST", `campaigns/${id}/start`)).body.data.status).toBe("running");
    await byKey("DELETE", `phone-numbers/${numberId}`);
    expect(await runCampaignTick({ db: api.db, queue: pgBossQueue(api.boss), dial: async () => undefined, tickMs: 2000 }, id)).toBe("stopped");
    expect(await latest("campaign.paused", id)).toMatchObject({ actor: { type: "system", id: null, label: "campaign dispatcher" }, changes: { status: { from: "running", to: "paused" } } });
    expect((await latest("campaign.paused", id)).changes.reason.to).toMatch(/from_number/);
  });
});

describe("reading the log", () => {
  it("filters by action, resource type, resource, actor and time, and pages every entry exactly once", async () => {
    const all = await entries();
    expect(all.length).toBeGreaterThan(20);
    for (let i = 1; i < all.length; i++) expect(all[i - 1].at >= all[i].at).toBe(true);
    expect((await entries("&action=agent")).every((entry) => entry.action.startsWith("agent."))).toBe(true);
    expect((await entries("&resource_type=phone_number")).every((entry) => entry.resource_type === "phone_number")).toBe(true);
    const byAdmin = await entries(`&actor_id=${users.admin}`);
    expect(byAdmin.length).toBeGreaterThan(0);
    expect(byAdmin.every((entry) => entry.actor.id === users.admin)).toBe(true);
    const middle = all[Math.floor(all.length / 2)].at;
    const older = await entries(`&to=${encodeURIComponent(middle)}`);
    expect(older.length).toBeGreaterThan(0);
    expect(older.every((entry) => entry.at < middle)).toBe(true);

    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const { body } = await v1("GET", `/v1/audit-log?limit=7${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ""}`);
      seen.push(...body.data.map((entry: AuditEntry) => entry.id));
      cursor = body.next_cursor;
    } while (cursor);
    expect(seen).toEqual(all.map((entry) => entry.id));
  });

  it("is for owners and admins: members and viewers get 403 in the studio, a key made by a member gets 403", async () => {
    expect((await bff("admin", "GET", "audit-log")).response.status).toBe(200);
    expect((await bff("owner", "GET", "audit-log/verify")).response.status).toBe(200);
    for (const role of ["member", "viewer"] as const) {
      const denied = await bff(role, "GET", "audit-log");
      expect(denied.response.status).toBe(403);
      expect(denied.body.error.type).toBe("permission_error");
    }
    expect((await bff("admin", "PATCH", "audit-log/settings", { audit_retention_days: 90 })).response.status).toBe(403);
    const memberKey = await createApiKey({ db: api.db, organizationId }, { name: "member's", createdByUserId: users.member });
    const refused = await v1("GET", "/v1/audit-log", undefined, memberKey.apiKey);
    expect(refused.response.status).toBe(403);
    expect(refused.body.error.type).toBe("permission_error");
    const other = await api.createOrganization("Elsewhere");
    const elsewhere = await v1("GET", "/v1/audit-log?limit=1000", undefined, other.apiKey);
    expect(elsewhere.body.data.every((entry: AuditEntry) => entry.organization_id === other.organizationId)).toBe(true);
  });

  it("keeps the retention setting between 30 and 3650 days, owners only in the studio", async () => {
    expect((await v1("GET", "/v1/audit-log/settings")).body.data).toEqual({ audit_retention_days: 365 });
    const tooShort = await v1("PATCH", "/v1/audit-log/settings", { audit_retention_days: 29 });
    expect(tooShort.response.status).toBe(400);
    expect(tooShort.body.error.details[0].field).toBe("audit_retention_days");
    expect((await bff("owner", "PATCH", "audit-log/settings", { audit_retention_days: 90 })).body.data).toEqual({ audit_retention_days: 90 });
    expect((await latest("audit_settings.updated")).changes).toEqual({ audit_retention_days: { from: 365, to: 90 } });
    await v1("PATCH", "/v1/audit-log/settings", { audit_retention_days: 365 });
  });
});

describe("tamper evidence", () => {
  it("verifies the chain, refuses UPDATE and DELETE, and names the first entry changed directly in the database", async () => {
    const { body: verified } = await v1("GET", "/v1/audit-log/verify");
    const count = (await entries()).length;
    expect(verified.data).toEqual({ valid: true, entries: count, first_broken_id: null });

    await expect(api.db.execute(sql`update audit_log set action = 'agent.viewed' where organization_id = ${organizationId}`)).rejects.toThrow();
    await expect(api.db.execute(sql`delete from audit_log where organization_id = ${organizationId}`)).rejects.toThrow();
    await expect(api.db.execute(sql`truncate audit_log`)).rejects.toThrow();
    expect((await v1("GET", "/v1/audit-log/verify")).body.data.valid).toBe(true);

    // Someone with the database owner's rights switches the trigger off and edits an old entry.
    const target = (await entries()).at(-5)!;
    await api.db.execute(sql`alter table audit_log disable trigger audit_log_append_only`);
    await api.db.execute(sql`update audit_log set changes = '{"name":{"from":null,"to":"forged"}}'::jsonb where id = ${target.id}`);
    await api.db.execute(sql`alter table audit_log enable trigger audit_log_append_only`);
    const broken = (await v1("GET", "/v1/audit-log/verify")).body.data;
    expect(broken).toMatchObject({ valid: false, first_broken_id: target.id });
  });

  it("stays one chain when many changes of an organization commit at once", async () => {
    const busy = await api.createOrganization("Busy");
    const results = await Promise.all(Array.from({ length: 16 }, (_, i) => v1("POST", "/v1/agents", agentBody(`Agent ${i}`), busy.apiKey)));
    expect(results.every((result) => result.response.status === 200)).toBe(true);
    expect((await v1("GET", "/v1/audit-log/verify", undefined, busy.apiKey)).body.data).toEqual({ valid: true, entries: 17, first_broken_id: null });
  });

  it("notices an entry removed from the middle or the end", async () => {
    const other = await api.createOrganization("Removal");
    for (const name of ["a", "b", "c", "d"]) await v1("POST", "/v1/agents", agentBody(name), other.apiKey);
    const list = (await v1("GET", "/v1/audit-log?limit=100", undefined, other.apiKey)).body.data as AuditEntry[];
    expect((await v1("GET", "/v1/audit-log/verify", undefined, other.apiKey)).body.data).toEqual({ valid: true, entries: 5, first_broken_id: null }); // its key's creation, then the agents
    await api.db.execute(sql`alter table audit_log disable trigger audit_log_append_only`);
    await api.db.execute(sql`delete from audit_log where id = ${list[2].id}`);
    expect((await v1("GET", "/v1/audit-log/verify", undefined, other.apiKey)).body.data).toMatchObject({ valid: false, first_broken_id: list[1].id });
    await api.db.execute(sql`delete from audit_log where id = ${list[0].id}`);
    await api.db.execute(sql`delete from audit_log where id = ${list[1].id}`);
    await api.db.execute(sql`alter table audit_log enable trigger audit_log_append_only`);
    expect((await v1("GET", "/v1/audit-log/verify", undefined, other.apiKey)).body.data).toMatchObject({ valid: false, first_broken_id: list[3].id });
  });
});
