import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { callEvents, calls } from "@/lib/db/schema";
import { insertAgent, insertPhoneNumber } from "../helpers/fixtures";
import { createTestApi, type TestApi } from "../helpers/test-api";

let api: TestApi;
let key: string;
let orgId: string;
let agentId: string;
let otherAgentId: string;
const FROM = "+14155550100";

beforeAll(async () => {
  api = await createTestApi({ workers: true });
  ({ apiKey: key, organizationId: orgId } = await api.createOrganization());
  agentId = await insertAgent(api.db, orgId);
  await insertPhoneNumber(api.db, orgId, FROM);
  const other = await api.createOrganization("Other");
  otherAgentId = await insertAgent(api.db, other.organizationId);
  await insertPhoneNumber(api.db, other.organizationId, "+14155550177");
});
afterAll(async () => api?.close());

const start = (body: unknown, headers: Record<string, string> = {}) =>
  api.request("POST", "/v1/calls/phone", { apiKey: key, body, headers });

async function waitForCall(id: string, predicate: (row: typeof calls.$inferSelect) => boolean) {
  const deadline = Date.now() + 15_000;
  for (;;) {
    const [row] = await api.db.select().from(calls).where(eq(calls.id, id));
    if (predicate(row)) return row;
    if (Date.now() > deadline) throw new Error(`call ${id} stayed ${row.status}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

describe("POST /v1/calls/phone", () => {
  it("starts a call (201 {call_id}), stores its values, and without telephony fails it visibly", async () => {
    const res = await start({
      from_number: FROM,
      to_number: "+14155550123",
      agent_id: agentId,
      dynamic_variables_values: { name: "Ada", age: 36, vip: true, address: { city: "London" } },
      custom_headers: { "X-Campaign": "spring", "P-Asserted-Identity": "<sip:+14155550100@example.com>" },
    });
    expect(res.status).toBe(201);
    const body = await res.json();
    expect(body).toMatchObject({ status: 201, error: null, data: { call_id: expect.any(String) } });
    const id = body.data.call_id;

    const got = await (await api.request("GET", `/v1/calls/${id}`, { apiKey: key })).json();
    expect(got.data).toMatchObject({
      type: "phone_call",
      direction: "outbound",
      from_number: FROM,
      to_number: "+14155550123",
      agent_id: agentId,
      agent_version: 1,
      dynamic_variables_values: { name: "Ada", age: 36, vip: true, address: { city: "London" } },
      custom_headers: { "X-Campaign": "spring", "P-Asserted-Identity": "<sip:+14155550100@example.com>" },
    });

    const failed = await waitForCall(id, (row) => row.status === "failed");
    expect(failed.endReason).toBe("no_telephony_provider");
    expect(failed.endTime).toBeInstanceOf(Date);
    const events = await api.db.select().from(callEvents).where(eq(callEvents.callId, id));
    expect(events.map((e) => e.type)).toContain("dial_failed");
    const after = await (await api.request("GET", `/v1/calls/${id}`, { apiKey: key })).json();
    expect(after.data).toMatchObject({ status: "failed", end_reason: "no_telephony_provider" });
  });

  it.each([
    [{ to_number: "+14155550123", agent_id: "x" }, ["from_number", "agent_id"]],
    [{ from_number: FROM, to_number: "4155550123", agent_id: agentId }, ["to_number"]],
    [{ from_number: FROM, to_number: "+1234", agent_id: agentId }, ["to_number"]],
    [{ from_number: "+1415555010a", to_number: "+14155550123", agent_id: agentId }, ["from_number"]],
    [{ from_number: FROM, to_number: "+14155550123", agent_id: agentId, extra: 1 }, ["extra"]],
    [{ from_number: FROM, to_number: "+14155550123", agent_id: agentId, dynamic_variables_values: { a: null } }, ["dynamic_variables_values.a"]],
    [{ from_number: FROM, to_number: "+14155550123", agent_id: agentId, custom_headers: { "X-A": 1 } }, ["custom_headers.X-A"]],
    [{ from_number: FROM, to_number: "+14155550123", agent_id: agentId, custom_headers: { "X-A": "a\r\nB: c" } }, ["custom_headers.X-A"]],
    ...["Via", "Call-ID", "CSeq", "Contact", "Content-Length", "Max-Forwards", "v", "i", "m", "l", "call-id"].map(
      (name): [Record<string, unknown>, string[]] => [{ from_number: FROM, to_number: "+14155550123", agent_id: agentId, custom_headers: { "X-Ok": "1", [name]: "x" } }, [`custom_headers.${name}`]],
    ),
    [{ from_number: FROM, to_number: "+14155550123", agent_id: agentId, custom_headers: { "X Bad": "1" } }, ["custom_headers.X Bad"]],
    [{ from_number: FROM, to_number: "+14155550123", agent_id: agentId, custom_headers: { "X-A": "a\nb" } }, ["custom_headers.X-A"]],
    [{ from_number: FROM, to_number: "+14155550123", agent_id: agentId, custom_headers: { From: "not an address" } }, ["custom_headers.From"]],
    [{ from_number: FROM, to_number: "+14155550123", agent_id: agentId, custom_headers: { To: "<sip:+1415@x.example>;tag=abc" } }, ["custom_headers.To"]],
    [{ from_number: FROM, to_number: "+14155550123", agent_id: agentId, custom_headers: { "P-Asserted-Identity": "nobody" } }, ["custom_headers.P-Asserted-Identity"]],
  ])("rejects %j naming %j and stores nothing", async (body, fields) => {
    const before = (await api.db.select({ id: calls.id }).from(calls)).length;
    const res = await start(body);
    expect(res.status).toBe(400);
    const json = await res.json();
    expect(json.error.type).toBe("generic_error");
    for (const field of fields) expect(json.error.details.map((d: { field: string }) => d.field)).toContain(field);
    expect((await api.db.select({ id: calls.id }).from(calls)).length).toBe(before);
  });

  it("requires the agent and the from number to be the organization's own", async () => {
    const res = await start({ from_number: "+14155550177", to_number: "+14155550123", agent_id: otherAgentId });
    expect(res.status).toBe(400);
    const fields = (await res.json()).error.details.map((d: { field: string }) => d.field);
    expect(fields).toEqual(expect.arrayContaining(["agent_id", "from_number"]));
    const unknown = await start({ from_number: "+14155550999", to_number: "+14155550123", agent_id: "00000000-0000-4000-8000-000000000000" });
    expect(unknown.status).toBe(400);
  });

  it("is 415 for a body that is not JSON", async () => {
    const res = await api.request("POST", "/v1/calls/phone", {
      apiKey: key,
      rawBody: "from_number=%2B14155550100",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
    });
    expect(res.status).toBe(415);
    expect((await res.json()).error.type).toBe("unsupported_media_type");
  });

  it("returns the first result for a repeated Idempotency-Key", async () => {
    const body = { from_number: FROM, to_number: "+14155550124", agent_id: agentId };
    const headers = { "Idempotency-Key": "order-42" };
    const first = await start(body, headers);
    const second = await start(body, headers);
    expect(first.status).toBe(201);
    expect(second.status).toBe(201);
    expect(second.headers.get("Idempotent-Replayed")).toBe("true");
    const a = (await first.json()).data.call_id;
    expect((await second.json()).data.call_id).toBe(a);
    expect((await api.db.select().from(calls).where(eq(calls.toNumber, "+14155550124"))).length).toBe(1);

    const conflict = await start({ ...body, to_number: "+14155550125" }, headers);
    expect(conflict.status).toBe(409);
    expect((await conflict.json()).error.type).toBe("conflict");

    const fresh = await start(body, { "Idempotency-Key": "order-43" });
    expect((await fresh.json()).data.call_id).not.toBe(a);
  });

  it("reads a repeated body with its keys in another order, at any depth, as the same request", async () => {
    const headers = { "Idempotency-Key": "reordered" };
    const first = await start(
      {
        from_number: FROM,
        to_number: "+14155550127",
        agent_id: agentId,
        dynamic_variables_values: { customer: { first: "Ada", last: "Lovelace", tier: { level: 2, since: "2020" } }, order: "42" },
        custom_headers: { "X-A": "1", "X-B": "2" },
      },
      headers,
    );
    const second = await start(
      {
        custom_headers: { "X-B": "2", "X-A": "1" },
        dynamic_variables_values: { order: "42", customer: { tier: { since: "2020", level: 2 }, last: "Lovelace", first: "Ada" } },
        agent_id: agentId,
        to_number: "+14155550127",
        from_number: FROM,
      },
      headers,
    );
    expect(first.status).toBe(201);
    expect(second.status, JSON.stringify(await second.clone().json())).toBe(201);
    expect(second.headers.get("Idempotent-Replayed")).toBe("true");
    expect((await second.json()).data.call_id).toBe((await first.json()).data.call_id);
  });

  it("makes concurrent requests with one Idempotency-Key create one call", async () => {
    const body = { from_number: FROM, to_number: "+14155550126", agent_id: agentId };
    const results = await Promise.all(Array.from({ length: 5 }, () => start(body, { "Idempotency-Key": "burst" })));
    const ids = await Promise.all(results.map(async (r) => (await r.json()).data.call_id));
    expect(results.every((r) => r.status === 201)).toBe(true);
    expect(new Set(ids).size).toBe(1);
    expect((await api.db.select().from(calls).where(eq(calls.toNumber, "+14155550126"))).length).toBe(1);
  });

  it("keeps Idempotency-Key per organization", async () => {
    const other = await api.createOrganization("Third");
    const res = await api.request("POST", "/v1/calls/phone", {
      apiKey: other.apiKey,
      body: { from_number: FROM, to_number: "+14155550124", agent_id: agentId },
      headers: { "Idempotency-Key": "order-42" },
    });
    expect(res.status).toBe(400); // not a replay of the first organization's call
  });
});
