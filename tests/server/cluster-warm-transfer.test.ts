import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { WebSocket } from "ws";
import { toneDurationMs } from "../helpers/audio-analysis";
import { startServerProcess, freePort, type ServerProcess } from "../helpers/app-server-process";
import { until } from "../helpers/carriers/double-http";
import { TwilioDouble, type TwilioDoubleCall } from "../helpers/carriers/twilio-double";
import { lastMessage, startFakeOpenAiServer, type FakeOpenAiServer } from "../helpers/fake-openai-server";
import { startFakeOpenAiSpeech, type FakeOpenAiSpeech } from "../helpers/fake-speech/openai-speech";
import { ToneVoice } from "../helpers/fake-speech/tones";
import { voiceAgent } from "../helpers/voice-call";

// Warm transfers on Twilio through `npm start`'s own cluster (WEB_CONCURRENCY=2 on Postgres): the
// primary hands each new connection to the next process, so a destination's media stream reaches
// the process that placed the transfer or its sibling about as often. Either way the destination
// must hear the summary and be joined to the caller.

const onPostgres = process.env.TEST_DB === "postgres";
const LINE = "+14155550800";
const TARGET = "+14155550899";
const TRANSFERS = 4;
const GREETING = "Hello, thanks for calling.";
const SUMMARY = "Table for two, please.";
const SUMMARY_HZ = 1200;

describe.skipIf(!onPostgres)("warm transfer with two server processes on one port", () => {
  let voice: ToneVoice;
  let speech: FakeOpenAiSpeech;
  let llm: FakeOpenAiServer;
  let twilio: TwilioDouble;
  let server: ServerProcess;

  beforeAll(async () => {
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
    twilio.addNumber(LINE);
    const port = await freePort();
    server = await startServerProcess({
      ...llm.env(),
      PORT: String(port),
      PUBLIC_BASE_URL: `http://127.0.0.1:${port}`,
      WEB_CONCURRENCY: "2",
      TWILIO_ACCOUNT_SID: twilio.accountSid,
      TWILIO_AUTH_TOKEN: twilio.authToken,
      TWILIO_API_BASE_URL: twilio.baseUrl,
    });
  }, 120_000);

  afterAll(async () => {
    await server?.cleanUp();
    await twilio?.close();
    await llm?.close();
    await speech?.close();
  });

  const request = async (method: string, path: string, body?: unknown) => {
    const response = await fetch(`http://127.0.0.1:${server.port}${path}`, {
      method,
      headers: { "x-api-key": server.apiKey, "content-type": "application/json" },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return { status: response.status, json: (await response.json()) as { data: Record<string, unknown> & { id: string } } };
  };

  it(`puts ${TRANSFERS} callers through at once, whichever process each destination's stream reaches`, async () => {
    twilio.script(TARGET, { outcome: "human", ringMs: 500 });
    const agent = await request("POST", "/v1/agents", {
      ...voiceAgent(),
      states: [{ name: "main", prompt: "Help the caller.", tools: [{ type: "transfer_call", transfer_phone_number: TARGET, transfer_mode: "warm", transfer_timeout_seconds: 10 }] }],
    });
    expect(agent.status, JSON.stringify(agent.json)).toBe(200);
    const imported = await request("POST", "/v1/telephony/providers/twilio/numbers/import", { numbers: [LINE] });
    expect(imported.status, JSON.stringify(imported.json)).toBe(200);
    const numberId = (imported.json.data as unknown as { id: string }[])[0].id;
    expect((await request("PATCH", `/v1/phone-numbers/${numberId}`, { inbound_agent_id: agent.json.data.id })).status).toBe(200);

    // A destination's leg reports to its caller's call: its status URL names our call id.
    const legOf = (callId: string) => [...twilio.calls.values()].find((each) => each.direction === "outbound-api" && String(each.params.StatusCallback).includes(callId));
    const transfer = async (index: number): Promise<{ call: TwilioDoubleCall; leg: TwilioDoubleCall }> => {
      const call = await twilio.placeInboundCall({ from: `+1415555081${index}`, to: LINE, script: { outcome: "human" } });
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
    const relayed = server.output().match(/passed on to the server process that placed it/g)?.length ?? 0;
    console.log(`${relayed} of ${TRANSFERS} destination streams reached the other server process and were passed on`);
    for (const { leg } of results) await twilio.hangUp(leg);
  }, 90_000);

  it("a stream whose token names a process refuses it there, as the process that got it would: 1008, never a loop", async () => {
    const closes = await Promise.all(
      ["p0", "p1", "p7", ""].map(
        (mark) =>
          new Promise<{ mark: string; code: number }>((resolve, reject) => {
            const socket = new WebSocket(`ws://127.0.0.1:${server.port}/telephony/twilio/media`);
            socket.on("open", () => {
              socket.send(JSON.stringify({ event: "connected", protocol: "Call", version: "1.0.0" }));
              const customParameters = { call_id: randomUUID(), leg: "transfer", token: `${mark ? `${mark}.` : ""}${"x".repeat(32)}` };
              socket.send(JSON.stringify({ event: "start", sequenceNumber: "1", streamSid: "MZ1", start: { streamSid: "MZ1", callSid: "CA1", customParameters } }));
            });
            socket.on("close", (code) => resolve({ mark, code }));
            socket.on("error", reject);
          }),
      ),
    );
    expect(closes).toEqual(["p0", "p1", "p7", ""].map((mark) => ({ mark, code: 1008 })));
    expect((await fetch(`http://127.0.0.1:${server.port}/api/health`)).status).toBe(200);
  });
});
