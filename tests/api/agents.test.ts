import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { agentVersions, calls, phoneNumbers, postCallQuestions } from "@/lib/db/schema";
import { minimalAgent, richAgent } from "../helpers/agent-documents";
import { insertCall, insertPhoneNumber } from "../helpers/fixtures";
import { createTestApi, type TestApi } from "../helpers/test-api";

let api: TestApi;
let key: string;
let orgId: string;
/** The server's environment: which speech providers it has keys for decides a new agent's. */
const env: Record<string, string> = {};

beforeAll(async () => {
  api = await createTestApi({ runtime: { env } });
  ({ apiKey: key, organizationId: orgId } = await api.createOrganization());
});
afterAll(async () => api?.close());

const send = (method: string, path: string, body?: unknown, apiKey = key) => api.request(method, path, { apiKey, body });
async function create(body: unknown) {
  const res = await send("POST", "/v1/agents", body);
  return { res, body: await res.json() };
}
const fields = (body: { error: { details: { field: string }[] } }) => body.error.details.map((d) => d.field);

describe("POST /v1/agents", () => {
  it("round-trips a rich agent field by field", async () => {
    const input = richAgent();
    const { res, body } = await create(input);
    expect(res.status).toBe(200);
    expect(body.error).toBeNull();
    const agent = body.data;
    expect(agent.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(agent.version).toBe(1);
    const { states, ...settings } = input;
    const lookup = states[0].tools[0] as { parameters: unknown; response_mapping: unknown };
    expect(agent).toMatchObject(settings);
    expect(agent.states[0]).toEqual({ ...states[0], tools: [{ ...states[0].tools[0], timeout_ms: 10000 }, states[0].tools[1]] });
    expect(agent.states[0].tools[0].parameters).toEqual(lookup.parameters);
    expect(agent.states[0].tools[0].response_mapping).toEqual(lookup.response_mapping);
    expect(agent.states[0].tools[0].headers).toEqual([{ name: "Authorization", value: "Bearer abc", description: "API token" }]);
    expect(agent.states[1]).toMatchObject({ name: "confirm", x_position: 400, y_position: 50, features: { entity_detection: false } });
    // Omitted state fields are filled with their defaults.
    expect(agent.states[2]).toMatchObject({ transitions: [], variables: [], x_position: null, y_position: null, llm: null, features: { entity_detection: false } });
    expect(agent.states[2].tools.map((t: { type: string }) => t.type)).toEqual(["transfer_call", "leave_voicemail_message"]);

    const fetched = await (await send("GET", `/v1/agents/${agent.id}`)).json();
    expect(fetched.data).toEqual(agent);
  });

  it("lists call variables, state variables and destination variables once each", async () => {
    const { body } = await create(richAgent());
    expect(body.data.variables.map((v: { name: string }) => v.name)).toEqual([
      "from_number",
      "to_number",
      "call_start_time",
      "call_id",
      "party_size",
      "booking_time",
      "confirmed",
      "offered_time",
      "reservation_id",
    ]);
    expect(body.data.variables.find((v: { name: string }) => v.name === "booking_time")).toEqual({
      name: "booking_time",
      type: "datetime",
      description: "When",
      extraction_instructions: "ISO 8601",
    });
  });

  it("fills documented defaults for a minimal agent", async () => {
    const { res, body } = await create(minimalAgent());
    expect(res.status).toBe(200);
    expect(body.data).toMatchObject({
      language: "en-US",
      initial_message: null,
      initial_message_delay: 0,
      max_call_duration: 1800,
      presence_check_phrases: ["Are you still there?"],
      presence_check_idle_threshold: 10,
      presence_check_max_times: 2,
      base_prompt: "",
      // A server with no speech keys: the browser speaks and listens.
      voice: { provider: "browser", name: "alloy", instructions: "", speed: 1 },
      llm: { provider: "openai", model: "gpt-4o-mini", temperature: 0.7 },
      transcriber: { provider: "browser" },
      secure_recording_urls: false,
      interruptions: true,
      interruptions_sensitivity: "medium",
      webhook_url: null,
      webhook_subscriptions: [],
      custom_vocabulary: [],
      knowledge_base_ids: [],
    });
  });

  it("a new agent's voice and transcriber follow the server's keys (OpenAI, Deepgram, ElevenLabs/Cartesia, Azure), each voice its provider's default", async () => {
    const cases: [Record<string, string>, unknown, unknown][] = [
      [{ OPENAI_API_KEY: "sk", DEEPGRAM_API_KEY: "dg" }, { provider: "openai", name: "alloy" }, { provider: "openai" }],
      [{ DEEPGRAM_API_KEY: "dg", AZURE_SPEECH_KEY: "az", AZURE_SPEECH_REGION: "westeurope" }, { provider: "deepgram", name: "aura-2-thalia-en" }, { provider: "deepgram" }],
      [{ ELEVENLABS_API_KEY: "xi", AZURE_SPEECH_KEY: "az", AZURE_SPEECH_REGION: "westeurope" }, { provider: "elevenlabs", name: "21m00Tcm4TlvDq8ikWAM" }, { provider: "azure" }],
      [{ CARTESIA_API_KEY: "c" }, { provider: "cartesia", name: "f786b574-daa5-4673-aa0c-cbe3e8534c02" }, { provider: "browser" }],
      [{ AZURE_SPEECH_KEY: "az", AZURE_SPEECH_ENDPOINT: "https://speech.example" }, { provider: "azure", name: "en-US-AvaMultilingualNeural" }, { provider: "azure" }],
    ];
    try {
      for (const [keys, voice, transcriber] of cases) {
        Object.assign(env, keys);
        const { body } = await create(minimalAgent());
        expect({ voice: body.data.voice, transcriber: body.data.transcriber }, JSON.stringify(keys)).toMatchObject({ voice, transcriber });
        for (const name of Object.keys(keys)) delete env[name];
      }
      // What the request names is kept; a provider named without a voice gets that provider's default voice.
      Object.assign(env, { DEEPGRAM_API_KEY: "dg" });
      const { body } = await create({ ...minimalAgent(), voice: { provider: "cartesia" }, transcriber: { provider: "deepgram_flux" } });
      expect(body.data).toMatchObject({ voice: { provider: "cartesia", name: "f786b574-daa5-4673-aa0c-cbe3e8534c02" }, transcriber: { provider: "deepgram_flux" } });
      // Changing the provider later without a voice also takes the new provider's default voice.
      const patched = await (await send("PATCH", `/v1/agents/${body.data.id}`, { voice: { provider: "elevenlabs" } })).json();
      expect(patched.data.voice).toMatchObject({ provider: "elevenlabs", name: "21m00Tcm4TlvDq8ikWAM" });
      const renamed = await (await send("PATCH", `/v1/agents/${body.data.id}`, { voice: { provider: "deepgram", name: "aura-2-orion-en", model: "aura-2" } })).json();
      expect(renamed.data.voice).toMatchObject({ provider: "deepgram", name: "aura-2-orion-en", model: "aura-2" });
    } finally {
      for (const name of Object.keys(env)) delete env[name];
    }
  });

  it.each([
    ["no name", { ...minimalAgent(), name: undefined }, ["name"]],
    ["no states", { name: "x", initial_state_name: "main", states: [] }, ["states"]],
    ["no initial state", { name: "x", states: [{ name: "main" }] }, ["initial_state_name"]],
    ["an unknown field", { ...minimalAgent(), colour: "blue" }, ["colour"]],
    ["an unknown state field", { ...minimalAgent(), states: [{ name: "main", colour: 1 }] }, ["states[0].colour"]],
    ["a speed out of range", { ...minimalAgent(), voice: { speed: 9 } }, ["voice.speed"]],
    ["a temperature out of range", { ...minimalAgent(), llm: { temperature: 3 } }, ["llm.temperature"]],
    ["an unknown llm provider", { ...minimalAgent(), llm: { provider: "skynet" } }, ["llm.provider"]],
    ["a negative delay", { ...minimalAgent(), initial_message_delay: -1 }, ["initial_message_delay"]],
    ["a non-http webhook", { ...minimalAgent(), webhook_url: "ftp://example.com/x" }, ["webhook_url"]],
    ["an unknown webhook event", { ...minimalAgent(), webhook_subscriptions: ["event_nope"] }, ["webhook_subscriptions[0]"]],
    ["a bad sensitivity", { ...minimalAgent(), interruptions_sensitivity: "extreme" }, ["interruptions_sensitivity"]],
    [
      "a tool of unknown type",
      { ...minimalAgent(), states: [{ name: "main", tools: [{ type: "teleport" }] }] },
      ["states[0].tools[0].type"],
    ],
    [
      "a custom_function with a javascript: url",
      {
        ...minimalAgent(),
        states: [{ name: "main", tools: [{ type: "custom_function", name: "f", url: "javascript:alert(1)" }] }],
      },
      ["states[0].tools[0].url"],
    ],
    [
      "a parameter with both shapes",
      {
        ...minimalAgent(),
        states: [
          {
            name: "main",
            variables: [{ name: "v" }],
            tools: [
              {
                type: "custom_function",
                name: "f",
                url: "https://x.example.com",
                parameters: [{ name: "p", type: "string", value: { source: "variable", variable: "v" } }],
              },
            ],
          },
        ],
      },
      ["states[0].tools[0].parameters[0].value"],
    ],
    [
      "a parameter value of unknown source",
      {
        ...minimalAgent(),
        states: [{ name: "main", tools: [{ type: "custom_function", name: "f", url: "https://x.example.com", parameters: [{ name: "p", value: { source: "guess" } }] }] }],
      },
      ["states[0].tools[0].parameters[0].value.source"],
    ],
    ["a variable name with spaces", { ...minimalAgent(), states: [{ name: "main", variables: [{ name: "my var" }] }] }, ["states[0].variables[0].name"]],
  ])("rejects %s naming the field", async (_label, input, expected) => {
    const { res, body } = await create(input);
    expect(res.status).toBe(400);
    expect(body.error.type).toBe("generic_error");
    for (const field of expected) expect(fields(body)).toContain(field);
  });
});

describe("graph validation", () => {
  const twoStates = () => ({
    name: "Graph",
    initial_state_name: "a",
    states: [
      { name: "a", prompt: "Start", transitions: [{ condition: "done", destination_state_name: "b" }] },
      { name: "b", prompt: "End", tools: [{ type: "hang_up" }] },
    ],
  });

  it("accepts a valid graph", async () => {
    expect((await create(twoStates())).res.status).toBe(200);
  });

  it.each([
    ["initial_state_name names no state", (a: ReturnType<typeof twoStates>) => ({ ...a, initial_state_name: "zzz" }), "initial_state_name"],
    [
      "a transition to a missing state",
      (a: ReturnType<typeof twoStates>) => {
        a.states[0].transitions![0].destination_state_name = "nowhere";
        return a;
      },
      "states[0].transitions[0].destination_state_name",
    ],
    [
      "duplicate state names",
      (a: ReturnType<typeof twoStates>) => ({ ...a, states: [...a.states, { name: "b", prompt: "again" }] }),
      "states[2].name",
    ],
    [
      "an unknown {{reference}} in a prompt",
      (a: ReturnType<typeof twoStates>) => {
        a.states[1].prompt = "Say bye then {{explode}}";
        return a;
      },
      "states[1].prompt",
    ],
    [
      "duplicate custom_function names in a state",
      (a: ReturnType<typeof twoStates>) => {
        (a.states[1] as { tools: unknown[] }).tools = [
          { type: "custom_function", name: "f", url: "https://x.example.com" },
          { type: "custom_function", name: "f", url: "https://y.example.com" },
        ];
        return a;
      },
      "states[1].tools[1].name",
    ],
    [
      "an invalid JSONPath",
      (a: ReturnType<typeof twoStates>) => {
        (a.states[1] as { tools: unknown[] }).tools = [
          { type: "custom_function", name: "f", url: "https://x.example.com", response_mapping: [{ json_path_to_data: "$.a[", destination_variable: "x" }] },
        ];
        return a;
      },
      "states[1].tools[0].response_mapping[0].json_path_to_data",
    ],
    [
      "a parameter from an unknown variable",
      (a: ReturnType<typeof twoStates>) => {
        (a.states[1] as { tools: unknown[] }).tools = [
          { type: "custom_function", name: "f", url: "https://x.example.com", parameters: [{ name: "p", value: { source: "variable", variable: "ghost" } }] },
        ];
        return a;
      },
      "states[1].tools[0].parameters[0].value.variable",
    ],
    [
      "a knowledge base that is not the organization's",
      (a: ReturnType<typeof twoStates>) => ({ ...a, knowledge_base_ids: ["00000000-0000-4000-8000-000000000000"] }),
      "knowledge_base_ids[0]",
    ],
  ])("rejects %s at its path", async (_label, mutate, field) => {
    const { res, body } = await create(mutate(twoStates()));
    expect(res.status).toBe(400);
    expect(fields(body)).toEqual([field]);
  });

  it("reports every problem at once", async () => {
    const agent = {
      name: "Broken",
      initial_state_name: "missing",
      states: [
        { name: "a", prompt: "{{nope}}", transitions: [{ condition: "x", destination_state_name: "gone" }] },
        { name: "a", prompt: "ok", transitions: [{ condition: "y", destination_state_name: "also_gone" }] },
      ],
    };
    const { res, body } = await create(agent);
    expect(res.status).toBe(400);
    expect(fields(body).sort()).toEqual(
      ["initial_state_name", "states[0].prompt", "states[0].transitions[0].destination_state_name", "states[1].name", "states[1].transitions[0].destination_state_name"].sort(),
    );
  });

  it("names a bad range and a bad transition target in the same answer, in words", async () => {
    const agent = {
      name: "Two rounds no more",
      initial_state_name: "start",
      llm: { temperature: 5 },
      voice: { speed: 9 },
      states: [{ name: "start", prompt: "Hi", transitions: [{ condition: "done", destination_state_name: "finish" }] }],
    };
    const { res, body } = await create(agent);
    expect(res.status).toBe(400);
    const messages = Object.fromEntries(body.error.details.map((d: { field: string; message: string }) => [d.field, d.message]));
    expect(messages).toEqual({
      "llm.temperature": "Must be at most 2",
      "voice.speed": "Must be at most 4",
      "states[0].transitions[0].destination_state_name": 'No state is named "finish"',
    });
    for (const message of Object.values(messages) as string[]) expect(message).not.toMatch(/expected|<=|>=|Too big|Too small/);
    const update = await send("PATCH", `/v1/agents/${(await create(minimalAgent())).body.data.id}`, {
      language: 7,
      states: [{ name: "main", transitions: [{ condition: "x", destination_state_name: "nowhere" }] }],
    });
    expect((await update.json()).error.details).toEqual([
      { field: "language", message: "Must be text" },
      { field: "states[0].transitions[0].destination_state_name", message: 'No state is named "nowhere"' },
    ]);
  });

  it.each(["english please", "en_US", "e", "en-", "123"])("refuses the language %j (a BCP 47 tag is needed)", async (language) => {
    const { res, body } = await create({ ...minimalAgent(), language });
    expect(res.status).toBe(400);
    expect(body.error.details).toEqual([{ field: "language", message: 'Must be a BCP 47 language tag such as "en-US", "de" or "pt-BR"' }]);
  });

  it.each(["en-US", "de", "pt-BR", "zh-Hant-TW", "es-419"])("accepts the language %j", async (language) => {
    const { res } = await create({ ...minimalAgent(), language });
    expect(res.status).toBe(200);
  });

  it("accepts prompt references to the state's tools (by name or type) and to any variable", async () => {
    const agent = {
      name: "Refs",
      initial_state_name: "a",
      states: [
        {
          name: "a",
          prompt: "Use {{lookup}}, {{hang_up}}, {{call_id}}, {{answer}} and {{ from_number }}.",
          tools: [
            { type: "custom_function", name: "lookup", url: "https://x.example.com", response_mapping: [{ json_path_to_data: "$.answer", destination_variable: "answer" }] },
            { type: "hang_up" },
          ],
        },
      ],
    };
    expect((await create(agent)).res.status).toBe(200);
  });
});

describe("versions", () => {
  it("creates a new published version on every PATCH, keeps omitted fields, and serves old versions", async () => {
    const { body: created } = await create(richAgent());
    const id = created.data.id;
    const patched = await (await send("PATCH", `/v1/agents/${id}`, { name: "Renamed", voice: { speed: 0.9 }, llm: { model: "gpt-4.1" } })).json();
    expect(patched.data.version).toBe(2);
    expect(patched.data.name).toBe("Renamed");
    expect(patched.data.voice).toEqual({ provider: "openai", name: "nova", instructions: "Warm and calm", speed: 0.9 });
    expect(patched.data.llm).toEqual({ provider: "azure_openai", model: "gpt-4.1", temperature: 0.3 });
    expect(patched.data.states).toEqual(created.data.states);
    expect(patched.data.interruptions_sensitivity).toBe("high");

    const v3 = await (await send("PATCH", `/v1/agents/${id}`, { states: minimalAgent().states, initial_state_name: "main", webhook_url: null })).json();
    expect(v3.data.version).toBe(3);
    expect(v3.data.webhook_url).toBeNull();
    expect(v3.data.states.map((s: { name: string }) => s.name)).toEqual(["main"]);

    const latest = await (await send("GET", `/v1/agents/${id}`)).json();
    expect(latest.data.version).toBe(3);
    const first = await (await send("GET", `/v1/agents/${id}?version=1`)).json();
    expect(first.data).toMatchObject({ version: 1, name: "Booking assistant" });
    expect(first.data.states).toHaveLength(3);

    const versions = await (await send("GET", `/v1/agents/${id}/versions`)).json();
    expect(versions.data.map((v: { version: number; is_published: boolean }) => [v.version, v.is_published])).toEqual([
      [3, true],
      [2, false],
      [1, false],
    ]);
    expect((await send("GET", `/v1/agents/${id}?version=9`)).status).toBe(404);
    const bad = await send("GET", `/v1/agents/${id}?version=0`);
    expect(bad.status).toBe(400);
    expect(fields(await bad.json())).toEqual(["version"]);
  });

  it("refuses interruptions_sensitivity on PATCH by name, and invalid patches change nothing", async () => {
    const { body: created } = await create(minimalAgent());
    const id = created.data.id;
    const res = await send("PATCH", `/v1/agents/${id}`, { interruptions_sensitivity: "low" });
    expect(res.status).toBe(400);
    expect(fields(await res.json())).toEqual(["interruptions_sensitivity"]);
    const broken = await send("PATCH", `/v1/agents/${id}`, { initial_state_name: "nowhere" });
    expect(broken.status).toBe(400);
    expect(fields(await broken.json())).toEqual(["initial_state_name"]);
    const stored = await api.db.select().from(agentVersions).where(eq(agentVersions.agentId, id));
    expect(stored).toHaveLength(1);
    expect((await (await send("GET", `/v1/agents/${id}`)).json()).data.version).toBe(1);
  });
});

describe("DELETE /v1/agents/{agent_id}", () => {
  it("removes the agent, its versions and questions; calls keep their agent_id; numbers lose it", async () => {
    const { body: created } = await create(minimalAgent("Doomed"));
    const id = created.data.id;
    await send("PATCH", `/v1/agents/${id}`, { name: "Doomed v2" });
    await api.db.insert(postCallQuestions).values({ organizationId: orgId, agentId: id, name: "q", type: "text" });
    const callId = await insertCall(api.db, orgId, id);
    const numberId = await insertPhoneNumber(api.db, orgId, "+14155550142", { inboundAgentId: id });

    const res = await send("DELETE", `/v1/agents/${id}`);
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ data: null, error: null, status: 200 });
    expect((await send("GET", `/v1/agents/${id}`)).status).toBe(404);
    expect(await api.db.select().from(agentVersions).where(eq(agentVersions.agentId, id))).toEqual([]);
    expect(await api.db.select().from(postCallQuestions).where(eq(postCallQuestions.agentId, id))).toEqual([]);
    const [call] = await api.db.select().from(calls).where(eq(calls.id, callId));
    expect(call.agentId).toBe(id);
    const [number] = await api.db.select().from(phoneNumbers).where(eq(phoneNumbers.id, numberId));
    expect(number.inboundAgentId).toBeNull();
    expect((await send("DELETE", `/v1/agents/${id}`)).status).toBe(404);
  });
});

describe("GET /v1/agents", () => {
  it("pages agents like phone numbers, newest first", async () => {
    const fresh = await api.createOrganization("Lister");
    for (const name of ["one", "two", "three"]) await send("POST", "/v1/agents", minimalAgent(name), fresh.apiKey);
    const page1 = await (await send("GET", "/v1/agents?limit=2", undefined, fresh.apiKey)).json();
    expect(page1.data.map((a: { name: string }) => a.name)).toEqual(["three", "two"]);
    expect(page1).toMatchObject({ current_page: 1, total_pages: 2, total_items: 3, next_cursor: null });
    const cursorPage = await (await send("GET", "/v1/agents?limit=2&use_cursor=true", undefined, fresh.apiKey)).json();
    expect(cursorPage.next_cursor).toEqual(expect.any(String));
    const next = await (await send("GET", `/v1/agents?limit=2&use_cursor=true&cursor=${encodeURIComponent(cursorPage.next_cursor)}`, undefined, fresh.apiKey)).json();
    expect(next.data.map((a: { name: string }) => a.name)).toEqual(["one"]);
  });
});

describe("tenant isolation", () => {
  it("hides an agent from another organization on every route", async () => {
    const { body: created } = await create(minimalAgent("Private"));
    const id = created.data.id;
    const other = await api.createOrganization("Other");
    for (const [method, path, body] of [
      ["GET", `/v1/agents/${id}`],
      ["GET", `/v1/agents/${id}/versions`],
      ["PATCH", `/v1/agents/${id}`, { name: "stolen" }],
      ["DELETE", `/v1/agents/${id}`],
    ] as const) {
      const res = await send(method, path, body, other.apiKey);
      expect(res.status).toBe(404);
    }
    const list = await (await send("GET", "/v1/agents", undefined, other.apiKey)).json();
    expect(list.data).toEqual([]);
    const still = await (await send("GET", `/v1/agents/${id}`)).json();
    expect(still.data).toMatchObject({ name: "Private", version: 1 });
  });
});
