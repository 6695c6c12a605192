import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { createApiKey } from "@/lib/auth/api-keys";
import { addMembership } from "@/lib/auth/memberships";
import { setRemoteApi } from "@/lib/auth/organization-settings";
import { createOrganizationWithOwner } from "@/lib/auth/organizations";
import type { MemberRole } from "@/lib/auth/roles";
import { createPasswordUser } from "@/lib/auth/users";
import { bffApiPath, bffPermission, proxyToVoiceApi } from "@/lib/console/bff-proxy";
import { buildConsoleContext, type ConsoleContextResult } from "@/lib/server/console-context";
import { handleConsoleRequest } from "@/lib/server/console-request";
import { agents, organizations } from "@/lib/db/schema";
import { createGuardedFetch } from "@/lib/net/guarded-fetch";
import { createOutboundAddressPolicy } from "@/lib/net/outbound-address-policy";
import { ValidationError } from "@/lib/utils/domain-errors";
import { createTestApi, type TestApi } from "../helpers/test-api";
import { startWebhookReceiver } from "../helpers/webhook-receiver";

/**
 * What an outside probe did to the studio's forwarding layer: encoded `?`, `#`, `/`, `\` and dot
 * segments that were checked as one path and ran as another, and an organization's remote API URL
 * aimed at loopback. Each request goes through the same checks as app/api/console/v1/[...path], with
 * the path segments decoded as Next.js decodes them.
 */
const ORIGIN = "http://studio.test";
let api: TestApi;
let organizationId: string;
const userIds: Partial<Record<MemberRole, string>> = {};

/** Next.js splits the raw path on `/` and then decodes each segment (so `%2F` stays inside one). */
const nextSegments = (rawPath: string) => rawPath.split("/").map((segment) => decodeURIComponent(segment));

async function bff(
  role: MemberRole,
  method: string,
  rawPath: string,
  init: { json?: unknown; remoteFetch?: (request: Request) => Promise<Response> } = {},
) {
  const headers = new Headers();
  let body: string | undefined;
  if (init.json !== undefined) {
    body = JSON.stringify(init.json);
    headers.set("content-type", "application/json");
  }
  const request = new Request(`${ORIGIN}/api/console/v1/${rawPath}`, { method, headers, body });
  const result: ConsoleContextResult = await buildConsoleContext({
    db: api.db,
    userId: userIds[role],
    requestedOrganizationId: organizationId,
    origin: ORIGIN,
    app: api.app,
    remoteFetch: init.remoteFetch,
  });
  const segments = nextSegments(rawPath.split("?")[0]);
  const response = await handleConsoleRequest(request, result, { path: segments }, (req, params) => bffPermission(req.method, params.path), (req, ctx, params) =>
    proxyToVoiceApi(req, params.path, ctx),
  );
  const text = await response.text();
  return { status: response.status, text };
}

const secretOf = async () => (await api.db.select({ secret: organizations.webhookSecret }).from(organizations).where(eq(organizations.id, organizationId)))[0].secret;
const pricingOf = async () => (await api.db.select({ pricing: organizations.pricing }).from(organizations).where(eq(organizations.id, organizationId)))[0].pricing;
const agentCount = async () => (await api.db.select({ id: agents.id }).from(agents).where(eq(agents.organizationId, organizationId))).length;

beforeAll(async () => {
  api = await createTestApi();
  const owner = await createOrganizationWithOwner(api.db, { name: "Probed", ownerEmail: "owner@probe.test", ownerPassword: "owner-password" });
  organizationId = owner.organizationId;
  userIds.owner = owner.userId;
  for (const role of ["admin", "member", "viewer"] as const) {
    const user = await createPasswordUser(api.db, { email: `${role}@probe.test`, password: "password-123" });
    await addMembership(api.db, organizationId, user.id, role);
    userIds[role] = user.id;
  }
});
afterAll(async () => api?.close());

describe("encoded path characters in the studio's forwarding layer", () => {
  it("keeps the webhook signing secret from a viewer and a member whatever the encoding", async () => {
    for (const role of ["viewer", "member"] as const) {
      for (const path of ["webhook-secret%3F", "webhook-secret%23", "webhook-secret%3Fx=1", "%2Fwebhook-secret", "calls%2F..%2Fwebhook-secret", "calls/..%2Fwebhook-secret", "x%5C..%5Cwebhook-secret", "webhook-secret%2F", "webhook-secret%00"]) {
        const { status, text } = await bff(role, "GET", path);
        expect([403, 404], `${role} GET ${path}: ${text}`).toContain(status);
        expect(text).not.toContain("whsec_");
      }
    }
    // The plain path still works for an admin, so the refusals above are about the encoding.
    const admin = await bff("admin", "GET", "webhook-secret");
    expect(admin.status).toBe(200);
    expect(admin.text).toContain("whsec_");
  });

  it("lets no viewer create an agent through a read-only POST's path", async () => {
    const before = await agentCount();
    const agent = { name: "Sneaky", initial_state_name: "main", states: [{ name: "main" }] };
    for (const path of ["knowledge-bases/..%5Cagents%3F/search", "knowledge-bases/..%2Fagents%3F/search", "knowledge-bases/%2E%2E%2Fagents%23/search", "agents%3F/x/search"]) {
      const { status, text } = await bff("viewer", "POST", path, { json: agent });
      expect(status, `${path}: ${text}`).toBe(404);
    }
    expect(await agentCount()).toBe(before);
  });

  it("lets no member rotate the secret or change pricing by a leading or embedded separator", async () => {
    const secret = await secretOf();
    const pricing = await pricingOf();
    for (const path of ["%2Fwebhook-secret/rotate", "%2Fwebhook-secret%2Frotate", "calls%2F..%2Fwebhook-secret/rotate", "%5Cwebhook-secret/rotate"]) {
      const { status, text } = await bff("member", "POST", path, { json: {} });
      expect(status, `${path}: ${text}`).toBe(404);
    }
    for (const path of ["%2Fpricing", "calls%2F..%2Fpricing", "pricing%3F", "pricing%23"]) {
      const { status, text } = await bff("member", "PATCH", path, { json: { telephony_per_minute: 0 } });
      expect(status, `${path}: ${text}`).toBe(404);
    }
    expect(await secretOf()).toBe(secret);
    expect(await pricingOf()).toEqual(pricing);
    // The plain paths are refused to a member by role, and an owner may change pricing.
    expect((await bff("member", "PATCH", "pricing", { json: { telephony_per_minute: 0 } })).status).toBe(403);
    expect((await bff("owner", "PATCH", "pricing", { json: { telephony_per_minute: 0.02 } })).status).toBe(200);
  });

  it("names the path it decides on exactly as it sends it", () => {
    expect(bffApiPath(["knowledge-bases", "a1", "search"])).toBe("knowledge-bases/a1/search");
    for (const segment of ["..", ".", "a?b", "a#b", "a/b", "a\\b", "a%2Fb", "a b", "", "é"]) expect(bffApiPath(["calls", segment])).toBeNull();
    expect(bffPermission("GET", ["webhook-secret?"])).toBe("read"); // refused by the proxy before anything is sent
  });
});

describe("an organization's remote API URL", () => {
  const policy = createOutboundAddressPolicy([]);

  it("is refused when saved if it is not a public address, naming remote_api_url", async () => {
    const loopback = await startWebhookReceiver();
    try {
      for (const url of [loopback.url.replace("/hooks", ""), "http://localhost:9", "http://169.254.169.254", "http://10.1.2.3:8080", "http://[::1]:3000", "http://0x7f.1", "http://user:pw@voice.example.com", "ftp://voice.example.com", "https://voice.example.com/internal/"]) {
        const error = await setRemoteApi({ db: api.db, organizationId }, { url }, policy).catch((e: unknown) => e);
        expect(error, url).toBeInstanceOf(ValidationError);
        expect((error as ValidationError).details[0].field).toBe("remote_api_url");
      }
      const [row] = await api.db.select({ url: organizations.remoteApiUrl }).from(organizations).where(eq(organizations.id, organizationId));
      expect(row.url).toBeNull();
      expect(loopback.received).toHaveLength(0);
    } finally {
      await loopback.close();
    }
  });

  it("accepts a loopback deployment the operator allowlisted, and a /v1 suffix", async () => {
    await setRemoteApi({ db: api.db, organizationId }, { url: "http://127.0.0.1:4000/v1/" }, createOutboundAddressPolicy(["127.0.0.0/8"]));
    const [row] = await api.db.select({ url: organizations.remoteApiUrl }).from(organizations).where(eq(organizations.id, organizationId));
    expect(row.url).toBe("http://127.0.0.1:4000");
    await setRemoteApi({ db: api.db, organizationId }, { url: null }, policy);
  });

  it("is never fetched when it points at a private address stored earlier: 502, no connection", async () => {
    const loopback = await startWebhookReceiver();
    try {
      const origin = loopback.url.replace("/hooks", "");
      // Saved while allowlisted (or before validation existed, or a name that now resolves to loopback).
      const key = await createApiKey({ db: api.db, organizationId }, { name: "remote" });
      await setRemoteApi({ db: api.db, organizationId }, { url: origin, apiKey: key.apiKey }, createOutboundAddressPolicy(["127.0.0.1"]));
      for (const path of ["calls", "..%2Flookup", "%2E%2E%2Flookup"]) {
        const { status, text } = await bff("owner", "GET", path);
        expect([404, 502], `${path}: ${text}`).toContain(status);
      }
      expect(loopback.received).toHaveLength(0);

      // Allowlisted (as an operator may), the deployment is reached, but only under /v1.
      const allowed = createGuardedFetch({ allowlist: ["127.0.0.1"] });
      try {
        for (const path of ["..%2Flookup", "%2E%2E%2Flookup", "calls%2F..%2F..%2Flookup", "calls%3F%2F..%2F..%2Flookup"]) {
          const { status } = await bff("owner", "GET", path, { remoteFetch: allowed });
          expect(status, path).toBe(404);
        }
        expect(loopback.received).toHaveLength(0);
        await bff("owner", "GET", "calls?limit=1", { remoteFetch: allowed });
        expect(loopback.received.map((r) => r.path)).toEqual(["/v1/calls?limit=1"]);
      } finally {
        await allowed.close();
      }
    } finally {
      await api.db.update(organizations).set({ remoteApiUrl: null, remoteApiKeyCiphertext: null }).where(eq(organizations.id, organizationId));
      await loopback.close();
    }
  });
});
