import { afterAll, beforeAll, expect, it } from "vitest";
import { toneDurationMs } from "../helpers/audio-analysis";
import { until } from "../helpers/carriers/double-http";
import { TelephonyServer } from "../helpers/carriers/telephony-server";
import { TwilioDouble } from "../helpers/carriers/twilio-double";
import { insertAgent } from "../helpers/fixtures";

let double: TwilioDouble;
let server: TelephonyServer;

beforeAll(async () => {
  double = await TwilioDouble.start();
  server = await TelephonyServer.start({ twilio: double, env: { TWILIO_ACCOUNT_SID: double.accountSid, TWILIO_AUTH_TOKEN: double.authToken } });
});

afterAll(async () => {
  await double?.close();
  await server?.close();
});

it("20 concurrent outbound calls: every caller hears its greeting in full, in real time, and every call ends once", async () => {
  const org = await server.api.createOrganization("Busy");
  const agentId = await insertAgent(server.api.db, org.organizationId);
  double.addNumber("+14155550300");
  await server.request("POST", "/v1/phone-numbers", { apiKey: org.apiKey, body: { number: "+14155550300" } });
  server.script = { greeting: "Hello, this is your reminder call." };
  const count = 20;
  const ids = await Promise.all(
    Array.from({ length: count }, async (_, i) => {
      const res = await server.request("POST", "/v1/calls/phone", { apiKey: org.apiKey, body: { from_number: "+14155550300", to_number: `+1415555${String(1000 + i)}`, agent_id: agentId } });
      expect(res.status).toBe(201);
      return (await res.json()).data.call_id as string;
    }),
  );
  await until(() => [...double.calls.values()].filter((call) => call.peer).length === count, 30_000, "20 streams");
  const tone = server.voice.frequencyOf("Hello, this is your reminder call.");
  const full = server.voice.durationMs("Hello, this is your reminder call.");
  const streams = [...double.calls.values()].filter((call) => call.peer);
  await until(() => streams.every((call) => toneDurationMs(call.peer!.heardAudio(), 8000, tone) >= full - 60), 30_000, "every greeting");
  for (const call of streams) expect(call.peer!.protocolErrors).toEqual([]);
  // Each stream carried its own call's id: no crossed conversations.
  expect(new Set(streams.map((call) => call.streams[0].parameters.call_id))).toEqual(new Set(ids));
  await Promise.all(streams.map((call) => double.hangUp(call)));
  const deadline = Date.now() + 15_000;
  let ended = 0;
  while (Date.now() < deadline) {
    const list = (await (await server.request("GET", "/v1/calls?limit=100", { apiKey: org.apiKey })).json()).data as { status: string; end_reason: string }[];
    ended = list.filter((call) => call.status === "ended" && call.end_reason === "user_hangup").length;
    if (ended === count) break;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  expect(ended).toBe(count);
}, 90_000);
