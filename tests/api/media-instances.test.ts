import { randomUUID } from "node:crypto";
import { eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { callEvents, calls, mediaInstances } from "@/lib/db/schema";
import { pgBossQueue } from "@/lib/jobs/pg-boss-queue";
import { MediaInstance } from "@/lib/media/media-instance";
import { openLiveCall } from "@/lib/services/calls/live-calls";
import { beatMediaInstance, endCallsOfDeadMediaInstances, retireMediaInstance } from "@/lib/services/calls/media-instances";
import { recordedEventsAfter } from "@/lib/services/calls/runtime-calls";
import { insertAgent, insertCall } from "../helpers/fixtures";
import { createTestApi, type TestApi } from "../helpers/test-api";

// The dead-instance sweep at the service level, with the production timeout (15 s): heartbeats are
// written into the past rather than waited for.
const STALE_MS = 15_000;
let api: TestApi;
let organizationId: string;
let agentId: string;

beforeAll(async () => {
  api = await createTestApi();
  organizationId = (await api.createOrganization("Holders")).organizationId;
  agentId = await insertAgent(api.db, organizationId);
});

afterAll(async () => {
  await api?.close();
});

async function holder(silentForMs: number): Promise<string> {
  const id = randomUUID();
  await api.db.insert(mediaInstances).values({ id, pid: 1, host: "test", heartbeatAt: new Date(Date.now() - silentForMs) });
  return id;
}

/** A voice call whose media `instanceId` took (its conversation opened there, as startLiveCall does). */
async function liveConversation(instanceId: string, type: "web_call" | "phone_call" = "web_call") {
  const id = await insertCall(api.db, organizationId, agentId, { type, status: "in_progress", endTime: null, endReason: null, durationSeconds: null, cost: null, transcript: [], variableValues: [], startTime: new Date(Date.now() - 30_000), answeredAt: new Date(Date.now() - 25_000) });
  await openLiveCall(api.db, id, { mediaInstanceId: instanceId, answeredAt: new Date(Date.now() - 25_000) });
  return id;
}

/** A phone call still ringing through a carrier (or a SIP trunk), no conversation yet. */
async function ringing(instanceId: string, carrier: "twilio" | null = null) {
  return insertCall(api.db, organizationId, agentId, { status: "ringing", carrier, carrierCallId: carrier ? `CA${randomUUID().replace(/-/g, "")}` : null, answeredAt: null, endTime: null, endReason: null, durationSeconds: null, cost: null, mediaInstanceId: instanceId });
}

const row = async (id: string) => (await api.db.select().from(calls).where(eq(calls.id, id)))[0];
const endedEvents = async (id: string) => (await api.db.select().from(callEvents).where(eq(callEvents.callId, id))).filter((event) => event.type === "call_ended");

describe("ending the live calls of media instances that stopped beating", () => {
  it("ends every live call of a silent holder once, with error and call_ended reason instance_lost; a live holder's calls and ended calls stay as they are", async () => {
    const self = await holder(0);
    const alive = await holder(STALE_MS - 3_000); // late, but not dead
    const dead = await holder(STALE_MS + 2_000);
    const retired = randomUUID();
    await beatMediaInstance(api.db, { id: retired, pid: 2, host: "test", relayUrl: null });
    await retireMediaInstance(api.db, retired);

    const deadVoice = await liveConversation(dead);
    const deadRinging = await ringing(dead, "twilio");
    const retiredRinging = await ringing(retired);
    const aliveVoice = await liveConversation(alive);
    const selfVoice = await liveConversation(self);
    const deadButEnded = await insertCall(api.db, organizationId, agentId, { mediaInstanceId: dead });

    // Two survivors sweeping at the same moment: each call still ends once.
    const queue = pgBossQueue(api.boss);
    const [first, second] = await Promise.all([
      endCallsOfDeadMediaInstances(api.db, queue, { selfId: self, staleMs: STALE_MS }),
      endCallsOfDeadMediaInstances(api.db, queue, { selfId: alive, staleMs: STALE_MS }),
    ]);
    const ended = [...first, ...second];
    expect(ended.map((call) => call.id).sort()).toEqual([deadVoice, deadRinging, retiredRinging].sort());
    expect(ended.find((call) => call.id === deadRinging)).toMatchObject({ carrier: "twilio", instanceId: dead });

    expect(await row(deadVoice)).toMatchObject({ status: "ended", endReason: "error" });
    expect((await row(deadVoice)).durationSeconds).toBeGreaterThanOrEqual(24);
    expect(await row(deadRinging)).toMatchObject({ status: "failed", endReason: "error", durationSeconds: 0 });
    expect(await row(retiredRinging)).toMatchObject({ status: "failed", endReason: "error" });
    for (const id of [aliveVoice, selfVoice]) expect((await row(id)).status).toBe("in_progress");
    expect(await row(deadButEnded)).toMatchObject({ status: "ended", endReason: "completed" });

    // The conversation's own end: one call_ended in its event stream (with seq), saying why.
    const events = await recordedEventsAfter(api.db, deadVoice, 0);
    expect(events.filter((event) => event.type === "call_ended")).toEqual([expect.objectContaining({ end_reason: "error", reason: "instance_lost", seq: expect.any(Number) })]);
    expect(await endedEvents(deadRinging)).toEqual([expect.objectContaining({ payload: expect.objectContaining({ end_reason: "error", reason: "instance_lost" }) })]);
    // The dead holders are forgotten; the living stay.
    const left = await api.db.select({ id: mediaInstances.id }).from(mediaInstances).where(inArray(mediaInstances.id, [self, alive, dead, retired]));
    expect(left.map((each) => each.id).sort()).toEqual([self, alive].sort());
  });

  it("a server owning the embedded database ends every other holder's calls when it starts (no earlier process can still run)", async () => {
    const earlier = await holder(1_000); // beat a second ago, then the process was killed
    const call = await liveConversation(earlier);
    const instance = await MediaInstance.start(api.db, pgBossQueue(api.boss), { exclusive: true, log: () => {} });
    try {
      expect(await row(call)).toMatchObject({ status: "ended", endReason: "error" });
    } finally {
      await instance.stop();
    }
  });

  it("a holder taken for dead that beats again is registered again, and its later calls are not ended", async () => {
    const instance = await MediaInstance.start(api.db, pgBossQueue(api.boss), { heartbeatMs: 100, log: () => {} });
    try {
      await api.db.delete(mediaInstances).where(eq(mediaInstances.id, instance.id));
      const deadline = Date.now() + 3_000;
      while (!(await api.db.select().from(mediaInstances).where(eq(mediaInstances.id, instance.id))).length && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
      const call = await liveConversation(instance.id);
      expect(await endCallsOfDeadMediaInstances(api.db, pgBossQueue(api.boss), { selfId: null, staleMs: STALE_MS })).toEqual([]);
      expect((await row(call)).status).toBe("in_progress");
    } finally {
      await instance.stop();
    }
  });
});
