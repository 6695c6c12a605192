/* eslint-disable @typescript-eslint/no-explicit-any -- API answers read loosely in this test; their shapes are asserted field by field */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import { createApiKey } from "@/lib/auth/api-keys";
import { createOrganization } from "@/lib/auth/organizations";
import { connectPostgres, type DatabaseConnection } from "@/lib/db/client";
import { applyMigrations } from "@/lib/db/migrate";
import { startServerProcess, type ServerProcess } from "../helpers/app-server-process";
import { eventually, maxInWindow, maxOverlap, sleep } from "../helpers/campaign-checks";
import { TwilioDouble } from "../helpers/carriers/twilio-double";
import { insertAgent, insertPhoneNumber } from "../helpers/fixtures";
import { startTcpBalancer } from "../helpers/tcp-balancer";
import { createScratchPostgresDatabase } from "../helpers/test-database";

// Two server instances (real processes) share one Postgres behind a balancer; one is killed
// (SIGKILL) while it dispatches a campaign. The caps, the pacing, one dial per contact and attempt
// hold throughout, and the survivor carries on within 60 s.

const postgres = process.env.TEST_DB === "postgres";
const LINE = "+14155550300";
const CONTACTS = 36;
const MAX_CONCURRENT = 4;
const PER_SECOND = 3;

let double: TwilioDouble;
let scratch: { url: string; drop: () => Promise<void> };
let connection: DatabaseConnection;
let balancer: Awaited<ReturnType<typeof startTcpBalancer>>;
const servers: ServerProcess[] = [];
let apiKey = "";
let agentId = "";

async function api(method: string, path: string, body?: unknown) {
  const res = await fetch(`${balancer.url}${path}`, { method, headers: { "X-Api-Key": apiKey, ...(body ? { "Content-Type": "application/json" } : {}) }, body: body ? JSON.stringify(body) : undefined });
  return (await res.json()) as { data: any };
}

describe.runIf(postgres)("a campaign on two instances, one killed mid-campaign", () => {
  beforeAll(async () => {
    double = await TwilioDouble.start();
    double.addNumber(LINE);
    scratch = await createScratchPostgresDatabase();
    connection = connectPostgres(scratch.url, 3);
    await applyMigrations(connection);
    const org = await createOrganization(connection.db, "Two instances");
    apiKey = (await createApiKey({ db: connection.db, organizationId: org.id }, { name: "test" })).apiKey;
    agentId = await insertAgent(connection.db, org.id);
    await insertPhoneNumber(connection.db, org.id, LINE);
    const ports = [0, 0];
    // The balancer first (PUBLIC_BASE_URL is its address), pointed at the instances once they listen.
    const { freePort } = await import("../helpers/app-server-process");
    ports[0] = await freePort();
    ports[1] = await freePort();
    balancer = await startTcpBalancer(ports);
    const env = {
      PUBLIC_BASE_URL: balancer.url,
      TWILIO_ACCOUNT_SID: double.accountSid,
      TWILIO_AUTH_TOKEN: double.authToken,
      TWILIO_API_BASE_URL: double.baseUrl,
    };
    // Both instances on the test's own database (created and dropped here).
    const data = { databaseUrl: scratch.url, apiKey, dataDir: mkdtempSync(path.join(tmpdir(), "voice-campaign-")) } as ServerProcess;
    for (const port of ports) servers.push(await startServerProcess({ ...env, PORT: String(port) }, { shareWith: data }));
  }, 180_000);

  afterAll(async () => {
    for (const server of servers) await server.cleanUp().catch(() => undefined);
    await balancer?.close();
    await double?.close();
    await connection?.close();
    await scratch?.drop();
  }, 60_000);

  it("holds max_concurrent_calls and calls_per_second, dials each contact once, and the survivor carries on within 60 s", async () => {
    const list = Array.from({ length: CONTACTS }, (_, i) => `+1212555${String(2000 + i)}`);
    // Each call rings for 1.5 s and is not answered: it holds its slot until the carrier says so (to any instance).
    for (const to of list) double.script(to, { outcome: "no_answer", ringMs: 1500 });
    const campaign = await api("POST", "/v1/campaigns", {
      name: "Failover",
      agent_id: agentId,
      from_numbers: [LINE],
      schedule: { windows: [{ days: ["mon", "tue", "wed", "thu", "fri", "sat", "sun"], start: "00:00", end: "24:00" }] },
      pacing: { max_concurrent_calls: MAX_CONCURRENT, calls_per_second: PER_SECOND },
    });
    const id = campaign.data.id as string;
    expect((await api("POST", `/v1/campaigns/${id}/contacts`, { contacts: list.map((phone_number) => ({ phone_number })) })).data.added).toBe(CONTACTS);
    expect((await api("POST", `/v1/campaigns/${id}/start`)).data.status).toBe("running");
    const dials = () => [...double.calls.values()].filter((call) => call.direction === "outbound-api");
    await eventually(async () => dials().length, (n) => n >= 8, 30_000, "the first dials");

    // Kill the instance whose worker runs the campaign's tick now.
    const client = new pg.Client({ connectionString: scratch.url });
    await client.connect();
    const { rows } = await client.query(
      `select w.pid from job_runs r join worker_instances w on w.id = r.instance_id where r.queue = 'campaign-tick' limit 1`,
    );
    await client.end();
    const victim = servers.find((server) => server.child.pid === Number(rows[0]?.pid)) ?? servers[0];
    victim.child.kill("SIGKILL");
    await victim.exited;
    const killedAt = Date.now();
    const before = dials().length;

    await eventually(async () => dials().length, (n) => n > before + 1, 60_000, "the survivor to dial again");
    const resumedAt = Math.min(...dials().filter((call) => call.createdAt > killedAt).map((call) => call.createdAt));
    expect(resumedAt - killedAt).toBeLessThan(60_000);

    const done = await eventually(() => api("GET", `/v1/campaigns/${id}`), (c) => c.data.status === "completed", 150_000, "the campaign to complete");
    expect(done.data.progress).toMatchObject({ total: CONTACTS, failed: CONTACTS, pending: 0, dialing: 0, in_progress: 0 });
    await sleep(500);
    const all = dials();
    // One dial per contact (one attempt each): nobody dialled twice, not even around the kill.
    expect(all.length).toBe(CONTACTS);
    expect(new Set(all.map((call) => call.to)).size).toBe(CONTACTS);
    expect(maxOverlap(all.map((call) => ({ start: call.createdAt, end: call.endedAt })))).toBeLessThanOrEqual(MAX_CONCURRENT);
    // At the carrier (another process): the same bound, less 100 ms for the trip and event-loop lag on this shared machine.
    expect(maxInWindow(all.map((call) => call.createdAt), 900)).toBeLessThanOrEqual(PER_SECOND);
    const recorded = (await api("GET", `/v1/calls?campaign_id=${id}&limit=100`)).data as { start_time: string; status: string }[];
    expect(recorded.length).toBe(CONTACTS);
    expect(maxInWindow(recorded.map((call) => Date.parse(call.start_time)))).toBeLessThanOrEqual(PER_SECOND);
  }, 240_000);
});
