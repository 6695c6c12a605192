import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startWorkers } from "@/lib/server/workers";
import { processFinishedCall } from "@/lib/services/calls/finished-call";
import type { CallAnalysis, CallSentiment, SuccessVerdict } from "@/lib/schemas/call-analysis";
import { applyRetention } from "@/lib/services/retention/daily-retention";
import { minimalAgent } from "../helpers/agent-documents";
import { messageText, startFakeOpenAiServer, type FakeOpenAiServer, type FakeRequest } from "../helpers/fake-openai-server";
import { insertCall } from "../helpers/fixtures";
import { createTestApi, type TestApi } from "../helpers/test-api";

// The analysis follows the agent's data_storage as its transcript and answers do, and re-runs are audited.

const CARD = "4111 1111 1111 1111";
// The card (its first two groups, however spaced), not a bare "4111": that also occurs in random uuids.
const RAW = /4111[ -]?1111|Maria|Garcia|maria\.garcia@example\.com/;

let api: TestApi;
let llm: FakeOpenAiServer;
let workers: { stop: () => void };
let org: { apiKey: string; organizationId: string };

const isAnalysis = (request: FakeRequest) => messageText(request.body.messages[0]).startsWith("You analyse one finished");
let round = "first";

// The model writes the caller's name, email and card back into what it says about the call.
const reply = (request: FakeRequest) =>
  isAnalysis(request)
    ? {
        json: {
          summary: `${round}: Maria Garcia (maria.garcia@example.com) paid with card ${CARD}.`,
          sentiment: "positive",
          success: { verdict: "success", reason: `The card ${CARD} was charged.` },
        },
      }
    : { json: { has_answer: true, answer: `Maria Garcia paid with ${CARD}` } };

// As a redacting agent's transcript is stored: placeholders where the PII was.
const transcript = [
  { role: "agent" as const, content: "Billing, how can I help?", start_time: "2026-03-01T10:00:01.000Z" },
  { role: "user" as const, content: "I am [person_name], my card is [credit_card].", start_time: "2026-03-01T10:00:03.000Z" },
  { role: "agent" as const, content: "Charged, thank you.", start_time: "2026-03-01T10:00:06.000Z" },
  { role: "user" as const, content: "Thanks, bye.", start_time: "2026-03-01T10:00:08.000Z" },
];

async function request(method: string, path: string, body?: unknown) {
  const res = await api.request(method, path, { apiKey: org.apiKey, body });
  return { status: res.status, body: await res.json() };
}

async function agentStoring(dataStorage: string) {
  const created = await request("POST", "/v1/agents", { ...minimalAgent(`Billing (${dataStorage})`), data_storage: dataStorage, success_rubric: { type: "pass_fail", criteria: ["The card is charged"] } });
  expect(created.status, JSON.stringify(created.body)).toBe(200);
  const agentId = created.body.data.id as string;
  await request("POST", `/v1/agents/${agentId}/post-call-questions`, { questions: [{ name: "Payment", type: "text" }] });
  return agentId;
}

async function rerun(agentId: string) {
  const started = await request("POST", `/v1/agents/${agentId}/reanalyze`, { from: "2026-03-01", to: "2026-03-02" });
  expect(started.status, JSON.stringify(started.body)).toBe(202);
  const deadline = Date.now() + 30_000;
  for (;;) {
    const job = (await request("GET", `/v1/analysis-jobs/${started.body.data.job_id}`)).body.data;
    if (job.status === "completed" || Date.now() > deadline) return job;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

beforeAll(async () => {
  api = await createTestApi();
  llm = await startFakeOpenAiServer(reply);
  workers = await startWorkers(api.boss, { db: api.db, telephonyProvider: null, postCallAnswers: { env: llm.env() } });
  org = await api.createOrganization();
});
afterAll(async () => {
  workers?.stop();
  await api?.close();
  await llm?.close();
});

describe("a redact_pii agent's analysis", () => {
  it("is stored with the PII the model wrote replaced by placeholders, on the first run and on re-runs, and named in redacted_categories", async () => {
    const agentId = await agentStoring("redact_pii");
    const callId = await insertCall(api.db, org.organizationId, agentId, { agentVersion: 1, answerType: "human", transcript });
    await processFinishedCall(api.db, callId, { env: llm.env() });
    const first = (await request("GET", `/v1/calls/${callId}`)).body.data;
    expect(first.analysis).toMatchObject({ sentiment: "positive", success: { verdict: "success" } });
    expect(first.analysis.summary).toBe("first: [person_name] ([email]) paid with card [credit_card].");
    expect(first.analysis.success.reason).toBe("The card [credit_card] was charged.");
    expect(JSON.stringify(first)).not.toMatch(RAW);
    expect(first.redacted_categories).toEqual(expect.arrayContaining(["person_name", "email", "credit_card"]));

    round = "second";
    const job = await rerun(agentId);
    expect(job).toMatchObject({ calls: 1, succeeded: 1, failed: 0 });
    const after = (await request("GET", `/v1/calls/${callId}`)).body.data;
    expect(after.analysis.summary).toBe("second: [person_name] ([email]) paid with card [credit_card].");
    expect(after.post_call_answers[0].answer_text).toBe("[person_name] paid with [credit_card]");
    // The history keeps what was stored, redacted.
    expect(after.analysis_history[0]).toMatchObject({ summary: "first: [person_name] ([email]) paid with card [credit_card]." });
    expect(JSON.stringify(after)).not.toMatch(RAW);
  });

  it("is left as the model wrote it for an agent that stores everything", async () => {
    const agentId = await agentStoring("everything");
    const callId = await insertCall(api.db, org.organizationId, agentId, { agentVersion: 1, answerType: "human", transcript });
    await processFinishedCall(api.db, callId, { env: llm.env() });
    const call = (await request("GET", `/v1/calls/${callId}`)).body.data;
    expect(call.analysis.summary).toContain(CARD);
    expect(call.redacted_categories).toEqual([]);
  });
});

describe("a metadata_only agent's analysis", () => {
  it("keeps the figures the quality analytics count and loses its words; a re-run refuses the call and leaves it as it was", async () => {
    const agentId = await agentStoring("metadata_only");
    const callId = await insertCall(api.db, org.organizationId, agentId, { agentVersion: 1, answerType: "human", transcript });
    await processFinishedCall(api.db, callId, { env: llm.env() });
    const call = (await request("GET", `/v1/calls/${callId}`)).body.data;
    expect(call.transcript).toEqual([]);
    expect(call.post_call_answers).toEqual([]);
    expect(call.analysis).toMatchObject({ summary: "", sentiment: "positive", success: { verdict: "success", score: null, reason: "" } });
    expect(JSON.stringify(call)).not.toMatch(RAW);
    const quality = (await request("GET", `/v1/analytics/quality?from=2026-03-01&to=2026-03-02&agent_id=${agentId}`)).body.data;
    expect(quality.totals).toMatchObject({ analyzed_calls: 1, verdicts: { success: 1, failure: 0, unknown: 0 }, success_rate: 1 });

    const job = await rerun(agentId);
    expect(job).toMatchObject({ calls: 1, succeeded: 0, failed: 1 });
    expect(job.errors[0].message).toMatch(/only the metadata/);
    expect((await request("GET", `/v1/calls/${callId}`)).body.data.analysis).toEqual(call.analysis);
  });
});

describe("the daily retention job", () => {
  it("takes the calls it deletes out of the quality figures, and leaves the others counted", async () => {
    const created = await request("POST", "/v1/agents", { ...minimalAgent("Short memory"), retention_days: 30 });
    const agentId = created.body.data.id as string;
    const now = new Date("2026-04-15T12:00:00Z");
    const judged = (verdict: SuccessVerdict, sentiment: CallSentiment): CallAnalysis => ({
      summary: "A call.", sentiment, success: { verdict, score: null, reason: "Because." }, criteria: null, analyzed_at: "2026-04-15T00:00:00.000Z", model: "m",
    });
    const base = { agentVersion: 1, answerType: "human" as const, transcript };
    await insertCall(api.db, org.organizationId, agentId, { ...base, startTime: new Date("2026-03-10T09:00:00Z"), analysis: judged("failure", "negative") });
    await insertCall(api.db, org.organizationId, agentId, { ...base, startTime: new Date("2026-03-12T09:00:00Z"), analysis: judged("failure", "neutral") });
    await insertCall(api.db, org.organizationId, agentId, { ...base, startTime: new Date("2026-04-10T09:00:00Z"), analysis: judged("success", "positive") });
    const totals = async () => (await request("GET", `/v1/analytics/quality?from=2026-03-01&to=2026-04-15&agent_id=${agentId}`)).body.data.totals;
    expect(await totals()).toMatchObject({ calls: 3, analyzed_calls: 3, verdicts: { success: 1, failure: 2 }, success_rate: 0.3333, sentiment_counts: { positive: 1, neutral: 1, negative: 1 } });
    await applyRetention(api.db, api.storage, now);
    expect(await totals()).toMatchObject({ calls: 1, analyzed_calls: 1, verdicts: { success: 1, failure: 0 }, success_rate: 1, sentiment_counts: { positive: 1, neutral: 0, negative: 0 } });
  });
});

describe("a re-run in the audit log", () => {
  it("is recorded as analysis_job.created by the key that started it, with the agent, range, parts and number of calls", async () => {
    const agentId = await agentStoring("everything");
    await insertCall(api.db, org.organizationId, agentId, { agentVersion: 1, answerType: "human", transcript });
    const started = await request("POST", `/v1/agents/${agentId}/reanalyze`, { from: "2026-03-01", to: "2026-03-02", include: ["analysis"] });
    const jobId = started.body.data.job_id as string;
    const log = (await request("GET", `/v1/audit-log?action=analysis_job.created&resource_id=${jobId}`)).body;
    expect(log.data).toHaveLength(1);
    expect(log.data[0]).toMatchObject({
      action: "analysis_job.created",
      resource_type: "analysis_job",
      resource_id: jobId,
      actor: { type: "api_key" },
      changes: { agent_id: { from: null, to: agentId }, include: { from: null, to: ["analysis"] }, calls: { from: null, to: 1 } },
    });
    expect(log.data[0].changes.from.to).toBe("2026-03-01T00:00:00.000Z");
    expect((await request("GET", "/v1/audit-log/verify")).body.data).toMatchObject({ valid: true });
  });
});
