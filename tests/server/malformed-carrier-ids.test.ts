import { createHmac, generateKeyPairSync, randomUUID, sign } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import WebSocket from "ws";
import { startServerProcess, type ServerMode, type ServerProcess } from "../helpers/app-server-process";

// Ids from outside that are not UUIDs: each reached SQL before, where Postgres refuses it with an error.
const malformedIds: [string, string][] = [
  ["36 zeros", "0".repeat(36)],
  ["not hex", "zzzzzzzz-zzzz-4zzz-8zzz-zzzzzzzzzzzz"],
  ["too long", `${randomUUID()}0`],
  ["SQL", "' OR '1'='1'; DROP TABLE calls; --"],
  ["empty", ""],
];

const twilio = { accountSid: `AC${"5".repeat(32)}`, authToken: "malformed-ids-token" };
const telnyxKeys = generateKeyPairSync("ed25519");
const telnyx = {
  apiKey: "KEYmalformedids",
  connectionId: "2233445566",
  publicKey: Buffer.from(telnyxKeys.publicKey.export({ format: "jwk" }).x as string, "base64url").toString("base64"),
};
const carrierEnv = {
  TWILIO_ACCOUNT_SID: twilio.accountSid,
  TWILIO_AUTH_TOKEN: twilio.authToken,
  TELNYX_API_KEY: telnyx.apiKey,
  TELNYX_PUBLIC_KEY: telnyx.publicKey,
  TELNYX_CONNECTION_ID: telnyx.connectionId,
};

/** A form POST signed as Twilio signs it (HMAC-SHA1 of the URL and the sorted fields). */
async function twilioWebhook(server: ServerProcess, path: string, fields: Record<string, string>): Promise<Response> {
  const url = `http://127.0.0.1:${server.port}${path}`;
  let data = url;
  for (const name of Object.keys(fields).sort()) data += name + fields[name];
  const signature = createHmac("sha1", twilio.authToken).update(data).digest("base64");
  return fetch(url, {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded", "X-Twilio-Signature": signature },
    body: new URLSearchParams(fields).toString(),
  });
}

/** A Call Control event signed as Telnyx signs it (Ed25519 over `timestamp|body`). */
async function telnyxWebhook(server: ServerProcess, eventType: string, clientState: unknown): Promise<Response> {
  const body = JSON.stringify({
    data: {
      record_type: "event",
      event_type: eventType,
      id: randomUUID(),
      occurred_at: new Date().toISOString(),
      payload: {
        call_control_id: `v3:${randomUUID()}`,
        connection_id: telnyx.connectionId,
        client_state: Buffer.from(JSON.stringify(clientState)).toString("base64"),
        hangup_cause: "normal_clearing",
      },
    },
  });
  const timestamp = String(Math.floor(Date.now() / 1000));
  const signature = sign(null, Buffer.from(`${timestamp}|${body}`), telnyxKeys.privateKey).toString("base64");
  return fetch(`http://127.0.0.1:${server.port}/telephony/telnyx/events`, {
    method: "POST",
    headers: { "Content-Type": "application/json", "telnyx-timestamp": timestamp, "telnyx-signature-ed25519": signature },
    body,
  });
}

type Closed = { code: number; reason: string; afterMs: number };

/** Opens a carrier media stream, sends `frames`, and waits for the server to close it. */
function mediaStream(server: ServerProcess, carrier: "twilio" | "telnyx", frames: unknown[]): Promise<Closed> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(`ws://127.0.0.1:${server.port}/telephony/${carrier}/media`);
    let sentAt = 0;
    socket.once("open", () => {
      sentAt = Date.now();
      for (const frame of frames) socket.send(JSON.stringify(frame));
    });
    socket.once("error", reject);
    socket.once("close", (code, reason) => resolve({ code, reason: reason.toString(), afterMs: Date.now() - sentAt }));
  });
}

const twilioStart = (callId: string | undefined) => [
  { event: "connected", protocol: "Call", version: "1.0.0" },
  {
    event: "start",
    sequenceNumber: "1",
    streamSid: `MZ${"1".repeat(32)}`,
    start: {
      streamSid: `MZ${"1".repeat(32)}`,
      accountSid: twilio.accountSid,
      callSid: `CA${"2".repeat(32)}`,
      tracks: ["inbound"],
      mediaFormat: { encoding: "audio/x-mulaw", sampleRate: 8000, channels: 1 },
      customParameters: callId === undefined ? { token: "t" } : { call_id: callId, token: "t" },
    },
  },
];

const telnyxStart = (callId: string) => [
  { event: "connected", version: "1.0.0" },
  {
    event: "start",
    sequence_number: "1",
    stream_id: randomUUID(),
    start: {
      call_control_id: `v3:${randomUUID()}`,
      media_format: { encoding: "PCMU", sample_rate: 8000, channels: 1 },
      client_state: Buffer.from(JSON.stringify({ call_id: callId, stream: { token: "t" } })).toString("base64"),
    },
  },
];

/** A WebSocket handshake that the server refuses: its HTTP status. */
function refusedUpgrade(server: ServerProcess, path: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(`ws://127.0.0.1:${server.port}${path}`);
    socket.once("unexpected-response", (_request, response) => {
      resolve(response.statusCode ?? 0);
      socket.terminate();
    });
    socket.once("open", () => reject(new Error(`${path} was accepted`)));
    socket.once("error", () => undefined);
  });
}

const lineCount = (server: ServerProcess) => server.output().split("\n").length;

async function stillServing(server: ServerProcess): Promise<void> {
  expect(server.child.exitCode, server.output()).toBeNull();
  expect(server.child.signalCode).toBeNull();
  expect((await fetch(`http://127.0.0.1:${server.port}/api/health`)).status).toBe(200);
  // Nothing was written: no call was created by any of it.
  const calls = await fetch(`http://127.0.0.1:${server.port}/v1/calls?limit=5`, { headers: { "x-api-key": server.apiKey } });
  expect((await calls.json()).data).toEqual([]);
}

// Next.js (the normal mode) is loaded as `next dev` here: ~15 s to start, so the normal mode runs on one database project only.
const modes: ServerMode[] = process.env.TEST_DB === "postgres" ? ["api-only"] : ["api-only", "studio"];

describe.each(modes)("malformed ids from outside, %s server", (mode) => {
  let server: ServerProcess;
  beforeAll(async () => {
    server = await startServerProcess(carrierEnv, { mode });
  }, 120_000);
  afterAll(async () => {
    await server?.cleanUp();
  });

  it("carrier media streams: a start with a malformed call_id is closed 1008 at once, with one log line, and the process stays up", async () => {
    for (const [name, id] of malformedIds) {
      const before = lineCount(server);
      for (const [carrier, frames] of [
        ["twilio", twilioStart(id)],
        ["telnyx", telnyxStart(id)],
      ] as const) {
        const closed = await mediaStream(server, carrier, frames);
        expect(closed.code, `${carrier} ${name}`).toBe(1008);
        expect(closed.afterMs, `${carrier} ${name}`).toBeLessThan(2_000);
      }
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect(lineCount(server) - before, `log lines for two refused streams (${name}):\n${server.output().slice(-2000)}`).toBeLessThanOrEqual(2);
    }
    // No call_id at all, and a start that is not a start (no streamSid, callSid): refused the same way.
    expect((await mediaStream(server, "twilio", twilioStart(undefined))).code).toBe(1008);
    const malformedStart = await mediaStream(server, "twilio", [{ event: "start", start: { customParameters: { call_id: "0".repeat(36) } } }]);
    expect(malformedStart.code).toBe(1008);
    expect(malformedStart.afterMs).toBeLessThan(2_000);
    await stillServing(server);
  });

  it("Twilio webhooks (voice, status, amd, transfer), validly signed, with a malformed call_id: 400, nothing done", async () => {
    const fields = { AccountSid: twilio.accountSid, CallSid: `CA${"3".repeat(32)}`, CallStatus: "completed", CallDuration: "5", Direction: "outbound-api" };
    for (const [name, id] of malformedIds) {
      for (const leaf of ["voice", "status", "amd", "transfer"]) {
        const extra: Record<string, string> = leaf === "amd" ? { AnsweredBy: "human" } : leaf === "transfer" ? { DialCallStatus: "completed" } : {};
        const response = await twilioWebhook(server, `/telephony/twilio/${leaf}?call_id=${encodeURIComponent(id)}`, { ...fields, ...extra });
        expect(response.status, `${leaf} ${name}: ${await response.clone().text()}`).toBe(400);
      }
    }
    // The same request with a well-formed id of no call is acknowledged (and changes nothing).
    expect((await twilioWebhook(server, `/telephony/twilio/status?call_id=${randomUUID()}`, fields)).status).toBe(200);
    await stillServing(server);
  });

  it("Telnyx events, validly signed, whose client_state names a malformed call_id: 400, nothing done", async () => {
    for (const [name, id] of malformedIds) {
      for (const state of [{ call_id: id }, { call_id: id, leg: "transfer", to: "+14155550100" }]) {
        const response = await telnyxWebhook(server, "call.hangup", state);
        expect(response.status, `${name} ${JSON.stringify(state)}: ${await response.clone().text()}`).toBe(400);
      }
    }
    expect((await telnyxWebhook(server, "call.hangup", { call_id: 42 })).status).toBe(400);
    expect((await telnyxWebhook(server, "call.hangup", { call_id: randomUUID() })).status).toBe(200);
    await stillServing(server);
  });

  it("web calls: a malformed id in the media socket's or a session endpoint's path is 404 before any look-up", async () => {
    for (const [name, id] of malformedIds.filter(([, id]) => id !== "")) {
      const segment = encodeURIComponent(id);
      expect(await refusedUpgrade(server, `/v1/calls/web/${segment}/media?session_token=wcs_x`), name).toBe(404);
      for (const [method, leaf] of [
        ["GET", "events"],
        ["POST", "turns"],
        ["POST", "hangup"],
      ]) {
        const response = await fetch(`http://127.0.0.1:${server.port}/v1/calls/web/${segment}/${leaf}?session_token=wcs_x`, {
          method,
          headers: { authorization: "Bearer wcs_x", "content-type": "application/json" },
          body: method === "POST" ? JSON.stringify({ text: "hi" }) : undefined,
        });
        expect(response.status, `${method} ${leaf} ${name}`).toBe(404);
        expect((await response.json()).error.type).toBe("not_found");
      }
    }
    await stillServing(server);
  });
});
