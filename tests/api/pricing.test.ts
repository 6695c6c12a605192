import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { priceCall } from "@/lib/services/calls/call-cost";
import { insertAgent, insertCall } from "../helpers/fixtures";
import { createTestApi, type TestApi } from "../helpers/test-api";

let api: TestApi;
let org: { apiKey: string; organizationId: string };
let other: { apiKey: string; organizationId: string };

const defaults = {
  telephony_per_minute: 0.014,
  llm_input_per_million_tokens: 0.15,
  llm_output_per_million_tokens: 0.6,
  text_to_speech_per_million_characters: 15,
  speech_to_text_per_minute: 0.006,
};

beforeAll(async () => {
  api = await createTestApi();
  org = await api.createOrganization("Owner");
  other = await api.createOrganization("Other");
});
afterAll(async () => api?.close());

describe("/v1/pricing", () => {
  it("starts at the defaults", async () => {
    const body = await (await api.request("GET", "/v1/pricing", { apiKey: org.apiKey })).json();
    expect(body).toMatchObject({ status: 200, error: null });
    expect(body.data).toEqual({ currency: "USD", ...defaults, defaults, overridden: [] });
  });

  it("changes some prices, resets one with null, and leaves other organizations alone", async () => {
    const set = await api.request("PATCH", "/v1/pricing", { apiKey: org.apiKey, body: { telephony_per_minute: 0.02, llm_output_per_million_tokens: 0 } });
    expect(set.status).toBe(200);
    expect((await set.json()).data).toMatchObject({ telephony_per_minute: 0.02, llm_output_per_million_tokens: 0, llm_input_per_million_tokens: 0.15, overridden: ["telephony_per_minute", "llm_output_per_million_tokens"] });

    const reset = await (await api.request("PATCH", "/v1/pricing", { apiKey: org.apiKey, body: { llm_output_per_million_tokens: null } })).json();
    expect(reset.data).toMatchObject({ telephony_per_minute: 0.02, llm_output_per_million_tokens: 0.6, overridden: ["telephony_per_minute"] });
    expect((await (await api.request("GET", "/v1/pricing", { apiKey: org.apiKey })).json()).data.telephony_per_minute).toBe(0.02);
    expect((await (await api.request("GET", "/v1/pricing", { apiKey: other.apiKey })).json()).data.telephony_per_minute).toBe(0.014);
  });

  it("refuses negative or non-numeric prices and unknown fields, naming each, and changes nothing", async () => {
    const res = await api.request("PATCH", "/v1/pricing", {
      apiKey: org.apiKey,
      body: { telephony_per_minute: -1, speech_to_text_per_minute: "cheap", text_to_speech_per_million_characters: 1, storage_per_gb: 1 },
    });
    expect(res.status).toBe(400);
    const body = await res.json();
    expect(body.error.type).toBe("generic_error");
    expect(body.error.details.map((d: { field: string }) => d.field).sort()).toEqual(["speech_to_text_per_minute", "storage_per_gb", "telephony_per_minute"]);
    const now = (await (await api.request("GET", "/v1/pricing", { apiKey: org.apiKey })).json()).data;
    expect(now.text_to_speech_per_million_characters).toBe(15);
  });
});

describe("call cost", () => {
  it("prices a phone call from its duration and usage with the organization's table, and keeps the breakdown", async () => {
    await api.request("PATCH", "/v1/pricing", {
      apiKey: org.apiKey,
      body: { telephony_per_minute: 0.02, llm_input_per_million_tokens: 2.5, llm_output_per_million_tokens: 10, text_to_speech_per_million_characters: 30, speech_to_text_per_minute: 0.01 },
    });
    const agentId = await insertAgent(api.db, org.organizationId);
    const callId = await insertCall(api.db, org.organizationId, agentId, {
      durationSeconds: 150,
      redirectDurationSeconds: 30,
      usage: { llm_input_tokens: 12_000, llm_output_tokens: 800, tts_characters: 2_400, stt_seconds: 90 },
    });
    // telephony 180 s = 3 min × 0.02 = 0.06; STT 1.5 min × 0.01 = 0.015; TTS 2,400 × 30 / 1e6 = 0.072;
    // LLM 12,000 × 2.5 / 1e6 + 800 × 10 / 1e6 = 0.03 + 0.008 = 0.038; total 0.185.
    expect(await priceCall(api.db, callId)).toEqual({ cost: 0.185, breakdown: { telephony: 0.06, speech_to_text: 0.015, text_to_speech: 0.072, llm: 0.038 } });
    const call = (await (await api.request("GET", `/v1/calls/${callId}`, { apiKey: org.apiKey })).json()).data;
    expect(call.cost).toBe(0.185);
    expect(call.cost_breakdown).toEqual({ telephony: 0.06, speech_to_text: 0.015, text_to_speech: 0.072, llm: 0.038 });
    // Pricing again gives the same figures, not twice the cost.
    await priceCall(api.db, callId);
    expect((await (await api.request("GET", `/v1/calls/${callId}`, { apiKey: org.apiKey })).json()).data.cost).toBe(0.185);
  });

  it("charges no telephony for a web call, and only telephony for a call without runtime usage (defaults)", async () => {
    const agentId = await insertAgent(api.db, other.organizationId);
    const web = await insertCall(api.db, other.organizationId, agentId, {
      type: "web_call",
      fromNumber: null,
      toNumber: null,
      durationSeconds: 600,
      usage: { llm_input_tokens: 1_000_000, llm_output_tokens: 100_000, tts_characters: 10_000, stt_seconds: 300 },
    });
    // 0.15 + 0.06 LLM; 10,000 × 15 / 1e6 = 0.15 TTS; 5 min × 0.006 = 0.03 STT.
    expect(await priceCall(api.db, web)).toEqual({ cost: 0.39, breakdown: { telephony: 0, speech_to_text: 0.03, text_to_speech: 0.15, llm: 0.21 } });
    const phone = await insertCall(api.db, other.organizationId, agentId, { durationSeconds: 61 });
    // 61 s at 0.014 a minute = 0.014233…, kept to 6 decimals.
    expect(await priceCall(api.db, phone)).toEqual({ cost: 0.014233, breakdown: { telephony: 0.014233, speech_to_text: 0, text_to_speech: 0, llm: 0 } });
  });
});
