import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { existsSync, mkdtempSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { calls } from "@/lib/db/schema";
import { pgBossQueue } from "@/lib/jobs/pg-boss-queue";
import { liveSipInstances } from "@/lib/services/telephony/sip-media-instances";
import { formatDispatcherList } from "@/lib/telephony/sip-media/kamailio-dispatcher";
import { SipMediaProcess, type ConversationStarter } from "@/lib/telephony/sip-media/sip-media-process";
import { insertAgent } from "../helpers/fixtures";
import { freePort, sippInstalled, startSipp } from "../helpers/sip/sipp";
import { createTestApi, type TestApi } from "../helpers/test-api";

// The trunks here are SIP peers on loopback: allowed the way an operator allows their own PBX.
process.env.OUTBOUND_ALLOWED_HOSTS = "127.0.0.1";

// Kamailio (Debian's kamailio, dispatcher module) in front of two media processes: the dispatcher
// list is written from the registry, SIPp sends six INVITEs to Kamailio, and both processes answer
// calls (in-dialog ACK and BYE come back through Kamailio's Record-Route).
const KAMAILIO = existsSync("/usr/sbin/kamailio") ? "/usr/sbin/kamailio" : "kamailio"; // sbin is not on every user's PATH
const kamailioInstalled = sippInstalled && spawnSync(KAMAILIO, ["-v"], { encoding: "utf8" }).status === 0;
const CONFIG = path.resolve("deploy/kamailio/kamailio.cfg");
const timers = { t1: 50, t2: 400, t4: 500 };

let api: TestApi;
let kamailio: ChildProcess | undefined;
const processes: SipMediaProcess[] = [];
const answeredBy = new Map<number, number>();

function holdTheLine(index: number): ConversationStarter {
  return async ({ transport }) => {
    answeredBy.set(index, (answeredBy.get(index) ?? 0) + 1);
    return { ended: new Promise<void>((resolve) => transport.onClose(() => resolve())) };
  };
}

beforeAll(async () => {
  if (!kamailioInstalled) return;
  api = await createTestApi();
  for (const index of [0, 1]) {
    processes.push(
      await SipMediaProcess.start(
        { db: api.db, queue: pgBossQueue(api.boss), startConversation: holdTheLine(index), log: () => {} },
        { bindAddress: "127.0.0.1", port: 0, rtpPorts: { min: 35000 + index * 500, max: 35499 + index * 500 }, timers },
      ),
    );
  }
});

afterAll(async () => {
  kamailio?.kill("SIGTERM");
  await Promise.all(processes.map((process) => process.close(200)));
  await api?.close();
});

async function startKamailio(listFile: string): Promise<number> {
  const port = await freePort();
  const directory = mkdtempSync(path.join(os.tmpdir(), "kamailio-"));
  let output = "";
  kamailio = spawn(KAMAILIO, ["-DD", "-E", "-f", CONFIG, "-A", `DISPATCHER_LIST="${listFile}"`, "-l", `udp:127.0.0.1:${port}`, "-Y", directory, "-w", directory], {
    stdio: ["ignore", "pipe", "pipe"],
  });
  kamailio.stdout!.on("data", (chunk) => (output += chunk));
  kamailio.stderr!.on("data", (chunk) => (output += chunk));
  for (let i = 0; i < 100; i++) {
    if (/listening on|Listening on/.test(output) || output.includes(`127.0.0.1:${port}`)) break;
    if (kamailio.exitCode !== null) throw new Error(`kamailio exited: ${output}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  await new Promise((resolve) => setTimeout(resolve, 300));
  return port;
}

describe.skipIf(!kamailioInstalled)("Kamailio's dispatcher in front of two media processes", () => {
  it("spreads inbound INVITEs over the processes registered in the database", async () => {
    const org = await api.createOrganization("Kamailio org");
    const agentId = await insertAgent(api.db, org.organizationId);
    const number = "+15558880001";
    const res = await api.request("POST", "/v1/phone-numbers", {
      apiKey: org.apiKey,
      body: { number, type: "sip", inbound_agent_id: agentId, sip_trunk: { termination_uri: "sip:127.0.0.1:5999", allowed_source_addresses: ["127.0.0.1"] } },
    });
    expect(res.status).toBe(201);

    const live = await liveSipInstances(api.db);
    expect(live.map((instance) => instance.port).sort()).toEqual(processes.map((process) => process.userAgent.port).sort());
    const listFile = path.join(mkdtempSync(path.join(os.tmpdir(), "dispatcher-")), "dispatcher.list");
    writeFileSync(listFile, formatDispatcherList(live));
    const kamailioPort = await startKamailio(listFile);

    const run = await startSipp({ scenario: "caller-tone.xml", remote: `127.0.0.1:${kamailioPort}`, service: number, fill: { request_user: number }, calls: 6, timeoutSeconds: 30 });
    const result = await run.done;
    if (result.code !== 0) console.log(result.messages.slice(0, 6000));
    expect(result.code, `SIPp failed:\n${result.errors}\n${result.output.slice(-3000)}`).toBe(0);
    expect([...answeredBy.values()].reduce((sum, count) => sum + count, 0)).toBe(6);
    expect(answeredBy.get(0)).toBeGreaterThanOrEqual(2);
    expect(answeredBy.get(1)).toBeGreaterThanOrEqual(2);
    const rows = await api.db.select().from(calls).where(eq(calls.toNumber, number));
    expect(rows).toHaveLength(6);
    expect(rows.every((row) => row.direction === "inbound")).toBe(true);
  });
});
