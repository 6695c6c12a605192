import { spawnSync } from "node:child_process";
import { inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadConfig } from "@/lib/config";
import { connectPostgres, type DatabaseConnection } from "@/lib/db/client";
import { calls, mediaInstances } from "@/lib/db/schema";
import { DEFAULT_INSTANCE_HEARTBEAT_MS, DEFAULT_INSTANCE_TIMEOUT_MS } from "@/lib/media/media-instance";
import { descendants, freePort, startServerProcess, type ServerProcess } from "../helpers/app-server-process";
import { until } from "../helpers/carriers/double-http";
import { TwilioDouble } from "../helpers/carriers/twilio-double";
import { startFakeOpenAiSpeech, type FakeOpenAiSpeech } from "../helpers/fake-speech/openai-speech";
import { MediaSocketClient } from "../helpers/media-socket-client";
import { startSipp, type SippRun } from "../helpers/sip/sipp";
import { voiceAgent } from "../helpers/voice-call";

// kill -9 of a server process that holds live calls: another instance on the same Postgres ends
// them with end_reason error once the dead one's heartbeat is INSTANCE_TIMEOUT_SECONDS old. Shortened
// here (0.5 s beats, 2 s timeout); the production defaults (5 s, 15 s) end them within 20 s.
const HEARTBEAT_SECONDS = 0.5;
const TIMEOUT_SECONDS = 2;
const onPostgres = process.env.TEST_DB === "postgres";
const sippInstalled = spawnSync("sipp", ["-v"], { encoding: "utf8" }).status !== null;
const LINE = "+14155550170";

async function eventually(check: () => boolean | Promise<boolean>, timeoutMs: number, what: string): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

it("the production defaults end a dead instance's calls within 30 s of its last heartbeat; a timeout under two heartbeats is refused", () => {
  const env = (vars: Record<string, string>) => vars as unknown as NodeJS.ProcessEnv;
  const { instances } = loadConfig(env({}));
  expect(instances).toEqual({ heartbeatMs: DEFAULT_INSTANCE_HEARTBEAT_MS, timeoutMs: DEFAULT_INSTANCE_TIMEOUT_MS });
  // The sweep runs on every survivor's heartbeat: timeout + one heartbeat after the last beat, at worst.
  expect(instances.timeoutMs + instances.heartbeatMs).toBeLessThanOrEqual(20_000);
  expect(() => loadConfig(env({ INSTANCE_HEARTBEAT_SECONDS: "5", INSTANCE_TIMEOUT_SECONDS: "8" }))).toThrow(/INSTANCE_TIMEOUT_SECONDS must be at least twice/);
  expect(loadConfig(env({ INSTANCE_HEARTBEAT_SECONDS: "0.5", INSTANCE_TIMEOUT_SECONDS: "2" })).instances).toEqual({ heartbeatMs: 500, timeoutMs: 2000 });
});

type Api = { request: (method: string, path: string, body?: unknown) => Promise<{ status: number; json: { data: Record<string, unknown> } & Record<string, unknown> }> };

function apiOf(server: ServerProcess): Api {
  return {
    request: async (method, path, body) => {
      const response = await fetch(`http://127.0.0.1:${server.port}${path}`, {
        method,
        headers: { "x-api-key": server.apiKey, ...(body === undefined ? {} : { "content-type": "application/json" }) },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      return { status: response.status, json: await response.json() };
    },
  };
}

describe.skipIf(!onPostgres)("a server killed with live calls, another instance on the same Postgres", () => {
  let speech: FakeOpenAiSpeech;
  let twilio: TwilioDouble;
  let a: ServerProcess;
  let b: ServerProcess;
  let db: DatabaseConnection;
  let sipp: SippRun | undefined;
  let browser: MediaSocketClient | undefined;

  beforeAll(async () => {
    speech = await startFakeOpenAiSpeech();
    twilio = await TwilioDouble.start();
    twilio.addNumber(LINE);
    const portA = await freePort();
    const env = {
      ...speech.env(),
      TWILIO_ACCOUNT_SID: twilio.accountSid,
      TWILIO_AUTH_TOKEN: twilio.authToken,
      TWILIO_API_BASE_URL: twilio.baseUrl,
      // The carrier streams to A (the instance that will die).
      PUBLIC_BASE_URL: `http://127.0.0.1:${portA}`,
      INSTANCE_HEARTBEAT_SECONDS: String(HEARTBEAT_SECONDS),
      INSTANCE_TIMEOUT_SECONDS: String(TIMEOUT_SECONDS),
      // The SIP trunk is SIPp on loopback: allowed as an operator allows their own PBX.
      OUTBOUND_ALLOWED_HOSTS: "127.0.0.1",
    };
    a = await startServerProcess({ ...env, PORT: String(portA), ...(sippInstalled ? { SIP_PORT: "0", SIP_BIND_ADDRESS: "127.0.0.1" } : {}) });
    b = await startServerProcess(env, { shareWith: a });
    db = connectPostgres(a.databaseUrl!, 2);
  }, 180_000);

  afterAll(async () => {
    browser?.socket.terminate();
    sipp?.stop();
    await b?.cleanUp();
    await db?.close();
    await a?.cleanUp();
    await twilio?.close();
    await speech?.close();
  });

  it("ends its web voice, Twilio and SIP calls with end_reason error (call_ended reason instance_lost) within the timeout, and hangs up the carrier leg", async () => {
    const apiA = apiOf(a);
    const apiB = apiOf(b);
    const agent = await apiB.request("POST", "/v1/agents", voiceAgent({ max_call_duration: 600 }));
    expect(agent.status, JSON.stringify(agent.json)).toBe(200);
    const agentId = agent.json.data.id as string;

    // A web voice call, its browser connected to A.
    const web = await apiA.request("POST", "/v1/calls/web", { agent_id: agentId, mode: "voice" });
    expect(web.status, JSON.stringify(web.json)).toBe(201);
    const webCall = web.json.data as { call_id: string; media_url: string; session_token: string };
    browser = await MediaSocketClient.connect(`${webCall.media_url}${webCall.media_url.includes("?") ? "&" : "?"}session_token=${webCall.session_token}`);
    await until(() => browser!.events.some((event) => event.frame.type === "started"), 10_000, "the web call's start");

    // A Twilio call whose media stream A holds.
    const imported = await apiB.request("POST", "/v1/telephony/providers/twilio/numbers/import", { numbers: [LINE] });
    expect(imported.status, JSON.stringify(imported.json)).toBe(200);
    const phone = await apiB.request("POST", "/v1/calls/phone", { from_number: LINE, to_number: "+14155550171", agent_id: agentId });
    expect(phone.status, JSON.stringify(phone.json)).toBe(201);
    const twilioCallId = phone.json.data.call_id as string;
    await until(() => [...twilio.calls.values()].some((call) => String(call.params.StatusCallback).includes(twilioCallId) && call.peer !== null), 15_000, "the Twilio stream");
    const twilioCall = [...twilio.calls.values()].find((call) => String(call.params.StatusCallback).includes(twilioCallId))!;

    // A SIP call A placed through a trunk (SIPp answers and holds the line).
    const live = [webCall.call_id, twilioCallId];
    if (sippInstalled) {
      sipp = await startSipp({ scenario: "bench-answer.xml", keys: { sink_port: "9" }, timeoutSeconds: 60 });
      const number = await apiB.request("POST", "/v1/phone-numbers", { number: "+14155550172", type: "sip", sip_trunk: { termination_uri: `sip:127.0.0.1:${sipp.port}` } });
      expect(number.status, JSON.stringify(number.json)).toBe(201);
      const sip = await apiB.request("POST", "/v1/calls/phone", { from_number: "+14155550172", to_number: "+14155550173", agent_id: agentId });
      expect(sip.status, JSON.stringify(sip.json)).toBe(201);
      live.push(sip.json.data.call_id as string);
    }
    const rows = () => db.db.select({ id: calls.id, status: calls.status, endReason: calls.endReason, holder: calls.mediaInstanceId }).from(calls).where(inArray(calls.id, live));
    await eventually(async () => (await rows()).every((row) => row.status === "in_progress"), 15_000, "every call in progress");
    // A is one process, or (WEB_CONCURRENCY > 1, the default on Postgres) a primary and its server processes: kill -9 of it is all of them.
    const pidsOfA = [a.child.pid!, ...descendants(a.child.pid!)];
    const holdersOfA = (await db.db.select({ id: mediaInstances.id }).from(mediaInstances).where(inArray(mediaInstances.pid, pidsOfA))).map((row) => row.id);
    for (const row of await rows()) expect(holdersOfA).toContain(row.holder);

    a.child.kill("SIGKILL");
    const killedAt = Date.now();
    await a.exited;
    let endedAfter: number | null = null;
    await eventually(
      async () => {
        const now = await rows();
        if (now.some((row) => row.status === "in_progress")) return false;
        endedAfter ??= Date.now() - killedAt;
        return true;
      },
      30_000,
      "the calls of the killed instance to end",
    );
    // Dead once its last beat is TIMEOUT old, found on B's next beat: never before the timeout, well within 30 s.
    expect(endedAfter).toBeGreaterThanOrEqual((TIMEOUT_SECONDS - HEARTBEAT_SECONDS) * 1000);
    expect(endedAfter).toBeLessThan((TIMEOUT_SECONDS + 4 * HEARTBEAT_SECONDS) * 1000 + 3_000);
    for (const id of live) {
      const record = await apiB.request("GET", `/v1/calls/${id}`);
      expect(record.json.data, id).toMatchObject({ status: "ended", end_reason: "error" });
    }
    // The web call's event stream (served by B) ends with call_ended saying why.
    const stream = await fetch(`http://127.0.0.1:${b.port}/v1/calls/web/${webCall.call_id}/events?session_token=${webCall.session_token}`, { signal: AbortSignal.timeout(10_000) });
    const text = await stream.text();
    const ended = text
      .split("\n")
      .filter((line) => line.startsWith("data: "))
      .map((line) => JSON.parse(line.slice(6)) as Record<string, unknown>)
      .find((event) => event.type === "call_ended");
    expect(ended).toMatchObject({ end_reason: "error", reason: "instance_lost" });
    // The caller is not left on a silent line: B hung the Twilio leg up.
    await until(() => twilio.requests.some((request) => request.method === "POST" && request.path.endsWith(`/Calls/${twilioCall.sid}.json`) && request.params.Status === "completed"), 10_000, "the hang-up at Twilio");
    expect((await fetch(`http://127.0.0.1:${b.port}/api/health`)).status).toBe(200);
  }, 120_000);
});

describe.skipIf(onPostgres)("a server killed with a live call, on the embedded database", () => {
  let speech: FakeOpenAiSpeech;
  let first: ServerProcess | undefined;
  let restarted: ServerProcess | undefined;

  afterAll(async () => {
    await restarted?.cleanUp();
    await first?.cleanUp();
    await speech?.close();
  });

  it("the process started in its place ends the call at once (it owns the data directory: no earlier process can still be running)", async () => {
    speech = await startFakeOpenAiSpeech();
    first = await startServerProcess(speech.env());
    const api = apiOf(first);
    const agent = await api.request("POST", "/v1/agents", voiceAgent());
    const web = await api.request("POST", "/v1/calls/web", { agent_id: agent.json.data.id, mode: "voice" });
    const call = web.json.data as { call_id: string; media_url: string; session_token: string };
    const browser = await MediaSocketClient.connect(`${call.media_url}${call.media_url.includes("?") ? "&" : "?"}session_token=${call.session_token}`);
    await until(() => browser.events.some((event) => event.frame.type === "started"), 10_000, "the web call's start");
    first.child.kill("SIGKILL");
    await first.exited;
    restarted = await startServerProcess(speech.env(), { shareWith: first });
    // Ended while the new process started, before it served its first request.
    expect((await apiOf(restarted).request("GET", `/v1/calls/${call.call_id}`)).json.data).toMatchObject({ status: "ended", end_reason: "error" });
    browser.socket.terminate();
  }, 120_000);
});
