import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { calls } from "@/lib/db/schema";
import type { CallTransfer } from "@/lib/schemas/call-values";
import { createTestApi, type TestApi } from "../helpers/test-api";
import { voiceAgent } from "../helpers/voice-call";

// A transfer that took the caller ends the conversation's stream; the carrier's transfer status and the
// conversation's end are written by different requests, in either order. Here the transfer is on the
// row first (the order the warm-transfer tests rarely meet), then the caller's side closes.

let api: TestApi;
let org: { organizationId: string; apiKey: string };
let agentId: string;

beforeAll(async () => {
  api = await createTestApi({ runtime: { env: { OPENAI_API_KEY: "sk-test", OPENAI_BASE_URL: "http://127.0.0.1:9/v1" } } });
  org = await api.createOrganization();
  const created = await (await api.request("POST", "/v1/agents", { apiKey: org.apiKey, body: voiceAgent() })).json();
  agentId = created.data.id;
});

afterAll(async () => {
  await api.close();
});

async function endedWith(transfer: CallTransfer | null): Promise<string> {
  const started = await api.request("POST", "/v1/calls/web", { apiKey: org.apiKey, body: { agent_id: agentId, mode: "text" } });
  const body = await started.json();
  expect(started.status, JSON.stringify(body)).toBe(201);
  const { call_id: callId, session_token: token } = body.data;
  await api.db.update(calls).set({ transfer }).where(eq(calls.id, callId));
  const hangup = await api.request("POST", `/v1/calls/web/${callId}/hangup`, { headers: { Authorization: `Bearer ${token}` } });
  expect(hangup.status).toBe(200);
  const record = (await (await api.request("GET", `/v1/calls/${callId}`, { apiKey: org.apiKey })).json()).data;
  expect(record.status).toBe("ended");
  return record.end_reason;
}

describe("the end reason when the caller's side closes", () => {
  it("is transferred once a warm transfer was answered or completed, whichever was written first", async () => {
    expect(await endedWith({ to: "+14155550699", status: "completed", duration_seconds: null, mode: "warm" })).toBe("transferred");
    expect(await endedWith({ to: "+14155550699", status: "answered", duration_seconds: null, mode: "warm" })).toBe("transferred");
  });

  it("is transferred once a cold transfer was dialled on, even if the destination was busy", async () => {
    expect(await endedWith({ to: "+14155550699", status: "busy", duration_seconds: null })).toBe("transferred");
  });

  it("stays user_hangup without a transfer, while one is dialling, and after a warm one failed", async () => {
    expect(await endedWith(null)).toBe("user_hangup");
    expect(await endedWith({ to: "+14155550699", status: "dialing", duration_seconds: null, mode: "warm" })).toBe("user_hangup");
    expect(await endedWith({ to: "+14155550699", status: "dialing", duration_seconds: null })).toBe("user_hangup");
    expect(await endedWith({ to: "+14155550699", status: "declined", duration_seconds: null, mode: "warm" })).toBe("user_hangup");
  });
});
