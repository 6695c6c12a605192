import { count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApiApp } from "@/lib/api/app";
import { pgBossQueue } from "@/lib/jobs/pg-boss-queue";
import { calls } from "@/lib/db/schema";
import type { Admission } from "@/lib/load/load-limits";
import { insertAgent, insertPhoneNumber } from "../helpers/fixtures";
import { createTestApi, type TestApi } from "../helpers/test-api";

let api: TestApi;
let app: ReturnType<typeof createApiApp>;
let apiKey: string;
let organizationId: string;
let agentId: string;
const lifecycle = { draining: false };
const FROM = "+14155550100";

beforeAll(async () => {
  api = await createTestApi();
  ({ apiKey, organizationId } = await api.createOrganization());
  agentId = await insertAgent(api.db, organizationId);
  await insertPhoneNumber(api.db, organizationId, FROM);
  // The app as the server's runtime makes it: it asks the process whether it is shutting down.
  app = createApiApp({
    db: api.db,
    queue: pgBossQueue(api.boss),
    links: api.links,
    settings: { rateLimitPerMinute: 1000, jsonBodyLimitBytes: 1 << 20 },
    isDraining: () => lifecycle.draining,
  });
});

afterAll(async () => {
  await api.close();
});

const send = (method: string, path: string, body?: unknown) =>
  app.request(path, {
    method,
    headers: { "x-api-key": apiKey, ...(body === undefined ? {} : { "content-type": "application/json" }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });

const callCount = async () => (await api.db.select({ total: count() }).from(calls).where(eq(calls.organizationId, organizationId)))[0].total;

describe("while the instance drains", () => {
  it("refuses to start phone and web calls with 503, Retry-After and the envelope, and creates nothing", async () => {
    lifecycle.draining = true;
    try {
      const before = await callCount();
      for (const [path, body] of [
        ["/v1/calls/phone", { from_number: FROM, to_number: "+14155550123", agent_id: agentId }],
        ["/v1/calls/web", { agent_id: agentId }],
      ] as const) {
        const response = await send("POST", path, body);
        expect(response.status).toBe(503);
        expect(response.headers.get("retry-after")).toBe("5");
        expect(await response.json()).toMatchObject({
          data: null,
          status: 503,
          error: { type: "service_unavailable", status: 503, details: [] },
        });
      }
      expect(await callCount()).toBe(before);
    } finally {
      lifecycle.draining = false;
    }
  });

  it("still serves everything else", async () => {
    lifecycle.draining = true;
    try {
      expect((await send("GET", "/v1/calls?limit=1")).status).toBe(200);
      expect((await send("GET", "/v1/agents")).status).toBe(200);
    } finally {
      lifecycle.draining = false;
    }
  });

  it("starts calls again when it is not draining", async () => {
    const response = await send("POST", "/v1/calls/phone", { from_number: FROM, to_number: "+14155550123", agent_id: agentId });
    expect(response.status).toBe(201);
  });

  it("documents the 503 on both operations in the OpenAPI document", async () => {
    const document = await (await app.request("/v1/openapi.json")).json();
    expect(Object.keys(document.paths["/v1/calls/phone"].post.responses)).toContain("503");
    expect(Object.keys(document.paths["/v1/calls/web"].post.responses)).toContain("503");
  });
});

describe("past this server process's capacity (lib/load)", () => {
  let admission: Admission = { accepting: true };
  let loaded: ReturnType<typeof createApiApp>;
  beforeAll(() => {
    loaded = createApiApp({
      db: api.db,
      queue: pgBossQueue(api.boss),
      links: api.links,
      settings: { rateLimitPerMinute: 1000, jsonBodyLimitBytes: 1 << 20 },
      admission: () => admission,
    });
  });
  const start = (path: string, body: unknown) =>
    loaded.request(path, { method: "POST", headers: { "x-api-key": apiKey, "content-type": "application/json" }, body: JSON.stringify(body) });

  it("refuses a web call with 503, the limit's Retry-After and why, and creates nothing; a phone call is accepted (its dial waits)", async () => {
    admission = { accepting: false, reason: "its event loop runs 31 ms late at p99", retryAfterSeconds: 7 };
    try {
      const before = await callCount();
      const web = await start("/v1/calls/web", { agent_id: agentId });
      expect(web.status).toBe(503);
      expect(web.headers.get("retry-after")).toBe("7");
      const envelope = await web.json();
      expect(envelope).toMatchObject({ data: null, status: 503, error: { type: "service_unavailable" } });
      expect(envelope.error.message).toMatch(/at capacity .*31 ms late/);
      expect(await callCount()).toBe(before);
      const phone = await start("/v1/calls/phone", { from_number: FROM, to_number: "+14155550123", agent_id: agentId });
      expect(phone.status).toBe(201);
    } finally {
      admission = { accepting: true };
    }
    // With room again the request reaches the call's own checks (this test's agent has no LLM key configured).
    const again = await start("/v1/calls/web", { agent_id: agentId });
    expect(again.status).not.toBe(503);
    expect((await again.json()).error.message).toMatch(/LLM provider is not configured/);
  });
});
