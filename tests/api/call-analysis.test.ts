import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { calls } from "@/lib/db/schema";
import { processFinishedCall } from "@/lib/services/calls/finished-call";
import { startWorkers } from "@/lib/server/workers";
import { minimalAgent } from "../helpers/agent-documents";
import { lastMessage, messageText, startFakeOpenAiServer, type FakeOpenAiServer, type FakeReply, type FakeRequest } from "../helpers/fake-openai-server";
import { insertCall } from "../helpers/fixtures";
import { createTestApi, type TestApi } from "../helpers/test-api";

let api: TestApi;
let llm: FakeOpenAiServer;
let org: { apiKey: string; organizationId: string };

/** The analysis request is the one whose system prompt analyses a conversation; post-call questions are others. */
const isAnalysis = (request: FakeRequest) => messageText(request.body.messages[0]).startsWith("You analyse one finished");
let reply: (request: FakeRequest) => FakeReply = () => ({ status: 500, errorMessage: "unscripted" });

const transcript = [
  { role: "agent" as const, content: "Bella Napoli, how can I help?", start_time: "2026-03-01T10:00:01.000Z" },
  { role: "user" as const, content: "A table for four on Friday at eight, please.", start_time: "2026-03-01T10:00:04.000Z" },
  { role: "agent" as const, content: "Friday at eight for four: booked. Anything else?", start_time: "2026-03-01T10:00:09.000Z", interrupted: true as const },
  { role: "user" as const, content: "No, that's all, thanks a lot!", start_time: "2026-03-01T10:00:12.000Z" },
];

let workers: { stop: () => void } | undefined;

beforeAll(async () => {
  llm = await startFakeOpenAiServer((request) => reply(request));
  api = await createTestApi({ runtime: { env: llm.env(), eventPollMs: 50 } });
  org = await api.createOrganization();
});
afterAll(async () => {
  workers?.stop();
  await api?.close();
  await llm?.close();
});

async function createAgent(extra: Record<string, unknown> = {}) {
  const res = await api.request("POST", "/v1/agents", { apiKey: org.apiKey, body: { ...minimalAgent("Bookings"), llm: { provider: "openai", model: "gpt-4o-mini" }, ...extra } });
  const body = await res.json();
  expect(res.status, JSON.stringify(body)).toBe(200);
  return body.data as { id: string; version: number; success_rubric: unknown };
}

async function finishedCall(agentId: string, extra: Parameters<typeof insertCall>[3] = {}) {
  return insertCall(api.db, org.organizationId, agentId, { agentVersion: 1, answerType: "human", transcript, ...extra });
}

async function getCall(callId: string) {
  return (await (await api.request("GET", `/v1/calls/${callId}`, { apiKey: org.apiKey })).json()).data;
}

const analysisRequests = () => llm.requests.filter(isAnalysis);

describe("the agent's success_rubric", () => {
  it("is null by default, kept per version, and returned as sent", async () => {
    const agent = await createAgent();
    expect(agent.success_rubric).toBeNull();
    const rubric = { type: "checklist", criteria: ["The table is booked", "The date and time are confirmed"] };
    const patched = await (await api.request("PATCH", `/v1/agents/${agent.id}`, { apiKey: org.apiKey, body: { success_rubric: rubric } })).json();
    expect(patched.data).toMatchObject({ version: 2, success_rubric: rubric });
    const first = await (await api.request("GET", `/v1/agents/${agent.id}?version=1`, { apiKey: org.apiKey })).json();
    expect(first.data.success_rubric).toBeNull();
    const cleared = await (await api.request("PATCH", `/v1/agents/${agent.id}`, { apiKey: org.apiKey, body: { success_rubric: null } })).json();
    expect(cleared.data).toMatchObject({ version: 3, success_rubric: null });
  });

  it("refuses a bad rubric, naming each field by path", async () => {
    const cases: [unknown, string][] = [
      [{ type: "stars", criteria: ["x"] }, "success_rubric.type"],
      [{ type: "score", criteria: [] }, "success_rubric.criteria"],
      [{ type: "score", criteria: ["fine", "  "] }, "success_rubric.criteria[1]"],
      [{ type: "score", criteria: Array.from({ length: 21 }, (_, i) => `criterion ${i}`) }, "success_rubric.criteria"],
      [{ type: "score", criteria: ["x".repeat(501)] }, "success_rubric.criteria[0]"],
      [{ type: "pass_fail", criteria: ["Booked", "booked"] }, "success_rubric.criteria[1]"],
      [{ type: "pass_fail", criteria: ["Booked"], threshold: 7 }, "success_rubric.threshold"],
    ];
    for (const [rubric, field] of cases) {
      const res = await api.request("POST", "/v1/agents", { apiKey: org.apiKey, body: { ...minimalAgent("Bad rubric"), success_rubric: rubric } });
      const body = await res.json();
      expect(res.status, JSON.stringify(rubric)).toBe(400);
      expect(body.error.details.map((detail: { field: string }) => detail.field), JSON.stringify(rubric)).toContain(field);
    }
    const twenty = { type: "checklist", criteria: Array.from({ length: 20 }, (_, i) => `criterion ${i}`) };
    expect((await api.request("POST", "/v1/agents", { apiKey: org.apiKey, body: { ...minimalAgent("Twenty"), success_rubric: twenty } })).status).toBe(200);
  });
});

describe("the analysis in the call-finished job", () => {
  it("summarises, judges sentiment and a pass/fail rubric in one structured request at temperature 0, over the transcript as stored", async () => {
    const agent = await createAgent({ success_rubric: { type: "pass_fail", criteria: ["The caller's table is booked"] } });
    reply = (request) =>
      isAnalysis(request)
        ? { json: { summary: "The caller booked a table for four on Friday at eight.", sentiment: "positive", success: { verdict: "success", reason: "The agent booked the table." } } }
        : { status: 500, errorMessage: "unexpected" };
    llm.requests.length = 0;
    const callId = await finishedCall(agent.id);
    await processFinishedCall(api.db, callId, { env: llm.env() });

    const call = await getCall(callId);
    expect(call.analysis).toEqual({
      summary: "The caller booked a table for four on Friday at eight.",
      sentiment: "positive",
      success: { verdict: "success", score: null, reason: "The agent booked the table." },
      criteria: null,
      analyzed_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
      model: "gpt-4o-mini",
    });
    expect(call.analysis_skipped).toBeNull();
    expect(call.analysis_history).toEqual([]);

    const [request] = analysisRequests();
    expect(analysisRequests()).toHaveLength(1);
    expect(request.body.temperature).toBe(0);
    expect(request.body.model).toBe("gpt-4o-mini");
    expect(request.body.response_format?.type).toBe("json_schema");
    const schema = request.body.response_format?.json_schema?.schema as { properties: Record<string, { enum?: string[]; properties?: Record<string, { enum?: string[] }> }> };
    expect(schema.properties.sentiment.enum).toEqual(["positive", "neutral", "negative"]);
    expect(schema.properties.success.properties?.verdict.enum).toEqual(["success", "failure", "unknown"]);
    const prompt = lastMessage(request.body);
    expect(prompt).toContain("1. The caller's table is booked");
    expect(prompt).toContain("Caller: A table for four on Friday at eight, please.");
    expect(prompt).toContain("Agent: Friday at eight for four: booked. Anything else? [cut off by the caller]");

    // The list shows the analysis too (the studio's summary column).
    const list = await (await api.request("GET", `/v1/calls?agent_id=${agent.id}`, { apiKey: org.apiKey })).json();
    expect(list.data[0]).toMatchObject({ id: callId, analysis: { summary: call.analysis.summary, sentiment: "positive" }, analysis_skipped: null });
    expect(list.data[0].analysis_history).toBeUndefined();
  });

  it("reads what is stored, redacted text included, and uses POST_CALL_MODEL through the agent's provider", async () => {
    const agent = await createAgent({ llm: { provider: "openai_compatible", model: "local-model" } });
    reply = () => ({ json: { summary: "A caller gave their card number.", sentiment: "neutral" } });
    llm.requests.length = 0;
    const redacted = [
      { role: "user" as const, content: "My card is [REDACTED:credit_card].", start_time: "2026-03-01T10:00:04.000Z" },
      { role: "agent" as const, content: "Thanks.", start_time: "2026-03-01T10:00:05.000Z" },
      { role: "user" as const, content: "Bye.", start_time: "2026-03-01T10:00:06.000Z" },
    ];
    const callId = await finishedCall(agent.id, { transcript: redacted });
    await processFinishedCall(api.db, callId, { env: llm.env(), defaultModel: "analysis-model" });
    const [request] = analysisRequests();
    expect(request.body.model).toBe("analysis-model");
    expect(lastMessage(request.body)).toContain("Caller: My card is [REDACTED:credit_card].");
    // Without a rubric success is not judged: nothing about it is asked, and the verdict is unknown.
    expect((request.body.response_format?.json_schema?.schema as { properties: object }).properties).not.toHaveProperty("success");
    expect((await getCall(callId)).analysis).toMatchObject({
      sentiment: "neutral",
      success: { verdict: "unknown", score: null, reason: expect.stringContaining("no success rubric") },
      model: "analysis-model",
    });
  });

  it("scores 0–10 with a score rubric (rounded, clamped), and judges by the agent's current rubric", async () => {
    const agent = await createAgent({ success_rubric: { type: "pass_fail", criteria: ["Old criterion"] } });
    await api.request("PATCH", `/v1/agents/${agent.id}`, { apiKey: org.apiKey, body: { success_rubric: { type: "score", criteria: ["Booked", "Polite"] } } });
    const scored = async (score: number | null, verdict: string) => {
      reply = () => ({ json: { summary: "Booked.", sentiment: "positive", success: { verdict, score, reason: "Booked politely." } } });
      llm.requests.length = 0;
      const callId = await finishedCall(agent.id, { agentVersion: 1 });
      await processFinishedCall(api.db, callId, { env: llm.env() });
      return { request: analysisRequests()[0], analysis: (await getCall(callId)).analysis };
    };
    const first = await scored(7.6, "success");
    expect(first.analysis.success).toEqual({ verdict: "success", score: 8, reason: "Booked politely." });
    expect(lastMessage(first.request.body)).toContain("1. Booked\n2. Polite");
    expect(lastMessage(first.request.body)).not.toContain("Old criterion");
    expect((await scored(14, "success")).analysis.success.score).toBe(10);
    expect((await scored(-2, "failure")).analysis.success).toMatchObject({ verdict: "failure", score: 0 });
    expect((await scored(null, "unknown")).analysis.success).toMatchObject({ verdict: "unknown", score: null });
  });

  it("scores a checklist as the share of criteria met, and succeeds only when all are met", async () => {
    const criteria = ["Greets the caller", "Confirms the date", "Confirms the party size", "Says goodbye"];
    const agent = await createAgent({ success_rubric: { type: "checklist", criteria } });
    const judged = async (met: boolean[]) => {
      // The model leaves the last criterion out when it is not met: not named counts as not met.
      const checklist = criteria.map((criterion, i) => ({ criterion, met: met[i] })).filter((item, i) => i < 3 || item.met);
      reply = () => ({ json: { summary: "Booked.", sentiment: "neutral", success: { checklist, reason: "As listed." } } });
      const callId = await finishedCall(agent.id);
      await processFinishedCall(api.db, callId, { env: llm.env() });
      return (await getCall(callId)).analysis;
    };
    const three = await judged([true, true, false, true]);
    expect(three.success).toEqual({ verdict: "failure", score: 7.5, reason: "As listed." });
    expect(three.criteria).toEqual(criteria.map((criterion, i) => ({ criterion, met: i !== 2 })));
    expect((await judged([true, false, false, false])).success).toMatchObject({ verdict: "failure", score: 2.5 });
    expect((await judged([true, true, true, true])).success).toMatchObject({ verdict: "success", score: 10 });
    const schema = llm.requests.filter(isAnalysis).at(-1)!.body.response_format?.json_schema?.schema as {
      properties: { success: { properties: { checklist: { items: { properties: { criterion: { enum: string[] } } } } } } };
    };
    expect(schema.properties.success.properties.checklist.items.properties.criterion.enum).toEqual(criteria);
  });

  it("keeps a summary to three sentences", async () => {
    const agent = await createAgent();
    reply = () => ({
      json: { summary: "Dr. Rossi called at 8 p.m. to book. The agent offered Friday. He took it! Then he asked about parking. And left.", sentiment: "positive" },
    });
    const callId = await finishedCall(agent.id);
    await processFinishedCall(api.db, callId, { env: llm.env() });
    expect((await getCall(callId)).analysis.summary).toBe("Dr. Rossi called at 8 p.m. to book. The agent offered Friday. He took it!");
  });
});

describe("a web call, end to end", () => {
  it("is analysed by the call-finished job once the caller hangs up", async () => {
    const agent = await createAgent({ success_rubric: { type: "pass_fail", criteria: ["The caller's question is answered"] } });
    reply = (request) =>
      isAnalysis(request)
        ? { json: { summary: "The caller asked for the opening hours and got them.", sentiment: "positive", success: { verdict: "success", reason: "Answered." } } }
        : request.body.response_format
          ? { status: 500, errorMessage: "no questions here" }
          : { text: "We open at nine." };
    workers = await startWorkers(api.boss, { db: api.db, telephonyProvider: null, postCallAnswers: { env: llm.env() } });
    const started = await (await api.request("POST", "/v1/calls/web", { apiKey: org.apiKey, body: { agent_id: agent.id, mode: "text" } })).json();
    const { call_id: callId, session_token: token } = started.data;
    const headers = { Authorization: `Bearer ${token}` };
    for (const text of ["When do you open?", "Thanks, that's all."]) await (await api.request("POST", `/v1/calls/web/${callId}/turns`, { body: { text }, headers })).text();
    await (await api.request("POST", `/v1/calls/web/${callId}/hangup`, { headers })).text();
    const deadline = Date.now() + 15_000;
    let call = await getCall(callId);
    while (!call.analysis && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      call = await getCall(callId);
    }
    expect(call).toMatchObject({ status: "ended", analysis_skipped: null, analysis: { summary: "The caller asked for the opening hours and got them.", success: { verdict: "success" } } });
    expect(lastMessage(analysisRequests().at(-1)!.body)).toContain("Caller: Thanks, that's all.");
  });
});

describe("calls that are not analysed", () => {
  it("skips a call no human answered, or with fewer than two caller turns, and says why, asking the model nothing", async () => {
    const agent = await createAgent({ success_rubric: { type: "pass_fail", criteria: ["Booked"] } });
    reply = () => ({ json: { summary: "x", sentiment: "neutral", success: { verdict: "success", reason: "x" } } });
    llm.requests.length = 0;
    const oneTurn = [transcript[0], transcript[1], transcript[2], { ...transcript[3], content: "   " }];
    const cases: [Parameters<typeof insertCall>[3], string | null][] = [
      [{ answeredAt: null, durationSeconds: null, status: "failed", endReason: "no_answer", transcript: [], answerType: null }, "not_answered_by_human"],
      [{ answerType: "voicemail" }, "not_answered_by_human"],
      [{ transcript: transcript.slice(0, 2) }, "too_few_caller_turns"],
      [{ transcript: oneTurn }, "too_few_caller_turns"],
      [{ transcript: transcript.filter((entry) => entry.role === "agent") }, "too_few_caller_turns"],
      // Answered, the answering machine undecided: a person may have spoken, so it is analysed.
      [{ answerType: "unknown" }, null],
      [{ answerType: null }, null],
    ];
    for (const [extra, reason] of cases) {
      const callId = await finishedCall(agent.id, extra);
      await processFinishedCall(api.db, callId, { env: llm.env() });
      const call = await getCall(callId);
      expect(call.analysis_skipped, JSON.stringify(extra)).toBe(reason);
      if (reason) expect(call.analysis, JSON.stringify(extra)).toBeNull();
      else expect(call.analysis, JSON.stringify(extra)).toMatchObject({ summary: "x" });
    }
    expect(analysisRequests()).toHaveLength(2);
  });
});

describe("failures and repeats", () => {
  it("retries a failed analysis with the job and never asks twice once it is stored", async () => {
    const agent = await createAgent();
    let fail = true;
    reply = () => (fail ? { status: 400, errorMessage: "context length exceeded" } : { json: { summary: "Fine.", sentiment: "neutral" } });
    llm.requests.length = 0;
    const callId = await finishedCall(agent.id);
    await expect(processFinishedCall(api.db, callId, { env: llm.env() }, { last: false })).rejects.toThrow(/Analysis of call .* failed/);
    expect((await getCall(callId)).analysis).toBeNull();
    expect((await getCall(callId)).analysis_skipped).toBeNull();
    // The last attempt logs instead of failing the job, and leaves the call unanalysed.
    await processFinishedCall(api.db, callId, { env: llm.env() }, { last: true });
    expect((await getCall(callId)).analysis).toBeNull();
    fail = false;
    await processFinishedCall(api.db, callId, { env: llm.env() }, { last: false });
    const stored = (await getCall(callId)).analysis;
    expect(stored.summary).toBe("Fine.");
    const asked = analysisRequests().length;
    await Promise.all([processFinishedCall(api.db, callId, { env: llm.env() }), processFinishedCall(api.db, callId, { env: llm.env() })]);
    expect(analysisRequests()).toHaveLength(asked);
    expect((await getCall(callId)).analysis).toEqual(stored);
  });

  it("leaves the call unanalysed (not skipped) and priced when no provider is configured", async () => {
    const agent = await createAgent();
    const callId = await finishedCall(agent.id, { cost: null });
    await processFinishedCall(api.db, callId, { env: {} });
    const [row] = await api.db.select({ analysis: calls.analysis, skipped: calls.analysisSkipped, cost: calls.cost }).from(calls).where(eq(calls.id, callId));
    expect(row).toMatchObject({ analysis: null, skipped: null });
    expect(row.cost).not.toBeNull();
  });
});

describe("the calls list's analysis filters", () => {
  it("filters by success, sentiment and agent version, counts alike, and refuses unknown values", async () => {
    const other = await api.createOrganization("Filters Org");
    const agentRes = await api.request("POST", "/v1/agents", { apiKey: other.apiKey, body: minimalAgent("Filtered") });
    const agentId = (await agentRes.json()).data.id;
    const analysis = (verdict: string, sentiment: string) => ({
      summary: `${verdict} ${sentiment}`,
      sentiment,
      success: { verdict, score: null, reason: "r" },
      criteria: null,
      analyzed_at: "2026-03-01T10:05:00.000Z",
      model: "m",
    });
    const made = [
      { v: 1, a: analysis("success", "positive") },
      { v: 1, a: analysis("failure", "negative") },
      { v: 2, a: analysis("success", "neutral") },
      { v: 2, a: analysis("unknown", "positive") },
      { v: 2, a: null },
    ];
    const ids: string[] = [];
    for (const [i, { v, a }] of made.entries()) {
      ids.push(
        await insertCall(api.db, other.organizationId, agentId, {
          agentVersion: v,
          analysis: a as never,
          startTime: new Date(Date.UTC(2026, 2, 1, 10, i)),
        }),
      );
    }
    const listed = async (query: string) => {
      const body = await (await api.request("GET", `/v1/calls?${query}`, { apiKey: other.apiKey })).json();
      const count = await (await api.request("GET", `/v1/calls/count?${query}`, { apiKey: other.apiKey })).json();
      const page = await (await api.request("GET", `/v1/calls?use_cursor=false&${query}`, { apiKey: other.apiKey })).json();
      expect(count.data.total, query).toBe(body.data.length);
      expect(page.data.map((call: { id: string }) => call.id).sort(), query).toEqual(body.data.map((call: { id: string }) => call.id).sort());
      return body.data.map((call: { id: string }) => ids.indexOf(call.id)).sort();
    };
    expect(await listed("success=success")).toEqual([0, 2]);
    expect(await listed("success=failure")).toEqual([1]);
    expect(await listed("success=unknown")).toEqual([3]);
    expect(await listed("sentiment=positive")).toEqual([0, 3]);
    expect(await listed(`agent_id=${agentId}&agent_version=2`)).toEqual([2, 3, 4]);
    expect(await listed("agent_version=1&success=success")).toEqual([0]);
    expect(await listed("agent_version=2&sentiment=neutral&success=success")).toEqual([2]);
    expect(await listed("agent_version=3")).toEqual([]);
    for (const [query, field] of [
      ["success=maybe", "success"],
      ["sentiment=angry", "sentiment"],
      ["agent_version=0", "agent_version"],
      ["agent_version=1.5", "agent_version"],
      ["agent_version=abc", "agent_version"],
    ]) {
      const res = await api.request("GET", `/v1/calls?${query}`, { apiKey: other.apiKey });
      expect(res.status, query).toBe(400);
      expect((await res.json()).error.details[0].field, query).toBe(field);
    }
  });
});
