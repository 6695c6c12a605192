import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApiKey } from "@/lib/auth/api-keys";
import { createOrganizationWithOwner } from "@/lib/auth/organizations";
import { buildConsoleContext } from "@/lib/server/console-context";
import { insertAgent, insertPhoneNumber } from "../helpers/fixtures";
import { createTestApi, type TestApi } from "../helpers/test-api";

/**
 * `started_by` (extension): a call started through /v1 keeps who started it, so the studio can say
 * what a web call is: a member in the studio (the console key acting for them), or an API key.
 */
let api: TestApi;
let organizationId: string;
let ownerId: string;
let agentId: string;
let widgetKey: { id: string; apiKey: string; prefix: string };
const FROM = "+14155550140";

beforeAll(async () => {
  // Starting a web call asks no model; the provider only has to look configured.
  api = await createTestApi({ runtime: { env: { OPENAI_API_KEY: "sk-test", OPENAI_BASE_URL: "http://127.0.0.1:9/v1" } } });
  ({ organizationId, userId: ownerId } = await createOrganizationWithOwner(api.db, {
    name: "Starters",
    ownerEmail: "ada@starters.test",
    ownerName: "Ada Lovelace",
    ownerPassword: "owner-password",
  }));
  const created = await createApiKey(api.db, { organizationId, name: "Website widget" });
  widgetKey = { id: created.id, apiKey: created.apiKey, prefix: created.summary.prefix };
  agentId = await insertAgent(api.db, organizationId);
  await insertPhoneNumber(api.db, organizationId, FROM);
});

afterAll(async () => api?.close());

async function studioClient() {
  const result = await buildConsoleContext({ db: api.db, userId: ownerId, requestedOrganizationId: organizationId, origin: "http://studio.test", app: api.app });
  if (!result.ok) throw new Error(result.reason);
  return result.context.api;
}

async function startedBy(callId: string) {
  const single = await (await api.request("GET", `/v1/calls/${callId}`, { apiKey: widgetKey.apiKey })).json();
  // The list is written from Postgres' text without parsing (call-list-json): it must say the same.
  const listed = await (await api.request("GET", "/v1/calls?limit=1000", { apiKey: widgetKey.apiKey })).json();
  const inList = (listed.data as { id: string; started_by: unknown }[]).find((call) => call.id === callId)!;
  expect(inList.started_by).toEqual(single.data.started_by);
  return single.data.started_by;
}

describe("started_by", () => {
  it("names the API key (name and prefix, never the key) of a web call started through the API", async () => {
    const response = await api.request("POST", "/v1/calls/web", { apiKey: widgetKey.apiKey, body: { agent_id: agentId, mode: "text" } });
    expect(response.status).toBe(201);
    const { data } = await response.json();
    expect(data.call.started_by).toEqual({ source: "api", user: null, api_key: { id: widgetKey.id, name: "Website widget", prefix: widgetKey.prefix } });
    expect(await startedBy(data.call_id)).toEqual(data.call.started_by);
    expect(JSON.stringify(data.call)).not.toContain(widgetKey.apiKey);
  });

  it("names the member who started a web call in the studio, not the studio's own key", async () => {
    const studio = await studioClient();
    const session = await studio.post<{ call_id: string }>("/calls/web", { agent_id: agentId, mode: "text" });
    expect(await startedBy(session.call_id)).toEqual({
      source: "studio",
      user: { id: ownerId, name: "Ada Lovelace", email: "ada@starters.test" },
      api_key: null,
    });
  });

  it("is kept on outbound phone calls too, and is null on calls nobody started through the API", async () => {
    const response = await api.request("POST", "/v1/calls/phone", { apiKey: widgetKey.apiKey, body: { from_number: FROM, to_number: "+14155550123", agent_id: agentId } });
    expect(response.status).toBe(201);
    const { data } = await response.json();
    expect(await startedBy(data.call_id)).toMatchObject({ source: "api", api_key: { name: "Website widget" } });

    const studio = await studioClient();
    const fromStudio = await studio.post<{ call_id: string }>("/calls/phone", { from_number: FROM, to_number: "+14155550124", agent_id: agentId });
    expect(await startedBy(fromStudio.call_id)).toMatchObject({ source: "studio", user: { email: "ada@starters.test" } });
  });
});
