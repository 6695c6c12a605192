import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApi, type TestApi } from "../helpers/test-api";

// The warm-transfer extensions of transfer_call: accepted where they do something, refused (400 naming
// the field) where they would do nothing.

let api: TestApi;
let key: string;
beforeAll(async () => {
  api = await createTestApi();
  ({ apiKey: key } = await api.createOrganization());
});
afterAll(async () => api?.close());

const agentWith = (tool: Record<string, unknown>) => ({ name: "Warm", initial_state_name: "main", states: [{ name: "main", prompt: "Help.", tools: [tool] }] });
async function post(tool: Record<string, unknown>) {
  const res = await api.request("POST", "/v1/agents", { apiKey: key, body: agentWith(tool) });
  return { status: res.status, body: await res.json() };
}

describe("transfer_call warm fields", () => {
  it("round-trips a warm transfer; transfer_timeout_seconds defaults to 30; a cold one stays as it was", async () => {
    const warm = await post({ type: "transfer_call", transfer_phone_number: "+14155550199", transfer_mode: "warm", whisper_message: "Caller {{from_number}}.", hold_audio_url: "https://example.com/hold.wav" });
    expect(warm.status).toBe(200);
    expect(warm.body.data.states[0].tools[0]).toMatchObject({
      type: "transfer_call",
      transfer_mode: "warm",
      whisper_message: "Caller {{from_number}}.",
      hold_audio_url: "https://example.com/hold.wav",
      transfer_timeout_seconds: 30,
    });
    const cold = await post({ type: "transfer_call", transfer_phone_number: "+14155550199" });
    expect(cold.body.data.states[0].tools[0]).not.toHaveProperty("transfer_mode");
    expect(cold.body.data.states[0].tools[0]).not.toHaveProperty("transfer_timeout_seconds");
  });

  it.each([
    [{ type: "hang_up", transfer_mode: "warm" }, "states[0].tools[0].transfer_mode"],
    [{ type: "transfer_call", transfer_phone_number: "+14155550199", transfer_mode: "lukewarm" }, "states[0].tools[0].transfer_mode"],
    [{ type: "transfer_call", transfer_phone_number: "+14155550199", hold_audio_url: "https://example.com/a.wav" }, "states[0].tools[0].hold_audio_url"],
    [{ type: "transfer_call", transfer_phone_number: "+14155550199", transfer_mode: "cold", whisper_message: "Hi" }, "states[0].tools[0].whisper_message"],
    [{ type: "transfer_call", transfer_phone_number: "+14155550199", transfer_mode: "warm", transfer_timeout_seconds: 2 }, "states[0].tools[0].transfer_timeout_seconds"],
    [{ type: "transfer_call", transfer_phone_number: "+14155550199", transfer_mode: "warm", hold_audio_url: "ftp://example.com/a.wav" }, "states[0].tools[0].hold_audio_url"],
    [{ type: "transfer_call", transfer_mode: "warm" }, "states[0].tools[0].transfer_phone_number"],
  ])("refuses %j naming %s", async (tool, field) => {
    const { status, body } = await post(tool);
    expect(status).toBe(400);
    expect(body.error.details.map((detail: { field: string }) => detail.field)).toContain(field);
  });

  it("the OpenAPI document marks the fields as extensions", async () => {
    const doc = await (await api.request("GET", "/v1/openapi.json")).json();
    const tool = doc.components.schemas.BuiltInTool.properties;
    for (const name of ["transfer_mode", "hold_audio_url", "whisper_message", "transfer_timeout_seconds"]) expect(tool[name].description).toMatch(/^Extension/);
  });
});
