import { eq } from "drizzle-orm";
import { Webhook } from "standardwebhooks";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { webhookDeliveries } from "@/lib/db/schema";
import { insertAgent, insertCall } from "../helpers/fixtures";
import { createTestApi, type TestApi } from "../helpers/test-api";

let api: TestApi;
let org: { apiKey: string; organizationId: string };
let other: { apiKey: string; organizationId: string };
let agentId: string;
let callIds: string[];

type DeliveryInsert = typeof webhookDeliveries.$inferInsert;

async function insertDelivery(values: Partial<DeliveryInsert> & { organizationId: string }) {
  const [row] = await api.db
    .insert(webhookDeliveries)
    .values({ event: "event_variable_value_updated", url: "https://hooks.example.com/in", payload: { type: "event_variable_value_updated", data: {} }, ...values })
    .returning({ id: webhookDeliveries.id });
  return row.id;
}

beforeAll(async () => {
  api = await createTestApi();
  org = await api.createOrganization("Owner");
  other = await api.createOrganization("Other");
  agentId = await insertAgent(api.db, org.organizationId);
  callIds = [await insertCall(api.db, org.organizationId, agentId), await insertCall(api.db, org.organizationId, agentId)];
});
afterAll(async () => api?.close());

describe("GET /v1/webhook-deliveries", () => {
  it("lists the organization's deliveries newest first in cursor pages, with filters", async () => {
    const base = Date.parse("2026-03-01T10:00:00.000Z");
    const ids: string[] = [];
    for (let i = 0; i < 5; i++) {
      ids.push(
        await insertDelivery({
          organizationId: org.organizationId,
          agentId,
          callId: callIds[i % 2],
          status: i === 0 ? "failed" : "delivered",
          event: i === 4 ? "event_all_variables_resolved" : "event_variable_value_updated",
          attempts: i === 0 ? 8 : 1,
          lastStatusCode: i === 0 ? 500 : 200,
          // Two share a time, so the page boundary needs the id in the cursor.
          createdAt: new Date(base + Math.min(i, 3) * 1000),
        }),
      );
    }
    await insertDelivery({ organizationId: other.organizationId, createdAt: new Date(base + 10_000) });

    const first = await (await api.request("GET", "/v1/webhook-deliveries?limit=3", { apiKey: org.apiKey })).json();
    expect(first.status).toBe(200);
    expect(first.data).toHaveLength(3);
    expect(first.data[0]).not.toHaveProperty("payload");
    const second = await (await api.request("GET", `/v1/webhook-deliveries?limit=3&cursor=${encodeURIComponent(first.next_cursor)}`, { apiKey: org.apiKey })).json();
    const listed = [...first.data, ...second.data].map((d: { id: string }) => d.id);
    expect(listed).toHaveLength(5);
    expect(new Set(listed)).toEqual(new Set(ids));
    expect(listed.at(-1)).toBe(ids[0]);
    expect(second.next_cursor).toBeNull();

    const failed = await (await api.request("GET", "/v1/webhook-deliveries?status=failed", { apiKey: org.apiKey })).json();
    expect(failed.data.map((d: { id: string }) => d.id)).toEqual([ids[0]]);
    expect(failed.data[0]).toMatchObject({ status: "failed", attempts: 8, last_status_code: 500, agent_id: agentId, call_id: callIds[0] });
    const resolved = await (await api.request("GET", "/v1/webhook-deliveries?event=event_all_variables_resolved", { apiKey: org.apiKey })).json();
    expect(resolved.data.map((d: { id: string }) => d.id)).toEqual([ids[4]]);
    const byCall = await (await api.request("GET", `/v1/webhook-deliveries?call_id=${callIds[1]}`, { apiKey: org.apiKey })).json();
    expect(byCall.data.map((d: { id: string }) => d.id).sort()).toEqual([ids[1], ids[3]].sort());

    const theirs = await (await api.request("GET", "/v1/webhook-deliveries", { apiKey: other.apiKey })).json();
    expect(theirs.data).toHaveLength(1);
  });

  it("names bad filters", async () => {
    const res = await api.request("GET", "/v1/webhook-deliveries?status=lost&call_id=nope&limit=0", { apiKey: org.apiKey });
    expect(res.status).toBe(400);
    const body = await res.json();
    expect(body.error.details.map((d: { field: string }) => d.field).sort()).toEqual(["call_id", "limit", "status"]);
  });
});

describe("GET and retry /v1/webhook-deliveries/{id}", () => {
  it("shows one delivery with its body and attempts; another organization's is 404", async () => {
    const id = await insertDelivery({
      organizationId: org.organizationId,
      status: "failed",
      attempts: 1,
      attemptLog: [{ attempt: 1, at: "2026-03-01T10:00:00.000Z", status_code: 502, error: "HTTP 502", duration_ms: 12, response_excerpt: "bad gateway" }],
      payload: { type: "event_all_variables_resolved", timestamp: "2026-03-01T10:00:00.000Z", data: { call_id: callIds[0] } },
    });
    const body = await (await api.request("GET", `/v1/webhook-deliveries/${id}`, { apiKey: org.apiKey })).json();
    expect(body.data).toMatchObject({
      id,
      status: "failed",
      payload: { type: "event_all_variables_resolved", data: { call_id: callIds[0] } },
      attempt_log: [{ attempt: 1, status_code: 502, error: "HTTP 502", response_excerpt: "bad gateway" }],
    });
    expect((await api.request("GET", `/v1/webhook-deliveries/${id}`, { apiKey: other.apiKey })).status).toBe(404);
    expect((await api.request("POST", `/v1/webhook-deliveries/${id}/retry`, { apiKey: other.apiKey })).status).toBe(404);
    expect((await api.request("GET", "/v1/webhook-deliveries/not-a-uuid", { apiKey: org.apiKey })).status).toBe(404);
  });

  it("queues a failed delivery's next attempt now, and refuses while an attempt is being sent", async () => {
    const id = await insertDelivery({ organizationId: org.organizationId, status: "failed", attempts: 8, nextAttemptAt: null });
    const res = await api.request("POST", `/v1/webhook-deliveries/${id}/retry`, { apiKey: org.apiKey });
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body.data).toMatchObject({ status: "pending", attempts: 8 });
    expect(Math.abs(Date.parse(body.data.next_attempt_at) - Date.now())).toBeLessThan(5000);
    const [job] = (await api.connection.query(`select data from pgboss.job where name = 'webhook-deliver' and data->>'deliveryId' = $1`, [id])).rows;
    expect(job.data).toEqual({ deliveryId: id, attempt: 9 });

    await api.db.update(webhookDeliveries).set({ lockedUntil: new Date(Date.now() + 60_000) }).where(eq(webhookDeliveries.id, id));
    const busy = await api.request("POST", `/v1/webhook-deliveries/${id}/retry`, { apiKey: org.apiKey });
    expect(busy.status).toBe(409);
  });
});

describe("webhook secret", () => {
  it("shows the secret and rotates it, keeping the old one signing for the asked time", async () => {
    const before = (await (await api.request("GET", "/v1/webhook-secret", { apiKey: org.apiKey })).json()).data;
    expect(before.secret).toMatch(/^whsec_/);
    expect(before.previous_secret_expires_at).toBeNull();
    expect(() => new Webhook(before.secret)).not.toThrow();

    const rotated = await (await api.request("POST", "/v1/webhook-secret/rotate", { apiKey: org.apiKey, body: { previous_secret_valid_seconds: 3600 } })).json();
    expect(rotated.data.secret).not.toBe(before.secret);
    expect(Date.parse(rotated.data.previous_secret_expires_at) - Date.now()).toBeGreaterThan(3590_000);
    const after = (await (await api.request("GET", "/v1/webhook-secret", { apiKey: org.apiKey })).json()).data;
    expect(after).toEqual(rotated.data);

    // Without a body: the default 24 hours.
    const again = await (await api.request("POST", "/v1/webhook-secret/rotate", { apiKey: org.apiKey })).json();
    expect(Date.parse(again.data.previous_secret_expires_at) - Date.now()).toBeGreaterThan(23.9 * 3600_000);

    const otherSecret = (await (await api.request("GET", "/v1/webhook-secret", { apiKey: other.apiKey })).json()).data.secret;
    expect([before.secret, rotated.data.secret, again.data.secret]).not.toContain(otherSecret);
  });

  it("names a bad rotation field", async () => {
    const res = await api.request("POST", "/v1/webhook-secret/rotate", { apiKey: org.apiKey, body: { previous_secret_valid_seconds: -1, extra: 1 } });
    expect(res.status).toBe(400);
    const fields = (await res.json()).error.details.map((d: { field: string }) => d.field).sort();
    expect(fields).toEqual(["extra", "previous_secret_valid_seconds"]);
  });
});

describe("OpenAPI document", () => {
  it("describes both events as webhooks with their body and headers, and the log routes as extensions", async () => {
    const doc = await (await api.request("GET", "/v1/openapi.json")).json();
    expect(Object.keys(doc.webhooks).sort()).toEqual(["event_all_variables_resolved", "event_variable_value_updated"]);
    const updated = doc.webhooks.event_variable_value_updated.post;
    expect(updated.requestBody.content["application/json"].schema.$ref).toBe("#/components/schemas/VariableValueUpdatedEvent");
    expect(updated.parameters.map((p: { name: string }) => p.name).sort()).toEqual(["webhook-id", "webhook-signature", "webhook-timestamp"]);
    expect(doc.components.schemas.VariableValueUpdatedEvent.properties.data.properties).toHaveProperty("previous_value");
    expect(doc.paths["/v1/webhook-deliveries"].get["x-extension"]).toBe(true);
    expect(doc.paths["/v1/pricing"].patch["x-extension"]).toBe(true);
  });
});
