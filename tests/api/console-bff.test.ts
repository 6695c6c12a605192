import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { listApiKeys } from "@/lib/auth/api-keys";
import { getConsoleApiKey } from "@/lib/auth/console-key";
import { addMembership } from "@/lib/auth/memberships";
import { createOrganizationWithOwner } from "@/lib/auth/organizations";
import type { MemberRole } from "@/lib/auth/roles";
import { createPasswordUser } from "@/lib/auth/users";
import { bffPermission, proxyToVoiceApi } from "@/lib/console/bff-proxy";
import { buildConsoleContext, type ConsoleContextResult } from "@/lib/server/console-context";
import { handleConsoleRequest } from "@/lib/server/console-request";
import { apiKeys, organizations } from "@/lib/db/schema";
import { createTestApi, type TestApi } from "../helpers/test-api";
import { insertAgent, insertCall, insertPhoneNumber } from "../helpers/fixtures";

const ORIGIN = "http://studio.test";
let api: TestApi;
let organizationId: string;
let ownerId: string;
const userIds: Partial<Record<MemberRole, string>> = {};
let phoneNumberId: string;
let knowledgeBaseId: string;

async function contextFor(role: MemberRole): Promise<ConsoleContextResult> {
  const userId = role === "owner" ? ownerId : userIds[role];
  return buildConsoleContext({ db: api.db, userId, requestedOrganizationId: organizationId, origin: ORIGIN, app: api.app });
}

/** A browser request to the BFF proxy, as app/api/console/v1/[...path] receives it. */
async function bff(role: MemberRole | null, method: string, path: string, init: { body?: BodyInit; json?: unknown; headers?: Record<string, string> } = {}) {
  const headers = new Headers(init.headers);
  let body = init.body;
  if (init.json !== undefined) {
    body = JSON.stringify(init.json);
    headers.set("content-type", "application/json");
  }
  const request = new Request(`${ORIGIN}/api/console/v1/${path}`, { method, headers, body });
  const segments = new URL(request.url).pathname.replace("/api/console/v1/", "").split("/");
  const result: ConsoleContextResult = role ? await contextFor(role) : { ok: false, reason: "unauthenticated" };
  const response = await handleConsoleRequest(request, result, { path: segments }, (req, params) => bffPermission(req.method, params.path), (req, ctx, params) =>
    proxyToVoiceApi(req, params.path, ctx),
  );
  const text = await response.text();
  return { response, text, body: text ? JSON.parse(text) : null };
}

beforeAll(async () => {
  api = await createTestApi();
  ({ organizationId, userId: ownerId } = await createOrganizationWithOwner(api.db, {
    name: "Studio Org",
    ownerEmail: "owner@studio.test",
    ownerPassword: "owner-password",
  }));
  for (const role of ["admin", "member", "viewer"] as const) {
    const user = await createPasswordUser(api.db, { email: `${role}@studio.test`, password: "password-123" });
    await addMembership(api.db, organizationId, user.id, role);
    userIds[role] = user.id;
  }
  const agentId = await insertAgent(api.db, organizationId);
  await insertCall(api.db, organizationId, agentId);
  phoneNumberId = await insertPhoneNumber(api.db, organizationId, "+14155550199");
  const created = await bff("member", "POST", "knowledge-bases", { json: { name: "Handbook" } });
  expect(created.response.status).toBe(201);
  knowledgeBaseId = created.body.data.id;
});

afterAll(async () => {
  await api?.close();
});

describe("BFF role rules", () => {
  it("reads are open to every role, changes need member or above, and the read-only POSTs are reads", () => {
    expect(bffPermission("GET", ["calls"])).toBe("read");
    expect(bffPermission("HEAD", ["calls"])).toBe("read");
    expect(bffPermission("POST", ["knowledge-bases", "abc", "search"])).toBe("read");
    for (const method of ["POST", "PATCH", "PUT", "DELETE"]) expect(bffPermission(method, ["calls", "abc"])).toBe("write");
    expect(bffPermission("POST", ["knowledge-bases", "abc", "sources"])).toBe("write");
  });

  it("answers 401 in the API's envelope without a session", async () => {
    const { response, body } = await bff(null, "GET", "calls");
    expect(response.status).toBe(401);
    expect(body).toMatchObject({ data: null, status: 401, error: { type: "authentication_error" } });
  });

  it("lets a viewer read calls through the organization's key", async () => {
    const { response, body } = await bff("viewer", "GET", "calls?limit=5");
    expect(response.status).toBe(200);
    expect(body.data).toHaveLength(1);
    expect(body).toHaveProperty("next_cursor");
  });

  it("refuses every change by a viewer with 403, and nothing changes", async () => {
    const attempts: [string, string, unknown][] = [
      ["PATCH", `phone-numbers/${phoneNumberId}`, { name: "Renamed by viewer" }],
      ["POST", "knowledge-bases", { name: "Viewer's" }],
      ["DELETE", `knowledge-bases/${knowledgeBaseId}`, undefined],
      ["POST", "agents", { name: "x" }],
    ];
    for (const [method, path, json] of attempts) {
      const { response, body } = await bff("viewer", method, path, { json });
      expect(response.status, `${method} ${path}`).toBe(403);
      expect(body.error).toMatchObject({ type: "permission_error", status: 403 });
      expect(body.message).toContain("viewer");
    }
    const numbers = await bff("viewer", "GET", `phone-numbers/${phoneNumberId}`);
    expect(numbers.body.data.name).toBe("Line +14155550199");
    const bases = await bff("viewer", "GET", "knowledge-bases");
    expect(bases.body.data.map((kb: { name: string }) => kb.name)).toEqual(["Handbook"]);
  });

  it("lets a viewer search a knowledge base (a POST that only reads)", async () => {
    const { response, body } = await bff("viewer", "POST", `knowledge-bases/${knowledgeBaseId}/search`, { json: { query: "refund" } });
    expect(response.status).toBe(200);
    expect(body.data).toEqual([]);
  });

  it("lets a member change data, and passes the API's validation errors through", async () => {
    const renamed = await bff("member", "PATCH", `phone-numbers/${phoneNumberId}`, { json: { name: "Front desk" } });
    expect(renamed.response.status).toBe(200);
    expect(renamed.body.data.name).toBe("Front desk");
    const invalid = await bff("member", "PATCH", `phone-numbers/${phoneNumberId}`, { json: { colour: "red" } });
    expect(invalid.response.status).toBe(400);
    expect(invalid.body.error.details[0].field).toBe("colour");
  });

  it("streams a multipart upload through to /v1", async () => {
    const form = new FormData();
    form.append("text_sources", JSON.stringify([{ title: "Refunds", content: "Refunds are paid within 14 days." }]));
    const { response, body } = await bff("member", "POST", `knowledge-bases/${knowledgeBaseId}/sources`, { body: form });
    expect(response.status, JSON.stringify(body)).toBeLessThan(300);
    const search = await bff("viewer", "POST", `knowledge-bases/${knowledgeBaseId}/search`, { json: { query: "refunds" } });
    expect(search.body.data[0].source_title).toBe("Refunds");
  });

  it("sends a DELETE without a body as one (Next hands the handler an empty stream, which is not a body)", async () => {
    const created = await bff("member", "POST", "knowledge-bases", { json: { name: "Short-lived" } });
    const { response, body } = await bff("member", "DELETE", `knowledge-bases/${created.body.data.id}`, { body: "" });
    expect(response.status, JSON.stringify(body)).toBe(200);
    expect((await bff("member", "GET", `knowledge-bases/${created.body.data.id}`)).response.status).toBe(404);
  });

  it("refuses a cross-site change even for an owner", async () => {
    const { response } = await bff("owner", "PATCH", `phone-numbers/${phoneNumberId}`, {
      json: { name: "Evil" },
      headers: { origin: "https://evil.example" },
    });
    expect(response.status).toBe(403);
  });
});

describe("the console key", () => {
  it("never appears in a BFF response, body or headers", async () => {
    const key = await getConsoleApiKey(api.db, organizationId);
    const expected: [string, number][] = [
      ["calls?limit=5", 200],
      [`phone-numbers/${phoneNumberId}`, 200],
      ["knowledge-bases", 200],
      ["agents", 200],
      ["no-such-endpoint", 404],
    ];
    for (const [path, status] of expected) {
      const { response, text } = await bff("viewer", "GET", path);
      // A real answer (an envelope with the expected status), so "no key" is not just "no body".
      expect(response.status, path).toBe(status);
      expect(JSON.parse(text), path).toMatchObject({ status });
      expect(text).not.toContain(key);
      response.headers.forEach((value) => expect(value).not.toContain(key));
    }
  });

  it("withholds an answer that would carry the key", async () => {
    const echo = { fetch: (request: Request) => Response.json({ data: { echoed: request.headers.get("x-api-key") } }, { headers: { "x-echo": request.headers.get("x-api-key") ?? "" } }) };
    const result = await buildConsoleContext({ db: api.db, userId: ownerId, requestedOrganizationId: organizationId, origin: ORIGIN, app: echo });
    if (!result.ok) throw new Error("no context");
    const response = await proxyToVoiceApi(new Request(`${ORIGIN}/api/console/v1/calls`), ["calls"], result.context);
    const key = await getConsoleApiKey(api.db, organizationId);
    expect(response.status).toBe(502);
    expect(await response.text()).not.toContain(key);
    expect(response.headers.get("x-echo")).toBeNull();
  });

  it("is not listed among the organization's API keys", async () => {
    const keys = await listApiKeys(api.db, organizationId);
    expect(keys.every((k) => k.kind === "user")).toBe(true);
    const rows = await api.db.select().from(apiKeys).where(eq(apiKeys.organizationId, organizationId));
    expect(rows.filter((row) => row.kind === "console" && !row.revokedAt)).toHaveLength(1);
  });

  it("heals itself when the stored key cannot be decrypted: a new key, the old one revoked", async () => {
    const before = await getConsoleApiKey(api.db, organizationId);
    await api.db.update(organizations).set({ consoleApiKeyCiphertext: "v1.garbage.garbage.garbage" }).where(eq(organizations.id, organizationId));
    const after = await getConsoleApiKey(api.db, organizationId);
    expect(after).not.toBe(before);
    expect((await api.request("GET", "/v1/calls", { apiKey: before })).status).toBe(401);
    expect((await api.request("GET", "/v1/calls", { apiKey: after })).status).toBe(200);
    expect(await getConsoleApiKey(api.db, organizationId)).toBe(after);
  });

  it("is not shared between organizations: a context only sees its own organization", async () => {
    const other = await createOrganizationWithOwner(api.db, { name: "Other", ownerEmail: "other@studio.test", ownerPassword: "password-123" });
    // The viewer asks for an organization they do not belong to: the cookie hint is ignored.
    const result = await buildConsoleContext({ db: api.db, userId: userIds.viewer, requestedOrganizationId: other.organizationId, origin: ORIGIN, app: api.app });
    expect(result.ok && result.context.organization.id).toBe(organizationId);
  });
});

describe("BFF rules for credentials and settings", () => {
  it("keeps the webhook signing secret to admins, even for reading, and pricing changes to owners", () => {
    expect(bffPermission("GET", ["webhook-secret"])).toBe("manageApiKeys");
    expect(bffPermission("POST", ["webhook-secret", "rotate"])).toBe("manageApiKeys");
    expect(bffPermission("GET", ["pricing"])).toBe("read");
    expect(bffPermission("PUT", ["pricing"])).toBe("manageOrganization");
    expect(bffPermission("GET", ["telephony", "providers", "twilio"])).toBe("read");
    expect(bffPermission("PUT", ["telephony", "providers", "twilio"])).toBe("manageApiKeys");
    expect(bffPermission("POST", ["telephony", "providers", "twilio", "numbers", "import"])).toBe("manageApiKeys");
    expect(bffPermission("DELETE", ["telephony", "providers", "telnyx"])).toBe("manageApiKeys");
  });

  it("leaves the concurrency and the do-not-call list to owners and admins; campaigns to members", async () => {
    expect(bffPermission("GET", ["concurrency"])).toBe("read");
    expect(bffPermission("PATCH", ["concurrency"])).toBe("manageMembers");
    expect(bffPermission("GET", ["do-not-call"])).toBe("read");
    expect(bffPermission("POST", ["do-not-call"])).toBe("manageMembers");
    expect(bffPermission("DELETE", ["do-not-call", "14155550123"])).toBe("manageMembers");
    expect(bffPermission("POST", ["campaigns"])).toBe("write");
    const refused = await bff("member", "PATCH", "concurrency", { json: { limit: 3 } });
    expect(refused.response.status).toBe(403);
    const allowed = await bff("admin", "PATCH", "concurrency", { json: { limit: 3 } });
    expect(allowed.response.status).toBe(200);
    expect(allowed.body.data.limit).toBe(3);
  });
});
