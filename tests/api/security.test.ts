import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { revokeApiKey } from "@/lib/auth/api-keys";
import { agentTestRuns, webhookDeliveries } from "@/lib/db/schema";
import { insertAgent, insertCall, insertPhoneNumber } from "../helpers/fixtures";
import { createTestApi, type TestApi } from "../helpers/test-api";

/**
 * The shared security suite: every route refuses a missing, malformed, unknown or revoked key,
 * and another organization's resources are 404 and untouched. Add each new route here.
 */
let api: TestApi;
let owner: { apiKey: string; organizationId: string };
let stranger: { apiKey: string; organizationId: string };
let revokedKey: string;
const ids: Record<string, string> = {};

type RouteCase = { name: string; method: string; path: () => string; body?: () => unknown; rawBody?: () => BodyInit; ownResource: boolean };

/** A multipart upload with one text source (the knowledge-base upload route takes multipart). */
function textSourceUpload(): FormData {
  const form = new FormData();
  form.append("text_sources", JSON.stringify([{ title: "Injected", content: "Injected text" }]));
  return form;
}

const routes: RouteCase[] = [
  { name: "list calls", method: "GET", path: () => "/v1/calls", ownResource: false },
  { name: "count calls", method: "GET", path: () => "/v1/calls/count", ownResource: false },
  { name: "list llm models", method: "GET", path: () => "/v1/llm-models?provider=azure_openai", ownResource: false },
  { name: "get call", method: "GET", path: () => `/v1/calls/${ids.call}`, ownResource: true },
  { name: "patch call", method: "PATCH", path: () => `/v1/calls/${ids.call}`, body: () => ({ metadata: { hacked: true } }), ownResource: true },
  { name: "delete call", method: "DELETE", path: () => `/v1/calls/${ids.call}`, ownResource: true },
  { name: "terminate call", method: "POST", path: () => `/v1/calls/${ids.ongoingCall}/terminate`, ownResource: true },
  {
    name: "start phone call",
    method: "POST",
    path: () => "/v1/calls/phone",
    body: () => ({ from_number: "+14155550100", to_number: "+14155550123", agent_id: ids.agent }),
    ownResource: true,
  },
  // Web calls' events, turns and hangup take the call's session token instead (tests/api/web-calls.test.ts).
  { name: "start web call", method: "POST", path: () => "/v1/calls/web", body: () => ({ agent_id: ids.agent }), ownResource: true },
  { name: "list phone numbers", method: "GET", path: () => "/v1/phone-numbers", ownResource: false },
  { name: "create phone number", method: "POST", path: () => "/v1/phone-numbers", body: () => ({ number: "+14155550188" }), ownResource: false },
  { name: "get phone number", method: "GET", path: () => `/v1/phone-numbers/${ids.number}`, ownResource: true },
  { name: "patch phone number", method: "PATCH", path: () => `/v1/phone-numbers/${ids.number}`, body: () => ({ name: "hacked" }), ownResource: true },
  { name: "delete phone number", method: "DELETE", path: () => `/v1/phone-numbers/${ids.number}`, ownResource: true },
  { name: "list agents", method: "GET", path: () => "/v1/agents", ownResource: false },
  {
    name: "create agent",
    method: "POST",
    path: () => "/v1/agents",
    body: () => ({ name: "x", initial_state_name: "main", states: [{ name: "main" }] }),
    ownResource: false,
  },
  { name: "get agent", method: "GET", path: () => `/v1/agents/${ids.agent}`, ownResource: true },
  { name: "list agent versions", method: "GET", path: () => `/v1/agents/${ids.agent}/versions`, ownResource: true },
  { name: "patch agent", method: "PATCH", path: () => `/v1/agents/${ids.agent}`, body: () => ({ name: "hacked" }), ownResource: true },
  { name: "list post-call questions", method: "GET", path: () => `/v1/agents/${ids.agent}/post-call-questions`, ownResource: true },
  { name: "get post-call question", method: "GET", path: () => `/v1/agents/${ids.agent}/post-call-questions/${ids.question}`, ownResource: true },
  {
    name: "create post-call questions",
    method: "POST",
    path: () => `/v1/agents/${ids.agent}/post-call-questions`,
    body: () => ({ questions: [{ name: "Injected", type: "text" }] }),
    ownResource: true,
  },
  {
    name: "upsert post-call questions",
    method: "PATCH",
    path: () => `/v1/agents/${ids.agent}/post-call-questions`,
    body: () => ({ questions: [{ id: ids.question, name: "hacked" }] }),
    ownResource: true,
  },
  { name: "deactivate post-call question", method: "POST", path: () => `/v1/agents/${ids.agent}/post-call-questions/${ids.question}/deactivate`, ownResource: true },
  { name: "activate post-call question", method: "POST", path: () => `/v1/agents/${ids.agent}/post-call-questions/${ids.question}/activate`, ownResource: true },
  { name: "delete post-call question", method: "DELETE", path: () => `/v1/agents/${ids.agent}/post-call-questions/${ids.question}`, ownResource: true },
  { name: "list agent tests", method: "GET", path: () => `/v1/agents/${ids.agent}/tests`, ownResource: true },
  {
    name: "create agent test",
    method: "POST",
    path: () => `/v1/agents/${ids.agent}/tests`,
    body: () => ({ name: "Injected", type: "scripted", turns: [{ user: "hi" }] }),
    ownResource: true,
  },
  { name: "get agent test", method: "GET", path: () => `/v1/agents/${ids.agent}/tests/${ids.test}`, ownResource: true },
  { name: "patch agent test", method: "PATCH", path: () => `/v1/agents/${ids.agent}/tests/${ids.test}`, body: () => ({ name: "hacked" }), ownResource: true },
  { name: "list test runs", method: "GET", path: () => `/v1/agents/${ids.agent}/test-runs`, ownResource: true },
  { name: "start test run", method: "POST", path: () => `/v1/agents/${ids.agent}/test-runs`, body: () => ({}), ownResource: true },
  { name: "get test run", method: "GET", path: () => `/v1/test-runs/${ids.run}`, ownResource: true },
  { name: "cancel test run", method: "POST", path: () => `/v1/test-runs/${ids.run}/cancel`, ownResource: true },
  { name: "delete agent test", method: "DELETE", path: () => `/v1/agents/${ids.agent}/tests/${ids.test}`, ownResource: true },
  { name: "delete agent", method: "DELETE", path: () => `/v1/agents/${ids.agent}`, ownResource: true },
  { name: "list knowledge bases", method: "GET", path: () => "/v1/knowledge-bases", ownResource: false },
  { name: "create knowledge base", method: "POST", path: () => "/v1/knowledge-bases", body: () => ({ name: "x" }), ownResource: false },
  { name: "get knowledge base", method: "GET", path: () => `/v1/knowledge-bases/${ids.knowledgeBase}`, ownResource: true },
  { name: "rename knowledge base", method: "PATCH", path: () => `/v1/knowledge-bases/${ids.knowledgeBase}`, body: () => ({ name: "hacked" }), ownResource: true },
  {
    name: "add knowledge base sources",
    method: "POST",
    path: () => `/v1/knowledge-bases/${ids.knowledgeBase}/sources`,
    rawBody: textSourceUpload,
    ownResource: true,
  },
  {
    name: "delete knowledge base sources",
    method: "DELETE",
    path: () => `/v1/knowledge-bases/${ids.knowledgeBase}/sources`,
    body: () => ({ source_ids: [ids.source] }),
    ownResource: true,
  },
  {
    name: "search knowledge base",
    method: "POST",
    path: () => `/v1/knowledge-bases/${ids.knowledgeBase}/search`,
    body: () => ({ query: "secret" }),
    ownResource: true,
  },
  { name: "delete knowledge base", method: "DELETE", path: () => `/v1/knowledge-bases/${ids.knowledgeBase}`, ownResource: true },
  { name: "list webhook deliveries", method: "GET", path: () => "/v1/webhook-deliveries", ownResource: false },
  { name: "get webhook delivery", method: "GET", path: () => `/v1/webhook-deliveries/${ids.delivery}`, ownResource: true },
  { name: "retry webhook delivery", method: "POST", path: () => `/v1/webhook-deliveries/${ids.delivery}/retry`, ownResource: true },
  { name: "get webhook secret", method: "GET", path: () => "/v1/webhook-secret", ownResource: false },
  { name: "rotate webhook secret", method: "POST", path: () => "/v1/webhook-secret/rotate", ownResource: false },
  { name: "get pricing", method: "GET", path: () => "/v1/pricing", ownResource: false },
  { name: "update pricing", method: "PATCH", path: () => "/v1/pricing", body: () => ({ telephony_per_minute: 9 }), ownResource: false },
  { name: "list llm models", method: "GET", path: () => "/v1/llm-models?provider=openai_compatible", ownResource: false },
  { name: "list telephony providers", method: "GET", path: () => "/v1/telephony/providers", ownResource: false },
  { name: "get telephony provider", method: "GET", path: () => "/v1/telephony/providers/twilio", ownResource: false },
  {
    name: "connect telephony provider",
    method: "PUT",
    path: () => "/v1/telephony/providers/twilio",
    body: () => ({ account_sid: `AC${"1".repeat(32)}`, auth_token: "x", verify: false }),
    ownResource: false,
  },
  { name: "test telephony provider", method: "POST", path: () => "/v1/telephony/providers/twilio/test", ownResource: false },
  { name: "list carrier numbers", method: "GET", path: () => "/v1/telephony/providers/twilio/numbers", ownResource: false },
  { name: "import carrier numbers", method: "POST", path: () => "/v1/telephony/providers/twilio/numbers/import", body: () => ({}), ownResource: false },
  { name: "disconnect telephony provider", method: "DELETE", path: () => "/v1/telephony/providers/telnyx", ownResource: false },
  { name: "list campaigns", method: "GET", path: () => "/v1/campaigns", ownResource: false },
  { name: "create campaign", method: "POST", path: () => "/v1/campaigns", body: () => ({ name: "x", agent_id: ids.agent, from_numbers: ["+14155550100"] }), ownResource: false },
  { name: "get campaign", method: "GET", path: () => `/v1/campaigns/${ids.campaign}`, ownResource: true },
  { name: "patch campaign", method: "PATCH", path: () => `/v1/campaigns/${ids.campaign}`, body: () => ({ name: "hacked" }), ownResource: true },
  { name: "add campaign contacts", method: "POST", path: () => `/v1/campaigns/${ids.campaign}/contacts`, body: () => ({ contacts: [{ phone_number: "+14155550123" }] }), ownResource: true },
  { name: "list campaign contacts", method: "GET", path: () => `/v1/campaigns/${ids.campaign}/contacts`, ownResource: true },
  ...["start", "pause", "resume", "cancel"].map((action) => ({ name: `${action} campaign`, method: "POST", path: () => `/v1/campaigns/${ids.campaign}/${action}`, ownResource: true })),
  { name: "delete campaign", method: "DELETE", path: () => `/v1/campaigns/${ids.campaign}`, ownResource: true },
  { name: "list do-not-call", method: "GET", path: () => "/v1/do-not-call", ownResource: false },
  { name: "add do-not-call", method: "POST", path: () => "/v1/do-not-call", body: () => ({ phone_numbers: ["+14155550199"] }), ownResource: false },
  { name: "remove do-not-call", method: "DELETE", path: () => "/v1/do-not-call/+14155550199", ownResource: false },
  { name: "get concurrency", method: "GET", path: () => "/v1/concurrency", ownResource: false },
  { name: "update concurrency", method: "PATCH", path: () => "/v1/concurrency", body: () => ({ limit: 5 }), ownResource: false },

  { name: "list audit log", method: "GET", path: () => "/v1/audit-log", ownResource: false },
  { name: "verify audit log", method: "GET", path: () => "/v1/audit-log/verify", ownResource: false },
  { name: "get audit log settings", method: "GET", path: () => "/v1/audit-log/settings", ownResource: false },
  { name: "erase data by phone number", method: "POST", path: () => "/v1/data-erasure", body: () => ({ phone_number: "+14155550999" }), ownResource: false },
  { name: "update audit log settings", method: "PATCH", path: () => "/v1/audit-log/settings", body: () => ({ audit_retention_days: 60 }), ownResource: false },
  ...["summary", "calls-per-day", "duration-histogram", "agents", "post-call-answers", "dashboard", "usage"].map((report) => ({
    name: `analytics ${report}`,
    method: "GET",
    // Filtering by another organization's agent is refused like an unknown agent (tests/api/analytics.test.ts).
    path: () => `/v1/analytics/${report}`,
    ownResource: false,
  })),
];

beforeAll(async () => {
  api = await createTestApi();
  owner = await api.createOrganization("Owner");
  stranger = await api.createOrganization("Stranger");
  const revoked = await api.createOrganization("Revoked");
  await revokeApiKey({ db: api.db, organizationId: revoked.organizationId }, revoked.apiKeyId);
  revokedKey = revoked.apiKey;
  ids.agent = await insertAgent(api.db, owner.organizationId);
  ids.call = await insertCall(api.db, owner.organizationId, ids.agent, { metadata: { original: true } });
  ids.ongoingCall = await insertCall(api.db, owner.organizationId, ids.agent, { status: "in_progress", endTime: null, endReason: null });
  ids.number = await insertPhoneNumber(api.db, owner.organizationId, "+14155550100", { name: "Main line" });
  ids.test = (await (await api.request("POST", `/v1/agents/${ids.agent}/tests`, { apiKey: owner.apiKey, body: { name: "Owner test", type: "scripted", turns: [{ user: "hi" }] } })).json()).data.id;
  [{ id: ids.run }] = await api.db
    .insert(agentTestRuns)
    .values({ organizationId: owner.organizationId, agentId: ids.agent, agentVersion: 1, testIds: [ids.test], repeat: 1, concurrency: 1 })
    .returning({ id: agentTestRuns.id });
  ids.question = (await (await api.request("POST", `/v1/agents/${ids.agent}/post-call-questions`, { apiKey: owner.apiKey, body: { questions: [{ name: "Satisfied", type: "boolean" }] } })).json()).data[0].id;
  ids.campaign = (await (await api.request("POST", "/v1/campaigns", { apiKey: owner.apiKey, body: { name: "Owner campaign", agent_id: ids.agent, from_numbers: ["+14155550100"] } })).json()).data.id;
  ids.knowledgeBase = (await (await api.request("POST", "/v1/knowledge-bases", { apiKey: owner.apiKey, body: { name: "Owner KB" } })).json()).data.id;
  const upload = new FormData();
  upload.append("text_sources", JSON.stringify([{ title: "Secret", content: "The secret recipe" }]));
  const withSource = await api.request("POST", `/v1/knowledge-bases/${ids.knowledgeBase}/sources`, { apiKey: owner.apiKey, rawBody: upload });
  ids.source = (await withSource.json()).data.sources[0].id;
  [{ id: ids.delivery }] = await api.db
    .insert(webhookDeliveries)
    .values({ organizationId: owner.organizationId, event: "event_all_variables_resolved", url: "https://hooks.example.com/in", payload: {} })
    .returning({ id: webhookDeliveries.id });
});
afterAll(async () => api?.close());

describe.each(routes)("$name ($method)", (route) => {
  const send = (apiKey?: string) => api.request(route.method, route.path(), { apiKey, body: route.body?.(), rawBody: route.rawBody?.() });

  it.each([
    ["no key", undefined],
    ["a malformed key", "not-a-key"],
    ["a well-formed unknown key", "vk_0000000000000000000000000000000000000000000000000"],
  ])("refuses %s with 401", async (_label, apiKey) => {
    const res = await send(apiKey);
    expect(res.status).toBe(401);
    const body = await res.json();
    expect(body).toMatchObject({ data: null, status: 401, error: { type: "authentication_error", status: 401 } });
  });

  it("refuses a revoked key with 401", async () => {
    expect((await send(revokedKey)).status).toBe(401);
  });

  if (route.ownResource) {
    it("hides the resource from another organization", async () => {
      const res = await send(stranger.apiKey);
      // start phone call names the foreign agent as a bad field rather than a missing path
      expect([404, 400]).toContain(res.status);
      if (route.method !== "POST" || route.path().includes("/terminate")) expect(res.status).toBe(404);
    });
  }
});

describe("coverage", () => {
  it("covers every operation of the OpenAPI document (a new route must be added here)", async () => {
    const document = (await (await api.app.request("/v1/openapi.json")).json()) as { paths: Record<string, Record<string, unknown>> };
    // A web call's events, turns and hangup take its session token instead of a key (tests/api/web-calls.test.ts).
    const sessionRoutes = new Set(["GET /v1/calls/web/{call_id}/events", "POST /v1/calls/web/{call_id}/turns", "POST /v1/calls/web/{call_id}/hangup"]);
    const missing: string[] = [];
    for (const [template, methods] of Object.entries(document.paths)) {
      const pattern = new RegExp(`^${template.replace(/\{[^}]+\}/g, "[^/]+")}$`);
      for (const method of Object.keys(methods)) {
        const name = `${method.toUpperCase()} ${template}`;
        if (sessionRoutes.has(name)) continue;
        if (!routes.some((route) => route.method === method.toUpperCase() && pattern.test(route.path().split("?")[0]))) missing.push(name);
      }
    }
    expect(missing).toEqual([]);
  });
});

describe("tenant isolation", () => {
  it("leaves the first organization's data untouched and unseen", async () => {
    const calls = await (await api.request("GET", "/v1/calls", { apiKey: stranger.apiKey })).json();
    expect(calls.data).toEqual([]);
    const counted = await (await api.request("GET", "/v1/calls/count?status=ended", { apiKey: stranger.apiKey })).json();
    expect(counted.data).toEqual({ total: 0, exact: true });
    const call = await (await api.request("GET", `/v1/calls/${ids.call}`, { apiKey: owner.apiKey })).json();
    expect(call.data.metadata).toEqual({ original: true });
    const ongoing = await (await api.request("GET", `/v1/calls/${ids.ongoingCall}`, { apiKey: owner.apiKey })).json();
    expect(ongoing.data.status).toBe("in_progress");
    const numbers = await (await api.request("GET", "/v1/phone-numbers", { apiKey: stranger.apiKey })).json();
    expect(numbers.data.map((n: { id: string }) => n.id)).not.toContain(ids.number);
    const number = await (await api.request("GET", `/v1/phone-numbers/${ids.number}`, { apiKey: owner.apiKey })).json();
    expect(number.data.name).toBe("Main line");
    const filtered = await (await api.request("GET", `/v1/calls?agent_id=${ids.agent}`, { apiKey: stranger.apiKey })).json();
    expect(filtered.data).toEqual([]);
    const bases = await (await api.request("GET", "/v1/knowledge-bases", { apiKey: stranger.apiKey })).json();
    expect(bases.data.map((b: { id: string }) => b.id)).not.toContain(ids.knowledgeBase);
    const base = await (await api.request("GET", `/v1/knowledge-bases/${ids.knowledgeBase}`, { apiKey: owner.apiKey })).json();
    expect(base.data).toMatchObject({ name: "Owner KB", sources: [{ id: ids.source, title: "Secret" }] });
  });
});

describe("telephony accounts are per organization", () => {
  it("another organization neither sees nor disconnects an account, and its secrets are never returned", async () => {
    const token = "owner-secret-auth-token";
    const sid = `AC${"2".repeat(32)}`;
    const put = await api.request("PUT", "/v1/telephony/providers/twilio", { apiKey: owner.apiKey, body: { account_sid: sid, auth_token: token, verify: false } });
    expect(put.status).toBe(200);
    expect(await put.text()).not.toContain(token);
    const seen = await (await api.request("GET", "/v1/telephony/providers/twilio", { apiKey: stranger.apiKey })).json();
    expect(seen.data).toMatchObject({ configured: false, account_id: null });
    expect((await api.request("DELETE", "/v1/telephony/providers/twilio", { apiKey: stranger.apiKey })).status).toBe(404);
    const mine = await api.request("GET", "/v1/telephony/providers", { apiKey: owner.apiKey });
    const text = await mine.text();
    expect(text).not.toContain(token);
    expect(JSON.parse(text).data.find((p: { carrier: string }) => p.carrier === "twilio")).toMatchObject({ configured: true, account_id: sid });
  });
});
