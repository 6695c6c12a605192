import { readFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createVoiceAgentClient } from "../../clients/typescript/index.js";
import { CLIENT_DIR, clientFiles } from "../../scripts/openapi/client-files";
import { createTestApi, type TestApi } from "../helpers/test-api";

/** The published TypeScript client (clients/typescript): generated from the document the API serves, and usable. */
const root = path.resolve(__dirname, "../..");
let api: TestApi;
let apiKey: string;

beforeAll(async () => {
  api = await createTestApi();
  ({ apiKey } = await api.createOrganization());
});
afterAll(async () => api?.close());

describe("the published TypeScript client", () => {
  it("is generated from the document this API serves (run `npm run client:generate` after changing a route)", async () => {
    const document = await (await api.app.request("http://localhost:3000/v1/openapi.json")).json();
    const expected = await clientFiles(document);
    for (const [name, contents] of Object.entries(expected)) {
      expect(readFileSync(path.join(root, CLIENT_DIR, name), "utf8") === contents, `${CLIENT_DIR}/${name} is out of date`).toBe(true);
    }
  }, 60_000);

  it("calls the API with typed paths, bodies and answers, and sends an agent back as read", async () => {
    const voice = createVoiceAgentClient({ baseUrl: "http://localhost:3000/", apiKey, fetch: (request) => Promise.resolve(api.app.fetch(request)) });
    const created = await voice.POST("/v1/agents", {
      body: { name: "Desk", initial_state_name: "main", states: [{ name: "main", prompt: "Help.", llm: null }] },
    });
    expect(created.error).toBeUndefined();
    const agentId = created.data!.data.id;
    const read = await voice.GET("/v1/agents/{agent_id}", { params: { path: { agent_id: agentId } } });
    expect(read.data!.data.states[0].llm).toBeNull();
    const updated = await voice.PATCH("/v1/agents/{agent_id}", { params: { path: { agent_id: agentId } }, body: { ...read.data!.data, name: "Front desk" } });
    expect(updated.response.status).toBe(200);
    expect(updated.data!.data).toMatchObject({ name: "Front desk", version: 2 });

    const calls = await voice.GET("/v1/calls", { params: { query: { limit: 5, call_type: "phone_call" } } });
    expect(calls.data).toMatchObject({ data: [], next_cursor: null, status: 200 });
    const missing = await voice.GET("/v1/phone-numbers/{phone_number_id}", { params: { path: { phone_number_id: crypto.randomUUID() } } });
    expect(missing.response.status).toBe(404);
    expect(missing.error?.error.type).toBe("not_found");
  });
});
