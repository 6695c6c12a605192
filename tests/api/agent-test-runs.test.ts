import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { webhookDeliveries } from "@/lib/db/schema";
import type { HttpClient } from "@/lib/runtime/types";
import { bistroAgent, bistroModel, systemOf } from "../helpers/agent-test-fixtures";
import { startFakeOpenAiServer, type FakeOpenAiServer, type FakeRequest } from "../helpers/fake-openai-server";
import { createTestApi, type TestApi } from "../helpers/test-api";
import { sleep } from "../helpers/voice-call";

// Test runs end to end: the API queues a run, a worker executes it as a job (the engine behind the
// conversation host, the model on a fake OpenAI server speaking the real protocol), and the results
// say what passed, what failed and why.

let api: TestApi;
let llm: FakeOpenAiServer;
let org: { apiKey: string; organizationId: string };
let other: { apiKey: string; organizationId: string };
let agentId: string;
const toolRequests: string[] = [];
let judgeVerdicts: (request: FakeRequest) => { verdict: "pass" | "fail"; reason: string } = () => ({ verdict: "pass", reason: "It does." });
let simulator: (request: FakeRequest) => { message: string; end_call: boolean } = () => ({ message: "goodbye", end_call: true });

/** Tools that are not mocked really make their request: here, to a recorder answering as the bistro's API. */
const recordingHttp: HttpClient = async (url) => {
  toolRequests.push(url);
  return { status: 200, text: () => JSON.stringify({ slot: "19:30" }) };
};

beforeAll(async () => {
  llm = await startFakeOpenAiServer(
    bistroModel((request) => (/You play a caller/.test(systemOf(request)) ? { json: simulator(request) } : { json: judgeVerdicts(request) })),
  );
  const env = { ...llm.env(), TEST_JUDGE_MODEL: "judge-model", TEST_SIMULATOR_MODEL: "caller-model" };
  api = await createTestApi({ workers: true, runtime: { env }, agentTests: { env, http: recordingHttp } });
  org = await api.createOrganization();
  other = await api.createOrganization("Other");
  agentId = (await (await api.request("POST", "/v1/agents", { apiKey: org.apiKey, body: bistroAgent() })).json()).data.id;
});
afterAll(async () => {
  await api?.close();
  await llm?.close();
});

async function createTest(body: Record<string, unknown>): Promise<string> {
  const response = await api.request("POST", `/v1/agents/${agentId}/tests`, { apiKey: org.apiKey, body });
  const json = await response.json();
  expect(response.status, JSON.stringify(json.error)).toBe(201);
  return json.data.id;
}

async function startRun(body: Record<string, unknown>) {
  const response = await api.request("POST", `/v1/agents/${agentId}/test-runs`, { apiKey: org.apiKey, body });
  const json = await response.json();
  expect(response.status, JSON.stringify(json.error)).toBe(201);
  return json.data;
}

const getRun = async (id: string, apiKey = org.apiKey) => (await (await api.request("GET", `/v1/test-runs/${id}`, { apiKey })).json()).data;

async function finished(id: string, limitMs = 20_000) {
  const until = Date.now() + limitMs;
  for (;;) {
    const run = await getRun(id);
    if (!["queued", "running"].includes(run.status)) return run;
    if (Date.now() > until) throw new Error(`run still ${run.status} after ${limitMs} ms`);
    await sleep(50);
  }
}

type AssertionView = { turn: number | null; type: string; match?: string; passed: boolean; expected: unknown; actual: unknown; reason: string };

const BOOK = "Hi, I'd like to book a table for 2";

describe("scripted text tests", () => {
  it("a test whose every expectation holds passes; a mocked tool makes no request and its response goes through the mapping", async () => {
    const testId = await createTest({
      name: "books a table",
      tool_mocks: [{ tool_name: "check_availability", response: { slot: "20:00" } }],
      type: "scripted",
      tags: ["booking"],
      turns: [
        {
          user: BOOK,
          expect: [
            { type: "agent_says", match: "contains", value: "TABLE AT 20:00" },
            { type: "agent_says", match: "regex", value: "/table at \\d\\d:\\d\\d/i" },
            { type: "agent_says", match: "exact", value: "  let me check.   We have a table at 20:00. " },
            { type: "tool_called", tool_name: "check_availability", arguments: { date: "2026-05-01" } },
            { type: "tool_not_called", tool_name: "hang_up" },
            { type: "state", state_name: "booking" },
            { type: "variable", name: "party_size", value: 2 },
            { type: "variable", name: "slot", value: "20:00" },
          ],
        },
        { user: "Perfect, goodbye", expect: [{ type: "tool_called", tool_name: "hang_up" }, { type: "ended", end_reason: "agent_hangup" }, { type: "agent_says", match: "judge", value: "says goodbye" }] },
      ],
      expect_end: [{ type: "tool_called", tool_name: "check_availability" }, { type: "ended" }, { type: "agent_says", match: "contains", value: "goodbye" }],
    });
    const requestsBefore = toolRequests.length;
    const queued = await startRun({ test_ids: [testId] });
    expect(queued).toMatchObject({ status: "queued", agent_id: agentId, agent_version: 1, repeat: 1, concurrency: 4, summary: { total: 1, passed: 0, failed: 0, errored: 0 }, results: [] });
    const run = await finished(queued.id);
    expect(run.status, JSON.stringify(run.results[0]?.assertions.filter((a: AssertionView) => !a.passed))).toBe("passed");
    expect(run.summary).toEqual({ total: 1, passed: 1, failed: 0, errored: 0 });
    expect(run.started_at).toBeTruthy();
    expect(run.finished_at).toBeTruthy();
    const [result] = run.results;
    expect(result).toMatchObject({ test_id: testId, test_name: "books a table", repetition: 1, status: "passed", end_reason: "agent_hangup", error: null, pass_rate: 1 });
    expect(result.assertions).toHaveLength(14);
    expect(result.assertions.every((assertion: AssertionView) => assertion.passed)).toBe(true);
    expect(result.assertions.slice(0, 8).every((assertion: AssertionView) => assertion.turn === 0)).toBe(true);
    expect(result.assertions.slice(-3).every((assertion: AssertionView) => assertion.turn === null)).toBe(true);
    expect(result.states_visited).toEqual(["main", "booking"]);
    expect(result.tool_calls).toEqual([
      { tool_name: "check_availability", arguments: { date: "2026-05-01" }, mocked: true, result: { status: 200, error: null, body: { slot: "20:00" } } },
      { tool_name: "hang_up", arguments: {}, mocked: false, result: null },
    ]);
    expect(result.variable_values.find((value: { name: string }) => value.name === "slot")).toMatchObject({ value: "20:00" });
    expect(result.transcript.map((entry: { role: string; content: string }) => `${entry.role}: ${entry.content}`)).toEqual([
      "agent: Hello, Bistro Nova, how can I help?",
      `user: ${BOOK}`,
      "agent: Let me check.",
      "agent: We have a table at 20:00.",
      "user: Perfect, goodbye",
      "agent: Goodbye!",
    ]);
    expect(toolRequests.length).toBe(requestsBefore);
    // The judge answered through the agent's provider with TEST_JUDGE_MODEL, structured, at temperature 0.
    const judged = llm.requests.filter((request) => /judge of tests/.test(systemOf(request)));
    expect(judged.length).toBeGreaterThan(0);
    expect(judged.every((request) => request.body.model === "judge-model" && request.body.temperature === 0 && request.body.response_format?.type === "json_schema")).toBe(true);
  });

  it("a test whose expectations do not hold fails each on the right assertion, with a readable reason", async () => {
    judgeVerdicts = () => ({ verdict: "fail", reason: "The agent never mentions the price." });
    const testId = await createTest({
      name: "expects the wrong things",
      type: "scripted",
      tool_mocks: [{ tool_name: "check_availability", response: { slot: "20:00" } }],
      turns: [
        {
          user: BOOK,
          expect: [
            { type: "agent_says", match: "contains", value: "sorry" },
            { type: "agent_says", match: "regex", value: "^We have" },
            { type: "agent_says", match: "exact", value: "We have a table at 20:00." },
            { type: "tool_called", tool_name: "check_availability", arguments: { date: "2030-01-01" } },
            { type: "tool_not_called", tool_name: "check_availability" },
            { type: "state", state_name: "main" },
            { type: "variable", name: "party_size", value: 3 },
            { type: "agent_says", match: "judge", value: "tells the price" },
          ],
        },
        { user: "What are your hours?", expect: [{ type: "ended" }, { type: "tool_called", tool_name: "hang_up" }] },
      ],
      expect_end: [{ type: "ended", end_reason: "agent_hangup" }, { type: "variable", name: "slot", value: "21:00" }],
    });
    const run = await finished((await startRun({ test_ids: [testId] })).id);
    expect(run.status).toBe("failed");
    expect(run.summary).toEqual({ total: 1, passed: 0, failed: 1, errored: 0 });
    const assertions: AssertionView[] = run.results[0].assertions;
    expect(assertions.map((assertion) => assertion.passed)).toEqual(Array(assertions.length).fill(false));
    const reasons = assertions.map((assertion) => assertion.reason);
    expect(reasons[0]).toBe('The agent never said "sorry" in this turn; it said "Let me check. We have a table at 20:00."');
    expect(reasons[1]).toBe('Nothing the agent said matches ^We have; it said "Let me check. We have a table at 20:00."');
    expect(reasons[2]).toBe('The agent said "Let me check. We have a table at 20:00.", not "We have a table at 20:00."');
    expect(reasons[3]).toBe('check_availability was called with {"date":"2026-05-01"}, not with {"date":"2030-01-01"}');
    expect(reasons[4]).toBe('check_availability was called in this turn (once, with {"date":"2026-05-01"})');
    expect(reasons[5]).toBe('The conversation is in state "booking", not "main"');
    expect(reasons[6]).toBe("party_size is 2, not 3");
    expect(reasons[7]).toBe("Judge: The agent never mentions the price.");
    expect(reasons[8]).toBe("The conversation has not ended");
    expect(reasons[9]).toBe("hang_up was not called in this turn (no tool was)");
    expect(reasons[10]).toBe("The conversation has not ended");
    expect(reasons[11]).toBe('slot is "20:00", not "21:00"');
    expect(assertions[5]).toMatchObject({ turn: 0, type: "state", expected: "main", actual: "booking" });
    expect(assertions[7]).toMatchObject({ turn: 0, type: "agent_says", match: "judge", expected: "tells the price", actual: "Let me check. We have a table at 20:00." });
    expect(assertions[10]).toMatchObject({ turn: null, type: "ended", expected: "agent_hangup", actual: null });
    judgeVerdicts = () => ({ verdict: "pass", reason: "It does." });
  });

  it("a tool that is not mocked makes its request (and the run says so)", async () => {
    const testId = await createTest({ name: "real tool", type: "scripted", turns: [{ user: BOOK, expect: [{ type: "variable", name: "slot", value: "19:30" }] }] });
    const before = toolRequests.length;
    const run = await finished((await startRun({ test_ids: [testId] })).id);
    expect(run.status).toBe("passed");
    expect(toolRequests.slice(before)).toEqual(["https://api.bistro.example/availability?date=2026-05-01"]);
    expect(run.results[0].tool_calls[0]).toMatchObject({ tool_name: "check_availability", mocked: false, result: { status: 200, body: { slot: "19:30" } } });
  });

  it("an LLM that answers 500 makes the result error, saying what broke", async () => {
    const testId = await createTest({ name: "model down", type: "scripted", turns: [{ user: "this will fail", expect: [{ type: "agent_says", match: "contains", value: "x" }] }, { user: "never said" }] });
    const run = await finished((await startRun({ test_ids: [testId] })).id);
    expect(run.status).toBe("error");
    expect(run.summary.errored).toBe(1);
    const [result] = run.results;
    expect(result.status).toBe("error");
    expect(result.error).toMatch(/model failed.*500.*The model is down/);
    expect(result.transcript.filter((entry: { role: string }) => entry.role === "user")).toHaveLength(1);
  });

  it("a model that never answers is stopped at the test's deadline, as an error", async () => {
    const { runAgentTest } = await import("@/lib/agent-tests/run-test");
    const { agentTestEnvironment } = await import("@/lib/agent-tests/test-environment");
    const { pgBossQueue } = await import("@/lib/jobs/pg-boss-queue");
    const { agentVersionDocument } = await import("@/lib/services/calls/runtime-calls");
    llm.setHandler((request) => (/hangs/.test(JSON.stringify(request.body.messages)) ? { text: "late", delayMs: 3000 } : bistroModel()(request)));
    try {
      const environment = agentTestEnvironment(api.db, pgBossQueue(api.boss), { env: llm.env(), turnBudgetMs: 300 });
      const agent = (await agentVersionDocument(api.db, agentId, 1))!;
      const started = Date.now();
      const outcome = await runAgentTest(
        environment,
        { organizationId: org.organizationId, agentId, agent },
        { name: "hangs", type: "scripted", mode: "text", tags: [], dynamic_variables_values: {}, tool_mocks: [], turns: [{ user: "this hangs" }] },
        new AbortController().signal,
      );
      expect(Date.now() - started).toBeLessThan(2500);
      expect(outcome).toMatchObject({ status: "error", error: "The test took longer than 0.6 s (0.3 s a turn) and was stopped", assertions: [] });
    } finally {
      llm.setHandler(bistroModel((request) => (/You play a caller/.test(systemOf(request)) ? { json: simulator(request) } : { json: judgeVerdicts(request) })));
    }
  });

  it("test conversations are not calls: nothing reaches /v1/calls, analytics or webhooks", async () => {
    const calls = await (await api.request("GET", "/v1/calls", { apiKey: org.apiKey })).json();
    expect(calls.data).toEqual([]);
    const summary = await (await api.request("GET", "/v1/analytics/summary", { apiKey: org.apiKey })).json();
    expect(summary.data.calls).toBe(0);
    expect(summary.data.total_cost).toBe(0);
    expect(await api.db.select().from(webhookDeliveries)).toEqual([]);
  });
});

describe("runs", () => {
  it("repeat gives each test a pass rate over its repetitions, and the run one over all", async () => {
    let verdicts = 0;
    judgeVerdicts = (request) => {
      if (!/flaky greeting/.test(JSON.stringify(request.body.messages))) return { verdict: "pass", reason: "ok" };
      return ++verdicts % 2 === 1 ? { verdict: "pass", reason: "Greets." } : { verdict: "fail", reason: "Does not greet." };
    };
    const flaky = await createTest({ name: "flaky", type: "scripted", tags: ["repeat"], turns: [{ user: "What are your hours?", expect: [{ type: "agent_says", match: "judge", value: "flaky greeting" }] }] });
    const steady = await createTest({ name: "steady", type: "scripted", tags: ["repeat"], turns: [{ user: "What are your hours?", expect: [{ type: "agent_says", match: "contains", value: "noon" }] }] });
    const run = await finished((await startRun({ tags: ["repeat"], repeat: 4, concurrency: 1 })).id);
    expect(run.status).toBe("failed");
    expect(run.summary).toEqual({ total: 8, passed: 6, failed: 2, errored: 0 });
    expect(run.pass_rate).toBe(0.75);
    expect(run.tests).toEqual([
      { test_id: flaky, test_name: "flaky", repetitions: 4, finished: 4, passed: 2, failed: 2, errored: 0, pass_rate: 0.5 },
      { test_id: steady, test_name: "steady", repetitions: 4, finished: 4, passed: 4, failed: 0, errored: 0, pass_rate: 1 },
    ]);
    expect(run.results.map((result: { test_name: string; repetition: number; pass_rate: number }) => [result.test_name, result.repetition, result.pass_rate])).toEqual([
      ["flaky", 1, 0.5],
      ["flaky", 2, 0.5],
      ["flaky", 3, 0.5],
      ["flaky", 4, 0.5],
      ["steady", 1, 1],
      ["steady", 2, 1],
      ["steady", 3, 1],
      ["steady", 4, 1],
    ]);
    // The tests list shows each one's last result.
    const listed = await (await api.request("GET", `/v1/agents/${agentId}/tests?tag=repeat`, { apiKey: org.apiKey })).json();
    expect(listed.data.map((test: { name: string; last_result: { pass_rate: number; status: string; run_id: string } }) => [test.name, test.last_result.pass_rate, test.last_result.status, test.last_result.run_id])).toEqual([
      ["steady", 1, "passed", run.id],
      ["flaky", 0.5, "failed", run.id],
    ]);
    judgeVerdicts = () => ({ verdict: "pass", reason: "It does." });
  });

  it("cancel stops a run between turns: status cancelled at once, no more model requests, nothing more stored", async () => {
    const turns = Array.from({ length: 30 }, (_, i) => ({ user: `What are your hours? (${i})` }));
    const slow = await createTest({ name: "long conversation", type: "scripted", turns });
    llm.setHandler((request) => ({ ...bistroModel()(request), delayMs: 100 }));
    try {
      const queued = await startRun({ test_ids: [slow], repeat: 2, concurrency: 2 });
      const until = Date.now() + 10_000;
      while (llm.requests.filter((request) => /\(3\)/.test(JSON.stringify(request.body.messages.at(-1)))).length < 2 && Date.now() < until) await sleep(20);
      const cancel = await api.request("POST", `/v1/test-runs/${queued.id}/cancel`, { apiKey: org.apiKey });
      expect(cancel.status).toBe(200);
      const cancelled = (await cancel.json()).data;
      expect(cancelled.status).toBe("cancelled");
      expect(cancelled.finished_at).toBeTruthy();
      await sleep(700);
      const settled = llm.requests.length;
      await sleep(1000);
      expect(llm.requests.length).toBe(settled);
      const run = await getRun(queued.id);
      expect(run.status).toBe("cancelled");
      expect(run.results).toEqual([]);
      // Cancelling again answers the same; a finished run cannot be cancelled.
      expect((await api.request("POST", `/v1/test-runs/${queued.id}/cancel`, { apiKey: org.apiKey })).status).toBe(200);
    } finally {
      llm.setHandler(bistroModel((request) => (/You play a caller/.test(systemOf(request)) ? { json: simulator(request) } : { json: judgeVerdicts(request) })));
    }
  });

  it("lists an agent's runs newest first; refuses unknown tests, tags and versions; hides other organizations' runs", async () => {
    const runs = await (await api.request("GET", `/v1/agents/${agentId}/test-runs?limit=2`, { apiKey: org.apiKey })).json();
    expect(runs.data).toHaveLength(2);
    expect(runs.data[0].status).toBe("cancelled");
    expect(runs.data[0].results).toBeUndefined();
    expect(Date.parse(runs.data[0].created_at)).toBeGreaterThanOrEqual(Date.parse(runs.data[1].created_at));
    const finishedRun = runs.data[1];
    expect((await api.request("POST", `/v1/test-runs/${finishedRun.id}/cancel`, { apiKey: org.apiKey })).status).toBe(409);

    const refuse = async (body: unknown) => {
      const response = await api.request("POST", `/v1/agents/${agentId}/test-runs`, { apiKey: org.apiKey, body });
      expect(response.status).toBe(400);
      return (await response.json()).error.details;
    };
    expect((await refuse({ test_ids: ["00000000-0000-4000-8000-000000000000"] }))[0].field).toBe("test_ids[0]");
    expect((await refuse({ tags: ["nothing-has-this"] }))[0].field).toBe("tags");
    expect((await refuse({ version: 7 }))[0].field).toBe("version");
    expect((await refuse({ repeat: 11, concurrency: 0 })).map((detail: { field: string }) => detail.field).sort()).toEqual(["concurrency", "repeat"]);

    expect((await api.request("GET", `/v1/test-runs/${finishedRun.id}`, { apiKey: other.apiKey })).status).toBe(404);
    expect((await api.request("POST", `/v1/test-runs/${finishedRun.id}/cancel`, { apiKey: other.apiKey })).status).toBe(404);
    expect((await api.request("GET", `/v1/agents/${agentId}/test-runs`, { apiKey: other.apiKey })).status).toBe(404);
    expect((await api.request("POST", `/v1/agents/${agentId}/test-runs`, { apiKey: other.apiKey, body: {} })).status).toBe(404);
  });
});

describe("simulated tests", () => {
  it("an LLM caller plays the persona towards the goal; each success criterion is judged", async () => {
    const lines = ["Hello, I'd like to book a table for 4 please", "Lovely, goodbye"];
    simulator = (request) => {
      const turn = Number(/your turn (\d+)/.exec(JSON.stringify(request.body.messages))?.[1] ?? 1);
      return { message: lines[turn - 1] ?? "", end_call: turn >= lines.length };
    };
    judgeVerdicts = (request) => {
      const text = JSON.stringify(request.body.messages);
      return /offers a time/.test(text) && /20:00/.test(text) ? { verdict: "pass", reason: "It offers 20:00." } : { verdict: "fail", reason: "No card was asked for, but the statement claims it." };
    };
    const testId = await createTest({
      name: "simulated booking",
      type: "simulated",
      persona: "Grace, friendly, brief",
      goal: "Book a table for 4",
      success_criteria: ["The agent offers a time", "The agent asks for a credit card"],
      tool_mocks: [{ tool_name: "check_availability", response: { slot: "20:00" } }],
      max_turns: 5,
    });
    const run = await finished((await startRun({ test_ids: [testId] })).id);
    const [result] = run.results;
    expect(run.status).toBe("failed");
    expect(result.transcript.filter((entry: { role: string }) => entry.role === "user").map((entry: { content: string }) => entry.content)).toEqual(lines);
    expect(result.assertions).toEqual([
      { turn: null, type: "success_criterion", passed: true, expected: "The agent offers a time", actual: "pass", reason: "Judge: It offers 20:00." },
      { turn: null, type: "success_criterion", passed: false, expected: "The agent asks for a credit card", actual: "fail", reason: "Judge: No card was asked for, but the statement claims it." },
    ]);
    expect(result.end_reason).toBe("agent_hangup");
    expect(result.variable_values.find((value: { name: string }) => value.name === "party_size")).toMatchObject({ value: 4 });
    const callerRequests = llm.requests.filter((request) => /You play a caller/.test(systemOf(request)));
    expect(callerRequests).toHaveLength(2);
    expect(callerRequests.every((request) => request.body.model === "caller-model" && request.body.temperature === 0 && request.body.response_format?.type === "json_schema")).toBe(true);
    expect(systemOf(callerRequests[0])).toContain("Grace, friendly, brief");
    expect(systemOf(callerRequests[0])).toContain("Book a table for 4");
  });

  it("stops at max_turns", async () => {
    simulator = () => ({ message: "What are your hours?", end_call: false });
    judgeVerdicts = () => ({ verdict: "pass", reason: "ok" });
    const testId = await createTest({ name: "endless caller", type: "simulated", persona: "p", goal: "g", success_criteria: ["c"], max_turns: 3 });
    const run = await finished((await startRun({ test_ids: [testId] })).id);
    expect(run.status).toBe("passed");
    expect(run.results[0].transcript.filter((entry: { role: string }) => entry.role === "user")).toHaveLength(3);
    expect(run.results[0].end_reason).toBeNull();
  });
});
