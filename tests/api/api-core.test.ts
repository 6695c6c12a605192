import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { isWellFormedApiKey } from "@/lib/auth/api-key-token";
import { insertAgent, insertCall } from "../helpers/fixtures";
import { createTestApi, type TestApi } from "../helpers/test-api";

let api: TestApi;
let key: string;
let callId: string;

beforeAll(async () => {
  api = await createTestApi({ settings: { jsonBodyLimitBytes: 2048 } });
  const org = await api.createOrganization();
  key = org.apiKey;
  callId = await insertCall(api.db, org.organizationId, await insertAgent(api.db, org.organizationId));
  // A route that fails unexpectedly, to see what a caller gets back.
  api.app.get("/test-explode", () => {
    throw new Error("relation secret_table does not exist at /srv/app/lib/x.ts:12");
  });
});
afterAll(async () => api?.close());

describe("API keys", () => {
  it("have the vk_ form with a checksum that catches a typo before any look-up", () => {
    expect(key).toMatch(/^vk_[0-9A-Za-z]{49}$/);
    expect(isWellFormedApiKey(key)).toBe(true);
    const typo = key.slice(0, 10) + (key[10] === "a" ? "b" : "a") + key.slice(11);
    expect(isWellFormedApiKey(typo)).toBe(false);
  });
});

describe("the error envelope", () => {
  it("hides internals of unexpected errors behind a request id", async () => {
    const res = await api.request("GET", "/v1/test-explode", { apiKey: key });
    expect(res.status).toBe(500);
    const text = await res.text();
    expect(text).not.toMatch(/secret_table|\/srv\/app|at /);
    const body = JSON.parse(text);
    expect(body).toMatchObject({ data: null, status: 500, error: { type: "internal_error", status: 500, details: [] } });
    expect(body.error.request_id).toBe(res.headers.get("x-request-id"));
  });

  it("answers unknown endpoints with a 404 envelope", async () => {
    const res = await api.request("GET", "/v1/nothing-here", { apiKey: key });
    expect(res.status).toBe(404);
    expect((await res.json()).error.type).toBe("not_found");
  });

  it("rejects bodies over the JSON limit with 413 and stores nothing", async () => {
    const res = await api.request("PATCH", `/v1/calls/${callId}`, { apiKey: key, body: { metadata: { blob: "x".repeat(4000) } } });
    expect(res.status).toBe(413);
    expect((await res.json()).error.type).toBe("payload_too_large");
    const call = await (await api.request("GET", `/v1/calls/${callId}`, { apiKey: key })).json();
    expect(call.data.metadata).toEqual({});
  });

  it("echoes a sane caller request id and replaces an unsafe one", async () => {
    const mine = await api.request("GET", "/v1/calls", { apiKey: key, headers: { "X-Request-Id": "trace-12345678" } });
    expect(mine.headers.get("x-request-id")).toBe("trace-12345678");
    const bad = await api.request("GET", "/v1/calls", { apiKey: key, headers: { "X-Request-Id": "<script>" } });
    expect(bad.headers.get("x-request-id")).toMatch(/^req_[0-9a-f]{32}$/);
  });
});

describe("rate limits", () => {
  it("sends the limit headers and answers 429 with Retry-After past the limit", async () => {
    const limited = await createTestApi({ settings: { rateLimitPerMinute: 3 } });
    try {
      const org = await limited.createOrganization();
      const other = await limited.createOrganization("Other");
      const statuses: number[] = [];
      let last: Response | undefined;
      for (let i = 0; i < 4; i++) {
        last = await limited.request("GET", "/v1/calls", { apiKey: org.apiKey });
        statuses.push(last.status);
        if (i === 0) {
          expect(last.headers.get("x-ratelimit-limit")).toBe("3");
          expect(last.headers.get("x-ratelimit-remaining")).toBe("2");
          expect(Number(last.headers.get("x-ratelimit-reset"))).toBeGreaterThan(Date.now() / 1000);
          expect(last.headers.get("ratelimit-policy")).toBe('"per-key";q=3;w=60');
          expect(last.headers.get("ratelimit")).toMatch(/^"per-key";r=2;t=\d+$/);
        }
      }
      expect(statuses).toEqual([200, 200, 200, 429]);
      const body = await last!.json();
      expect(body.error.type).toBe("rate_limit_exceeded");
      const retryAfter = Number(last!.headers.get("retry-after"));
      expect(retryAfter).toBeGreaterThanOrEqual(1);
      expect(retryAfter).toBeLessThanOrEqual(60);
      expect(last!.headers.get("x-ratelimit-remaining")).toBe("0");
      // The limit is per key: another key is unaffected.
      expect((await limited.request("GET", "/v1/calls", { apiKey: other.apiKey })).status).toBe(200);
    } finally {
      await limited.close();
    }
  });
});

describe("GET /v1/openapi.json", () => {
  it("is an OpenAPI 3.1 document of every route, with the API-key scheme, without a key", async () => {
    const res = await api.request("GET", "/v1/openapi.json");
    expect(res.status).toBe(200);
    const doc = await res.json();
    expect(doc.openapi).toBe("3.1.0");
    expect(doc.components.securitySchemes.ApiKeyAuth).toMatchObject({ type: "apiKey", in: "header", name: "X-Api-Key" });
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining(["/v1/calls", "/v1/calls/{call_id}", "/v1/calls/{call_id}/terminate", "/v1/calls/phone"]),
    );
    expect(Object.keys(doc.paths["/v1/calls/{call_id}"])).toEqual(expect.arrayContaining(["get", "patch", "delete"]));
    const listParams = doc.paths["/v1/calls"].get.parameters.map((p: { name: string }) => p.name);
    expect(listParams).toEqual(
      expect.arrayContaining([
        "agent_id",
        "call_type",
        "from_number",
        "to_number",
        "start_time_gt",
        "start_time_lt",
        "cursor",
        "page",
        "limit",
        "use_cursor",
        "include_transcript",
        "include_variable_values",
      ]),
    );
  });
});
