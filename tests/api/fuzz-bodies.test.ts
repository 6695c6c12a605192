import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { agents, agentTestRuns, calls, knowledgeBaseSources, webhookDeliveries } from "@/lib/db/schema";
import { MAX_JSON_DEPTH } from "@/lib/api/middleware/json-depth";
import { startFakeOpenAiServer, type FakeOpenAiServer } from "../helpers/fake-openai-server";
import { insertAgent, insertCall, insertPhoneNumber } from "../helpers/fixtures";
import { openApiValidator } from "../helpers/openapi-validator";
import { createTestApi, type TestApi } from "../helpers/test-api";

/**
 * The body fuzz suite. Every write operation of the OpenAPI document (so a new route is covered the
 * day it is added) gets empty bodies of every content type and bodies nested far deeper than any
 * document: each answer is a 4xx (or, for an operation without a body, its success) in the
 * documented envelope, never a 500, and nothing is half-written.
 */
let api: TestApi;
let llm: FakeOpenAiServer;
let apiKey: string;
let validator: ReturnType<typeof openApiValidator>;
let document: { paths: Record<string, Record<string, { requestBody?: { content: Record<string, { schema: { properties?: Record<string, unknown>; $ref?: string } }> } }>>; components: { schemas: Record<string, { properties?: Record<string, unknown> }> } };
const ids: Record<string, string> = {};
let sessionToken: string;

const CONTENT_TYPES = [
  "application/json",
  "text/plain",
  "multipart/form-data",
  "multipart/form-data; boundary=x",
  "application/x-www-form-urlencoded",
  "application/octet-stream",
  "application/xml",
  "application/merge-patch+json",
  "",
];

beforeAll(async () => {
  llm = await startFakeOpenAiServer(() => ({ text: "Hello." }));
  api = await createTestApi({ runtime: { env: llm.env(), eventPollMs: 20 } });
  const org = await api.createOrganization();
  apiKey = org.apiKey;
  ids.agent_id = await insertAgent(api.db, org.organizationId);
  await api.request("PATCH", `/v1/agents/${ids.agent_id}`, { apiKey, body: { llm: { provider: "openai_compatible", model: "local" } } });
  ids.phone_number_id = await insertPhoneNumber(api.db, org.organizationId, "+14155550160");
  ids.call_id = await insertCall(api.db, org.organizationId, ids.agent_id, { metadata: { kept: true }, status: "in_progress", endTime: null, endReason: null });
  ids.question_id = (await (await api.request("POST", `/v1/agents/${ids.agent_id}/post-call-questions`, { apiKey, body: { questions: [{ name: "Q", type: "text" }] } })).json()).data[0].id;
  ids.test_id = (await (await api.request("POST", `/v1/agents/${ids.agent_id}/tests`, { apiKey, body: { name: "T", type: "scripted", turns: [{ user: "hi" }] } })).json()).data.id;
  [{ id: ids.run_id }] = await api.db
    .insert(agentTestRuns)
    .values({ organizationId: org.organizationId, agentId: ids.agent_id, agentVersion: 1, testIds: [ids.test_id], repeat: 1, concurrency: 1 })
    .returning({ id: agentTestRuns.id });
  ids.knowledge_base_id = (await (await api.request("POST", "/v1/knowledge-bases", { apiKey, body: { name: "KB" } })).json()).data.id;
  [{ id: ids.webhook_delivery_id }] = await api.db
    .insert(webhookDeliveries)
    .values({ organizationId: org.organizationId, event: "event_all_variables_resolved", url: "https://hooks.example.com/in", payload: {} })
    .returning({ id: webhookDeliveries.id });
  const web = await (await api.request("POST", "/v1/calls/web", { apiKey, body: { agent_id: ids.agent_id } })).json();
  ids.web_call_id = web.data.call_id;
  sessionToken = web.data.session_token;
  document = await (await api.app.request("http://localhost:3000/v1/openapi.json")).json();
  validator = openApiValidator(document);
});
afterAll(async () => {
  await api?.close();
  await llm?.close();
});

type WriteOperation = { method: string; template: string; path: string; fields: string[] };

/** Every POST, PUT, PATCH and DELETE in the document, with real ids in its path and its body's top-level fields. */
function writeOperations(): WriteOperation[] {
  const out: WriteOperation[] = [];
  for (const [template, methods] of Object.entries(document.paths)) {
    for (const [method, operation] of Object.entries(methods)) {
      if (!["post", "put", "patch", "delete"].includes(method)) continue;
      const isWeb = template.startsWith("/v1/calls/web/");
      const path = template.replace(/\{(\w+)\}/g, (_, name: string) => (isWeb && name === "call_id" ? ids.web_call_id : ids[name]));
      const schema = operation.requestBody?.content["application/json"]?.schema;
      const resolved = schema?.$ref ? document.components.schemas[schema.$ref.split("/").pop()!] : schema;
      out.push({ method: method.toUpperCase(), template, path, fields: Object.keys(resolved?.properties ?? {}) });
    }
  }
  return out;
}

async function send(operation: WriteOperation, init: { body?: BodyInit; headers: Record<string, string> }) {
  const auth: Record<string, string> = operation.template.startsWith("/v1/calls/web/") ? { authorization: `Bearer ${sessionToken}` } : { "x-api-key": apiKey };
  const request: RequestInit & { duplex?: "half" } = { method: operation.method, headers: { ...auth, ...init.headers }, body: init.body };
  if (init.body instanceof ReadableStream) request.duplex = "half";
  const res = await api.app.request(`http://localhost:3000${operation.path}`, request);
  const text = await res.text();
  return { status: res.status, text, problems: validator.check(operation.method, operation.path, res.status, res.headers.get("content-type"), text) };
}

/** `{"a":{"a":…}}` nested `depth` levels, built as text (a deep value cannot be stringified recursively). */
const deepObject = (depth: number) => `${'{"a":'.repeat(depth)}1${"}".repeat(depth)}`;
const deepArray = (depth: number) => `${"[".repeat(depth)}${"]".repeat(depth)}`;

describe("deep nesting", () => {
  it(`is a 400 naming the field on every write operation that takes JSON (${MAX_JSON_DEPTH} levels at most)`, async () => {
    const failures: string[] = [];
    for (const operation of writeOperations()) {
      const bodies: [string, string][] = [
        ["a body nested 5,000 deep", deepObject(5_000)],
        ["an array nested 100,000 deep", deepArray(100_000)],
        ...operation.fields.map((field): [string, string] => [`${field} nested 5,000 deep`, `{"${field}":${deepObject(5_000)}}`]),
      ];
      for (const [label, body] of bodies) {
        const res = await send(operation, { body, headers: { "content-type": "application/json" } });
        const where = `${operation.method} ${operation.template}, ${label}`;
        if (res.status >= 500) failures.push(`${where}: ${res.status}`);
        if (res.status < 400) failures.push(`${where}: accepted (${res.status})`);
        failures.push(...res.problems.map((problem) => `${where}: ${problem}`));
        if (res.status === 400 && label.startsWith(operation.fields[0] ?? "\0")) {
          const fields = (JSON.parse(res.text).error.details as { field: string }[]).map((d) => d.field);
          if (!fields.some((field) => field.startsWith(operation.fields[0]))) failures.push(`${where}: 400 without naming ${operation.fields[0]} (${fields})`);
        }
      }
    }
    expect(failures).toEqual([]);
  }, 120_000);

  it("refuses the probe's bodies: metadata 5,000 deep in both modes, dynamic_variables_values 2,000 deep", async () => {
    for (const override of [false, true]) {
      const res = await api.app.request(`/v1/calls/${ids.call_id}`, {
        method: "PATCH",
        headers: { "x-api-key": apiKey, "content-type": "application/json" },
        body: `{"override":${override},"metadata":${deepObject(5_000)}}`,
      });
      expect(res.status).toBe(400);
      expect((await res.json()).error.details[0].field).toBe("metadata");
    }
    const phone = await api.app.request("/v1/calls/phone", {
      method: "POST",
      headers: { "x-api-key": apiKey, "content-type": "application/json" },
      body: `{"from_number":"+14155550160","to_number":"+14155550161","agent_id":"${ids.agent_id}","dynamic_variables_values":${deepObject(2_000)}}`,
    });
    expect(phone.status).toBe(400);
    expect((await phone.json()).error.details[0].field).toBe("dynamic_variables_values");
  });

  it("accepts nesting up to the limit", async () => {
    const res = await api.app.request(`/v1/calls/${ids.call_id}`, {
      method: "PATCH",
      headers: { "x-api-key": apiKey, "content-type": "application/json" },
      body: `{"metadata":${deepObject(MAX_JSON_DEPTH - 2)}}`,
    });
    expect(res.status).toBe(200);
  });
});

describe("empty bodies of every content type", () => {
  it("never answer 500 on any write operation, answer in the documented envelope, and write nothing when refused", async () => {
    const failures: string[] = [];
    const operations = writeOperations();
    expect(operations.length).toBeGreaterThan(25);
    const snapshot = async () => ({
      agent: (await api.db.select({ version: agents.latestVersion }).from(agents).where(eq(agents.id, ids.agent_id)))[0],
      call: (await api.db.select({ metadata: calls.metadata, status: calls.status }).from(calls).where(eq(calls.id, ids.call_id)))[0],
      calls: (await api.db.select({ id: calls.id }).from(calls)).length,
      sources: (await api.db.select({ id: knowledgeBaseSources.id }).from(knowledgeBaseSources)).length,
    });
    const before = await snapshot();
    // Operations that take a body first (refused bodies must change nothing), then those without one (deletes last).
    const order = (op: WriteOperation) => (op.fields.length ? 0 : op.method === "DELETE" ? 2 : 1);
    let checked = false;
    for (const operation of [...operations].sort((a, b) => order(a) - order(b))) {
      if (order(operation) > 0 && !checked) {
        expect(await snapshot(), "a refused body changed something").toEqual(before);
        checked = true;
      }
      for (const contentType of CONTENT_TYPES) {
        const type = contentType ? { "content-type": contentType } : {};
        for (const [shape, init] of [
          ["Content-Length: 0", { body: "", headers: { ...type, "content-length": "0" } }],
          ["an empty stream", { body: new ReadableStream({ start: (c) => c.close() }), headers: type }],
          ["no body", { headers: type }],
        ] as const) {
          const res = await send(operation, init as { body?: BodyInit; headers: Record<string, string> });
          const label = `${operation.method} ${operation.template} with ${contentType || "no Content-Type"} and ${shape}`;
          if (res.status >= 500) failures.push(`${label}: ${res.status} ${res.text.slice(0, 200)}`);
          failures.push(...res.problems.map((problem) => `${label}: ${problem}`));
        }
      }
    }
    expect(failures).toEqual([]);
  }, 120_000);
});
