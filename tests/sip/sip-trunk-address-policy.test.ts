import { createSocket, type Socket } from "node:dgram";
import type { LookupFunction } from "node:net";
import { eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { callEvents, calls } from "@/lib/db/schema";
import { pgBossQueue } from "@/lib/jobs/pg-boss-queue";
import { SipMediaProcess } from "@/lib/telephony/sip-media/sip-media-process";
import { insertAgent } from "../helpers/fixtures";
import { createTestApi, type TestApi } from "../helpers/test-api";

// A trunk's termination URI at dial time: the outbound address policy applies after DNS, and a
// refused address gets no packet at all. The "internal service" is a UDP socket on loopback.
let api: TestApi;
let org: { organizationId: string; apiKey: string };
let agentId: string;
let media: SipMediaProcess | undefined;
let internal: Socket;
let internalPort: number;
const received: string[] = [];
let numberSeq = 0;

/** Name resolution as a DNS server would answer it now: `pbx.rebind.test` points at loopback. */
const lookup = ((hostname: string, options: unknown, callback: (error: Error | null, addresses: { address: string; family: number }[]) => void) => {
  if (hostname === "pbx.rebind.test") return callback(null, [{ address: "127.0.0.1", family: 4 }]);
  const error = Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: "ENOTFOUND" });
  callback(error, []);
}) as unknown as LookupFunction;

async function startMedia() {
  media = await SipMediaProcess.start(
    { db: api.db, boss: api.boss, queue: pgBossQueue(api.boss), startConversation: async () => ({ ended: Promise.resolve() }), log: () => {}, lookup },
    { bindAddress: "127.0.0.1", port: 0, rtpPorts: { min: 35000, max: 35999 }, timers: { t1: 50, t2: 400, t4: 500 }, ringTimeoutMs: 600 },
  );
}

async function sipNumber(terminationUri: string) {
  const number = `+1555888${String(++numberSeq).padStart(4, "0")}`;
  const res = await api.request("POST", "/v1/phone-numbers", { apiKey: org.apiKey, body: { number, type: "sip", sip_trunk: { termination_uri: terminationUri } } });
  expect(res.status, await res.clone().text()).toBe(201);
  return number;
}

async function call(from: string) {
  const res = await api.request("POST", "/v1/calls/phone", { apiKey: org.apiKey, body: { agent_id: agentId, from_number: from, to_number: "+15551230000" } });
  expect(res.status).toBe(201);
  const id = (await res.json()).data.call_id as string;
  const deadline = Date.now() + 10_000;
  for (;;) {
    const [row] = await api.db.select().from(calls).where(eq(calls.id, id));
    if (row.status === "failed" || row.status === "ended" || Date.now() > deadline) return row;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

const endedEvent = async (id: string) => (await api.db.select().from(callEvents).where(eq(callEvents.callId, id))).find((event) => event.type === "sip_call_ended")?.payload;

beforeAll(async () => {
  api = await createTestApi();
  org = await api.createOrganization("SIP policy");
  agentId = await insertAgent(api.db, org.organizationId);
  internal = createSocket("udp4");
  internal.on("message", (message) => received.push(message.toString("utf8")));
  await new Promise<void>((resolve) => internal.bind(0, "127.0.0.1", resolve));
  internalPort = internal.address().port;
});

afterEach(async () => {
  delete process.env.OUTBOUND_ALLOWED_HOSTS;
  await media?.close(100);
  media = undefined;
  received.length = 0;
});

afterAll(async () => {
  internal?.close();
  await api?.close();
});

describe("SIP trunks under the outbound address policy at dial time", () => {
  it("a trunk on loopback (saved while the operator allowed it) is not dialled once the allowlist no longer covers it: failed with the reason, no packet sent", async () => {
    process.env.OUTBOUND_ALLOWED_HOSTS = "127.0.0.1";
    const from = await sipNumber(`sip:127.0.0.1:${internalPort}`);
    delete process.env.OUTBOUND_ALLOWED_HOSTS;
    await startMedia();
    const row = await call(from);
    expect(row).toMatchObject({ status: "failed", endReason: "failed" });
    expect(String((await endedEvent(row.id))?.reason)).toMatch(/not dialled: Refused to connect to 127\.0\.0\.1: a private, loopback/);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(received).toEqual([]);
  });

  it("a name that resolves to loopback when the call is placed (DNS rebinding after the save) is refused: no packet sent", async () => {
    const from = await sipNumber(`sip:pbx.rebind.test:${internalPort}`); // does not resolve from here when saved
    await startMedia();
    const row = await call(from);
    expect(row).toMatchObject({ status: "failed", endReason: "failed" });
    expect(String((await endedEvent(row.id))?.reason)).toMatch(/pbx\.rebind\.test \(127\.0\.0\.1\)/);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(received).toEqual([]);
  });

  it("with OUTBOUND_ALLOWED_HOSTS naming the PBX, the INVITE goes to the resolved address with the trunk's name in the Request-URI", async () => {
    const from = await sipNumber(`sip:pbx.rebind.test:${internalPort}`);
    process.env.OUTBOUND_ALLOWED_HOSTS = "pbx.rebind.test";
    await startMedia();
    const res = await api.request("POST", "/v1/calls/phone", { apiKey: org.apiKey, body: { agent_id: agentId, from_number: from, to_number: "+15551230000" } });
    expect(res.status).toBe(201);
    const deadline = Date.now() + 5_000;
    while (received.length === 0 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 25));
    expect(received[0]).toMatch(new RegExp(`^INVITE sip:\\+?15551230000@pbx\\.rebind\\.test:${internalPort} SIP/2\\.0\\r\\n`));
  });
});
