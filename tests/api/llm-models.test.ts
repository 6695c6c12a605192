import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FAKE_MODELS, startFakeOpenAiServer, type FakeOpenAiServer } from "../helpers/fake-openai-server";
import { createTestApi, type TestApi } from "../helpers/test-api";

let api: TestApi;
let key: string;
let llm: FakeOpenAiServer;
const saved: Record<string, string | undefined> = {};

beforeAll(async () => {
  api = await createTestApi();
  ({ apiKey: key } = await api.createOrganization());
  llm = await startFakeOpenAiServer(() => ({ text: "unused" }));
});
afterAll(async () => {
  for (const [name, value] of Object.entries(saved)) {
    if (value === undefined) delete process.env[name];
    else process.env[name] = value;
  }
  await llm?.close();
  await api?.close();
});

function setEnv(values: Record<string, string | undefined>) {
  for (const [name, value] of Object.entries(values)) {
    if (!(name in saved)) saved[name] = process.env[name];
    if (value === undefined) delete process.env[name];
    else process.env[name] = value;
  }
}

const models = async (provider: string) => {
  const res = await api.request("GET", `/v1/llm-models?provider=${provider}`, { apiKey: key });
  return { status: res.status, body: await res.json() };
};

describe("GET /v1/llm-models", () => {
  it("lists the models the provider's own GET /models offers", async () => {
    setEnv({ OPENAI_BASE_URL: llm.url, OPENAI_API_KEY: "sk-test", OPENAI_COMPATIBLE_BASE_URL: llm.url });
    const { status, body } = await models("openai");
    expect(status).toBe(200);
    expect(body.data).toEqual({ provider: "openai", source: "provider", models: [...FAKE_MODELS].sort(), message: null });
    expect((await models("openai_compatible")).body.data.models).toEqual([...FAKE_MODELS].sort());
  });

  it("says why there is no list: Azure deployments, a provider not configured", async () => {
    expect((await models("azure_openai")).body.data).toMatchObject({ source: "none", models: [], message: expect.stringMatching(/deployment/) });
    setEnv({ OPENAI_COMPATIBLE_BASE_URL: undefined, OPENAI_API_KEY: undefined });
    expect((await models("openai_compatible")).body.data).toMatchObject({ source: "none", message: expect.stringMatching(/not configured/) });
    expect((await models("openai")).body.data).toMatchObject({ source: "none", message: expect.stringMatching(/OPENAI_API_KEY/) });
  });

  it("refuses an unknown provider in words", async () => {
    const { status, body } = await models("skynet");
    expect(status).toBe(400);
    expect(body.error.details).toEqual([{ field: "provider", message: "Must be one of openai, azure_openai, openai_compatible, openai_realtime" }]);
  });
});
