import { afterAll, beforeAll, expect, it } from "vitest";
import { analysisJobs, idempotencyKeys, rateLimitCounters } from "@/lib/db/schema";
import { purgeExpiredRecords } from "@/lib/services/maintenance";
import { createTestApi, type TestApi } from "../helpers/test-api";

let api: TestApi;
beforeAll(async () => {
  api = await createTestApi();
});
afterAll(async () => api?.close());

it("purges idempotency keys older than a day, stale rate-limit windows and re-runs finished a month ago, keeping live ones", async () => {
  const { organizationId } = await api.createOrganization();
  const now = new Date("2026-06-02T12:00:00.000Z");
  const callId = "00000000-0000-4000-8000-000000000001";
  await api.db.insert(idempotencyKeys).values([
    { organizationId, key: "old", requestHash: "h", callId, createdAt: new Date("2026-06-01T11:00:00.000Z") },
    { organizationId, key: "live", requestHash: "h", callId, createdAt: new Date("2026-06-02T10:00:00.000Z") },
  ]);
  await api.db.insert(rateLimitCounters).values([
    { bucket: "k", windowStart: new Date("2026-06-02T11:00:00.000Z"), count: 5 },
    { bucket: "k", windowStart: new Date("2026-06-02T11:59:00.000Z"), count: 5 },
  ]);
  const agentId = "00000000-0000-4000-8000-0000000000a1";
  const job = (finishedAt: Date | null) => ({ organizationId, agentId, rangeFrom: now, rangeTo: now, include: ["analysis" as const], status: finishedAt ? ("completed" as const) : ("running" as const), finishedAt });
  await api.db.insert(analysisJobs).values([job(new Date("2026-04-01T00:00:00Z")), job(new Date("2026-05-30T00:00:00Z")), job(null)]);
  expect(await purgeExpiredRecords(api.db, now)).toEqual({ idempotencyKeys: 1, rateLimitWindows: 1, analysisJobs: 1 });
  expect(await api.db.select().from(analysisJobs)).toHaveLength(2);
  expect((await api.db.select().from(idempotencyKeys)).map((k) => k.key)).toEqual(["live"]);
  expect(await api.db.select().from(rateLimitCounters)).toHaveLength(1);
});
