import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { callPostCallAnswers, calls } from "@/lib/db/schema";
import { insertAgent, insertCall } from "../helpers/fixtures";
import { createTestApi, type TestApi } from "../helpers/test-api";

let api: TestApi;
let key: string;
let orgId: string;
let agentId: string;

beforeAll(async () => {
  api = await createTestApi();
  ({ apiKey: key, organizationId: orgId } = await api.createOrganization());
  agentId = await insertAgent(api.db, orgId);
});
afterAll(async () => api?.close());

describe("GET /v1/calls/{call_id}", () => {
  it("returns the call with transcript, variables and post-call answers", async () => {
    const id = await insertCall(api.db, orgId, agentId, { metadata: { crm: "A-1" } });
    const questionId = "5b0d2c1a-1111-4a4a-8a8a-000000000001";
    await api.db.insert(callPostCallAnswers).values([
      {
        organizationId: orgId,
        callId: id,
        questionId,
        questionName: "booked",
        questionDescription: "Did the caller book?",
        questionType: "boolean",
        hasAnswer: true,
        answerBoolean: true,
      },
      {
        organizationId: orgId,
        callId: id,
        questionId: "5b0d2c1a-1111-4a4a-8a8a-000000000002",
        questionName: "topic",
        questionType: "single_choice",
        hasAnswer: true,
        selectedOptions: [{ option: { id: "5b0d2c1a-1111-4a4a-8a8a-0000000000aa", value: "booking" } }],
      },
    ]);
    const res = await api.request("GET", `/v1/calls/${id}`, { apiKey: key });
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body).toMatchObject({ status: 200, error: null });
    expect(body.data).toMatchObject({ id, metadata: { crm: "A-1" }, agent_id: agentId, type: "phone_call" });
    expect(body.data.transcript).toHaveLength(2);
    expect(body.data.variable_values[0].name).toBe("party_size");
    const booked = body.data.post_call_answers.find((a: { question: { name: string } }) => a.question.name === "booked");
    expect(booked).toEqual({
      id: expect.any(String),
      question: { id: questionId, name: "booked", description: "Did the caller book?", question_type: "boolean", is_optional: false, question_origin: "system" },
      has_answer: true,
      answer_text: null,
      answer_number: null,
      answer_boolean: true,
      selected_options: [],
    });
    const topic = body.data.post_call_answers.find((a: { question: { name: string } }) => a.question.name === "topic");
    expect(topic.selected_options).toEqual([{ option: { id: "5b0d2c1a-1111-4a4a-8a8a-0000000000aa", value: "booking" } }]);
  });

  it("is 404 for an unknown id and for a non-UUID id", async () => {
    for (const id of ["00000000-0000-4000-8000-000000000000", "nope", "123"]) {
      const res = await api.request("GET", `/v1/calls/${id}`, { apiKey: key });
      expect(res.status).toBe(404);
      expect((await res.json()).error.type).toBe("not_found");
    }
  });
});

describe("PATCH /v1/calls/{call_id}", () => {
  let id: string;
  beforeEach(async () => {
    id = await insertCall(api.db, orgId, agentId, { metadata: { a: 1, nested: { x: 1, y: 2 }, keep: "yes" } });
  });
  const patch = (body: unknown) => api.request("PATCH", `/v1/calls/${id}`, { apiKey: key, body });
  const stored = async () => (await api.db.select().from(calls).where(eq(calls.id, id)))[0].metadata;

  it("merges by default: recursive, null removes a key", async () => {
    const res = await patch({ metadata: { a: 2, nested: { y: null, z: 3 }, keep: null, added: [1, 2] } });
    expect(res.status).toBe(200);
    const expected = { a: 2, nested: { x: 1, z: 3 }, added: [1, 2] };
    expect((await res.json()).data.metadata).toEqual(expected);
    expect(await stored()).toEqual(expected);
  });

  it("merges with override false", async () => {
    await patch({ metadata: { b: true }, override: false });
    expect(await stored()).toEqual({ a: 1, nested: { x: 1, y: 2 }, keep: "yes", b: true });
  });

  it("replaces everything with override true, keeping nulls", async () => {
    const res = await patch({ metadata: { only: "this", gone: null }, override: true });
    expect((await res.json()).data.metadata).toEqual({ only: "this", gone: null });
    expect(await stored()).toEqual({ only: "this", gone: null });
  });

  it.each([
    [{ override: true }, "metadata"],
    [{ metadata: "text" }, "metadata"],
    [{ metadata: [1] }, "metadata"],
    [{ metadata: {}, override: "yes" }, "override"],
    [{ metadata: {}, extra: 1 }, "extra"],
  ])("rejects %j naming %s and changes nothing", async (body, field) => {
    const res = await patch(body);
    expect(res.status).toBe(400);
    const json = await res.json();
    expect(json.error.details.map((d: { field: string }) => d.field)).toContain(field);
    expect(await stored()).toEqual({ a: 1, nested: { x: 1, y: 2 }, keep: "yes" });
  });

  it("rejects malformed JSON", async () => {
    const res = await api.request("PATCH", `/v1/calls/${id}`, {
      apiKey: key,
      rawBody: '{"metadata": {',
      headers: { "Content-Type": "application/json" },
    });
    expect(res.status).toBe(400);
    const body = await res.json();
    expect(body.error.type).toBe("generic_error");
    expect(body.error.details[0].field).toBe("body");
  });

  it("is 404 for an unknown call", async () => {
    const res = await api.request("PATCH", "/v1/calls/00000000-0000-4000-8000-000000000000", { apiKey: key, body: { metadata: {} } });
    expect(res.status).toBe(404);
  });
});

describe("DELETE /v1/calls/{call_id}", () => {
  it("answers 204 with an empty body and removes the call and its answers", async () => {
    const id = await insertCall(api.db, orgId, agentId);
    await api.db.insert(callPostCallAnswers).values({
      organizationId: orgId,
      callId: id,
      questionId: "5b0d2c1a-1111-4a4a-8a8a-000000000003",
      questionName: "q",
      questionType: "text",
      hasAnswer: false,
    });
    const res = await api.request("DELETE", `/v1/calls/${id}`, { apiKey: key });
    expect(res.status).toBe(204);
    expect(await res.text()).toBe("");
    expect(await api.db.select().from(calls).where(eq(calls.id, id))).toEqual([]);
    expect(await api.db.select().from(callPostCallAnswers).where(eq(callPostCallAnswers.callId, id))).toEqual([]);
    const again = await api.request("DELETE", `/v1/calls/${id}`, { apiKey: key });
    expect(again.status).toBe(404);
  });
});

/** Jobs that price the call and answer its post-call questions. */
async function callFinishedJobs(callId: string): Promise<number> {
  const { rows } = await api.connection.query("select count(*)::int as n from pgboss.job where name = 'call-finished' and data->>'callId' = $1", [callId]);
  return (rows[0] as { n: number }).n;
}

describe("POST /v1/calls/{call_id}/terminate", () => {
  it.each(["created", "ringing", "in_progress"] as const)("ends a %s phone call as terminated, and again succeeds", async (status) => {
    const id = await insertCall(api.db, orgId, agentId, {
      status,
      endTime: null,
      durationSeconds: null,
      endReason: null,
      answeredAt: status === "in_progress" ? new Date(Date.now() - 5000) : null,
    });
    const res = await api.request("POST", `/v1/calls/${id}/terminate`, { apiKey: key });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ data: null, error: null, status: 200 });
    const [row] = await api.db.select().from(calls).where(eq(calls.id, id));
    expect(row).toMatchObject({ status: "ended", endReason: "terminated" });
    expect(row.endTime).toBeInstanceOf(Date);
    if (status === "in_progress") expect(row.durationSeconds).toBeGreaterThanOrEqual(4);
    expect(await callFinishedJobs(id)).toBe(1);
    const again = await api.request("POST", `/v1/calls/${id}/terminate`, { apiKey: key });
    expect(again.status).toBe(200);
    expect((await again.json()).data).toBeNull();
    const [after] = await api.db.select().from(calls).where(eq(calls.id, id));
    expect(after.endTime?.getTime()).toBe(row.endTime?.getTime());
    expect(await callFinishedJobs(id)).toBe(1);
  });

  it("accepts terminate and delete without a body as an HTTP server hands them over (an empty stream, no Content-Length)", async () => {
    // Next.js gives route handlers a body stream even when the client sent none (a bare `curl -X DELETE`).
    const bodiless = (method: string, path: string) =>
      api.app.request(
        new Request(`http://localhost${path}`, {
          method,
          headers: { "X-Api-Key": key },
          body: new ReadableStream({ start: (controller) => controller.close() }),
          duplex: "half",
        } as RequestInit),
      );
    const id = await insertCall(api.db, orgId, agentId, { status: "in_progress", endTime: null, durationSeconds: null, endReason: null });
    expect((await bodiless("POST", `/v1/calls/${id}/terminate`)).status).toBe(200);
    expect((await bodiless("DELETE", `/v1/calls/${id}`)).status).toBe(204);
  });

  it("leaves an ended call as it was", async () => {
    const id = await insertCall(api.db, orgId, agentId, { endReason: "user_hangup" });
    const res = await api.request("POST", `/v1/calls/${id}/terminate`, { apiKey: key });
    expect(res.status).toBe(200);
    const [row] = await api.db.select().from(calls).where(eq(calls.id, id));
    expect(row.endReason).toBe("user_hangup");
  });

  it("refuses a web call with 400", async () => {
    const id = await insertCall(api.db, orgId, agentId, { type: "web_call", status: "in_progress", endTime: null });
    const res = await api.request("POST", `/v1/calls/${id}/terminate`, { apiKey: key });
    expect(res.status).toBe(400);
    const body = await res.json();
    expect(body.error.type).toBe("generic_error");
    expect(body.error.details[0].field).toBe("call_id");
    const [row] = await api.db.select().from(calls).where(eq(calls.id, id));
    expect(row.status).toBe("in_progress");
  });

  it("is 404 for an unknown call", async () => {
    const res = await api.request("POST", "/v1/calls/00000000-0000-4000-8000-000000000000/terminate", { apiKey: key });
    expect(res.status).toBe(404);
  });
});
