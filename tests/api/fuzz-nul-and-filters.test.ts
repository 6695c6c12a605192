import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { webhookDeliveries } from "@/lib/db/schema";
import { formatPath } from "@/lib/utils/zod-issue-details";
import { startFakeOpenAiServer, type FakeOpenAiServer } from "../helpers/fake-openai-server";
import { insertAgent, insertCall, insertPhoneNumber } from "../helpers/fixtures";
import { openApiValidator } from "../helpers/openapi-validator";
import { createTestApi, type TestApi } from "../helpers/test-api";

/**
 * What the outside probe's OpenAPI-driven fuzzer found (issue 20, item 7), kept found for every route
 * the document will ever have: a NUL character (which Postgres cannot store in text or jsonb) in any
 * JSON string or object key of any write operation, or in any query value, is a 400 naming the field;
 * and every combination of the calls list's filters, with either cursor form, answers exactly the
 * matching calls (the list caches its SQL per combination of filters), as the count does.
 */
type Schema = {
  type?: string | string[];
  properties?: Record<string, Schema>;
  items?: Schema;
  additionalProperties?: Schema | boolean;
  anyOf?: Schema[];
  oneOf?: Schema[];
  allOf?: Schema[];
  enum?: unknown[];
  $ref?: string;
};
type Operation = {
  parameters?: { name: string; in: string }[];
  requestBody?: { content: Record<string, { schema: Schema }> };
};

let api: TestApi;
let llm: FakeOpenAiServer;
let apiKey: string;
let organizationId: string;
let validator: ReturnType<typeof openApiValidator>;
let document: { paths: Record<string, Record<string, Operation>>; components: { schemas: Record<string, Schema> } };
const ids: Record<string, string> = {};
let sessionToken: string;

beforeAll(async () => {
  llm = await startFakeOpenAiServer(() => ({ text: "Hello." }));
  api = await createTestApi({ runtime: { env: llm.env(), eventPollMs: 20 } });
  const org = await api.createOrganization();
  apiKey = org.apiKey;
  organizationId = org.organizationId;
  ids.agent_id = await insertAgent(api.db, organizationId);
  await api.request("PATCH", `/v1/agents/${ids.agent_id}`, { apiKey, body: { llm: { provider: "openai_compatible", model: "local" } } });
  ids.phone_number_id = await insertPhoneNumber(api.db, organizationId, "+14155550160");
  ids.call_id = await insertCall(api.db, organizationId, ids.agent_id, { status: "in_progress", endTime: null, endReason: null });
  ids.question_id = (await (await api.request("POST", `/v1/agents/${ids.agent_id}/post-call-questions`, { apiKey, body: { questions: [{ name: "Q", type: "text" }] } })).json()).data[0].id;
  ids.knowledge_base_id = (await (await api.request("POST", "/v1/knowledge-bases", { apiKey, body: { name: "KB" } })).json()).data.id;
  [{ id: ids.webhook_delivery_id }] = await api.db
    .insert(webhookDeliveries)
    .values({ organizationId, event: "event_all_variables_resolved", url: "https://hooks.example.com/in", payload: {} })
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

const NUL = "a\u0000b";

function resolve(schema: Schema | undefined): Schema | undefined {
  return schema?.$ref ? resolve(document.components.schemas[schema.$ref.split("/").pop()!]) : schema;
}

const isString = (schema: Schema) => schema.type === "string" || (Array.isArray(schema.type) && schema.type.includes("string")) || (schema.enum?.some((v) => typeof v === "string") ?? false);

/** Paths to every string a body of this schema can hold (records get the key `k`, arrays their first item), without revisiting a schema on one path. */
function stringPaths(schema: Schema | undefined, path: (string | number)[] = [], seen = new Set<Schema>()): (string | number)[][] {
  const resolved = resolve(schema);
  if (!resolved || seen.has(resolved) || path.length > 12) return [];
  const inner = new Set(seen).add(resolved);
  const out: (string | number)[][] = [];
  if (isString(resolved)) out.push(path);
  for (const branch of [...(resolved.anyOf ?? []), ...(resolved.oneOf ?? []), ...(resolved.allOf ?? [])]) out.push(...stringPaths(branch, path, inner));
  for (const [name, property] of Object.entries(resolved.properties ?? {})) out.push(...stringPaths(property, [...path, name], inner));
  if (resolved.items) out.push(...stringPaths(resolved.items, [...path, 0], inner));
  if (typeof resolved.additionalProperties === "object") out.push(...stringPaths(resolved.additionalProperties, [...path, "k"], inner));
  return out;
}

/** A body holding `value` at `path` and nothing else. */
function bodyWith(path: (string | number)[], value: unknown): unknown {
  if (!path.length) return value;
  const [head, ...rest] = path;
  return typeof head === "number" ? [bodyWith(rest, value)] : { [head]: bodyWith(rest, value) };
}

function concretePath(template: string): string {
  const isWeb = template.startsWith("/v1/calls/web/");
  return template.replace(/\{(\w+)\}/g, (_, name: string) => (isWeb && name === "call_id" ? ids.web_call_id : ids[name]));
}

async function send(method: string, template: string, url: string, body?: string) {
  const auth: Record<string, string> = template.startsWith("/v1/calls/web/") ? { authorization: `Bearer ${sessionToken}` } : { "x-api-key": apiKey };
  const res = await api.app.request(`http://localhost:3000${url}`, { method, headers: { ...auth, ...(body === undefined ? {} : { "content-type": "application/json" }) }, body });
  // An event stream that was accepted never ends by itself: what came within a second is its answer.
  let timer: NodeJS.Timeout | undefined;
  const text = await Promise.race([
    res.text(),
    new Promise<string>((resolve) => (timer = setTimeout(() => resolve("(a stream that stayed open)"), 1_000))),
  ]);
  clearTimeout(timer);
  if (text === "(a stream that stayed open)") await res.body?.cancel().catch(() => undefined);
  return { status: res.status, text, problems: validator.check(method, url, res.status, res.headers.get("content-type"), text) };
}

const namedFields = (text: string): string[] => {
  try {
    return ((JSON.parse(text).error?.details ?? []) as { field: string }[]).map((detail) => detail.field);
  } catch {
    return [];
  }
};

describe("a NUL character", () => {
  it("in any string of any write operation's JSON body is a 400 naming that field", async () => {
    const failures: string[] = [];
    let checked = 0;
    for (const [template, methods] of Object.entries(document.paths)) {
      for (const [method, operation] of Object.entries(methods)) {
        if (!["post", "put", "patch", "delete"].includes(method)) continue;
        const schema = operation.requestBody?.content["application/json"]?.schema;
        const paths = new Map(stringPaths(schema).filter((path) => path.length).map((path) => [formatPath(path), path]));
        for (const [field, path] of paths) {
          checked++;
          const res = await send(method.toUpperCase(), template, concretePath(template), JSON.stringify(bodyWith(path, NUL)));
          const where = `${method.toUpperCase()} ${template} with NUL in ${field}`;
          if (res.status !== 400) failures.push(`${where}: ${res.status} ${res.text.slice(0, 160)}`);
          else if (!namedFields(res.text).includes(field)) failures.push(`${where}: 400 naming ${namedFields(res.text).join(", ") || "nothing"}`);
          failures.push(...res.problems.map((problem) => `${where}: ${problem}`));
        }
      }
    }
    expect(checked).toBeGreaterThan(150);
    expect(failures).toEqual([]);
  }, 120_000);

  it("in a valid body's value or key is refused with the field's path, and nothing is stored", async () => {
    const kb = await api.request("POST", "/v1/knowledge-bases", { apiKey, body: { name: "Price list\u0000" } });
    expect(kb.status).toBe(400);
    const kbBody = await kb.json();
    expect(kbBody.error).toMatchObject({ type: "generic_error", details: [{ field: "name", message: "Must not contain a NUL character (\\u0000)" }] });
    const key = await api.request("PATCH", `/v1/calls/${ids.call_id}`, { apiKey, body: { metadata: { order: { "ref\u0000": 1 } } } });
    expect(key.status).toBe(400);
    expect((await key.json()).error.details[0].field).toBe("metadata.order");
    const call = await (await api.request("GET", `/v1/calls/${ids.call_id}`, { apiKey })).json();
    expect(call.data.metadata).not.toHaveProperty("order");
    // The escaped form in JSON text is the same character.
    const escaped = await api.request("POST", "/v1/knowledge-bases", { apiKey, rawBody: '{"name":"x\\u0000"}', headers: { "content-type": "application/json" } });
    expect(escaped.status).toBe(400);
    // The upload's text sources are JSON inside a multipart part: the same rule, the field named by path.
    const form = new FormData();
    form.append("text_sources", JSON.stringify([{ title: "Hours", content: "Open\u0000 daily" }]));
    const upload = await api.request("POST", `/v1/knowledge-bases/${ids.knowledge_base_id}/sources`, { apiKey, rawBody: form });
    expect(upload.status).toBe(400);
    expect((await upload.json()).error.details).toEqual([{ field: "text_sources[0].content", message: "Must not contain a NUL character (\\u0000)" }]);
  });

  it("in any query value of any operation is a 400 naming the parameter", async () => {
    const failures: string[] = [];
    let checked = 0;
    for (const [template, methods] of Object.entries(document.paths)) {
      for (const [method, operation] of Object.entries(methods)) {
        for (const parameter of operation.parameters ?? []) {
          if (parameter.in !== "query") continue;
          checked++;
          const res = await send(method.toUpperCase(), template, `${concretePath(template)}?${parameter.name}=%00`);
          const where = `${method.toUpperCase()} ${template}?${parameter.name}=%00`;
          if (res.status !== 400) failures.push(`${where}: ${res.status} ${res.text.slice(0, 160)}`);
          else if (!namedFields(res.text).includes(parameter.name)) failures.push(`${where}: 400 naming ${namedFields(res.text).join(", ") || "nothing"}`);
          failures.push(...res.problems.map((problem) => `${where}: ${problem}`));
        }
      }
    }
    expect(checked).toBeGreaterThan(20);
    expect(failures).toEqual([]);
  }, 60_000);

  it("in the probe's request, search=%00 on /v1/calls/count, is a 400 naming search", async () => {
    const res = await api.request("GET", "/v1/calls/count?search=%00", { apiKey });
    expect(res.status).toBe(400);
    expect((await res.json()).error.details).toEqual([{ field: "search", message: "Must not contain a NUL character (\\u0000)" }]);
  });
});

describe("every combination of the calls filters", () => {
  type Seeded = { id: string; agentId: string; type: string; fromNumber: string; toNumber: string; startTime: Date; status: string; endReason: string | null; answerType: string | null; carrier: string | null; words: string };
  const BASE = Date.parse("2026-04-01T08:00:00.000Z");
  const FILTERS = {
    agent_id: (call: Seeded) => call.agentId === ids.agent_id,
    call_type: (call: Seeded) => call.type === "phone_call",
    from_number: (call: Seeded) => call.fromNumber === "+14155550100",
    to_number: (call: Seeded) => call.toNumber === "+14155550123",
    start_time_gt: (call: Seeded) => call.startTime.getTime() > BASE + 4 * 60_000,
    start_time_lt: (call: Seeded) => call.startTime.getTime() < BASE + 40 * 60_000,
    status: (call: Seeded) => call.status === "ended",
    end_reason: (call: Seeded) => call.endReason === "completed",
    answer_type: (call: Seeded) => call.answerType === "human",
    carrier: (call: Seeded) => call.carrier === "twilio",
    search: (call: Seeded) => call.words.includes("booking"),
  } as const;
  const VALUES: Record<keyof typeof FILTERS, () => string> = {
    agent_id: () => ids.agent_id,
    call_type: () => "phone_call",
    from_number: () => "+14155550100",
    to_number: () => "+14155550123",
    start_time_gt: () => new Date(BASE + 4 * 60_000).toISOString(),
    start_time_lt: () => new Date(BASE + 40 * 60_000).toISOString(),
    status: () => "ended",
    end_reason: () => "completed",
    answer_type: () => "human",
    carrier: () => "twilio",
    search: () => "booking",
  };
  const names = Object.keys(FILTERS) as (keyof typeof FILTERS)[];
  let seeded: Seeded[];

  beforeAll(async () => {
    const org = await api.createOrganization("Filters");
    apiKey = org.apiKey;
    ids.agent_id = await insertAgent(api.db, org.organizationId);
    const otherAgent = await insertAgent(api.db, org.organizationId);
    // 48 calls whose attributes vary independently (co-prime periods), two sharing each start time.
    seeded = [];
    for (let i = 0; i < 48; i++) {
      const phone = i % 3 !== 0;
      const ended = i % 4 !== 1;
      const call: Seeded = {
        id: "",
        agentId: i % 2 ? ids.agent_id : otherAgent,
        type: phone ? "phone_call" : "web_call",
        fromNumber: i % 5 < 3 ? "+14155550100" : "+14155550101",
        toNumber: i % 7 < 4 ? "+14155550123" : "+14155550124",
        startTime: new Date(BASE + Math.floor(i / 2) * 2 * 60_000),
        status: ended ? "ended" : "in_progress",
        endReason: ended ? (i % 5 === 2 ? "user_hangup" : "completed") : null,
        answerType: i % 6 < 3 ? "human" : "voicemail",
        carrier: phone ? (i % 4 < 2 ? "twilio" : "telnyx") : null,
        words: i % 3 === 1 ? "I am calling about my booking" : "What are your opening hours",
      };
      call.id = await insertCall(api.db, org.organizationId, call.agentId, {
        type: call.type as "phone_call",
        fromNumber: call.fromNumber,
        toNumber: call.toNumber,
        startTime: call.startTime,
        status: call.status as "ended",
        endReason: call.endReason as "completed" | null,
        endTime: ended ? new Date(call.startTime.getTime() + 60_000) : null,
        answerType: call.answerType as "human",
        carrier: call.carrier as "twilio" | null,
        transcript: [{ role: "user", content: call.words, start_time: call.startTime.toISOString() }],
      });
      seeded.push(call);
    }
  });

  const newestFirst = (a: Seeded, b: Seeded) => b.startTime.getTime() - a.startTime.getTime() || (b.id < a.id ? -1 : b.id > a.id ? 1 : 0);

  async function check(chosen: (keyof typeof FILTERS)[], cursor: { cursor: string; before: (call: Seeded) => boolean } | null, failures: string[]) {
    const query = new URLSearchParams(chosen.map((name) => [name, VALUES[name]()]));
    const matching = seeded.filter((call) => chosen.every((name) => FILTERS[name](call)));
    if (cursor) {
      const expected = matching.filter(cursor.before).sort(newestFirst).map((call) => call.id);
      const list = await api.request("GET", `/v1/calls?${query}&cursor=${encodeURIComponent(cursor.cursor)}&limit=1000`, { apiKey });
      const listed = list.status === 200 ? ((await list.json()).data as { id: string }[]).map((call) => call.id) : `${list.status} ${await list.text()}`;
      if (JSON.stringify(listed) !== JSON.stringify(expected)) failures.push(`list ${query} cursor ${cursor.cursor}: ${JSON.stringify(listed).slice(0, 160)} (expected ${expected.length})`);
    } else {
      const count = await api.request("GET", `/v1/calls/count?${query}`, { apiKey });
      const counted = count.status === 200 ? (await count.json()).data : `${count.status} ${await count.text()}`;
      if (JSON.stringify(counted) !== JSON.stringify({ total: matching.length, exact: true })) failures.push(`count ${query}: ${JSON.stringify(counted).slice(0, 160)} (expected ${matching.length})`);
    }
  }

  function cursors() {
    // A time+id cursor in the middle of a start time shared by two calls, and a plain time one.
    const sorted = [...seeded].sort(newestFirst);
    const pivot = sorted.find((call, i) => sorted[i + 1]?.startTime.getTime() === call.startTime.getTime() && call.startTime.getTime() === BASE + 34 * 60_000)!;
    return [
      { cursor: new Date(BASE + 30 * 60_000).toISOString(), before: (call: Seeded) => call.startTime.getTime() < BASE + 30 * 60_000 },
      { cursor: `${pivot.startTime.toISOString()}_${pivot.id}`, before: (call: Seeded) => newestFirst(pivot, call) < 0 },
    ];
  }

  it("with a cursor (both forms) lists exactly the matching calls", async () => {
    // The list's SQL is cached per combination of the exact filters and cursor form: all 1,024
    // combinations, each with one cursor form (alternating in Gray-code order, so both forms meet
    // every filter). A search is planned per request (not cached): with each filter and with all.
    const [plain, withId] = cursors();
    const exact = names.filter((name) => name !== "search");
    const failures: string[] = [];
    for (let mask = 0; mask < 1 << exact.length && failures.length < 20; mask++) {
      const gray = mask ^ (mask >> 1);
      await check(exact.filter((_, bit) => gray & (1 << bit)), mask % 2 ? withId : plain, failures);
    }
    for (const [i, name] of [...exact, null].entries()) await check(name ? ["search", name] : names, i % 2 ? withId : plain, failures);
    expect(failures).toEqual([]);
  }, 60_000);

  it("counts exactly the matching calls, through the rollups (agent and time only) or not", async () => {
    // Every combination of agent and time (the rollups' filters), alone and with each other filter.
    const rollup: (keyof typeof FILTERS)[] = ["agent_id", "start_time_gt", "start_time_lt"];
    const others = names.filter((name) => !rollup.includes(name));
    const failures: string[] = [];
    for (let mask = 0; mask < 1 << rollup.length; mask++) {
      const base = rollup.filter((_, bit) => mask & (1 << bit));
      for (const other of [null, ...others]) await check(other ? [...base, other] : base, null, failures);
    }
    expect(failures).toEqual([]);
  }, 60_000);
});
