import { asc, eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { postCallQuestionOptions, postCallQuestions } from "@/lib/db/schema";
import { ValidationError } from "@/lib/utils/domain-errors";
import { createPostCallQuestions } from "@/lib/services/post-call-questions/post-call-questions";
import { insertAgent } from "../helpers/fixtures";
import { createTestApi, type TestApi } from "../helpers/test-api";

let api: TestApi;
let orgA: { organizationId: string; apiKey: string };
let orgB: { organizationId: string; apiKey: string };

beforeAll(async () => {
  api = await createTestApi();
  orgA = await api.createOrganization("Org A");
  orgB = await api.createOrganization("Org B");
});
afterAll(async () => api?.close());

const MISSING_ID = "7d9f2c4e-1a3b-4c5d-8e9f-0a1b2c3d4e5f";
const ISO_MS = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

type Option = { id: string; value: string; created_at: string };
type Question = {
  id: string;
  agent_id: string;
  name: string;
  description: string;
  type: string;
  optional: boolean;
  model: string | null;
  examples: string[];
  options: Option[];
  is_active: boolean;
  question_origin: string;
  created_at: string;
  updated_at: string;
};
type BatchError = { index: number; field: string; message: string };
type Envelope<T = unknown> = {
  data: T;
  message: string;
  error: { type: string; message: string; status: number; details: { field: string; message: string }[] } | null;
  status: number;
};

async function send<T = unknown>(method: string, path: string, options: { body?: unknown; rawBody?: string; apiKey?: string; contentType?: string } = {}) {
  const res = await api.request(method, path, {
    apiKey: options.apiKey ?? orgA.apiKey,
    body: options.body,
    rawBody: options.rawBody,
    headers: options.rawBody !== undefined ? { "Content-Type": options.contentType ?? "application/json" } : {},
  });
  return { status: res.status, body: (await res.json()) as Envelope<T> };
}

const fields = (body: Envelope) => body.error?.details.map((d) => d.field) ?? [];

function expectError(res: { status: number; body: Envelope }, status: number, type: string, expectedFields?: string[]) {
  expect(res.status).toBe(status);
  expect(res.body.status).toBe(status);
  expect(res.body.data).toBeNull();
  expect(res.body.error?.type).toBe(type);
  if (expectedFields) expect([...new Set(fields(res.body))].sort()).toEqual([...expectedFields].sort());
}

const questionsPath = (agentId: string) => `/v1/agents/${agentId}/post-call-questions`;
const questionPath = (agentId: string, questionId: string) => `${questionsPath(agentId)}/${questionId}`;

const create = (agentId: string, questions: unknown[], apiKey?: string) => send<Question[]>("POST", questionsPath(agentId), { body: { questions }, apiKey });
const upsert = (agentId: string, questions: unknown, apiKey?: string) =>
  send<{ created: Question[]; updated: Question[]; errors: BatchError[] }>("PATCH", questionsPath(agentId), { body: { questions }, apiKey });

/** Creates questions through the API and returns them. */
async function seed(agentId: string, questions: unknown[]): Promise<Question[]> {
  const res = await create(agentId, questions);
  expect(res.status).toBe(200);
  return res.body.data;
}

let agentCounter = 0;
const newAgent = (organizationId = orgA.organizationId) => insertAgent(api.db, organizationId, `Agent ${++agentCounter}`);

/** The stored state of an agent's questions, for checks that a request changed nothing (or exactly what it should). */
async function stored(agentId: string) {
  const rows = await api.db.select().from(postCallQuestions).where(eq(postCallQuestions.agentId, agentId)).orderBy(asc(postCallQuestions.createdAt), asc(postCallQuestions.id));
  const options = rows.length
    ? await api.db
        .select()
        .from(postCallQuestionOptions)
        .where(
          inArray(
            postCallQuestionOptions.questionId,
            rows.map((row) => row.id),
          ),
        )
        .orderBy(asc(postCallQuestionOptions.position))
    : [];
  return rows.map((row) => ({ ...row, options: options.filter((option) => option.questionId === row.id).map((o) => ({ id: o.id, value: o.value, position: o.position })) }));
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe("POST /v1/agents/{agent_id}/post-call-questions", () => {
  it("creates a batch with defaults, answers 200 with the questions in the order sent", async () => {
    const agentId = await newAgent();
    const res = await create(agentId, [
      { name: "  Booking confirmed  ", type: "boolean" },
      {
        name: "Meal",
        type: "single_choice",
        description: "Which meal was booked?",
        optional: true,
        model: "gpt-4o",
        examples: ["Dinner"],
        options: [{ value: "Lunch" }, { value: " Dinner " }],
      },
      { name: "Party size", type: "number" },
      { name: "Notes", type: "text" },
      { name: "Extras", type: "multi_choice", options: [{ value: "Cake" }, { value: "Flowers" }] },
    ]);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ status: 200, error: null, message: "5 post-call questions created" });
    const [confirmed, meal] = res.body.data;
    expect(res.body.data.map((q) => q.name)).toEqual(["Booking confirmed", "Meal", "Party size", "Notes", "Extras"]);
    expect(confirmed).toEqual({
      id: expect.stringMatching(UUID),
      agent_id: agentId,
      name: "Booking confirmed",
      description: "",
      type: "boolean",
      optional: false,
      model: null,
      examples: [],
      options: [],
      is_active: true,
      question_origin: "system",
      created_at: expect.stringMatching(ISO_MS),
      updated_at: expect.stringMatching(ISO_MS),
    });
    expect(meal).toMatchObject({ description: "Which meal was booked?", optional: true, model: "gpt-4o", examples: ["Dinner"], type: "single_choice" });
    expect(meal.options.map((o) => o.value)).toEqual(["Lunch", "Dinner"]);
    for (const option of meal.options) {
      expect(option.id).toMatch(UUID);
      expect(option.created_at).toMatch(ISO_MS);
    }

    const list = await send<Question[]>("GET", questionsPath(agentId));
    expect(list.status).toBe(200);
    expect(list.body.data).toEqual(res.body.data);
    const rows = await stored(agentId);
    expect(rows.map((row) => [row.name, row.organizationId])).toEqual(res.body.data.map((q) => [q.name, orgA.organizationId]));
  });

  it.each([
    [1, 200],
    [50, 200],
    [0, 400],
    [51, 400],
  ])("takes 1 to 50 items: %i items → %i", async (size, status) => {
    const agentId = await newAgent();
    const res = await create(
      agentId,
      Array.from({ length: size }, (_, i) => ({ name: `Question ${i}`, type: "text" })),
    );
    if (status === 200) {
      expect(res.status).toBe(200);
      expect(res.body.data).toHaveLength(size);
      expect((await stored(agentId)).map((row) => row.name)).toEqual(Array.from({ length: size }, (_, i) => `Question ${i}`));
    } else {
      expectError(res, 400, "generic_error", ["questions"]);
      expect(await stored(agentId)).toEqual([]);
    }
  });

  it("is all or nothing: one invalid item stores nothing, and every problem is named at its path", async () => {
    const agentId = await newAgent();
    const res = await create(agentId, [
      { name: "Fine", type: "text" },
      { name: "x".repeat(201), type: "text" },
      { name: "Meal", type: "single_choice" },
      { name: "Extras", type: "multi_choice", options: [] },
      { name: "Mood", type: "text", options: [{ value: "happy" }] },
      { name: "Colour", type: "single_choice", options: [{ value: "Red" }, { value: " red " }, { value: "" }, { value: "y".repeat(501) }] },
      { description: "no name or type" },
      { name: "Odd", type: "date" },
      { name: "Extra field", type: "text", is_active: false },
      { name: "Picked id", type: "text", id: MISSING_ID },
      { name: "Picked option id", type: "single_choice", options: [{ value: "a", option_id: MISSING_ID }] },
      { name: "Bad lists", type: "text", examples: [""], optional: "yes", model: "" },
      7,
    ]);
    expectError(res, 400, "generic_error", [
      "questions[1].name",
      "questions[2].options",
      "questions[3].options",
      "questions[4].options",
      "questions[5].options[1].value",
      "questions[5].options[2].value",
      "questions[5].options[3].value",
      "questions[6].name",
      "questions[6].type",
      "questions[7].type",
      "questions[8].is_active",
      "questions[9].id",
      "questions[10].options[0].option_id",
      "questions[11].examples[0]",
      "questions[11].optional",
      "questions[11].model",
      "questions[12]",
    ]);
    const details = res.body.error!.details;
    expect(details.find((d) => d.field === "questions[2].options")?.message).toMatch(/at least one option/);
    expect(details.find((d) => d.field === "questions[4].options")?.message).toMatch(/Only single_choice and multi_choice/);
    expect(details.find((d) => d.field === "questions[5].options[1].value")?.message).toMatch(/Same value as options\[0\]/);
    expect(details.find((d) => d.field === "questions[6].name")?.message).toBe("Required");
    expect(details.find((d) => d.field === "questions[8].is_active")?.message).toBe('Unknown field "is_active"');
    expect(details.find((d) => d.field === "questions[9].id")?.message).toMatch(/ids are assigned by the server/);
    expect(await stored(agentId)).toEqual([]);
  });

  it("accepts an empty options list for a type without options", async () => {
    const [question] = await seed(await newAgent(), [{ name: "Notes", type: "text", options: [] }]);
    expect(question.options).toEqual([]);
  });

  it("keeps names unique per agent, ignoring case: 400 within the batch, 409 against a stored question", async () => {
    const agentId = await newAgent();
    await seed(agentId, [{ name: "Booking confirmed", type: "boolean" }]);

    const twice = await create(agentId, [
      { name: "Meal", type: "text" },
      { name: "MEAL ", type: "text" },
    ]);
    expectError(twice, 400, "generic_error", ["questions[1].name"]);
    expect(twice.body.error!.details[0].message).toMatch(/^Same name as question 1 of this request \(questions\[0\]\): "[^"]+"/);

    const taken = await create(agentId, [
      { name: "Meal", type: "text" },
      { name: "booking CONFIRMED", type: "boolean" },
    ]);
    expectError(taken, 409, "conflict", ["questions[1].name"]);
    expect((await stored(agentId)).map((row) => row.name)).toEqual(["Booking confirmed"]);

    // Another agent may use the same name.
    expect((await create(await newAgent(), [{ name: "Booking confirmed", type: "boolean" }])).status).toBe(200);
  });

  it("keeps names unique under concurrent requests (writers of one agent take turns)", async () => {
    const agentId = await newAgent();
    const results = await Promise.all(Array.from({ length: 4 }, () => create(agentId, [{ name: "Race", type: "text" }])));
    expect(results.map((res) => res.status).sort()).toEqual([200, 409, 409, 409]);
    expect((await stored(agentId)).map((row) => row.name)).toEqual(["Race"]);
  });

  it("refuses malformed bodies as a whole", async () => {
    const agentId = await newAgent();
    expectError(await send("POST", questionsPath(agentId), { rawBody: "{not json" }), 400, "generic_error", ["body"]);
    expectError(await send("POST", questionsPath(agentId), { rawBody: "name=x", contentType: "text/plain" }), 415, "unsupported_media_type");
    expectError(await send("POST", questionsPath(agentId), { body: { questions: "all" } }), 400, "generic_error", ["questions"]);
    expectError(await send("POST", questionsPath(agentId), { body: {} }), 400, "generic_error", ["questions"]);
    expectError(await send("POST", questionsPath(agentId), { body: { questions: [{ name: "a", type: "text" }], extra: 1 } }), 400, "generic_error", ["extra"]);
    expect(await stored(agentId)).toEqual([]);
  });

  it("is 404 for a missing agent and a non-UUID agent id", async () => {
    expectError(await create(MISSING_ID, [{ name: "a", type: "text" }]), 404, "not_found");
    expectError(await create("not-a-uuid", [{ name: "a", type: "text" }]), 404, "not_found");
  });

  it("checks the same rules when called without the HTTP layer", async () => {
    const agentId = await newAgent();
    const ctx = { db: api.db, organizationId: orgA.organizationId };
    const error = await createPostCallQuestions(ctx, agentId, [{ name: "Meal", type: "single_choice" }, { name: "meal", type: "text" }]).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ValidationError);
    expect((error as ValidationError).details.map((d) => d.field).sort()).toEqual(["questions[0].options", "questions[1].name"]);
  });
});

describe("GET /v1/agents/{agent_id}/post-call-questions[/{question_id}]", () => {
  let agentId: string;
  let otherAgentId: string;
  let questions: Question[];
  let otherQuestion: Question;

  beforeAll(async () => {
    agentId = await newAgent();
    otherAgentId = await newAgent();
    questions = await seed(agentId, [
      { name: "First", type: "text" },
      { name: "Second", type: "single_choice", options: [{ value: "b" }, { value: "a" }] },
    ]);
    [otherQuestion] = await seed(otherAgentId, [{ name: "Elsewhere", type: "text" }]);
    await sleep(5);
    questions.push(...(await seed(agentId, [{ name: "Third", type: "number" }])));
  });

  it("lists every question, inactive ones too, oldest first", async () => {
    const deactivated = await send<Question>("POST", `${questionPath(agentId, questions[0].id)}/deactivate`);
    expect(deactivated.status).toBe(200);
    const res = await send<Question[]>("GET", questionsPath(agentId));
    expect(res.status).toBe(200);
    expect(res.body.message).toBe("Post-call questions retrieved");
    expect(res.body.data.map((q) => [q.name, q.is_active])).toEqual([
      ["First", false],
      ["Second", true],
      ["Third", true],
    ]);
    expect(res.body.data[1].options.map((o) => o.value)).toEqual(["b", "a"]);
  });

  it("lists nothing for an agent without questions", async () => {
    const res = await send<Question[]>("GET", questionsPath(await newAgent()));
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual([]);
  });

  it("gets one question", async () => {
    const res = await send<Question>("GET", questionPath(agentId, questions[1].id));
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({ ...questions[1], is_active: true });
  });

  it("is 404 for a missing question, another agent's question, a missing agent and non-UUID ids", async () => {
    expectError(await send("GET", questionPath(agentId, MISSING_ID)), 404, "not_found");
    expectError(await send("GET", questionPath(agentId, otherQuestion.id)), 404, "not_found");
    expectError(await send("GET", questionPath(MISSING_ID, questions[0].id)), 404, "not_found");
    expectError(await send("GET", questionPath(agentId, "nope")), 404, "not_found");
    expectError(await send("GET", questionsPath(MISSING_ID)), 404, "not_found");
    expectError(await send("GET", questionsPath("nope")), 404, "not_found");
  });
});

describe("PATCH /v1/agents/{agent_id}/post-call-questions", () => {
  it("applies the valid items and reports each invalid one in errors, changing nothing for it", async () => {
    const agentId = await newAgent();
    const otherAgentId = await newAgent();
    const [elsewhere] = await seed(otherAgentId, [{ name: "Elsewhere", type: "single_choice", options: [{ value: "x" }] }]);
    const [notes, meal, confirmed] = await seed(agentId, [
      { name: "Notes", type: "text", description: "Anything else", examples: ["none"] },
      { name: "Meal", type: "single_choice", options: [{ value: "Lunch" }, { value: "Dinner" }] },
      { name: "Confirmed", type: "boolean" },
    ]);
    const before = await stored(agentId);
    await sleep(5);

    const res = await upsert(agentId, [
      { id: notes.id, description: "Anything the caller added" },
      { name: "Party size", type: "number", optional: true },
      { id: meal.id, options: [{ value: "Lunch", option_id: elsewhere.options[0].id }] },
      { name: "notes", type: "text" },
      { id: MISSING_ID, name: "Ghost" },
      { name: "Bad type", type: "date" },
      { id: confirmed.id, type: "single_choice" },
      { name: "Extras", type: "multi_choice" },
      { id: elsewhere.id, name: "Stolen" },
      { name: "Party size", type: "text" },
    ]);
    expect(res.status).toBe(200);
    expect(res.body.message).toBe("Post-call questions saved: 1 created, 1 updated, 8 items refused");
    expect(res.body.data.created.map((q) => [q.name, q.type, q.optional])).toEqual([["Party size", "number", true]]);
    expect(res.body.data.updated).toHaveLength(1);
    expect(res.body.data.updated[0]).toMatchObject({ id: notes.id, name: "Notes", description: "Anything the caller added", examples: ["none"], created_at: notes.created_at });
    expect(res.body.data.updated[0].updated_at > notes.updated_at).toBe(true);
    expect(res.body.data.errors.map((e) => [e.index, e.field])).toEqual([
      [2, "questions[2].options[0].option_id"],
      [3, "questions[3].name"],
      [4, "questions[4].id"],
      [5, "questions[5].type"],
      [6, "questions[6].options"],
      [7, "questions[7].options"],
      [8, "questions[8].id"],
      [9, "questions[9].name"],
    ]);
    const messages = Object.fromEntries(res.body.data.errors.map((e) => [e.index, e.message]));
    expect(messages[2]).toBe("Not an option of this question");
    expect(messages[3]).toMatch(/^Already used by the agent's question "[^"]+"/);
    expect(messages[3]).not.toMatch(/[0-9a-f]{8}-[0-9a-f]{4}-/); // named, not by a raw id
    expect(messages[4]).toBe("No post-call question with this id on this agent");
    expect(messages[9]).toMatch(/Same name as question 2 of this request/);

    const after = await stored(agentId);
    const byId = new Map(after.map((row) => [row.id, row]));
    // Valid items were applied...
    expect(byId.get(notes.id)?.description).toBe("Anything the caller added");
    expect(after.map((row) => row.name)).toEqual(["Notes", "Meal", "Confirmed", "Party size"]);
    // ...and the invalid ones changed nothing.
    expect(byId.get(meal.id)).toEqual(before[1]);
    expect(byId.get(confirmed.id)).toEqual(before[2]);
    expect((await stored(otherAgentId))[0].name).toBe("Elsewhere");
  });

  it("keeps omitted fields, replaces sent ones, and resets model with null", async () => {
    const agentId = await newAgent();
    const [question] = await seed(agentId, [
      { name: "Meal", type: "single_choice", description: "Which meal", optional: true, model: "gpt-4o", examples: ["Lunch"], options: [{ value: "Lunch" }] },
    ]);
    const res = await upsert(agentId, [{ id: question.id, model: null, examples: [], name: "Meal booked" }]);
    expect(res.body.data.errors).toEqual([]);
    expect(res.body.data.updated[0]).toEqual({
      ...question,
      name: "Meal booked",
      model: null,
      examples: [],
      updated_at: expect.stringMatching(ISO_MS),
    });
  });

  it("keeps option ids stable: reorder, rename by option_id, match by value, add one, drop one", async () => {
    const agentId = await newAgent();
    const [question] = await seed(agentId, [
      { name: "Colour", type: "multi_choice", options: [{ value: "Red" }, { value: "Green" }, { value: "Blue" }, { value: "Black" }] },
    ]);
    const id = Object.fromEntries(question.options.map((o) => [o.value, o.id]));
    const createdAt = Object.fromEntries(question.options.map((o) => [o.value, o.created_at]));
    await sleep(5);

    const res = await upsert(agentId, [
      {
        id: question.id,
        options: [{ value: "blue" }, { value: "Emerald", option_id: id.Green }, { value: "Red" }, { value: "White" }],
      },
    ]);
    expect(res.body.data.errors).toEqual([]);
    const options = res.body.data.updated[0].options;
    expect(options.map((o) => o.value)).toEqual(["blue", "Emerald", "Red", "White"]);
    expect(options[0].id).toBe(id.Blue);
    expect(options[1].id).toBe(id.Green);
    expect(options[2].id).toBe(id.Red);
    expect(Object.values(id)).not.toContain(options[3].id);
    expect(options.slice(0, 3).map((o) => o.created_at)).toEqual([createdAt.Blue, createdAt.Green, createdAt.Red]);
    expect(options[3].created_at > createdAt.Red).toBe(true);

    const rows = (await stored(agentId))[0].options;
    expect(rows).toEqual(options.map((o, position) => ({ id: o.id, value: o.value, position })));
    expect(rows.map((o) => o.id)).not.toContain(id.Black);
    const read = await send<Question>("GET", questionPath(agentId, question.id));
    expect(read.body.data.options).toEqual(options);
  });

  it("matches option_id before values, so a swap of values keeps each id with its option", async () => {
    const agentId = await newAgent();
    const [question] = await seed(agentId, [{ name: "Yes or no", type: "single_choice", options: [{ value: "yes" }, { value: "no" }] }]);
    const [yes, no] = question.options;
    const res = await upsert(agentId, [
      {
        id: question.id,
        options: [
          { value: "no", option_id: yes.id },
          { value: "yes", option_id: no.id },
        ],
      },
    ]);
    expect(res.body.data.updated[0].options.map((o) => [o.id, o.value])).toEqual([
      [yes.id, "no"],
      [no.id, "yes"],
    ]);
  });

  it("refuses option_id of another question and a repeated option_id", async () => {
    const agentId = await newAgent();
    const [a, b] = await seed(agentId, [
      { name: "A", type: "single_choice", options: [{ value: "one" }] },
      { name: "B", type: "single_choice", options: [{ value: "two" }] },
    ]);
    const res = await upsert(agentId, [
      { id: a.id, options: [{ value: "one", option_id: b.options[0].id }] },
      { id: b.id, options: [{ value: "two", option_id: b.options[0].id }, { value: "three", option_id: b.options[0].id }] },
    ]);
    expect(res.body.data.errors.map((e) => e.field)).toEqual(["questions[0].options[0].option_id", "questions[1].options[1].option_id"]);
    expect(res.body.data.updated).toEqual([]);
    expect((await stored(agentId)).map((q) => q.options.map((o) => o.id))).toEqual([[a.options[0].id], [b.options[0].id]]);
  });

  it("changes types: to a type without options drops them; to a choice type needs options", async () => {
    const agentId = await newAgent();
    const [meal, notes] = await seed(agentId, [
      { name: "Meal", type: "single_choice", options: [{ value: "Lunch" }] },
      { name: "Notes", type: "text" },
    ]);
    const res = await upsert(agentId, [
      { id: meal.id, type: "text" },
      { id: notes.id, type: "multi_choice", options: [{ value: "Quiet" }, { value: "Loud" }] },
    ]);
    expect(res.body.data.errors).toEqual([]);
    expect(res.body.data.updated.map((q) => [q.type, q.options.map((o) => o.value)])).toEqual([
      ["text", []],
      ["multi_choice", ["Quiet", "Loud"]],
    ]);
    const again = await upsert(agentId, [
      { id: meal.id, options: [{ value: "Lunch" }] },
      { id: notes.id, options: [] },
    ]);
    expect(again.body.data.errors.map((e) => [e.field, e.message])).toEqual([
      ["questions[0].options", expect.stringMatching(/Only single_choice and multi_choice.*this one is text/)],
      ["questions[1].options", expect.stringMatching(/at least one option/)],
    ]);
  });

  it("lets two questions swap names in one request, and refuses both halves of a swap that cannot complete", async () => {
    const agentId = await newAgent();
    const [a, b] = await seed(agentId, [
      { name: "Alpha", type: "text" },
      { name: "Beta", type: "text" },
    ]);
    const swap = await upsert(agentId, [
      { id: a.id, name: "Beta" },
      { id: b.id, name: "Alpha" },
    ]);
    expect(swap.body.data.errors).toEqual([]);
    expect((await stored(agentId)).map((q) => [q.id, q.name])).toEqual([
      [a.id, "Beta"],
      [b.id, "Alpha"],
    ]);
    // b's item is invalid (an unknown field), so b keeps "Alpha" and a cannot take it.
    const broken = await upsert(agentId, [
      { id: a.id, name: "Alpha" },
      { id: b.id, name: "Beta", colour: "red" },
    ]);
    expect(broken.body.data.errors.map((e) => e.field)).toEqual(["questions[0].name", "questions[1].colour"]);
    expect((await stored(agentId)).map((q) => q.name)).toEqual(["Beta", "Alpha"]);
  });

  it("refuses a second item with the same id", async () => {
    const agentId = await newAgent();
    const [question] = await seed(agentId, [{ name: "Notes", type: "text" }]);
    const res = await upsert(agentId, [
      { id: question.id, description: "first" },
      { id: question.id, description: "second" },
    ]);
    expect(res.body.data.errors.map((e) => e.field)).toEqual(["questions[1].id"]);
    expect(res.body.data.updated[0].description).toBe("first");
  });

  it("answers 200 with only errors when every item is invalid, and keeps updated_at when nothing changes", async () => {
    const agentId = await newAgent();
    const [question] = await seed(agentId, [{ name: "Notes", type: "text" }]);
    const before = await stored(agentId);
    const res = await upsert(agentId, [{ name: "" }, { id: "nope" }]);
    expect(res.status).toBe(200);
    expect(res.body.data.created).toEqual([]);
    expect(res.body.data.updated).toEqual([]);
    expect(res.body.data.errors.map((e) => e.field)).toEqual(["questions[0].name", "questions[0].type", "questions[1].id"]);
    await sleep(5);
    const same = await upsert(agentId, [{ id: question.id, name: "Notes", type: "text" }]);
    expect(same.body.data.updated).toEqual([question]);
    expect(await stored(agentId)).toEqual(before);
  });

  it.each([
    ["0 items", { questions: [] }, ["questions"]],
    ["51 items", { questions: Array.from({ length: 51 }, (_, i) => ({ name: `Q${i}`, type: "text" })) }, ["questions"]],
    ["no questions", {}, ["questions"]],
    ["questions not a list", { questions: { name: "a" } }, ["questions"]],
    ["an unknown top-level field", { questions: [{ name: "a", type: "text" }], replace: true }, ["replace"]],
    ["a body that is not an object", [{ name: "a", type: "text" }], ["body"]],
  ])("refuses %s as a whole with 400", async (_label, body, expectedFields) => {
    const agentId = await newAgent();
    expectError(await send("PATCH", questionsPath(agentId), { body }), 400, "generic_error", expectedFields);
    expect(await stored(agentId)).toEqual([]);
  });

  it("takes 50 items", async () => {
    const agentId = await newAgent();
    const res = await upsert(
      agentId,
      Array.from({ length: 50 }, (_, i) => ({ name: `Q${i}`, type: "text" })),
    );
    expect(res.status).toBe(200);
    expect(res.body.data.created).toHaveLength(50);
    expect((await stored(agentId)).map((q) => q.name)).toEqual(Array.from({ length: 50 }, (_, i) => `Q${i}`));
  });

  it("refuses malformed JSON and other media types, and is 404 for a missing agent", async () => {
    const agentId = await newAgent();
    expectError(await send("PATCH", questionsPath(agentId), { rawBody: "{" }), 400, "generic_error", ["body"]);
    expectError(await send("PATCH", questionsPath(agentId), { rawBody: "" }), 400, "generic_error", ["body"]);
    expectError(await send("PATCH", questionsPath(agentId), { rawBody: "x", contentType: "text/plain" }), 415, "unsupported_media_type");
    expectError(await upsert(MISSING_ID, [{ name: "a", type: "text" }]), 404, "not_found");
    expectError(await upsert("nope", [{ name: "a", type: "text" }]), 404, "not_found");
  });
});

describe("DELETE, deactivate and activate (extensions)", () => {
  it("deactivates and activates, idempotently", async () => {
    const agentId = await newAgent();
    const [question] = await seed(agentId, [{ name: "Notes", type: "text" }]);
    await sleep(5);
    const off = await send<Question>("POST", `${questionPath(agentId, question.id)}/deactivate`);
    expect(off.status).toBe(200);
    expect(off.body.message).toBe("Post-call question deactivated");
    expect(off.body.data).toMatchObject({ id: question.id, is_active: false });
    expect(off.body.data.updated_at > question.updated_at).toBe(true);
    const again = await send<Question>("POST", `${questionPath(agentId, question.id)}/deactivate`);
    expect(again.body.data).toEqual(off.body.data);
    const on = await send<Question>("POST", `${questionPath(agentId, question.id)}/activate`);
    expect(on.status).toBe(200);
    expect(on.body.data.is_active).toBe(true);
    expect((await stored(agentId))[0].isActive).toBe(true);
    // An update keeps the activation state.
    await send("POST", `${questionPath(agentId, question.id)}/deactivate`);
    const updated = await upsert(agentId, [{ id: question.id, description: "edited" }]);
    expect(updated.body.data.updated[0].is_active).toBe(false);
  });

  it("deletes a question with its options; 200 with data null, then 404", async () => {
    const agentId = await newAgent();
    const [meal, notes] = await seed(agentId, [
      { name: "Meal", type: "single_choice", options: [{ value: "Lunch" }] },
      { name: "Notes", type: "text" },
    ]);
    const res = await send("DELETE", questionPath(agentId, meal.id));
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ data: null, error: null, status: 200, message: "Post-call question deleted" });
    expect((await stored(agentId)).map((q) => q.id)).toEqual([notes.id]);
    expect(await api.db.select().from(postCallQuestionOptions).where(eq(postCallQuestionOptions.questionId, meal.id))).toEqual([]);
    expectError(await send("DELETE", questionPath(agentId, meal.id)), 404, "not_found");
    expectError(await send("GET", questionPath(agentId, meal.id)), 404, "not_found");
    // The name is free again.
    expect((await create(agentId, [{ name: "meal", type: "text" }])).status).toBe(200);
  });

  it("is 404 for missing questions, another agent's question and non-UUID ids", async () => {
    const agentId = await newAgent();
    const [elsewhere] = await seed(await newAgent(), [{ name: "Elsewhere", type: "text" }]);
    for (const [method, suffix] of [
      ["DELETE", ""],
      ["POST", "/deactivate"],
      ["POST", "/activate"],
    ]) {
      expectError(await send(method, `${questionPath(agentId, MISSING_ID)}${suffix}`), 404, "not_found");
      expectError(await send(method, `${questionPath(agentId, elsewhere.id)}${suffix}`), 404, "not_found");
      expectError(await send(method, `${questionPath(MISSING_ID, elsewhere.id)}${suffix}`), 404, "not_found");
      expectError(await send(method, `${questionPath(agentId, "nope")}${suffix}`), 404, "not_found");
    }
    expect((await stored(elsewhere.agent_id))[0]).toMatchObject({ name: "Elsewhere", isActive: true });
  });

  it("deleting the agent removes its questions and their options", async () => {
    const agentId = await newAgent();
    const questions = await seed(agentId, [
      { name: "Meal", type: "single_choice", options: [{ value: "Lunch" }] },
      { name: "Notes", type: "text" },
    ]);
    expect((await send("DELETE", `/v1/agents/${agentId}`)).status).toBe(200);
    expect(await stored(agentId)).toEqual([]);
    const optionRows = await api.db.select().from(postCallQuestionOptions).where(
      inArray(
        postCallQuestionOptions.questionId,
        questions.map((q) => q.id),
      ),
    );
    expect(optionRows).toEqual([]);
    expectError(await send("GET", questionsPath(agentId)), 404, "not_found");
  });
});

describe("tenant isolation", () => {
  it("answers another organization's key with 404 everywhere and changes nothing", async () => {
    const agentId = await newAgent();
    const [question] = await seed(agentId, [{ name: "Meal", type: "single_choice", options: [{ value: "Lunch" }] }]);
    const before = await stored(agentId);
    const key = orgB.apiKey;
    const attempts = [
      send("GET", questionsPath(agentId), { apiKey: key }),
      send("GET", questionPath(agentId, question.id), { apiKey: key }),
      create(agentId, [{ name: "Injected", type: "text" }], key),
      upsert(agentId, [{ id: question.id, name: "Hacked" }, { name: "Injected", type: "text" }], key),
      send("POST", `${questionPath(agentId, question.id)}/deactivate`, { apiKey: key }),
      send("POST", `${questionPath(agentId, question.id)}/activate`, { apiKey: key }),
      send("DELETE", questionPath(agentId, question.id), { apiKey: key }),
    ];
    for (const res of await Promise.all(attempts)) expectError(res, 404, "not_found");
    expect(await stored(agentId)).toEqual(before);
  });

  it("does not let another organization update a question through its own agent", async () => {
    const agentId = await newAgent();
    const [question] = await seed(agentId, [{ name: "Meal", type: "text" }]);
    const foreignAgent = await newAgent(orgB.organizationId);
    const res = await upsert(foreignAgent, [{ id: question.id, name: "Hacked" }], orgB.apiKey);
    expect(res.status).toBe(200);
    expect(res.body.data.errors.map((e) => [e.field, e.message])).toEqual([["questions[0].id", "No post-call question with this id on this agent"]]);
    expect((await stored(agentId))[0].name).toBe("Meal");
    expect(await stored(foreignAgent)).toEqual([]);
  });
});

describe("OpenAPI document", () => {
  it("lists the operations, flags the extensions and documents PATCH with POST's body", async () => {
    const doc = await (await api.request("GET", "/v1/openapi.json")).json();
    const collection = doc.paths["/v1/agents/{agent_id}/post-call-questions"];
    const item = doc.paths["/v1/agents/{agent_id}/post-call-questions/{question_id}"];
    const deactivate = doc.paths["/v1/agents/{agent_id}/post-call-questions/{question_id}/deactivate"];
    const activate = doc.paths["/v1/agents/{agent_id}/post-call-questions/{question_id}/activate"];
    expect(Object.keys(collection).sort()).toEqual(["get", "patch", "post"]);
    expect(Object.keys(item).sort()).toEqual(["delete", "get"]);
    for (const op of [collection.get, collection.post, collection.patch, item.get]) {
      expect(op["x-extension"]).toBeUndefined();
      expect(op.tags).toEqual(["Post-call questions"]);
    }
    for (const op of [item.delete, deactivate.post, activate.post]) {
      expect(op["x-extension"]).toBe(true);
      expect(op.description).toMatch(/^\*\*Extension\*\*/);
    }
    expect(collection.post.requestBody.content["application/json"].schema).toEqual({ $ref: "#/components/schemas/PostCallQuestionBatch" });
    expect(collection.patch.requestBody.content["application/json"].schema).toEqual({ $ref: "#/components/schemas/PostCallQuestionBatch" });
    expect(collection.post.responses["409"]).toBeDefined();
    const schemas = doc.components.schemas;
    expect(Object.keys(schemas.PostCallQuestion.properties).sort()).toEqual(
      [
        "agent_id",
        "created_at",
        "description",
        "examples",
        "id",
        "is_active",
        "model",
        "name",
        "optional",
        "options",
        "question_origin",
        "type",
        "updated_at",
      ].sort(),
    );
    expect(schemas.PostCallQuestionBatch.properties.questions).toMatchObject({ minItems: 1, maxItems: 50 });
    expect(Object.keys(schemas.PostCallQuestionInput.properties).sort()).toEqual(
      ["description", "examples", "id", "model", "name", "optional", "options", "type"].sort(),
    );
    expect(Object.keys(schemas.PostCallQuestionBatchError.properties).sort()).toEqual(["field", "index", "message"]);
    expect(doc.tags.map((tag: { name: string }) => tag.name)).toContain("Post-call questions");
  });
});
