import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bistroAgent } from "../helpers/agent-test-fixtures";
import { createTestApi, type TestApi } from "../helpers/test-api";

// Agent tests as a resource: create, list (cursor pages, tag filter), get, update, delete, and every
// validation a user meets (paths named, names checked against the agent, models and speech providers).

let api: TestApi;
let org: { apiKey: string; organizationId: string };
let other: { apiKey: string; organizationId: string };
let agentId: string;

const LLM_ENV = { OPENAI_API_KEY: "sk-test", OPENAI_BASE_URL: "http://127.0.0.1:9/v1" };

beforeAll(async () => {
  api = await createTestApi({ runtime: { env: LLM_ENV } });
  org = await api.createOrganization();
  other = await api.createOrganization("Other");
  agentId = (await (await api.request("POST", "/v1/agents", { apiKey: org.apiKey, body: bistroAgent() })).json()).data.id;
});
afterAll(async () => api?.close());

const scripted = (overrides: Record<string, unknown> = {}) => ({
  name: "books a table",
  type: "scripted",
  turns: [
    { user: "Hi, I'd like to book a table for 2", expect: [{ type: "state", state_name: "booking" }, { type: "tool_called", tool_name: "check_availability", arguments: { date: "2026-05-01" } }] },
    { user: "Great, goodbye", expect: [{ type: "ended", end_reason: "agent_hangup" }] },
  ],
  expect_end: [{ type: "variable", name: "slot", value: "20:00" }],
  tool_mocks: [{ tool_name: "check_availability", response: { slot: "20:00" } }],
  tags: ["booking", "smoke"],
  ...overrides,
});

const create = async (body: unknown, apiKey = org.apiKey, agent = agentId) => {
  const response = await api.request("POST", `/v1/agents/${agent}/tests`, { apiKey, body });
  return { status: response.status, json: await response.json() };
};

describe("agent tests CRUD", () => {
  it("creates a scripted test (201) with its defaults, and gets, lists, updates and deletes it", async () => {
    const created = await create(scripted());
    expect(created.status).toBe(201);
    expect(created.json.data).toMatchObject({
      agent_id: agentId,
      name: "books a table",
      type: "scripted",
      mode: "text",
      dynamic_variables_values: {},
      tool_mocks: [{ tool_name: "check_availability", status: 200, response: { slot: "20:00" } }],
      tags: ["booking", "smoke"],
      last_result: null,
    });
    const id = created.json.data.id;
    expect(created.json.data.created_at).toMatch(/Z$/);
    expect(created.json.data.updated_at).toMatch(/Z$/);

    const got = await (await api.request("GET", `/v1/agents/${agentId}/tests/${id}`, { apiKey: org.apiKey })).json();
    expect(got.data.turns).toHaveLength(2);

    const patched = await api.request("PATCH", `/v1/agents/${agentId}/tests/${id}`, { apiKey: org.apiKey, body: { tags: ["smoke"], expect_end: null } });
    expect(patched.status).toBe(200);
    const patchedBody = (await patched.json()).data;
    expect(patchedBody.tags).toEqual(["smoke"]);
    expect(patchedBody.expect_end).toBeUndefined();
    expect(patchedBody.turns).toHaveLength(2);

    const deleted = await api.request("DELETE", `/v1/agents/${agentId}/tests/${id}`, { apiKey: org.apiKey });
    expect(deleted.status).toBe(200);
    expect((await api.request("GET", `/v1/agents/${agentId}/tests/${id}`, { apiKey: org.apiKey })).status).toBe(404);
  });

  it("creates a simulated test with max_turns 12 by default; a type change needs the new type's fields", async () => {
    const created = await create({ name: "simulated booking", type: "simulated", persona: "Ada, in a hurry", goal: "Book for two", success_criteria: ["The agent offers a time"] });
    expect(created.status).toBe(201);
    expect(created.json.data).toMatchObject({ type: "simulated", max_turns: 12, persona: "Ada, in a hurry" });
    const id = created.json.data.id;
    const incomplete = await api.request("PATCH", `/v1/agents/${agentId}/tests/${id}`, { apiKey: org.apiKey, body: { type: "scripted" } });
    expect(incomplete.status).toBe(400);
    expect((await incomplete.json()).error.details).toContainEqual({ field: "turns", message: "Required for a scripted test" });
    const misplaced = await api.request("PATCH", `/v1/agents/${agentId}/tests/${id}`, { apiKey: org.apiKey, body: { turns: [{ user: "hi" }] } });
    expect((await misplaced.json()).error.details).toEqual([{ field: "turns", message: "Only for scripted tests (this test is simulated)" }]);
    const changed = await api.request("PATCH", `/v1/agents/${agentId}/tests/${id}`, { apiKey: org.apiKey, body: { type: "scripted", turns: [{ user: "hi" }] } });
    expect(changed.status).toBe(200);
    const body = (await changed.json()).data;
    expect(body).toMatchObject({ type: "scripted", turns: [{ user: "hi" }] });
    expect(body.persona).toBeUndefined();
  });

  it("lists newest first in cursor pages, filters by tag, and refuses a second test with the same name (409)", async () => {
    for (const name of ["list a", "list b", "list c"]) expect((await create(scripted({ name, tags: name === "list b" ? ["only-b"] : [] }))).status).toBe(201);
    expect((await create(scripted({ name: "list a" }))).status).toBe(409);
    const first = await (await api.request("GET", `/v1/agents/${agentId}/tests?limit=2`, { apiKey: org.apiKey })).json();
    expect(first.data.map((test: { name: string }) => test.name)).toEqual(["list c", "list b"]);
    expect(first.next_cursor).toBeTruthy();
    const second = await (await api.request("GET", `/v1/agents/${agentId}/tests?limit=2&cursor=${encodeURIComponent(first.next_cursor)}`, { apiKey: org.apiKey })).json();
    expect(second.data[0].name).toBe("list a");
    const tagged = await (await api.request("GET", `/v1/agents/${agentId}/tests?tag=only-b`, { apiKey: org.apiKey })).json();
    expect(tagged.data.map((test: { name: string }) => test.name)).toEqual(["list b"]);
  });
});

describe("the audit log", () => {
  it("records who created, changed and deleted a test, and who started and cancelled a run", async () => {
    const id = (await create(scripted({ name: "audited" }))).json.data.id;
    await api.request("PATCH", `/v1/agents/${agentId}/tests/${id}`, { apiKey: org.apiKey, body: { tags: ["audit"] } });
    const run = await (await api.request("POST", `/v1/agents/${agentId}/test-runs`, { apiKey: org.apiKey, body: { test_ids: [id], repeat: 2 } })).json();
    expect((await api.request("POST", `/v1/test-runs/${run.data.id}/cancel`, { apiKey: org.apiKey })).status).toBe(200);
    expect((await api.request("DELETE", `/v1/agents/${agentId}/tests/${id}`, { apiKey: org.apiKey })).status).toBe(200);

    const log = (await (await api.request("GET", "/v1/audit-log?limit=100", { apiKey: org.apiKey })).json()).data as { action: string; resource_id: string; changes: Record<string, unknown>; actor: { type: string } }[];
    const entry = (action: string, resourceId: string) => log.find((item) => item.action === action && item.resource_id === resourceId);
    expect(entry("agent_test.created", id)?.changes).toMatchObject({ agent_id: { from: null, to: agentId }, name: { from: null, to: "audited" } });
    expect(entry("agent_test.created", id)?.actor.type).toBe("api_key");
    expect(entry("agent_test.updated", id)?.changes).toEqual({ tags: { from: ["booking", "smoke"], to: ["audit"] } });
    expect(entry("test_run.created", run.data.id)?.changes).toMatchObject({ test_ids: { from: null, to: [id] }, repeat: { from: null, to: 2 } });
    expect(entry("test_run.cancelled", run.data.id)?.changes).toEqual({ status: { from: "queued", to: "cancelled" } });
    expect(entry("agent_test.deleted", id)?.changes).toMatchObject({ name: { from: "audited", to: null } });
    // Another organization's log has none of it.
    const theirs = (await (await api.request("GET", "/v1/audit-log?limit=100", { apiKey: other.apiKey })).json()).data as { resource_id: string }[];
    expect(theirs.some((item) => item.resource_id === id)).toBe(false);
  });
});

describe("agent test validation", () => {
  const detailsOf = async (body: unknown) => {
    const { status, json } = await create(body);
    expect(status).toBe(400);
    expect(json.error.type).toBe("generic_error");
    return json.error.details as { field: string; message: string }[];
  };

  it("names a regex that does not compile by its path", async () => {
    const details = await detailsOf(
      scripted({ name: "bad regex", turns: [{ user: "hi", expect: [{ type: "agent_says", match: "contains", value: "hello" }, { type: "agent_says", match: "regex", value: "book(ed" }] }] }),
    );
    expect(details).toHaveLength(1);
    expect(details[0].field).toBe("turns[0].expect[1].value");
    expect(details[0].message).toMatch(/regular expression/i);
  });

  it("names unknown tools, states, variables and mocked tools against the agent's current version", async () => {
    const details = await detailsOf(
      scripted({
        name: "unknown names",
        tool_mocks: [{ tool_name: "book_table", response: {} }, { tool_name: "hang_up", response: {} }],
        turns: [
          {
            user: "hi",
            expect: [
              { type: "tool_called", tool_name: "book_table" },
              { type: "state", state_name: "checkout" },
              { type: "variable", name: "table_number", value: 4 },
              { type: "tool_not_called", tool_name: "transfer_call" },
            ],
          },
        ],
        expect_end: [{ type: "variable", name: "party_size", value: 2 }],
      }),
    );
    const fields = details.map((detail) => detail.field);
    expect(fields).toEqual(
      expect.arrayContaining(["tool_mocks[0].tool_name", "tool_mocks[1].tool_name", "turns[0].expect[0].tool_name", "turns[0].expect[1].state_name", "turns[0].expect[2].name", "turns[0].expect[3].tool_name"]),
    );
    expect(fields).not.toContain("expect_end[0].name");
    expect(details.find((detail) => detail.field === "turns[0].expect[1].state_name")!.message).toContain('"main", "booking"');
    expect(details.find((detail) => detail.field === "tool_mocks[1].tool_name")!.message).toMatch(/built-in/);
  });

  it("accepts a variable the test's own dynamic_variables_values set", async () => {
    const { status } = await create(scripted({ name: "dynamic variable", dynamic_variables_values: { customer_name: "Ada" }, expect_end: [{ type: "variable", name: "customer_name", value: "Ada" }] }));
    expect(status).toBe(201);
  });

  it("refuses unknown fields, bad types and limits with their paths", async () => {
    const details = await detailsOf({ ...scripted({ name: "" }), extra: true, turns: [{ user: "" , interrupt_after_ms: 5 }], tags: ["a".repeat(51)] });
    const fields = details.map((detail) => detail.field);
    expect(fields).toEqual(expect.arrayContaining(["extra", "name", "turns[0].user", "tags[0]"]));
    expect(await detailsOf({ name: "x", type: "recorded" })).toEqual([{ field: "type", message: "Must be scripted or simulated" }]);
    const empty = await detailsOf({ name: "x", type: "scripted", turns: [] });
    expect(empty).toEqual([{ field: "turns", message: "Must have at least 1 item" }]);
    const tooMany = await detailsOf({ name: "x", type: "simulated", persona: "p", goal: "g", success_criteria: Array.from({ length: 21 }, (_, i) => `c${i}`), max_turns: 51 });
    expect(tooMany.map((detail) => detail.field).sort()).toEqual(["max_turns", "success_criteria"]);
  });

  it("refuses interrupt_after_ms in a text test", async () => {
    const details = await detailsOf(scripted({ name: "interrupt text", turns: [{ user: "hi" }, { user: "stop", interrupt_after_ms: 500 }] }));
    expect(details).toEqual([{ field: "turns[1].interrupt_after_ms", message: "Only voice tests can interrupt the agent (mode: voice)" }]);
  });

  it("another organization's agent (and its tests) are 404", async () => {
    const { status } = await create(scripted({ name: "foreign" }), other.apiKey);
    expect(status).toBe(404);
    const mine = await create(scripted({ name: "mine" }));
    const testId = mine.json.data.id;
    for (const [method, body] of [["GET"], ["PATCH", { name: "stolen" }], ["DELETE"]] as const) {
      expect((await api.request(method, `/v1/agents/${agentId}/tests/${testId}`, { apiKey: other.apiKey, body })).status).toBe(404);
    }
    expect((await api.request("GET", `/v1/agents/${agentId}/tests`, { apiKey: other.apiKey })).status).toBe(404);
    expect((await api.request("GET", `/v1/agents/not-a-uuid/tests`, { apiKey: org.apiKey })).status).toBe(404);
  });
});

describe("tests that need an LLM or speech the server does not have", () => {
  let bare: TestApi;
  let key: string;
  let agent: string;
  beforeAll(async () => {
    bare = await createTestApi({ runtime: { env: {} } });
    const owner = await bare.createOrganization();
    key = owner.apiKey;
    agent = (await (await bare.request("POST", "/v1/agents", { apiKey: key, body: bistroAgent() })).json()).data.id;
  });
  afterAll(async () => bare?.close());

  const post = async (body: unknown) => {
    const response = await bare.request("POST", `/v1/agents/${agent}/tests`, { apiKey: key, body });
    return { status: response.status, json: await response.json() };
  };

  it("refuses a judge expectation, naming its path and the variables to set", async () => {
    const { status, json } = await post(scripted({ name: "judged", turns: [{ user: "hi", expect: [{ type: "agent_says", match: "contains", value: "hi" }, { type: "agent_says", match: "judge", value: "greets the caller" }] }] }));
    expect(status).toBe(400);
    expect(json.error.details).toHaveLength(1);
    expect(json.error.details[0].field).toBe("turns[0].expect[1].match");
    expect(json.error.details[0].message).toContain("OPENAI_API_KEY");
    expect(json.error.details[0].message).toContain("TEST_JUDGE_MODEL");
  });

  it("refuses a simulated test, naming the variables to set", async () => {
    const { status, json } = await post({ name: "sim", type: "simulated", persona: "p", goal: "g", success_criteria: ["c"] });
    expect(status).toBe(400);
    expect(json.error.details[0].field).toBe("type");
    expect(json.error.details[0].message).toMatch(/OPENAI_API_KEY.*TEST_SIMULATOR_MODEL/s);
  });

  it("accepts a scripted test without a judge (it needs no LLM to be stored)", async () => {
    expect((await post(scripted({ name: "plain" }))).status).toBe(201);
  });

  it("refuses a voice test without the agent's transcriber and voice configured, naming them", async () => {
    const { status, json } = await post(scripted({ name: "voice", mode: "voice" }));
    expect(status).toBe(400);
    const fields = json.error.details.map((detail: { field: string }) => detail.field);
    expect(fields).toEqual(["transcriber.provider", "voice.provider"]);
    expect(json.message).toBeTruthy();
  });

  it("refuses a run when the agent's own model cannot be reached", async () => {
    const response = await bare.request("POST", `/v1/agents/${agent}/test-runs`, { apiKey: key, body: {} });
    expect(response.status).toBe(400);
    const body = await response.json();
    expect(body.error.details[0].field).toBe("agent_id");
    expect(body.error.details[0].message).toContain("OPENAI_API_KEY");
  });
});
