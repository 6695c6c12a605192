import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { callPostCallAnswers } from "@/lib/db/schema";
import { pgBossQueue } from "@/lib/jobs/pg-boss-queue";
import { processFinishedCall, PostCallAnswersIncompleteError, sendCallFinished } from "@/lib/services/calls/finished-call";
import { minimalAgent } from "../helpers/agent-documents";
import { lastMessage, startFakeOpenAiServer, type FakeOpenAiServer, type FakeReply, type FakeRequest } from "../helpers/fake-openai-server";
import { insertCall } from "../helpers/fixtures";
import { createTestApi, type TestApi } from "../helpers/test-api";

let api: TestApi;
let llm: FakeOpenAiServer;
let org: { apiKey: string; organizationId: string };
let agentId: string;
const questionIds: Record<string, string> = {};
const optionIds: Record<string, string> = {};

/** The model's answer per question, by the question's name in the prompt. */
let answers: Record<string, FakeReply> = {};
const questionOf = (request: FakeRequest) => /^Question: (.+)$/m.exec(lastMessage(request.body))?.[1] ?? "";

const transcript = [
  { role: "agent" as const, content: "Hello, Bella Napoli, how can I help?", start_time: "2026-03-01T10:00:01.000Z" },
  { role: "user" as const, content: "A table for four on Friday, please. We'd like the terrace, and one of us is vegetarian.", start_time: "2026-03-01T10:00:04.000Z" },
  { role: "agent" as const, content: "Booked: Friday at eight, terrace, four people.", start_time: "2026-03-01T10:00:09.000Z" },
];

beforeAll(async () => {
  api = await createTestApi();
  llm = await startFakeOpenAiServer((request) => answers[questionOf(request)] ?? { status: 500, errorMessage: "unscripted" });
  await api.startWorkers({ telephonyProvider: null, postCallAnswers: { env: llm.env() } });
  org = await api.createOrganization();
  const agent = await (await api.request("POST", "/v1/agents", { apiKey: org.apiKey, body: { ...minimalAgent("Bookings"), llm: { provider: "openai", model: "gpt-4o-mini" } } })).json();
  agentId = agent.data.id;
  const created = await (
    await api.request("POST", `/v1/agents/${agentId}/post-call-questions`, {
      apiKey: org.apiKey,
      body: {
        questions: [
          { name: "Summary", type: "text", description: "What did the caller want?" },
          { name: "Booked", type: "boolean" },
          { name: "Party size", type: "number" },
          { name: "Seating", type: "single_choice", options: [{ value: "Inside" }, { value: "Terrace" }] },
          { name: "Diets", type: "multi_choice", options: [{ value: "Vegetarian" }, { value: "Vegan" }, { value: "Gluten-free" }] },
          { name: "Complaint", type: "text", optional: true, model: "gpt-4.1" },
          { name: "Retired", type: "boolean" },
        ],
      },
    })
  ).json();
  for (const question of created.data) {
    questionIds[question.name] = question.id;
    for (const option of question.options) optionIds[option.value] = option.id;
  }
  await api.request("POST", `/v1/agents/${agentId}/post-call-questions/${questionIds.Retired}/deactivate`, { apiKey: org.apiKey });
});
afterAll(async () => {
  await api?.close();
  await llm?.close();
});

const fullAnswers = (): Record<string, FakeReply> => ({
  Summary: { json: { has_answer: true, answer: "Book a table for four on Friday." } },
  Booked: { json: { has_answer: true, answer: true } },
  "Party size": { json: { has_answer: true, answer: 4 } },
  Seating: { json: { has_answer: true, answer: "Terrace" } },
  Diets: { json: { has_answer: true, answer: ["Vegetarian"] } },
  Complaint: { json: { has_answer: false, answer: null } },
});

async function newCall(extra: Parameters<typeof insertCall>[3] = {}) {
  return insertCall(api.db, org.organizationId, agentId, { transcript, cost: null, costBreakdown: null, durationSeconds: 60, ...extra });
}

async function getCall(callId: string) {
  return (await (await api.request("GET", `/v1/calls/${callId}`, { apiKey: org.apiKey })).json()).data;
}

describe("the call-finished job", () => {
  it("answers every active question by its type through the provider, and prices the call", async () => {
    answers = fullAnswers();
    llm.requests.length = 0;
    const callId = await newCall({ usage: { llm_input_tokens: 2000, llm_output_tokens: 100, tts_characters: 1000, stt_seconds: 30 } });
    await sendCallFinished(pgBossQueue(api.boss), callId);
    const deadline = Date.now() + 15_000;
    let call = await getCall(callId);
    while (call.post_call_answers.length < 6 && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      call = await getCall(callId);
    }
    const byName = Object.fromEntries(call.post_call_answers.map((a: { question: { name: string } }) => [a.question.name, a]));
    expect(Object.keys(byName).sort()).toEqual(["Booked", "Complaint", "Diets", "Party size", "Seating", "Summary"]);
    expect(byName.Summary).toMatchObject({
      has_answer: true,
      answer_text: "Book a table for four on Friday.",
      answer_number: null,
      answer_boolean: null,
      selected_options: [],
      question: { id: questionIds.Summary, name: "Summary", description: "What did the caller want?", question_type: "text", is_optional: false },
    });
    expect(byName.Booked).toMatchObject({ has_answer: true, answer_boolean: true, answer_text: null });
    expect(byName["Party size"]).toMatchObject({ has_answer: true, answer_number: 4 });
    expect(byName.Seating).toMatchObject({ has_answer: true, selected_options: [{ option: { id: optionIds.Terrace, value: "Terrace" } }] });
    expect(byName.Diets).toMatchObject({ has_answer: true, selected_options: [{ option: { id: optionIds.Vegetarian, value: "Vegetarian" } }] });
    expect(byName.Complaint).toMatchObject({ has_answer: false, answer_text: null, selected_options: [], question: { is_optional: true } });

    // One structured-output request per active question, with the question's model or the agent's.
    expect(llm.requests.map(questionOf).sort()).toEqual(["Booked", "Complaint", "Diets", "Party size", "Seating", "Summary"]);
    const requestFor = (name: string) => llm.requests.find((r) => questionOf(r) === name)!.body;
    expect(requestFor("Complaint").model).toBe("gpt-4.1");
    expect(requestFor("Summary").model).toBe("gpt-4o-mini");
    expect(requestFor("Summary").response_format?.type).toBe("json_schema");
    const seating = requestFor("Seating").response_format?.json_schema?.schema as { properties: { answer: unknown } };
    expect(JSON.stringify(seating.properties.answer)).toContain('"Terrace"');
    expect(lastMessage(requestFor("Summary"))).toContain("Caller: A table for four on Friday");

    // Phone call, 60 s at 0.014 + 2,000 × 0.15 / 1e6 + 100 × 0.6 / 1e6 + 1,000 × 15 / 1e6 + 0.5 min × 0.006.
    expect(call.cost_breakdown).toEqual({ telephony: 0.014, llm: 0.00036, text_to_speech: 0.015, speech_to_text: 0.003 });
    expect(call.cost).toBe(0.03236);
  });

  it("stores has_answer false when the model finds no answer in the transcript", async () => {
    answers = {
      ...fullAnswers(),
      Summary: { json: { has_answer: false, answer: null } },
      "Party size": { json: { has_answer: false, answer: null } },
      Seating: { json: { has_answer: false, answer: null } },
      Diets: { json: { has_answer: true, answer: [] } },
      Booked: { json: { has_answer: true, answer: null } },
    };
    const callId = await newCall();
    await processFinishedCall(api.db, callId, { env: llm.env() });
    const byName = Object.fromEntries((await getCall(callId)).post_call_answers.map((a: { question: { name: string } }) => [a.question.name, a]));
    for (const name of ["Summary", "Party size", "Seating", "Diets", "Booked"]) {
      expect(byName[name], name).toMatchObject({ has_answer: false, answer_text: null, answer_number: null, answer_boolean: null, selected_options: [] });
    }
  });

  it("does not store an answer outside the options: the question fails and is asked again", async () => {
    answers = { ...fullAnswers(), Seating: { json: { has_answer: true, answer: "Rooftop" } } };
    const callId = await newCall();
    await expect(processFinishedCall(api.db, callId, { env: llm.env() }, { last: false })).rejects.toThrow(/1 question\(s\) failed/);
    const names = (await getCall(callId)).post_call_answers.map((a: { question: { name: string } }) => a.question.name);
    expect(names).not.toContain("Seating");
    expect(names).toHaveLength(5);
  });

  it("asks again only what failed, and never stores a second answer when the job runs twice at once", async () => {
    answers = { ...fullAnswers(), Booked: { status: 500, errorMessage: "overloaded" } };
    const callId = await newCall();
    await expect(processFinishedCall(api.db, callId, { env: llm.env() }, { last: false })).rejects.toBeInstanceOf(PostCallAnswersIncompleteError);
    const stored = await api.db.select().from(callPostCallAnswers).where(eq(callPostCallAnswers.callId, callId));
    expect(stored.map((a) => a.questionName).sort()).toEqual(["Complaint", "Diets", "Party size", "Seating", "Summary"]);

    answers = fullAnswers();
    llm.requests.length = 0;
    await Promise.all([processFinishedCall(api.db, callId, { env: llm.env() }), processFinishedCall(api.db, callId, { env: llm.env() })]);
    expect(new Set(llm.requests.map(questionOf))).toEqual(new Set(["Booked"]));
    const after = await api.db.select().from(callPostCallAnswers).where(eq(callPostCallAnswers.callId, callId));
    expect(after).toHaveLength(6);
    expect(after.find((a) => a.questionName === "Booked")?.answerBoolean).toBe(true);
  });

  it("uses POST_CALL_MODEL for questions without a model of their own", async () => {
    answers = fullAnswers();
    llm.requests.length = 0;
    await processFinishedCall(api.db, await newCall(), { env: llm.env(), defaultModel: "gpt-4.1-mini" });
    const models = Object.fromEntries(llm.requests.map((r) => [questionOf(r), r.body.model]));
    expect(models).toMatchObject({ Summary: "gpt-4.1-mini", Booked: "gpt-4.1-mini", Complaint: "gpt-4.1" });
  });

  it("still prices the call when no provider is configured, and asks nothing of a call without a transcript", async () => {
    const unconfigured = await newCall();
    await processFinishedCall(api.db, unconfigured, { env: {} });
    const call = await getCall(unconfigured);
    expect(call.post_call_answers).toEqual([]);
    expect(call.cost).toBe(0.014);

    llm.requests.length = 0;
    const silent = await newCall({ transcript: [], durationSeconds: 0, endReason: "no_answer" });
    await processFinishedCall(api.db, silent, { env: llm.env() });
    expect(llm.requests).toHaveLength(0);
    expect((await getCall(silent)).post_call_answers).toEqual([]);
  });

  it("leaves a call that has not finished alone", async () => {
    llm.requests.length = 0;
    const ongoing = await newCall({ status: "in_progress", endTime: null, endReason: null });
    await processFinishedCall(api.db, ongoing, { env: llm.env() });
    expect(llm.requests).toHaveLength(0);
    expect((await getCall(ongoing)).cost).toBeNull();
  });
});
