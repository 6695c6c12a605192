import { eq } from "drizzle-orm";
import { Webhook } from "standardwebhooks";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { newWebhookSecret } from "@/lib/webhooks/sign-webhook";
import { organizations, webhookDeliveries } from "@/lib/db/schema";
import { jobNames } from "@/lib/jobs/queue";
import { pgBossQueue } from "@/lib/jobs/pg-boss-queue";
import { createSafeFetch, type SafeFetch } from "@/lib/net/safe-fetch";
import { deliverWebhookAttempt, DeliveryBusyError, type WebhookDeliverySettings } from "@/lib/webhooks/deliver-webhook";
import { enqueueWebhookEvent } from "@/lib/webhooks/enqueue-webhook-event";
import { insertAgent, insertCall } from "../helpers/fixtures";
import { createTestApi, type TestApi } from "../helpers/test-api";
import { startWebhookReceiver } from "../helpers/webhook-receiver";

let api: TestApi;
let receiver: Awaited<ReturnType<typeof startWebhookReceiver>>;
let fetch: SafeFetch & { close: () => Promise<void> };
let organizationId: string;
let agentId: string;
let callId: string;
let secret: string;

const fast: Omit<WebhookDeliverySettings, "fetch"> = { schedule: [150, 150, 150], jitter: 0, timeoutMs: 400 };

beforeAll(async () => {
  api = await createTestApi();
  receiver = await startWebhookReceiver();
  fetch = createSafeFetch({ allowlist: ["127.0.0.1"] });
  await api.startWorkers({ telephonyProvider: null, webhooks: { fetch, ...fast } });
  ({ organizationId } = await api.createOrganization());
  agentId = await insertAgent(api.db, organizationId);
  callId = await insertCall(api.db, organizationId, agentId);
  [{ secret }] = await api.db.select({ secret: organizations.webhookSecret }).from(organizations).where(eq(organizations.id, organizationId));
});
afterAll(async () => {
  await api.close();
  await receiver.close();
  await fetch.close();
});
beforeEach(() => {
  receiver.received.length = 0;
});

const variable = { name: "party_size", type: "number", value: 4, timestamp: "2026-03-01T10:00:20.000Z" };

function enqueue() {
  return enqueueWebhookEvent(api.db, pgBossQueue(api.boss), {
    organizationId,
    callId,
    url: receiver.url,
    eventType: "event_variable_value_updated",
    payload: { call_id: callId, agent_id: agentId, variable, previous_value: null, variable_values: [variable] },
    occurredAt: new Date("2026-03-01T10:00:20.000Z"),
  });
}

async function deliveryRow(id: string) {
  const [row] = await api.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.id, id));
  return row;
}

async function settled(id: string, timeoutMs = 10_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const row = await deliveryRow(id);
    if (row.status !== "pending") return row;
    if (Date.now() > deadline) throw new Error(`delivery ${id} still pending after ${row.attempts} attempt(s)`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe("webhook delivery", () => {
  it("posts the event signed per Standard Webhooks, and logs the attempt", async () => {
    const { deliveryId } = await enqueue();
    await receiver.waitFor(1);
    const [request] = receiver.received;
    const verified = new Webhook(secret).verify(request.body, request.headers as Record<string, string>);
    expect(verified).toEqual({
      type: "event_variable_value_updated",
      timestamp: "2026-03-01T10:00:20.000Z",
      data: { call_id: callId, agent_id: agentId, variable, previous_value: null, variable_values: [variable] },
    });
    expect(request.headers["webhook-id"]).toBe(deliveryId);
    expect(request.headers["content-type"]).toBe("application/json");
    expect(Math.abs(Number(request.headers["webhook-timestamp"]) - Date.now() / 1000)).toBeLessThan(5);

    const row = await settled(deliveryId);
    expect(row).toMatchObject({ status: "delivered", attempts: 1, lastStatusCode: 200, lastError: null, nextAttemptAt: null, lockedUntil: null });
    expect(row.attemptLog).toEqual([expect.objectContaining({ attempt: 1, status_code: 200, error: null, response_excerpt: "ok" })]);
  });

  it("retries after a 500 and a timeout on the schedule, with the same webhook-id, until a 2xx", async () => {
    receiver.reply({ status: 500, body: "boom" }, "hang");
    const { deliveryId } = await enqueue();
    await receiver.waitFor(3);
    const row = await settled(deliveryId);
    expect(row.status).toBe("delivered");
    expect(row.attempts).toBe(3);
    expect(row.attemptLog.map((entry) => entry.status_code)).toEqual([500, null, 200]);
    expect(row.attemptLog[1].error).toMatch(/within 400 ms/);
    expect(row.attemptLog[0].response_excerpt).toBe("boom");
    expect(new Set(receiver.received.map((r) => r.headers["webhook-id"]))).toEqual(new Set([deliveryId]));
    // Each retry waits its scheduled delay (150 ms) after the previous attempt ended.
    expect(receiver.received[1].at - receiver.received[0].at).toBeGreaterThanOrEqual(140);
    expect(receiver.received[2].at - receiver.received[1].at).toBeGreaterThanOrEqual(400 + 140);
    for (const request of receiver.received) expect(() => new Webhook(secret).verify(request.body, request.headers as Record<string, string>)).not.toThrow();
  });

  it("gives up after the last scheduled attempt, and does not follow redirects", async () => {
    receiver.reply({ status: 503 }, { status: 503 }, { status: 502 }, { status: 302, headers: { location: "/elsewhere" } });
    const { deliveryId } = await enqueue();
    const row = await settled(deliveryId);
    expect(row).toMatchObject({ status: "failed", attempts: 4, lastStatusCode: 302, nextAttemptAt: null });
    expect(row.lastError).toMatch(/Redirect/);
    expect(receiver.received.map((r) => r.path)).toEqual(["/hooks", "/hooks", "/hooks", "/hooks"]);
  });

  it("fails at once, without retries, for a URL it will never send to", async () => {
    const [row] = await api.db
      .insert(webhookDeliveries)
      .values({ organizationId, agentId, callId, event: "event_all_variables_resolved", url: "ftp://files.example.com/in", payload: {} })
      .returning({ id: webhookDeliveries.id });
    expect(await deliverWebhookAttempt(api.db, pgBossQueue(api.boss), { deliveryId: row.id, attempt: 1 }, { fetch, ...fast })).toBe("failed");
    expect(await deliveryRow(row.id)).toMatchObject({ status: "failed", attempts: 1, nextAttemptAt: null, lastStatusCode: null });
    expect((await deliveryRow(row.id)).lastError).toMatch(/Only http and https/);
  });

  it("fails at once, without retries, for an address the outbound policy refuses", async () => {
    const strict = createSafeFetch();
    try {
      for (const url of ["http://169.254.169.254/latest/meta-data", receiver.url, "http://10.0.0.1/hooks"]) {
        const [row] = await api.db
          .insert(webhookDeliveries)
          .values({ organizationId, agentId, callId, event: "event_all_variables_resolved", url, payload: {} })
          .returning({ id: webhookDeliveries.id });
        expect(await deliverWebhookAttempt(api.db, pgBossQueue(api.boss), { deliveryId: row.id, attempt: 1 }, { fetch: strict, ...fast }), url).toBe("failed");
        const after = await deliveryRow(row.id);
        expect(after).toMatchObject({ status: "failed", attempts: 1, nextAttemptAt: null, lastStatusCode: null });
        expect(after.lastError).toMatch(/Refused to connect/);
      }
      expect(receiver.received).toHaveLength(0);
    } finally {
      await strict.close();
    }
  });

  it("waits as long as the receiver's Retry-After asks", async () => {
    receiver.reply({ status: 429, headers: { "retry-after": "2" } });
    const { deliveryId } = await enqueue();
    await receiver.waitFor(1);
    await new Promise((resolve) => setTimeout(resolve, 100));
    const pending = await deliveryRow(deliveryId);
    expect(pending.status).toBe("pending");
    const firstAttemptAt = new Date(pending.attemptLog[0].at).getTime();
    expect(pending.nextAttemptAt!.getTime() - firstAttemptAt).toBeGreaterThanOrEqual(2000);
    await receiver.waitFor(2);
    expect(receiver.received[1].at - receiver.received[0].at).toBeGreaterThanOrEqual(1900);
    expect((await settled(deliveryId)).status).toBe("delivered");
  });

  it("signs with both secrets while one rotates, and with the new one only once the old expired", async () => {
    const previous = secret;
    const current = newWebhookSecret();
    await api.db
      .update(organizations)
      .set({ webhookSecret: current, previousWebhookSecret: previous, previousWebhookSecretExpiresAt: new Date(Date.now() + 3_600_000) })
      .where(eq(organizations.id, organizationId));
    await settled((await enqueue()).deliveryId);
    const during = receiver.received[0];
    expect(String(during.headers["webhook-signature"]).split(" ")).toHaveLength(2);
    expect(() => new Webhook(previous).verify(during.body, during.headers as Record<string, string>)).not.toThrow();
    expect(() => new Webhook(current).verify(during.body, during.headers as Record<string, string>)).not.toThrow();

    await api.db.update(organizations).set({ previousWebhookSecretExpiresAt: new Date(Date.now() - 1000) }).where(eq(organizations.id, organizationId));
    await settled((await enqueue()).deliveryId);
    const after = receiver.received[1];
    expect(String(after.headers["webhook-signature"]).split(" ")).toHaveLength(1);
    expect(() => new Webhook(previous).verify(after.body, after.headers as Record<string, string>)).toThrow();
    expect(() => new Webhook(current).verify(after.body, after.headers as Record<string, string>)).not.toThrow();
    secret = current;
  });
});

describe("webhook delivery with several workers", () => {
  it("sends each attempt once when copies of its job run at the same time", async () => {
    // Attempt 1 is taken by the workers; three more copies of it go to the four workers at once.
    receiver.reply({ status: 200, delayMs: 300 });
    const { deliveryId } = await enqueue();
    const queue = pgBossQueue(api.boss);
    for (let i = 0; i < 3; i++) await queue.send(jobNames.deliverWebhook, { deliveryId, attempt: 1 });
    await settled(deliveryId);
    await new Promise((resolve) => setTimeout(resolve, 1500));
    // On a loaded machine the 300 ms answer can exceed the test's timeout and earn a second attempt;
    // what must hold is one request per attempt.
    const row = await deliveryRow(deliveryId);
    expect(receiver.received).toHaveLength(row.attempts);
    expect(row.attemptLog).toHaveLength(row.attempts);
  });

  it("lets one of two concurrent workers send an attempt; the other reports it busy or done", async () => {
    const { deliveryId } = await insertPendingDelivery();
    receiver.reply({ status: 200, delayMs: 200 });
    const settings = { fetch, ...fast };
    const results = await Promise.allSettled([
      deliverWebhookAttempt(api.db, pgBossQueue(api.boss), { deliveryId, attempt: 1 }, settings),
      deliverWebhookAttempt(api.db, pgBossQueue(api.boss), { deliveryId, attempt: 1 }, settings),
    ]);
    expect(receiver.received).toHaveLength(1);
    const outcomes = results.map((r) => (r.status === "fulfilled" ? r.value : r.reason instanceof DeliveryBusyError ? "busy" : r.reason));
    expect(outcomes.sort()).toEqual(["busy", "delivered"]);
    // A late copy of a finished attempt does nothing.
    expect(await deliverWebhookAttempt(api.db, pgBossQueue(api.boss), { deliveryId, attempt: 1 }, settings)).toBe("skipped");
    expect(receiver.received).toHaveLength(1);
  });

  it("takes over an attempt whose worker vanished, and ignores the vanished worker's late result", async () => {
    const { deliveryId } = await insertPendingDelivery();
    let release!: () => void;
    const stuck: SafeFetch = async (url, init) => {
      await new Promise<void>((resolve) => (release = resolve));
      return fetch(url, init);
    };
    const first = deliverWebhookAttempt(api.db, pgBossQueue(api.boss), { deliveryId, attempt: 1 }, { ...fast, fetch: stuck });
    await new Promise((resolve) => setTimeout(resolve, 100));
    // Another worker an hour later: the first one's lease has run out.
    receiver.reply({ status: 200, body: "second" }, { status: 500, body: "late" });
    const later = () => new Date(Date.now() + 3_600_000);
    expect(await deliverWebhookAttempt(api.db, pgBossQueue(api.boss), { deliveryId, attempt: 1 }, { ...fast, fetch, now: later })).toBe("delivered");
    release();
    await first;
    const row = await deliveryRow(deliveryId);
    expect(row.status).toBe("delivered");
    expect(row.attemptLog.map((entry) => entry.response_excerpt)).toEqual(["second"]);
  });
});

/** A delivery row without a job, for tests that drive attempts by hand. */
async function insertPendingDelivery() {
  const [row] = await api.db
    .insert(webhookDeliveries)
    .values({ organizationId, agentId, callId, event: "event_all_variables_resolved", url: receiver.url, payload: { type: "event_all_variables_resolved" } })
    .returning({ id: webhookDeliveries.id });
  return { deliveryId: row.id };
}
