import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { calls, phoneNumbers } from "@/lib/db/schema";
import { ValidationError } from "@/lib/utils/domain-errors";
import { createPhoneNumber } from "@/lib/services/phone-numbers/phone-numbers";
import { openTrunkPassword } from "@/lib/services/phone-numbers/sip-trunk-password";
import { insertAgent, insertPhoneNumber } from "../helpers/fixtures";
import { createTestApi, type TestApi } from "../helpers/test-api";

let api: TestApi;
let orgA: { organizationId: string; apiKey: string };
let orgB: { organizationId: string; apiKey: string };
let agentA: string;
let agentB: string;

beforeAll(async () => {
  api = await createTestApi();
  orgA = await api.createOrganization("Org A");
  orgB = await api.createOrganization("Org B");
  agentA = await insertAgent(api.db, orgA.organizationId, "Agent A");
  agentB = await insertAgent(api.db, orgB.organizationId, "Agent B");
});
afterAll(async () => api?.close());

let counter = 1000;
/** A number no other test uses (the unique index is global). */
const freshNumber = () => `+1415555${String(counter++).padStart(4, "0")}`;
const MISSING_ID = "7d9f2c4e-1a3b-4c5d-8e9f-0a1b2c3d4e5f";

type Envelope = {
  data: Record<string, unknown> & Array<Record<string, unknown>>;
  message: string;
  error: { type: string; message: string; status: number; details: { field: string; message: string }[] } | null;
  status: number;
  next_cursor?: string | null;
  current_page?: number | null;
  total_pages?: number | null;
  total_items?: number | null;
};

async function send(method: string, path: string, options: { body?: unknown; rawBody?: string; apiKey?: string } = {}) {
  const res = await api.request(method, path, {
    apiKey: options.apiKey ?? orgA.apiKey,
    body: options.body,
    rawBody: options.rawBody,
    headers: options.rawBody !== undefined ? { "Content-Type": "application/json" } : {},
  });
  const text = await res.text();
  return { status: res.status, headers: res.headers, text, body: JSON.parse(text) as Envelope };
}

const fields = (body: Envelope) => body.error?.details.map((d) => d.field) ?? [];

function expectError(res: { status: number; body: Envelope }, status: number, type: string, field?: string) {
  expect(res.status).toBe(status);
  expect(res.body.status).toBe(status);
  expect(res.body.data).toBeNull();
  expect(res.body.error?.type).toBe(type);
  if (field) expect(fields(res.body)).toContain(field);
}

const createBody = (extra: Record<string, unknown> = {}) => ({ number: freshNumber(), ...extra });

describe("POST /v1/phone-numbers (extension)", () => {
  it("registers a PSTN number with defaults and returns it with 201", async () => {
    const number = freshNumber();
    const res = await send("POST", "/v1/phone-numbers", { body: { number, name: "  Support  " } });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ status: 201, error: null, message: "Phone number created" });
    expect(res.body.data).toMatchObject({
      number,
      name: "Support",
      type: "pstn",
      inbound_agent_id: null,
      redirect: false,
      redirect_phone_number: null,
      sip_trunk: null,
    });
    expect(res.body.data.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(res.body.data.created_at).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
    expect(res.body.data.updated_at).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);

    const fetched = await send("GET", `/v1/phone-numbers/${res.body.data.id}`);
    expect(fetched.status).toBe(200);
    expect(fetched.body.data).toEqual(res.body.data);
  });

  it("accepts an inbound agent and a redirect of the same organization", async () => {
    const redirectTo = freshNumber();
    const res = await send("POST", "/v1/phone-numbers", {
      body: createBody({ inbound_agent_id: agentA, redirect: true, redirect_phone_number: redirectTo }),
    });
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({ inbound_agent_id: agentA, redirect: true, redirect_phone_number: redirectTo });
  });

  it("refuses a number already registered in the organization with 409 naming number", async () => {
    const number = freshNumber();
    expect((await send("POST", "/v1/phone-numbers", { body: { number } })).status).toBe(201);
    expectError(await send("POST", "/v1/phone-numbers", { body: { number } }), 409, "conflict", "number");
  });

  it("never reveals that another organization registered a number: the same answer as for any new number", async () => {
    const number = freshNumber();
    const first = await send("POST", "/v1/phone-numbers", { body: { number } });
    expect(first.status).toBe(201);
    const other = await send("POST", "/v1/phone-numbers", { body: { number }, apiKey: orgB.apiKey });
    expect(other.status).toBe(201);
    expect(other.body.data).toMatchObject({ number, name: first.body.data.name });
    expect(other.body.data.id).not.toBe(first.body.data.id);
    const rows = await api.db.select().from(phoneNumbers).where(eq(phoneNumbers.number, number));
    expect(rows.map((r) => r.organizationId).sort()).toEqual([orgA.organizationId, orgB.organizationId].sort());
    // Each organization sees and changes only its own record.
    expect((await send("GET", `/v1/phone-numbers/${first.body.data.id}`, { apiKey: orgB.apiKey })).status).toBe(404);
  });

  it("refuses a missing or malformed number", async () => {
    expectError(await send("POST", "/v1/phone-numbers", { body: { name: "x" } }), 400, "generic_error", "number");
    expectError(await send("POST", "/v1/phone-numbers", { body: { number: "4155550100" } }), 400, "generic_error", "number");
    expectError(await send("POST", "/v1/phone-numbers", { body: { number: "+0123456789" } }), 400, "generic_error", "number");
  });

  it("refuses unknown fields, a bad type and malformed JSON", async () => {
    const unknown = await send("POST", "/v1/phone-numbers", { body: createBody({ colour: "blue" }) });
    expectError(unknown, 400, "generic_error", "colour");
    expectError(await send("POST", "/v1/phone-numbers", { body: createBody({ type: "voip" }) }), 400, "generic_error", "type");
    expectError(await send("POST", "/v1/phone-numbers", { rawBody: '{"number": "+14155550100",' }), 400, "generic_error");
  });

  it("refuses an agent of another organization and an unknown agent alike, naming inbound_agent_id", async () => {
    const other = await send("POST", "/v1/phone-numbers", { body: createBody({ inbound_agent_id: agentB }) });
    const missing = await send("POST", "/v1/phone-numbers", { body: createBody({ inbound_agent_id: MISSING_ID }) });
    for (const res of [other, missing]) expectError(res, 400, "generic_error", "inbound_agent_id");
    expect(other.body.error?.details).toEqual(missing.body.error?.details);
    expectError(await send("POST", "/v1/phone-numbers", { body: createBody({ inbound_agent_id: "agent-1" }) }), 400, "generic_error", "inbound_agent_id");
  });

  it("enforces the redirect rules and reports every problem at once", async () => {
    expectError(await send("POST", "/v1/phone-numbers", { body: createBody({ redirect: true }) }), 400, "generic_error", "redirect_phone_number");
    const number = freshNumber();
    const self = await send("POST", "/v1/phone-numbers", { body: { number, redirect: true, redirect_phone_number: number } });
    expectError(self, 400, "generic_error", "redirect_phone_number");
    expect(self.body.error?.details[0].message).toMatch(/differ/);

    const both = await send("POST", "/v1/phone-numbers", { body: createBody({ redirect: true, inbound_agent_id: agentB }) });
    expectError(both, 400, "generic_error");
    expect(fields(both.body).sort()).toEqual(["inbound_agent_id", "redirect_phone_number"]);
  });
});

describe("SIP numbers (extension)", () => {
  const trunk = { termination_uri: "sip:trunk.example.com:5060", auth_username: "acme", auth_password: "s3cret-pass" };

  it("creates, reads and lists a SIP number without ever returning the password", async () => {
    const created = await send("POST", "/v1/phone-numbers", { body: createBody({ type: "sip", sip_trunk: trunk }) });
    expect(created.status).toBe(201);
    expect(created.body.data.sip_trunk).toEqual({
      termination_uri: "sip:trunk.example.com:5060",
      transport: "udp",
      auth_username: "acme",
      has_auth_password: true,
      inbound_match: "request_uri",
      allowed_source_addresses: [],
    });
    const id = created.body.data.id as string;
    const fetched = await send("GET", `/v1/phone-numbers/${id}`);
    const listed = await send("GET", "/v1/phone-numbers?limit=1000");
    for (const res of [created, fetched, listed]) expect(res.text).not.toContain("s3cret-pass");
    expect(fetched.body.data.sip_trunk).toEqual(created.body.data.sip_trunk);
    expect(listed.body.data.find((n) => n.id === id)?.sip_trunk).toEqual(created.body.data.sip_trunk);
  });

  it("requires a trunk for sip, refuses one for pstn and checks the URI and transport", async () => {
    expectError(await send("POST", "/v1/phone-numbers", { body: createBody({ type: "sip" }) }), 400, "generic_error", "sip_trunk");
    expectError(await send("POST", "/v1/phone-numbers", { body: createBody({ sip_trunk: trunk }) }), 400, "generic_error", "sip_trunk");
    const badUri = await send("POST", "/v1/phone-numbers", {
      body: createBody({ type: "sip", sip_trunk: { termination_uri: "https://trunk.example.com", transport: "quic" } }),
    });
    expectError(badUri, 400, "generic_error");
    expect(fields(badUri.body).sort()).toEqual(["sip_trunk.termination_uri", "sip_trunk.transport"]);
  });

  it("keeps the stored password when a PATCH omits it, and clears it with null", async () => {
    const created = await send("POST", "/v1/phone-numbers", { body: createBody({ type: "sip", sip_trunk: trunk }) });
    const id = created.body.data.id as string;
    const moved = await send("PATCH", `/v1/phone-numbers/${id}`, {
      body: { sip_trunk: { termination_uri: "sips:edge.example.net", transport: "tls", auth_username: "acme" } },
    });
    expect(moved.status).toBe(200);
    expect(moved.body.data.sip_trunk).toEqual({
      termination_uri: "sips:edge.example.net",
      transport: "tls",
      auth_username: "acme",
      has_auth_password: true,
      inbound_match: "request_uri",
      allowed_source_addresses: [],
    });
    expect(moved.text).not.toContain("s3cret-pass");
    const [stored] = await api.db.select().from(phoneNumbers).where(eq(phoneNumbers.id, id));
    // Sealed at rest, bound to the organization: the row holds no plaintext, and it opens only for its own organization.
    expect(JSON.stringify(stored.sipTrunk)).not.toContain("s3cret-pass");
    expect(await openTrunkPassword(api.db, orgA.organizationId, stored.sipTrunk!)).toBe("s3cret-pass");
    expect(await openTrunkPassword(api.db, orgB.organizationId, stored.sipTrunk!)).toBeNull();

    const cleared = await send("PATCH", `/v1/phone-numbers/${id}`, {
      body: { sip_trunk: { termination_uri: "sips:edge.example.net", auth_password: null } },
    });
    expect(cleared.body.data.sip_trunk).toEqual({
      termination_uri: "sips:edge.example.net",
      transport: "udp",
      auth_username: null,
      has_auth_password: false,
      inbound_match: "request_uri",
      allowed_source_addresses: [],
    });
  });

  it("stores the inbound match mode and the source allow-list, and names each bad entry", async () => {
    const created = await send("POST", "/v1/phone-numbers", {
      body: createBody({ type: "sip", sip_trunk: { ...trunk, inbound_match: "to", allowed_source_addresses: ["203.0.113.5", "10.0.0.0/8", "2001:db8::/32"] } }),
    });
    expect(created.status).toBe(201);
    expect(created.body.data.sip_trunk).toMatchObject({ inbound_match: "to", allowed_source_addresses: ["203.0.113.5", "10.0.0.0/8", "2001:db8::/32"] });
    const bad = await send("POST", "/v1/phone-numbers", {
      body: createBody({ type: "sip", sip_trunk: { ...trunk, inbound_match: "from", allowed_source_addresses: ["10.0.0.1", "trunk.example.com", "10.0.0.0/33"] } }),
    });
    expectError(bad, 400, "generic_error");
    expect(fields(bad.body).sort()).toEqual(["sip_trunk.allowed_source_addresses[1]", "sip_trunk.allowed_source_addresses[2]", "sip_trunk.inbound_match"]);
  });

  it("refuses a termination URI on an internal address at create and update (400 naming it), unless OUTBOUND_ALLOWED_HOSTS allows it", async () => {
    const internal = [
      "sip:127.0.0.1:5999",
      "sip:169.254.169.254",
      "sip:10.1.2.3:5060;transport=tcp",
      "sip:user@192.168.1.10",
      "sip:[::1]:5060",
      "sips:[::ffff:127.0.0.1]",
      "sip:localhost",
      "sip:0.0.0.0",
    ];
    const publicTrunk = await send("POST", "/v1/phone-numbers", { body: createBody({ type: "sip", sip_trunk: { termination_uri: "sip:54.172.60.1:5060" } }) });
    expect(publicTrunk.status).toBe(201);
    for (const uri of internal) {
      const created = await send("POST", "/v1/phone-numbers", { body: createBody({ type: "sip", sip_trunk: { termination_uri: uri } }) });
      expectError(created, 400, "generic_error", "sip_trunk.termination_uri");
      expect(created.body.error?.details[0].message, uri).toMatch(/outbound address policy.*OUTBOUND_ALLOWED_HOSTS/);
      const moved = await send("PATCH", `/v1/phone-numbers/${publicTrunk.body.data.id}`, { body: { sip_trunk: { termination_uri: uri } } });
      expectError(moved, 400, "generic_error", "sip_trunk.termination_uri");
    }
    expect((await send("GET", `/v1/phone-numbers/${publicTrunk.body.data.id}`)).body.data.sip_trunk).toMatchObject({ termination_uri: "sip:54.172.60.1:5060" });
    // An operator's own PBX on a private network or this host.
    process.env.OUTBOUND_ALLOWED_HOSTS = "127.0.0.1, localhost, 10.0.0.0/8";
    try {
      for (const uri of ["sip:127.0.0.1:5999", "sip:localhost", "sip:10.1.2.3:5060;transport=tcp"]) {
        expect((await send("POST", "/v1/phone-numbers", { body: createBody({ type: "sip", sip_trunk: { termination_uri: uri } }) })).status, uri).toBe(201);
      }
      // A metadata address only when listed exactly, never through a range.
      expectError(await send("POST", "/v1/phone-numbers", { body: createBody({ type: "sip", sip_trunk: { termination_uri: "sip:169.254.169.254" } }) }), 400, "generic_error", "sip_trunk.termination_uri");
    } finally {
      delete process.env.OUTBOUND_ALLOWED_HOSTS;
    }
  });

  it("refuses sip_trunk on a PATCH of a PSTN number, and removing the trunk of a SIP number", async () => {
    const pstn = await insertPhoneNumber(api.db, orgA.organizationId, freshNumber());
    expectError(await send("PATCH", `/v1/phone-numbers/${pstn}`, { body: { sip_trunk: trunk } }), 400, "generic_error", "sip_trunk");
    const sip = await send("POST", "/v1/phone-numbers", { body: createBody({ type: "sip", sip_trunk: trunk }) });
    const removed = await send("PATCH", `/v1/phone-numbers/${sip.body.data.id}`, { body: { sip_trunk: null } });
    expectError(removed, 400, "generic_error", "sip_trunk");
  });
});

describe("GET /v1/phone-numbers/{id} (extension)", () => {
  it("is 404 for a non-UUID id and for an unknown id", async () => {
    expectError(await send("GET", "/v1/phone-numbers/not-a-uuid"), 404, "not_found");
    expectError(await send("GET", `/v1/phone-numbers/${MISSING_ID}`), 404, "not_found");
  });
});

describe("PATCH /v1/phone-numbers/{id}", () => {
  it("updates the given fields, keeps the others and clears with null", async () => {
    const redirectTo = freshNumber();
    const id = await insertPhoneNumber(api.db, orgA.organizationId, freshNumber(), { name: "Front desk", inboundAgentId: agentA });
    const renamed = await send("PATCH", `/v1/phone-numbers/${id}`, { body: { name: "Reception", redirect_phone_number: redirectTo } });
    expect(renamed.status).toBe(200);
    expect(renamed.body).toMatchObject({ status: 200, error: null, message: "Phone number updated" });
    expect(renamed.body.data).toMatchObject({ id, name: "Reception", inbound_agent_id: agentA, redirect: false, redirect_phone_number: redirectTo });

    const redirected = await send("PATCH", `/v1/phone-numbers/${id}`, { body: { redirect: true } });
    expect(redirected.body.data).toMatchObject({ redirect: true, redirect_phone_number: redirectTo, name: "Reception" });

    const cleared = await send("PATCH", `/v1/phone-numbers/${id}`, { body: { name: null, inbound_agent_id: null, redirect: null } });
    expect(cleared.status).toBe(200);
    expect(cleared.body.data).toMatchObject({ name: null, inbound_agent_id: null, redirect: false, redirect_phone_number: redirectTo });
    expect((await send("GET", `/v1/phone-numbers/${id}`)).body.data).toEqual(cleared.body.data);
  });

  it("attaches an agent of the organization and refuses another organization's or an unknown one", async () => {
    const id = await insertPhoneNumber(api.db, orgA.organizationId, freshNumber());
    expect((await send("PATCH", `/v1/phone-numbers/${id}`, { body: { inbound_agent_id: agentA } })).body.data.inbound_agent_id).toBe(agentA);
    for (const agent of [agentB, MISSING_ID, "nope"]) {
      expectError(await send("PATCH", `/v1/phone-numbers/${id}`, { body: { inbound_agent_id: agent } }), 400, "generic_error", "inbound_agent_id");
    }
    expect((await send("GET", `/v1/phone-numbers/${id}`)).body.data.inbound_agent_id).toBe(agentA);
  });

  it("applies the redirect rules to the number as it would be after the patch", async () => {
    const number = freshNumber();
    const id = await insertPhoneNumber(api.db, orgA.organizationId, number);
    expectError(await send("PATCH", `/v1/phone-numbers/${id}`, { body: { redirect: true } }), 400, "generic_error", "redirect_phone_number");
    expectError(
      await send("PATCH", `/v1/phone-numbers/${id}`, { body: { redirect: true, redirect_phone_number: number } }),
      400,
      "generic_error",
      "redirect_phone_number",
    );
    const target = freshNumber();
    expect((await send("PATCH", `/v1/phone-numbers/${id}`, { body: { redirect: true, redirect_phone_number: target } })).status).toBe(200);
    // Clearing the target of a redirecting number would leave it redirecting nowhere.
    expectError(await send("PATCH", `/v1/phone-numbers/${id}`, { body: { redirect_phone_number: null } }), 400, "generic_error", "redirect_phone_number");
    expectError(
      await send("PATCH", `/v1/phone-numbers/${id}`, { body: { redirect_phone_number: "12345" } }),
      400,
      "generic_error",
      "redirect_phone_number",
    );

    const both = await send("PATCH", `/v1/phone-numbers/${id}`, { body: { redirect_phone_number: null, inbound_agent_id: agentB } });
    expect(fields(both.body).sort()).toEqual(["inbound_agent_id", "redirect_phone_number"]);
    expect((await send("GET", `/v1/phone-numbers/${id}`)).body.data).toMatchObject({ redirect: true, redirect_phone_number: target, inbound_agent_id: null });
  });

  it("refuses unknown fields (including the immutable number and type) and malformed JSON", async () => {
    const id = await insertPhoneNumber(api.db, orgA.organizationId, freshNumber());
    expectError(await send("PATCH", `/v1/phone-numbers/${id}`, { body: { nickname: "x" } }), 400, "generic_error", "nickname");
    const immutable = await send("PATCH", `/v1/phone-numbers/${id}`, { body: { number: freshNumber(), type: "sip" } });
    expectError(immutable, 400, "generic_error");
    expect(fields(immutable.body).sort()).toEqual(["number", "type"]);
    expectError(await send("PATCH", `/v1/phone-numbers/${id}`, { rawBody: "{name:" }), 400, "generic_error");
    expectError(await send("PATCH", `/v1/phone-numbers/${id}`, { body: { name: 42 } }), 400, "generic_error", "name");
  });

  it("is 404 for a non-UUID id and an unknown id", async () => {
    expectError(await send("PATCH", "/v1/phone-numbers/123", { body: { name: "x" } }), 404, "not_found");
    expectError(await send("PATCH", `/v1/phone-numbers/${MISSING_ID}`, { body: { name: "x" } }), 404, "not_found");
  });
});

describe("DELETE /v1/phone-numbers/{id} (extension)", () => {
  it("deletes the number; calls keep their numbers", async () => {
    const number = freshNumber();
    const id = await insertPhoneNumber(api.db, orgA.organizationId, number);
    const [call] = await api.db
      .insert(calls)
      .values({ organizationId: orgA.organizationId, agentId: agentA, type: "phone_call", direction: "outbound", fromNumber: number, toNumber: "+14155550123" })
      .returning({ id: calls.id });

    const res = await send("DELETE", `/v1/phone-numbers/${id}`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ data: null, message: "Phone number deleted", error: null, status: 200 });
    expectError(await send("GET", `/v1/phone-numbers/${id}`), 404, "not_found");
    expectError(await send("DELETE", `/v1/phone-numbers/${id}`), 404, "not_found");
    const [kept] = await api.db.select().from(calls).where(eq(calls.id, call.id));
    expect(kept).toMatchObject({ fromNumber: number, toNumber: "+14155550123" });
    // The number is free to be registered again.
    expect((await send("POST", "/v1/phone-numbers", { body: { number } })).status).toBe(201);
  });

  it("is 404 for a non-UUID id", async () => {
    expectError(await send("DELETE", "/v1/phone-numbers/abc"), 404, "not_found");
  });
});

describe("GET /v1/phone-numbers", () => {
  let org: { organizationId: string; apiKey: string };
  /** Ids newest first. */
  let ids: string[];

  beforeAll(async () => {
    org = await api.createOrganization("Listing org");
    ids = [];
    for (let i = 0; i < 5; i++) {
      ids.unshift(await insertPhoneNumber(api.db, org.organizationId, freshNumber(), { createdAt: new Date(Date.UTC(2026, 0, 1 + i)) }));
    }
  });
  const list = (query: string) => send("GET", `/v1/phone-numbers${query}`, { apiKey: org.apiKey });

  it("defaults to page mode, newest first, with totals and rate-limit headers", async () => {
    const res = await list("");
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ message: "Phone numbers retrieved", error: null, status: 200 });
    expect(res.body.data.map((n) => n.id)).toEqual(ids);
    expect(res.body).toMatchObject({ next_cursor: null, current_page: 1, total_pages: 1, total_items: 5 });
    for (const header of ["X-RateLimit-Limit", "X-RateLimit-Remaining", "X-RateLimit-Reset", "RateLimit-Policy", "RateLimit"]) {
      expect(res.headers.get(header)).toBeTruthy();
    }
    expect(Number(res.headers.get("X-RateLimit-Limit"))).toBeGreaterThan(0);
  });

  it("pages with page and limit; a page past the end is empty", async () => {
    const pages = await Promise.all([1, 2, 3].map((page) => list(`?page=${page}&limit=2`)));
    expect(pages.map((p) => p.body.data.map((n) => n.id))).toEqual([ids.slice(0, 2), ids.slice(2, 4), ids.slice(4)]);
    expect(pages[2].body).toMatchObject({ current_page: 3, total_pages: 3, total_items: 5, next_cursor: null });
    const past = await list("?page=9&limit=2");
    expect(past.status).toBe(200);
    expect(past.body.data).toEqual([]);
    expect(past.body).toMatchObject({ current_page: 9, total_pages: 3, total_items: 5 });
  });

  it("refuses a page below 1 or not an integer, naming page", async () => {
    for (const page of ["0", "-1", "1.5", "abc"]) expectError(await list(`?page=${page}`), 400, "generic_error", "page");
  });

  it("refuses a limit outside 1..1000, naming limit", async () => {
    for (const limit of ["0", "1001", "abc"]) expectError(await list(`?limit=${limit}`), 400, "generic_error", "limit");
    expect((await list("?limit=1000")).status).toBe(200);
    expect((await list("?limit=1")).body.data).toHaveLength(1);
  });

  it("refuses a malformed use_cursor or cursor", async () => {
    expectError(await list("?use_cursor=yes"), 400, "generic_error", "use_cursor");
    expectError(await list("?use_cursor=true&cursor=yesterday"), 400, "generic_error", "cursor");
  });

  it("in cursor mode returns every number exactly once when many share a creation time", async () => {
    const tied = await api.createOrganization("Tied org");
    const same = new Date("2026-02-01T10:00:00.000Z");
    const expected = new Set<string>();
    expected.add(await insertPhoneNumber(api.db, tied.organizationId, freshNumber(), { createdAt: new Date("2026-02-02T00:00:00.000Z") }));
    for (let i = 0; i < 5; i++) expected.add(await insertPhoneNumber(api.db, tied.organizationId, freshNumber(), { createdAt: same }));
    expected.add(await insertPhoneNumber(api.db, tied.organizationId, freshNumber(), { createdAt: new Date("2026-01-01T00:00:00.000Z") }));

    const seen: string[] = [];
    let cursor: string | null = null;
    for (let round = 0; round < 10; round++) {
      const query: string = `?use_cursor=true&limit=2${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ""}`;
      const res = await send("GET", `/v1/phone-numbers${query}`, { apiKey: tied.apiKey });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ current_page: null, total_pages: null, total_items: null });
      seen.push(...res.body.data.map((n) => n.id as string));
      cursor = res.body.next_cursor ?? null;
      if (!cursor) break;
    }
    expect(seen).toHaveLength(7);
    expect(new Set(seen)).toEqual(expected);
    const times = await Promise.all(seen.map(async (id) => (await send("GET", `/v1/phone-numbers/${id}`, { apiKey: tied.apiKey })).body.data.created_at as string));
    expect([...times].sort().reverse()).toEqual(times);
  });

  it("in cursor mode accepts the spec's plain ISO time and returns records strictly older", async () => {
    const res = await list(`?use_cursor=true&cursor=${encodeURIComponent("2026-01-03T00:00:00.000Z")}`);
    expect(res.body.data.map((n) => n.id)).toEqual(ids.slice(3));
    expect(res.body.next_cursor).toBeNull();
    const firstPage = await list("?use_cursor=true&limit=3");
    expect(firstPage.body.next_cursor).toBe("2026-01-03T00:00:00.000Z");
  });
});

describe("tenant isolation", () => {
  it("hides another organization's number: 404 on get, patch and delete, absent from its list, unchanged", async () => {
    const id = await insertPhoneNumber(api.db, orgA.organizationId, freshNumber(), { name: "Private line" });
    const before = (await send("GET", `/v1/phone-numbers/${id}`)).body.data;
    const asB = { apiKey: orgB.apiKey };

    const get = await send("GET", `/v1/phone-numbers/${id}`, asB);
    const missing = await send("GET", `/v1/phone-numbers/${MISSING_ID}`, asB);
    expectError(get, 404, "not_found");
    expect(get.body.error?.message).toBe(missing.body.error?.message);
    expectError(await send("PATCH", `/v1/phone-numbers/${id}`, { ...asB, body: { name: "Taken over" } }), 404, "not_found");
    expectError(await send("DELETE", `/v1/phone-numbers/${id}`, asB), 404, "not_found");
    const listed = await send("GET", "/v1/phone-numbers?limit=1000", asB);
    expect(listed.body.data.map((n) => n.id)).not.toContain(id);
    const listedCursor = await send("GET", "/v1/phone-numbers?limit=1000&use_cursor=true", asB);
    expect(listedCursor.body.data.map((n) => n.id)).not.toContain(id);

    expect((await send("GET", `/v1/phone-numbers/${id}`)).body.data).toEqual(before);
  });

  it("refuses every operation without an API key", async () => {
    const number = freshNumber();
    const id = await insertPhoneNumber(api.db, orgA.organizationId, number);
    const requests: [string, string, unknown?][] = [
      ["GET", "/v1/phone-numbers"],
      ["POST", "/v1/phone-numbers", { number: freshNumber() }],
      ["GET", `/v1/phone-numbers/${id}`],
      ["PATCH", `/v1/phone-numbers/${id}`, { name: "x" }],
      ["DELETE", `/v1/phone-numbers/${id}`],
    ];
    for (const [method, path, body] of requests) {
      const res = await api.request(method, path, { body });
      expect(res.status).toBe(401);
      expect((await res.json()).error.type).toBe("authentication_error");
    }
    expect((await send("GET", `/v1/phone-numbers/${id}`)).body.data).toMatchObject({ number, name: `Line ${number}` });
  });
});

describe("createPhoneNumber service (used by the admin CLI without the HTTP layer)", () => {
  it("validates its own input and reports every problem", async () => {
    const ctx = { db: api.db, organizationId: orgA.organizationId };
    const error = await createPhoneNumber(ctx, {
      number: "555",
      type: "sip",
      redirect: true,
      sip_trunk: { termination_uri: "trunk.example.com" },
    }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ValidationError);
    expect((error as ValidationError).details.map((d) => d.field).sort()).toEqual(["number", "redirect_phone_number", "sip_trunk.termination_uri"]);
    const bogusType = await createPhoneNumber(ctx, { number: freshNumber(), type: "isdn" as "pstn" }).catch((e: unknown) => e);
    expect((bogusType as ValidationError).details.map((d) => d.field)).toEqual(["type"]);
  });
});

describe("OpenAPI document", () => {
  it("lists the five operations and flags the extensions", async () => {
    const res = await api.request("GET", "/v1/openapi.json");
    const doc = await res.json();
    const collection = doc.paths["/v1/phone-numbers"];
    const item = doc.paths["/v1/phone-numbers/{phone_number_id}"];
    expect(Object.keys(collection).sort()).toEqual(["get", "post"]);
    expect(Object.keys(item).sort()).toEqual(["delete", "get", "patch"]);
    expect(collection.get["x-extension"]).toBeUndefined();
    expect(item.patch["x-extension"]).toBeUndefined();
    for (const op of [collection.post, item.get, item.delete]) expect(op["x-extension"]).toBe(true);
    const sipTrunk = doc.components.schemas.SipTrunk;
    expect(Object.keys(sipTrunk.properties)).not.toContain("auth_password");
    expect(Object.keys(doc.components.schemas.SipTrunkInput.properties)).toContain("auth_password");
  });
});
