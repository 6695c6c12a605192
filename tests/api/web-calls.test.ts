import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApiApp } from "@/lib/api/app";
import { createApiKey } from "@/lib/auth/api-keys";
import { createOrganizationWithOwner } from "@/lib/auth/organizations";
import { buildConsoleContext } from "@/lib/server/console-context";
import { calls, webhookDeliveries } from "@/lib/db/schema";
import { pgBossQueue } from "@/lib/jobs/pg-boss-queue";
import { sweepOnce } from "@/lib/services/calls/call-timer-sweep";
import type { LanguageModelPort } from "@/lib/runtime/types";
import { createSafeFetch } from "@/lib/net/safe-fetch";
import { lastMessage, startFakeOpenAiServer, toolNames, type FakeOpenAiServer } from "../helpers/fake-openai-server";
import { parseSse, readSseUntil } from "../helpers/sse";
import { insertAgent, insertPhoneNumber } from "../helpers/fixtures";
import { createTestApi, type TestApi } from "../helpers/test-api";

let api: TestApi;
let llm: FakeOpenAiServer;
let toolServer: Server;
let toolBase: string;
const toolRequests: string[] = [];
const llmNever: LanguageModelPort = () => {
  throw new Error("the sweep never asks the model");
};
const safeFetch = createSafeFetch({ allowlist: ["127.0.0.1"] });
let org: { organizationId: string; apiKey: string };

beforeAll(async () => {
  llm = await startFakeOpenAiServer();
  toolServer = createServer((req, res) => {
    toolRequests.push(req.url!);
    res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify({ result: { slot: "Tuesday 10:00", dentist: "Dr. Reyes" } }));
  });
  await new Promise<void>((resolve) => toolServer.listen(0, "127.0.0.1", resolve));
  toolBase = `http://127.0.0.1:${(toolServer.address() as AddressInfo).port}`;
  api = await createTestApi({ runtime: { env: llm.env(), http: safeFetch, eventPollMs: 50 } });
  org = await api.createOrganization();
});

afterAll(async () => {
  await api.close();
  await llm.close();
  await safeFetch.close();
  await new Promise<void>((resolve) => toolServer.close(() => resolve()));
});

function dentalAgent(overrides: Record<string, unknown> = {}) {
  return {
    name: "Dental desk",
    base_prompt: "You are the front desk of Smile Dental.",
    initial_message: "Hello {{customer_name}}, Smile Dental here. How can I help?",
    llm: { provider: "openai_compatible", model: "local-model", temperature: 0.2 },
    webhook_url: "https://hooks.example.com/dental",
    webhook_subscriptions: ["event_variable_value_updated", "event_all_variables_resolved"],
    initial_state_name: "intake",
    states: [
      {
        name: "intake",
        prompt: "Ask for the patient's name and a day, then look for a slot with {{find_slot}}.",
        variables: [{ name: "patient_name", type: "string", extraction_instructions: "The patient's full name" }],
        tools: [
          {
            type: "custom_function",
            name: "find_slot",
            description: "Finds a free appointment",
            filler_sentence: "Let me check.",
            url: `${toolBase}/slots`,
            parameters: [
              { name: "name", value: { source: "variable", variable: "patient_name" } },
              { name: "day", type: "string", description: "Day of the week" },
            ],
            response_mapping: [{ json_path_to_data: "$.result.slot", destination_variable: "slot_time" }],
          },
        ],
        transitions: [{ condition: "A slot was found", destination_state_name: "wrap_up", filler_sentence: "Perfect." }],
      },
      { name: "wrap_up", prompt: "Confirm {{slot_time}} and say goodbye, then use {{hang_up}}.", tools: [{ type: "hang_up" }] },
    ],
    ...overrides,
  };
}

async function createAgent(agent: Record<string, unknown>, apiKey = org.apiKey): Promise<string> {
  const response = await api.request("POST", "/v1/agents", { apiKey, body: agent });
  const body = await response.json();
  expect(response.status, JSON.stringify(body)).toBe(200);
  return body.data.id;
}

async function startCall(agentId: string, extra: Record<string, unknown> = {}) {
  const response = await api.request("POST", "/v1/calls/web", { apiKey: org.apiKey, body: { agent_id: agentId, ...extra } });
  const body = await response.json();
  expect(response.status, JSON.stringify(body)).toBe(201);
  return body.data as { call_id: string; session_token: string; events_url: string; turns_url: string; hangup_url: string; call: { status: string; transcript: unknown[] } };
}

const turn = (callId: string, token: string, text: string) =>
  api.request("POST", `/v1/calls/web/${callId}/turns`, { body: { text }, headers: { Authorization: `Bearer ${token}` } });

describe("web calls through the real AI SDK provider against a fake OpenAI server", () => {
  it("start → turn → streamed reply → tool call → transition → hang_up → the ended call with transcript and variables", async () => {
    llm.setHandler(({ body }) => {
      const tools = toolNames(body);
      const last = body.messages.at(-1)!;
      if (tools.includes("find_slot") && last.role === "user") {
        return { text: "Sure, ", toolCalls: [{ name: "record_variables", arguments: { patient_name: "Ada Lovelace" } }, { name: "find_slot", arguments: { day: "tuesday" } }] };
      }
      if (tools.includes("find_slot") && last.role === "tool") return { toolCalls: [{ name: "transition_to_wrap_up", arguments: {} }] };
      if (tools.includes("hang_up") && last.role === "tool") return { text: "You are booked for Tuesday 10:00 with us." };
      if (tools.includes("hang_up")) return { text: "Goodbye, Ada!", toolCalls: [{ name: "hang_up", arguments: {} }] };
      return { text: "?" };
    });
    const agentId = await createAgent(dentalAgent());
    const session = await startCall(agentId, { dynamic_variables_values: { customer_name: "Ada" } });
    expect(session.session_token).toMatch(/^wcs_/);
    expect(session.call).toMatchObject({ status: "in_progress", type: "web_call", transcript: [{ role: "agent", content: "Hello Ada, Smile Dental here. How can I help?" }] });
    expect(session.turns_url).toMatch(new RegExp(`/v1/calls/web/${session.call_id}/turns$`));

    const first = await turn(session.call_id, session.session_token, "Hi, this is Ada Lovelace, anything free on Tuesday?");
    expect(first.status).toBe(200);
    expect(first.headers.get("content-type")).toMatch(/text\/event-stream/);
    const events = parseSse(await first.text());
    const deltas = events.filter((e) => e.event === "agent_text_delta").map((e) => (e.data as { text: string }).text);
    expect(deltas.join("")).toContain("You are booked for Tuesday 10:00 with us.");
    expect(deltas.length).toBeGreaterThan(3);
    const types = events.filter((e) => e.id).map((e) => e.event);
    expect(types).toEqual([
      "user_message",
      "agent_message",
      "variable_updated",
      "tool_called",
      "agent_message",
      "tool_result",
      "variable_updated",
      "all_variables_resolved",
      "tool_called",
      "agent_message",
      "state_changed",
      "agent_message",
    ]);
    expect(events.find((e) => e.event === "state_changed")!.data).toMatchObject({ from: "intake", to: "wrap_up" });
    expect(events.at(-1)).toMatchObject({ event: "turn_complete", data: { call_status: "in_progress" } });
    expect(toolRequests.at(-1)).toBe("/slots?name=Ada+Lovelace&day=tuesday");

    // The model saw the tool's answer, then the new state's prompt with the mapped variable filled in.
    const [, afterTool, inNewState] = llm.requests.slice(-3);
    expect(afterTool.body.messages.at(-1)).toMatchObject({ role: "tool" });
    expect(JSON.stringify(afterTool.body.messages.at(-1))).toContain("Tuesday 10:00");
    expect(lastMessage(inNewState.body, "system")).toContain("Confirm Tuesday 10:00 and say goodbye, then use hang_up.");
    expect(inNewState.body.model).toBe("local-model");

    const second = await turn(session.call_id, session.session_token, "Great, thanks, bye");
    const secondEvents = parseSse(await second.text());
    expect(secondEvents.find((e) => e.event === "call_ended")!.data).toMatchObject({ end_reason: "agent_hangup" });
    expect(secondEvents.at(-1)).toMatchObject({ event: "turn_complete", data: { call_status: "ended" } });

    const record = await api.request("GET", `/v1/calls/${session.call_id}`, { apiKey: org.apiKey });
    const call = (await record.json()).data;
    expect(call).toMatchObject({ status: "ended", end_reason: "agent_hangup", type: "web_call", agent_id: agentId });
    expect(call.end_time).not.toBeNull();
    expect(call.duration_seconds).toBeGreaterThanOrEqual(0);
    expect(call.transcript.map((entry: { role: string; content: string }) => `${entry.role}: ${entry.content}`)).toEqual([
      "agent: Hello Ada, Smile Dental here. How can I help?",
      "user: Hi, this is Ada Lovelace, anything free on Tuesday?",
      "agent: Sure,",
      "agent: Let me check.",
      "agent: Perfect.",
      "agent: You are booked for Tuesday 10:00 with us.",
      "user: Great, thanks, bye",
      "agent: Goodbye, Ada!",
    ]);
    expect(call.transcript.every((entry: { start_time: string }) => !Number.isNaN(Date.parse(entry.start_time)))).toBe(true);
    expect(call.transcript_string).toContain("user: Great, thanks, bye");
    const values = Object.fromEntries(call.variable_values.map((v: { name: string }) => [v.name, v]));
    expect(values.patient_name).toMatchObject({ type: "string", value: "Ada Lovelace" });
    expect(values.slot_time).toMatchObject({ type: "string", value: "Tuesday 10:00" });
    expect(values.customer_name).toMatchObject({ value: "Ada" });
    expect(Date.parse(values.slot_time.timestamp)).not.toBeNaN();

    const [row] = await api.db.select({ usage: calls.usage }).from(calls).where(eq(calls.id, session.call_id));
    expect(row.usage.llm_input_tokens).toBeGreaterThan(0);
    expect(row.usage.llm_output_tokens).toBeGreaterThan(0);
    expect(row.usage.tts_characters).toBe(call.transcript.filter((e: { role: string }) => e.role === "agent").reduce((n: number, e: { content: string }) => n + e.content.length, 0));

    const deliveries = await api.db.select({ event: webhookDeliveries.event }).from(webhookDeliveries).where(eq(webhookDeliveries.callId, session.call_id));
    expect(deliveries.map((d) => d.event).sort()).toEqual(["event_all_variables_resolved", "event_variable_value_updated", "event_variable_value_updated"]);
    const finished = await api.connection.query(`select count(*)::int as n from pgboss.job where name = 'call-finished' and data->>'callId' = $1`, [session.call_id]);
    expect((finished.rows[0] as { n: number }).n).toBe(1);

    // The event stream replays the whole call in order and closes after call_ended.
    const stream = await api.request("GET", `/v1/calls/web/${session.call_id}/events?session_token=${session.session_token}`);
    const replay = parseSse(await stream.text());
    expect(replay[0]).toMatchObject({ id: "1", event: "agent_message", data: { kind: "initial" } });
    expect(replay.map((e) => Number(e.id))).toEqual(replay.map((_, i) => i + 1));
    expect(replay.at(-1)!.event).toBe("call_ended");

    const late = await turn(session.call_id, session.session_token, "Hello?");
    expect(late.status).toBe(409);
  });

  it("answers 400 saying what to set when the agent's provider is not configured", async () => {
    // The same database, served by an app whose environment has no LLM configuration.
    const bare = createApiApp({ db: api.db, queue: pgBossQueue(api.boss), settings: { rateLimitPerMinute: 100_000, jsonBodyLimitBytes: 1 << 20 }, runtime: { env: {} } });
    const agentId = await createAgent(dentalAgent({ name: "Unconfigured" }));
    const before = await api.db.select({ id: calls.id }).from(calls);
    const response = await bare.request("/v1/calls/web", {
      method: "POST",
      headers: { "X-Api-Key": org.apiKey, "Content-Type": "application/json" },
      body: JSON.stringify({ agent_id: agentId }),
    });
    const body = await response.json();
    expect(response.status).toBe(400);
    expect(body.error.type).toBe("generic_error");
    expect(body.message).toContain("OPENAI_COMPATIBLE_BASE_URL");
    expect(body.error.details).toEqual([{ field: "agent_id", message: expect.stringContaining("OPENAI_COMPATIBLE_BASE_URL") }]);
    expect(await api.db.select({ id: calls.id }).from(calls)).toHaveLength(before.length);
  });

  it("rejects unknown agents, bad bodies, and missing, wrong or other calls' session tokens", async () => {
    const agentId = await createAgent(dentalAgent());
    const unknown = await api.request("POST", "/v1/calls/web", { apiKey: org.apiKey, body: { agent_id: "0f8fad5b-d9cb-469f-a165-70867728950e" } });
    expect(unknown.status).toBe(400);
    expect((await unknown.json()).error.details[0].field).toBe("agent_id");
    const extra = await api.request("POST", "/v1/calls/web", { apiKey: org.apiKey, body: { agent_id: agentId, colour: "red" } });
    expect(extra.status).toBe(400);

    const other = await api.createOrganization("Other");
    const foreign = await api.request("POST", "/v1/calls/web", { apiKey: other.apiKey, body: { agent_id: agentId } });
    expect(foreign.status).toBe(400);

    const a = await startCall(agentId);
    const b = await startCall(agentId);
    expect((await api.request("POST", `/v1/calls/web/${a.call_id}/turns`, { body: { text: "hi" } })).status).toBe(401);
    expect((await api.request("POST", `/v1/calls/web/${a.call_id}/turns`, { apiKey: org.apiKey, body: { text: "hi" } })).status).toBe(401);
    expect((await turn(a.call_id, b.session_token, "hi")).status).toBe(401);
    expect((await turn(a.call_id, "wcs_forged", "hi")).status).toBe(401);
    const bearer = (token: string) => ({ headers: { Authorization: `Bearer ${token}` } });
    for (const [method, path] of [["GET", `/v1/calls/web/${a.call_id}/events`], ["POST", `/v1/calls/web/${a.call_id}/hangup`]]) {
      expect((await api.request(method, path)).status, `${method} ${path} without a token`).toBe(401);
      expect((await api.request(method, path, { apiKey: org.apiKey })).status, `${method} ${path} with the API key`).toBe(401);
      expect((await api.request(method, path, bearer(b.session_token))).status, `${method} ${path} with another call's token`).toBe(401);
      expect((await api.request(method, `${path}?session_token=${b.session_token}`)).status, `${method} ${path} with another call's token in the query`).toBe(401);
    }
    const stillLive = await (await api.request("GET", `/v1/calls/${a.call_id}`, { apiKey: org.apiKey })).json();
    expect(stillLive.data.status).toBe("in_progress");
    const empty = await turn(a.call_id, a.session_token, "   ");
    expect(empty.status).toBe(400);
    expect((await empty.json()).error.details[0].field).toBe("text");
  });

  it("takes one turn at a time: a second turn while the agent answers is 409", async () => {
    llm.setHandler(() => ({ text: "Let me think about that.", delayMs: 400 }));
    const session = await startCall(await createAgent(dentalAgent({ initial_message: null })));
    const slow = turn(session.call_id, session.session_token, "First question");
    await new Promise((resolve) => setTimeout(resolve, 150));
    const concurrent = await turn(session.call_id, session.session_token, "Second question");
    expect(concurrent.status).toBe(409);
    const events = parseSse(await (await slow).text());
    expect(events.find((e) => e.event === "agent_message")!.data).toMatchObject({ content: "Let me think about that." });
    const after = await turn(session.call_id, session.session_token, "Second question");
    expect(after.status).toBe(200);
    await after.text();
  });

  it("the event stream says the delayed initial message, then the presence check, then ends the silent call", async () => {
    const agentId = await createAgent(
      dentalAgent({ initial_message: "Hi there!", initial_message_delay: 300, presence_check_idle_threshold: 1, presence_check_max_times: 1, presence_check_phrases: ["Still with me?"] }),
    );
    const session = await startCall(agentId);
    expect(session.call.transcript).toEqual([]);
    const stream = await api.request("GET", `/v1/calls/web/${session.call_id}/events`, { headers: { Authorization: `Bearer ${session.session_token}` } });
    const events = await readSseUntil(stream, (seen) => seen.some((e) => e.event === "call_ended"), 8000);
    expect(events.map((e) => [e.event, (e.data as { content?: string; end_reason?: string }).content ?? (e.data as { end_reason?: string }).end_reason])).toEqual([
      ["agent_message", "Hi there!"],
      ["agent_message", "Still with me?"],
      ["call_ended", "agent_hangup"],
    ]);
    const call = (await (await api.request("GET", `/v1/calls/${session.call_id}`, { apiKey: org.apiKey })).json()).data;
    expect(call).toMatchObject({ status: "ended", end_reason: "agent_hangup" });
  });

  it("the caller hangs up", async () => {
    const session = await startCall(await createAgent(dentalAgent()));
    const response = await api.request("POST", `/v1/calls/web/${session.call_id}/hangup`, { headers: { Authorization: `Bearer ${session.session_token}` } });
    expect(response.status).toBe(200);
    const call = (await (await api.request("GET", `/v1/calls/${session.call_id}`, { apiKey: org.apiKey })).json()).data;
    expect(call).toMatchObject({ status: "ended", end_reason: "user_hangup" });
  });

  it("the timer sweep ends a call nobody listens to once its presence checks run out", async () => {
    const agentId = await createAgent(dentalAgent({ initial_message: null, presence_check_idle_threshold: 5, presence_check_max_times: 1 }));
    const abandoned = await startCall(agentId);
    const sweep = (secondsLater: number) => {
      const at = new Date(Date.now() + secondsLater * 1000);
      return sweepOnce({ db: api.db, queue: pgBossQueue(api.boss), llm: llmNever, http: () => Promise.reject(new Error("no HTTP")), clock: { now: () => at } }, at);
    };
    const record = async () => (await (await api.request("GET", `/v1/calls/${abandoned.call_id}`, { apiKey: org.apiKey })).json()).data;
    await sweep(1);
    expect((await record()).transcript).toEqual([]);
    await sweep(6);
    expect((await record()).transcript.map((e: { content: string }) => e.content)).toEqual(["Are you still there?"]);
    await sweep(12);
    expect(await record()).toMatchObject({ status: "ended", end_reason: "agent_hangup" });
  });
});

/**
 * `started_by` (extension): a call started through /v1 keeps who started it, so the studio can say
 * what a web call is: a member in the studio (the console key acting for them), or an API key.
 */
describe("started_by", () => {
  const FROM = "+14155550140";
  let organizationId: string;
  let ownerId: string;
  let agentId: string;
  let widgetKey: { id: string; apiKey: string; prefix: string };

  beforeAll(async () => {
    ({ organizationId, userId: ownerId } = await createOrganizationWithOwner(api.db, {
      name: "Starters",
      ownerEmail: "ada@starters.test",
      ownerName: "Ada Lovelace",
      ownerPassword: "owner-password",
    }));
    const created = await createApiKey({ db: api.db, organizationId }, { name: "Website widget" });
    widgetKey = { id: created.id, apiKey: created.apiKey, prefix: created.summary.prefix };
    agentId = await insertAgent(api.db, organizationId);
    await insertPhoneNumber(api.db, organizationId, FROM);
  });

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

  it("is kept on outbound phone calls too", async () => {
    const response = await api.request("POST", "/v1/calls/phone", {
      apiKey: widgetKey.apiKey,
      body: { from_number: FROM, to_number: "+14155550123", agent_id: agentId },
    });
    expect(response.status).toBe(201);
    const { data } = await response.json();
    expect(await startedBy(data.call_id)).toMatchObject({ source: "api", api_key: { name: "Website widget" } });

    const studio = await studioClient();
    const fromStudio = await studio.post<{ call_id: string }>("/calls/phone", { from_number: FROM, to_number: "+14155550124", agent_id: agentId });
    expect(await startedBy(fromStudio.call_id)).toMatchObject({ source: "studio", user: { email: "ada@starters.test" } });
  });
});
