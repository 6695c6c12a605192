import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { WebSocket } from "ws";
import { connectPostgres, type DatabaseConnection } from "@/lib/db/client";
import { mediaInstances } from "@/lib/db/schema";
import { toneDurationMs } from "../helpers/audio-analysis";
import { freePort, startServerProcess, type ServerProcess } from "../helpers/app-server-process";
import { until } from "../helpers/carriers/double-http";
import { TwilioDouble, type TwilioDoubleCall } from "../helpers/carriers/twilio-double";
import { lastMessage, startFakeOpenAiServer, type FakeOpenAiServer } from "../helpers/fake-openai-server";
import { startFakeOpenAiSpeech, type FakeOpenAiSpeech } from "../helpers/fake-speech/openai-speech";
import { ToneVoice } from "../helpers/fake-speech/tones";
import { startTcpBalancer } from "../helpers/tcp-balancer";
import { voiceAgent } from "../helpers/voice-call";

// Warm transfers on Twilio when more than one server process takes the carrier's connections:
// `npm start`'s own cluster (WEB_CONCURRENCY=2 on Postgres, the primary handing each connection to
// the next process), and two instances behind one balancer. A destination's media stream reaches the
// process that placed the transfer or another one about as often; either way the destination must
// hear the summary and be joined to the caller.

const onPostgres = process.env.TEST_DB === "postgres";
const GREETING = "Hello, thanks for calling.";
const SUMMARY = "Table for two, please.";
const SUMMARY_HZ = 1200;
const TARGET = "+14155550899";
const TRANSFERS = 4;

let voice: ToneVoice;
let speech: FakeOpenAiSpeech;
let llm: FakeOpenAiServer;
let twilio: TwilioDouble;

beforeAll(async () => {
  if (!onPostgres) return;
  voice = new ToneVoice();
  voice.set(GREETING, 440);
  voice.set(SUMMARY, SUMMARY_HZ);
  speech = await startFakeOpenAiSpeech({ voice });
  llm = await startFakeOpenAiServer(
    (request) => {
      const system = request.body.messages.find((message) => message.role === "system");
      if (system && /handing a phone call over/.test(String(system.content))) return { text: SUMMARY };
      if (/\b0\b/.test(lastMessage(request.body))) return { text: "Putting you through.", toolCalls: [{ name: "transfer_call", arguments: {} }] };
      return { text: "Sorry?" };
    },
    { audioUpstream: speech.url },
  );
  twilio = await TwilioDouble.start();
  twilio.script(TARGET, { outcome: "human", ringMs: 500 });
});

afterAll(async () => {
  await twilio?.close();
  await llm?.close();
  await speech?.close();
});

const serverEnv = (publicBaseUrl: string) => ({
  ...llm.env(),
  PUBLIC_BASE_URL: publicBaseUrl,
  TWILIO_ACCOUNT_SID: twilio.accountSid,
  TWILIO_AUTH_TOKEN: twilio.authToken,
  TWILIO_API_BASE_URL: twilio.baseUrl,
});

async function request(server: ServerProcess, method: string, path: string, body?: unknown) {
  const response = await fetch(`http://127.0.0.1:${server.port}${path}`, {
    method,
    headers: { "x-api-key": server.apiKey, "content-type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: response.status, json: (await response.json()) as { data: Record<string, unknown> & { id: string } } };
}

/** A number whose calls reach an agent that transfers warm to TARGET on DTMF 0. */
async function lineWithWarmTransfers(server: ServerProcess, line: string): Promise<void> {
  twilio.addNumber(line);
  const agent = await request(server, "POST", "/v1/agents", {
    ...voiceAgent(),
    states: [{ name: "main", prompt: "Help the caller.", tools: [{ type: "transfer_call", transfer_phone_number: TARGET, transfer_mode: "warm", transfer_timeout_seconds: 10 }] }],
  });
  expect(agent.status, JSON.stringify(agent.json)).toBe(200);
  const imported = await request(server, "POST", "/v1/telephony/providers/twilio/numbers/import", { numbers: [line] });
  expect(imported.status, JSON.stringify(imported.json)).toBe(200);
  const numberId = (imported.json.data as unknown as { id: string }[])[0].id;
  expect((await request(server, "PATCH", `/v1/phone-numbers/${numberId}`, { inbound_agent_id: agent.json.data.id })).status).toBe(200);
}

/** TRANSFERS callers at once, each asking to be put through; every destination hears the summary and is joined to its caller. */
async function transferAtOnce(line: string, fromPrefix: string): Promise<void> {
  // A destination's leg reports to its caller's call: its status URL names our call id.
  const legOf = (callId: string) => [...twilio.calls.values()].find((each) => each.direction === "outbound-api" && String(each.params.StatusCallback).includes(callId));
  const transfer = async (index: number): Promise<{ call: TwilioDoubleCall; leg: TwilioDoubleCall }> => {
    const call = await twilio.placeInboundCall({ from: `${fromPrefix}${index}`, to: line, script: { outcome: "human" } });
    const peer = await twilio.streamOf(call, 10_000);
    await until(() => toneDurationMs(peer.heardAudio(), 8000, 440) >= voice.durationMs(GREETING) - 60, 15_000, "the greeting");
    const callId = call.streams[0].parameters.call_id;
    peer.sendDtmf("0");
    peer.sendDtmf("#");
    await until(() => legOf(callId) !== undefined, 15_000, `caller ${index + 1}'s destination leg`);
    const leg = legOf(callId)!;
    await until(() => call.conference !== null && leg.conference !== null, 20_000, `caller ${index + 1}'s bridge`);
    return { call, leg };
  };
  const results = await Promise.all(Array.from({ length: TRANSFERS }, (_, index) => transfer(index)));
  for (const { call, leg } of results) {
    expect(leg.conference!.name).toBe(call.conference!.name);
    expect(toneDurationMs(leg.conference!.heardBeforeJoin!, 8000, SUMMARY_HZ)).toBeGreaterThanOrEqual(voice.durationMs(SUMMARY) - 60);
  }
  for (const { leg } of results) await twilio.hangUp(leg);
}

const passedOn = (...servers: ServerProcess[]) => servers.reduce((sum, server) => sum + (server.output().match(/passed on to the server process that placed it/g)?.length ?? 0), 0);

/** A Twilio stream start for a transfer leg with this token; resolves with the close code. */
function legWithToken(port: number, token: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(`ws://127.0.0.1:${port}/telephony/twilio/media`);
    socket.on("open", () => {
      socket.send(JSON.stringify({ event: "connected", protocol: "Call", version: "1.0.0" }));
      const customParameters = { call_id: randomUUID(), leg: "transfer", token };
      socket.send(JSON.stringify({ event: "start", sequenceNumber: "1", streamSid: "MZ1", start: { streamSid: "MZ1", callSid: "CA1", customParameters } }));
    });
    socket.on("close", (code) => resolve(code));
    socket.on("error", reject);
  });
}

describe.skipIf(!onPostgres)("warm transfer with two server processes on one port (npm start's cluster)", () => {
  let server: ServerProcess;
  let db: DatabaseConnection;

  beforeAll(async () => {
    const port = await freePort();
    server = await startServerProcess({ ...serverEnv(`http://127.0.0.1:${port}`), PORT: String(port), WEB_CONCURRENCY: "2" });
    db = connectPostgres(server.databaseUrl!, 1);
  }, 120_000);

  afterAll(async () => {
    await db?.close();
    await server?.cleanUp();
  });

  it(`puts ${TRANSFERS} callers through at once, whichever process each destination's stream reaches`, async () => {
    await lineWithWarmTransfers(server, "+14155550800");
    await transferAtOnce("+14155550800", "+1415555081");
    console.log(`cluster: ${passedOn(server)} of ${TRANSFERS} destination streams reached the other server process and were passed on`);
  }, 90_000);

  it("a forged leg is refused (1008) wherever its token points: a live process, a gone one, none; never a loop", async () => {
    const processes = (await db.db.select({ id: mediaInstances.id }).from(mediaInstances)).map((row) => row.id);
    expect(processes).toHaveLength(2);
    const secret = "x".repeat(32);
    const codes = await Promise.all([...processes.map((id) => `${id}.${secret}`), `${randomUUID()}.${secret}`, secret].map((token) => legWithToken(server.port, token)));
    expect(codes).toEqual([1008, 1008, 1008, 1008]);
    expect((await fetch(`http://127.0.0.1:${server.port}/api/health`)).status).toBe(200);
  });
});

describe.skipIf(!onPostgres)("warm transfer with two instances behind one balancer", () => {
  let a: ServerProcess;
  let b: ServerProcess;
  let balancer: Awaited<ReturnType<typeof startTcpBalancer>>;

  beforeAll(async () => {
    const [portA, portB] = [await freePort(), await freePort()];
    balancer = await startTcpBalancer([portA, portB]);
    // Both instances give the carrier the balancer's address, as instances behind one load balancer do.
    const env = { ...serverEnv(balancer.url), WEB_CONCURRENCY: "1" };
    a = await startServerProcess({ ...env, PORT: String(portA) });
    b = await startServerProcess({ ...env, PORT: String(portB) }, { shareWith: a });
  }, 120_000);

  afterAll(async () => {
    await b?.cleanUp();
    await a?.cleanUp();
    await balancer?.close();
  });

  it(`puts ${TRANSFERS} callers through at once, whichever instance each destination's stream reaches`, async () => {
    await lineWithWarmTransfers(a, "+14155550900");
    await transferAtOnce("+14155550900", "+1415555091");
    console.log(`two instances: ${passedOn(a, b)} of ${TRANSFERS} destination streams reached the other instance and were passed on`);
  }, 90_000);
});
