import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { calls } from "@/lib/db/schema";
import { encodeClientState } from "@/lib/telephony/telnyx/client-state";
import { TelephonyServer } from "../helpers/carriers/telephony-server";
import { TelnyxDouble } from "../helpers/carriers/telnyx-double";
import { insertAgent, insertCall } from "../helpers/fixtures";

let telnyx: TelnyxDouble;
let server: TelephonyServer;
let organizationId: string;
let agentId: string;

beforeAll(async () => {
  telnyx = await TelnyxDouble.start();
  // One deployment with both carriers' accounts, as a single tenant would configure them.
  server = await TelephonyServer.start({
    telnyx,
    env: { TELNYX_API_KEY: telnyx.apiKey, TELNYX_PUBLIC_KEY: telnyx.publicKey, TELNYX_CONNECTION_ID: telnyx.connectionId, TWILIO_ACCOUNT_SID: `AC${"7".repeat(32)}`, TWILIO_AUTH_TOKEN: "token" },
  });
  organizationId = (await server.api.createOrganization("Both carriers")).organizationId;
  agentId = await insertAgent(server.api.db, organizationId);
});

afterAll(async () => {
  await telnyx?.close();
  await server?.close();
});

const liveCall = (carrier: "twilio" | "telnyx", carrierCallId: string) =>
  insertCall(server.api.db, organizationId, agentId, {
    status: "in_progress",
    carrier,
    carrierCallId,
    startTime: new Date(Date.now() - 60_000),
    answeredAt: new Date(Date.now() - 50_000),
    endTime: null,
    endReason: null,
    durationSeconds: null,
    cost: null,
  });

/** A `call.hangup` exactly as Telnyx signs it, whose client_state names `callId`. */
async function telnyxHangup(callId: string, callControlId: string): Promise<Response> {
  const body = JSON.stringify({
    data: {
      record_type: "event",
      event_type: "call.hangup",
      id: randomUUID(),
      occurred_at: new Date().toISOString(),
      payload: { call_control_id: callControlId, connection_id: telnyx.connectionId, client_state: encodeClientState({ call_id: callId }), hangup_cause: "normal_clearing", hangup_source: "callee" },
    },
  });
  return fetch(`${server.publicBaseUrl}/telephony/telnyx/events`, { method: "POST", headers: { "Content-Type": "application/json", ...telnyx.signedHeaders(body) }, body });
}

const statusOf = async (callId: string) => (await server.api.db.select({ status: calls.status, endReason: calls.endReason }).from(calls).where(eq(calls.id, callId)))[0];

describe("carrier events move only their own carrier's calls", () => {
  it("a validly signed Telnyx hangup naming a Twilio call (by our id or by its CallSid) leaves it running", async () => {
    const twilioSid = `CA${"8".repeat(32)}`;
    const twilioCall = await liveCall("twilio", twilioSid);
    expect((await telnyxHangup(twilioCall, `v3:${randomUUID()}`)).status).toBe(200);
    expect((await telnyxHangup(twilioCall, twilioSid)).status).toBe(200);
    expect(await statusOf(twilioCall)).toEqual({ status: "in_progress", endReason: null });

    // The same event for a Telnyx call ends it: the request itself was accepted and acted on.
    const callControlId = `v3:${randomUUID()}`;
    const telnyxCall = await liveCall("telnyx", callControlId);
    expect((await telnyxHangup(telnyxCall, callControlId)).status).toBe(200);
    expect(await statusOf(telnyxCall)).toEqual({ status: "ended", endReason: "user_hangup" });
  });
});
