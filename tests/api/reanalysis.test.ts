import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startWorkers } from "@/lib/server/workers";
import { processFinishedCall } from "@/lib/services/calls/finished-call";
import { startReanalysis } from "@/lib/services/analysis/reanalysis-jobs";
import { minimalAgent } from "../helpers/agent-documents";
import { lastMessage, messageText, startFakeOpenAiServer, type FakeOpenAiServer, type FakeReply, type FakeRequest } from "../helpers/fake-openai-server";
import { insertCall } from "../helpers/fixtures";
import { createTestApi, type TestApi } from "../helpers/test-api";

let api: TestApi;
let llm: FakeOpenAiServer;
let org: { apiKey: string; organizationId: string };
let agentId: string;
let otherAgentId: string;
let workers: { stop: () => void };
const questions: Record<string, string> = {};

const isAnalysis = (request: FakeRequest) => messageText(request.body.messages[0]).startsWith("You analyse one finished");
const questionOf = (request: FakeRequest) => /^Question: (.+)$/m.exec(lastMessage(request.body))?.[1] ?? "";

/** What the model says: a "round" label in every answer, so each re-run's output is told apart. */
let round = "first";
let failFor: string | null = null;
function reply(request: FakeRequest): FakeReply {
  const prompt = lastMessage(request.body);
  if (failFor && prompt.includes(failFor)) return { status: 400, errorMessage: "the model refused" };
  if (isAnalysis(request)) return { json: { summary: `Summary ${round}.`, sentiment: round === "first" ? "negative" : "positive", success: { verdict: round === "first" ? "failure" : "success", reason: `Reason ${round}.` } } };
  if (questionOf(request) === "Booked") return { json: { has_answer: true, answer: round !== "first" } };
  if (questionOf(request) === "Topic") return { json: { has_answer: true, answer: `Topic ${round}` } };
  return { status: 500, errorMessage: "unscripted" };
}

const talk = (caller: string) => [
  { role: "agent" as const, content: "Hello, how can I help?", start_time: "2026-03-01T10:00:01.000Z" },
  { role: "user" as const, content: caller, start_time: "2026-03-01T10:00:03.000Z" },
  { role: "agent" as const, content: "Done.", start_time: "2026-03-01T10:00:06.000Z" },
  { role: "user" as const, content: "Thanks, bye.", start_time: "2026-03-01T10:00:08.000Z" },
];

const at = (iso: string) => new Date(iso);
const call: Record<string, string> = {};

async function request(method: string, path: string, body?: unknown, apiKey = org.apiKey) {
  const res = await api.request(method, path, { apiKey, body });
  return { status: res.status, body: await res.json() };
}

async function getCall(callId: string) {
  return (await request("GET", `/v1/calls/${callId}`)).body.data;
}

async function waitForJob(jobId: string) {
  const deadline = Date.now() + 30_000;
  for (;;) {
    const { body } = await request("GET", `/v1/analysis-jobs/${jobId}`);
    if (body.data.status === "completed" || Date.now() > deadline) return body.data;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

async function rerun(body: unknown) {
  const res = await request("POST", `/v1/agents/${agentId}/reanalyze`, body);
  expect(res.status, JSON.stringify(res.body)).toBe(202);
  return { ...res.body.data, job: await waitForJob(res.body.data.job_id) };
}

beforeAll(async () => {
  api = await createTestApi();
  llm = await startFakeOpenAiServer(reply);
  workers = await startWorkers(api.boss, { db: api.db, telephonyProvider: null, postCallAnswers: { env: llm.env() } });
  org = await api.createOrganization();
  const created = await request("POST", "/v1/agents", { ...minimalAgent("Bookings"), success_rubric: { type: "pass_fail", criteria: ["The table is booked"] } });
  agentId = created.body.data.id;
  otherAgentId = (await request("POST", "/v1/agents", minimalAgent("Other"))).body.data.id;
  const made = await request("POST", `/v1/agents/${agentId}/post-call-questions`, { questions: [{ name: "Booked", type: "boolean" }, { name: "Topic", type: "text" }] });
  for (const question of made.body.data) questions[question.name] = question.id;

  const base = { agentVersion: 1, answerType: "human" as const };
  call.a = await insertCall(api.db, org.organizationId, agentId, { ...base, startTime: at("2026-03-02T09:00:00Z"), transcript: talk("Table for two, call A.") });
  call.b = await insertCall(api.db, org.organizationId, agentId, { ...base, startTime: at("2026-03-03T09:00:00Z"), transcript: talk("Table for four, call B.") });
  call.c = await insertCall(api.db, org.organizationId, agentId, { ...base, startTime: at("2026-03-04T09:00:00Z"), transcript: talk("Table for six, call C.") });
  call.short = await insertCall(api.db, org.organizationId, agentId, { ...base, startTime: at("2026-03-04T10:00:00Z"), transcript: talk("Short call.").slice(0, 2) });
  call.live = await insertCall(api.db, org.organizationId, agentId, { ...base, status: "in_progress", endTime: null, startTime: at("2026-03-04T11:00:00Z") });
  call.before = await insertCall(api.db, org.organizationId, agentId, { ...base, startTime: at("2026-02-20T09:00:00Z"), transcript: talk("Earlier call.") });
  call.other = await insertCall(api.db, org.organizationId, otherAgentId, { ...base, startTime: at("2026-03-03T09:30:00Z"), transcript: talk("Other agent.") });
  for (const id of Object.values(call)) await processFinishedCall(api.db, id, { env: llm.env() });
});
afterAll(async () => {
  workers?.stop();
  await api?.close();
  await llm?.close();
});

describe("POST /v1/agents/{agent_id}/reanalyze", () => {
  it("re-runs the finished calls of the range, replacing analysis and answers and keeping the old ones in the history", async () => {
    const before = await getCall(call.a);
    expect(before.analysis).toMatchObject({ summary: "Summary first.", sentiment: "negative", success: { verdict: "failure" } });
    expect(before.post_call_answers.map((answer: { answer_boolean: boolean | null }) => answer.answer_boolean)).toContain(false);

    // The rubric is edited and a question retired before the re-run: the re-run judges by what is current.
    await request("PATCH", `/v1/agents/${agentId}`, { success_rubric: { type: "pass_fail", criteria: ["The table is booked", "The caller is thanked"] } });
    await request("POST", `/v1/agents/${agentId}/post-call-questions/${questions.Topic}/deactivate`);
    round = "second";
    llm.requests.length = 0;
    const result = await rerun({ from: "2026-03-01", to: "2026-03-05", include: ["analysis", "post_call_answers"] });
    expect(result.calls).toBe(4);
    expect(result.job).toMatchObject({
      id: result.job_id,
      agent_id: agentId,
      status: "completed",
      include: ["analysis", "post_call_answers"],
      from: "2026-03-01T00:00:00.000Z",
      to: "2026-03-06T00:00:00.000Z",
      calls: 4,
      processed: 4,
      succeeded: 4,
      failed: 0,
      progress: 1,
      errors: [],
    });
    expect(result.job.started_at).not.toBeNull();
    expect(result.job.finished_at).not.toBeNull();
    expect(lastMessage(llm.requests.find(isAnalysis)!.body)).toContain("2. The caller is thanked");
    expect(llm.requests.some((r) => questionOf(r) === "Topic")).toBe(false);

    const after = await getCall(call.a);
    expect(after.analysis).toMatchObject({ summary: "Summary second.", sentiment: "positive", success: { verdict: "success", reason: "Reason second." } });
    expect(after.post_call_answers).toEqual([expect.objectContaining({ has_answer: true, answer_boolean: true, question: expect.objectContaining({ name: "Booked" }) })]);
    expect(after.analysis_history).toHaveLength(1);
    expect(after.analysis_history[0]).toMatchObject({
      summary: "Summary first.",
      sentiment: "negative",
      success: before.analysis.success,
      analyzed_at: before.analysis.analyzed_at,
      model: before.analysis.model,
      replaced: ["analysis", "post_call_answers"],
      job_id: result.job_id,
    });
    expect(after.analysis_history[0].post_call_answers).toEqual(before.post_call_answers);

    // A call still not analysable stays so: only its answers were replaced. Calls outside the range, of
    // another agent, or still going are not touched.
    const short = await getCall(call.short);
    expect(short).toMatchObject({ analysis: null, analysis_skipped: "too_few_caller_turns" });
    expect(short.analysis_history).toEqual([expect.objectContaining({ summary: null, replaced: ["post_call_answers"] })]);
    for (const id of [call.before, call.other]) expect((await getCall(id)).analysis.summary, id).toBe("Summary first.");
    expect((await getCall(call.live)).analysis).toBeNull();
  });

  it("replaces only what `include` names", async () => {
    round = "third";
    const before = await getCall(call.b);
    const result = await rerun({ from: "2026-03-03T00:00:00Z", to: "2026-03-03T12:00:00Z", include: ["analysis"] });
    expect(result.calls).toBe(1);
    const after = await getCall(call.b);
    expect(after.analysis.summary).toBe("Summary third.");
    expect(after.post_call_answers).toEqual(before.post_call_answers);
    expect(after.analysis_history[0]).toMatchObject({ summary: "Summary second.", post_call_answers: null, replaced: ["analysis"] });

    const answersOnly = await rerun({ from: "2026-03-03T00:00:00Z", to: "2026-03-03T12:00:00Z", include: ["post_call_answers"] });
    expect(answersOnly.job.include).toEqual(["post_call_answers"]);
    const last = await getCall(call.b);
    expect(last.analysis).toEqual(after.analysis);
    expect(last.analysis_history[0]).toMatchObject({ summary: null, success: null, replaced: ["post_call_answers"], post_call_answers: after.post_call_answers });
  });

  it("keeps the last 5 replaced versions in the history, newest first", async () => {
    for (let i = 1; i <= 6; i++) {
      round = `loop ${i}`;
      await rerun({ from: "2026-03-04T08:00:00Z", to: "2026-03-04T09:30:00Z", include: ["analysis"] });
    }
    const history = (await getCall(call.c)).analysis_history;
    expect(history).toHaveLength(5);
    expect(history.map((entry: { summary: string }) => entry.summary)).toEqual(["Summary loop 5.", "Summary loop 4.", "Summary loop 3.", "Summary loop 2.", "Summary loop 1."]);
    expect((await getCall(call.c)).analysis.summary).toBe("Summary loop 6.");
  });

  it("completes with the failed calls counted and named; a failed call keeps what it had", async () => {
    round = "fourth";
    failFor = "call A.";
    const before = await getCall(call.a);
    const result = await rerun({ from: "2026-03-02", to: "2026-03-03" });
    failFor = null;
    expect(result.calls).toBe(2);
    expect(result.job).toMatchObject({ status: "completed", processed: 2, succeeded: 1, failed: 1, progress: 1 });
    expect(result.job.errors).toEqual([{ call_id: call.a, message: expect.stringContaining("the model refused") }]);
    const after = await getCall(call.a);
    expect(after.analysis).toEqual(before.analysis);
    expect(after.post_call_answers).toEqual(before.post_call_answers);
    expect(after.analysis_history).toEqual(before.analysis_history);
    expect((await getCall(call.b)).analysis.summary).toBe("Summary fourth.");
  });

  it("answers a range without calls with a completed job at once", async () => {
    const res = await request("POST", `/v1/agents/${agentId}/reanalyze`, { from: "2025-01-01", to: "2025-01-31" });
    expect(res).toMatchObject({ status: 202, body: { data: { calls: 0 }, error: null, status: 202 } });
    const job = (await request("GET", `/v1/analysis-jobs/${res.body.data.job_id}`)).body.data;
    expect(job).toMatchObject({ status: "completed", calls: 0, processed: 0, progress: 1 });
  });

  it("refuses a range holding more calls than a re-run may cover, naming from", async () => {
    const ctx = { db: api.db, organizationId: org.organizationId };
    const queue = { send: async () => undefined };
    await expect(startReanalysis(ctx, agentId, { from: "2026-03-01", to: "2026-03-05" }, { queue, maxCalls: 3 })).rejects.toMatchObject({
      details: [{ field: "from", message: expect.stringContaining("more than 3") }],
    });
    await expect(startReanalysis(ctx, agentId, { from: "2026-03-01", to: "2026-03-05" }, { queue, maxCalls: 4 })).resolves.toMatchObject({ calls: 4 });
  });

  it("validates the body and keeps organizations apart", async () => {
    const bad: [unknown, string][] = [
      [{ include: [] }, "include"],
      [{ include: ["summary"] }, "include[0]"],
      [{ include: ["analysis", "analysis"] }, "include"],
      [{ from: "yesterday" }, "from"],
      [{ from: "2026-03-05", to: "2026-03-01" }, "from"],
      [{ from: "2025-01-01", to: "2026-03-01" }, "to"],
      [{ timezone: "Mars/Olympus" }, "timezone"],
      [{ agent_id: agentId }, "agent_id"],
    ];
    for (const [body, field] of bad) {
      const res = await request("POST", `/v1/agents/${agentId}/reanalyze`, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.error.details.map((detail: { field: string }) => detail.field), JSON.stringify(body)).toContain(field);
    }
    const stranger = await api.createOrganization("Stranger");
    expect((await request("POST", `/v1/agents/${agentId}/reanalyze`, {}, stranger.apiKey)).status).toBe(404);
    expect((await request("POST", "/v1/agents/not-a-uuid/reanalyze", {})).status).toBe(404);
    const mine = await request("POST", `/v1/agents/${agentId}/reanalyze`, { from: "2025-01-01", to: "2025-01-02" });
    expect((await request("GET", `/v1/analysis-jobs/${mine.body.data.job_id}`, undefined, stranger.apiKey)).status).toBe(404);
    expect((await request("GET", "/v1/analysis-jobs/00000000-0000-4000-8000-000000000000")).status).toBe(404);
    expect((await request("GET", "/v1/analysis-jobs/nope")).status).toBe(404);
    // No body at all: the last 30 days, both parts.
    const empty = await api.request("POST", `/v1/agents/${agentId}/reanalyze`, { apiKey: org.apiKey });
    expect(empty.status).toBe(202);
  });
});
