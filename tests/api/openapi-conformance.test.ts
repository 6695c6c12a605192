import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { executeTestRun } from "@/lib/agent-tests/run-executor";
import { agentTestEnvironment } from "@/lib/agent-tests/test-environment";
import { webhookDeliveries } from "@/lib/db/schema";
import { pgBossQueue } from "@/lib/jobs/pg-boss-queue";
import { startFakeOpenAiServer, type FakeOpenAiServer } from "../helpers/fake-openai-server";
import { insertCall } from "../helpers/fixtures";
import { openApiValidator } from "../helpers/openapi-validator";
import { makePdf } from "../helpers/pdf";
import { createTestApi, type TestApi } from "../helpers/test-api";
import { TwilioDouble } from "../helpers/carriers/twilio-double";

/**
 * Every operation of the OpenAPI document is called, and every answer (successes and failures) is
 * checked against the document as a validating proxy would: documented status, documented media
 * type, body matching the schema. The operation list comes from the document, so a new route that
 * this walk does not reach fails the coverage check.
 */
let api: TestApi;
let llm: FakeOpenAiServer;
let twilio: TwilioDouble;
let apiKey: string;
let organizationId: string;
let validator: ReturnType<typeof openApiValidator>;
const problems: string[] = [];

async function send(method: string, path: string, init: { body?: unknown; form?: FormData; headers?: Record<string, string>; key?: string | null } = {}) {
  const headers: Record<string, string> = { ...init.headers };
  if (init.key !== null) headers["x-api-key"] = init.key ?? apiKey;
  let body: BodyInit | undefined;
  if (init.form) body = init.form;
  else if (init.body !== undefined) {
    body = JSON.stringify(init.body);
    headers["content-type"] = "application/json";
  }
  const res = await api.app.request(`http://localhost:3000${path}`, { method, headers, body });
  const text = await res.text();
  problems.push(...validator.check(method, path, res.status, res.headers.get("content-type"), text));
  const json = res.headers.get("content-type")?.includes("json") && text ? JSON.parse(text) : null;
  return { status: res.status, json, text };
}

beforeAll(async () => {
  llm = await startFakeOpenAiServer(() => ({ text: "Thanks, goodbye." }));
  twilio = await TwilioDouble.start();
  twilio.addNumber("+14155550177");
  api = await createTestApi({ runtime: { env: llm.env(), eventPollMs: 20 }, telephony: { publicBaseUrl: "https://voice.example.com", env: { TWILIO_API_BASE_URL: twilio.baseUrl } } });
  ({ apiKey, organizationId } = await api.createOrganization());
  validator = openApiValidator(await (await api.app.request("http://localhost:3000/v1/openapi.json")).json());
});
afterAll(async () => {
  await api?.close();
  await llm?.close();
  await twilio?.close();
});

describe("answers match the OpenAPI document", () => {
  it("for every operation, successes and failures alike", async () => {
    // Agents: states with an llm of their own, an explicit null, and none.
    const agentBody = {
      name: "Desk",
      llm: { provider: "openai_compatible", model: "local", temperature: 0.3 },
      initial_state_name: "greet",
      states: [
        { name: "greet", prompt: "Greet.", llm: { model: "bigger" }, transitions: [{ condition: "done", destination_state_name: "close" }] },
        { name: "close", prompt: "Say goodbye.", llm: null, tools: [{ type: "hang_up" }] },
        { name: "spare", prompt: "Unused." },
      ],
    };
    const agent = await send("POST", "/v1/agents", { body: agentBody });
    expect(agent.status).toBe(200);
    const agentId = agent.json.data.id as string;
    const got = await send("GET", `/v1/agents/${agentId}`);
    expect(got.json.data.states.map((s: { llm: unknown }) => s.llm)).toEqual([{ model: "bigger" }, null, null]);
    // GET → PATCH round trip: the agent as read is accepted back unchanged.
    const roundTrip = await send("PATCH", `/v1/agents/${agentId}`, { body: got.json.data });
    expect(roundTrip.status, roundTrip.text).toBe(200);
    expect(roundTrip.json.data.version).toBe(2);
    expect({ ...roundTrip.json.data, version: 1, updated_at: null }).toEqual({ ...got.json.data, updated_at: null });
    await send("PATCH", `/v1/agents/${agentId}`, { body: { interruptions_sensitivity: "high" } });
    await send("GET", "/v1/agents?limit=5");
    await send("GET", `/v1/agents/${agentId}/versions`);
    await send("GET", `/v1/agents/${agentId}?version=99`);

    // Phone numbers and calls.
    const number = await send("POST", "/v1/phone-numbers", { body: { number: "+14155550140", name: "Front desk" } });
    const numberId = number.json.data.id as string;
    await send("GET", "/v1/phone-numbers");
    await send("GET", `/v1/phone-numbers/${numberId}`);
    await send("PATCH", `/v1/phone-numbers/${numberId}`, { body: { inbound_agent_id: agentId } });
    const started = await send("POST", "/v1/calls/phone", { body: { from_number: "+14155550140", to_number: "+14155550141", agent_id: agentId } });
    expect(started.status).toBe(201);
    await send("POST", "/v1/calls/phone", { body: { from_number: "+1", to_number: "x" } });
    const callId = await insertCall(api.db, organizationId, agentId, { metadata: { a: 1 } });
    const ongoing = await insertCall(api.db, organizationId, agentId, { status: "in_progress", endTime: null, endReason: null });
    await send("GET", "/v1/calls?include_transcript=true&include_variable_values=true");
    await send("GET", "/v1/calls?use_cursor=false&limit=2");
    await send("GET", `/v1/calls/${callId}`);
    await send("PATCH", `/v1/calls/${callId}`, { body: { metadata: { b: 2 } } });
    await send("POST", `/v1/calls/${ongoing}/terminate`);
    await send("DELETE", `/v1/calls/${callId}`);
    await send("GET", `/v1/calls/${callId}`);
    await send("GET", "/v1/calls", { key: null });

    // Web calls, with a fake model.
    const web = await send("POST", "/v1/calls/web", { body: { agent_id: agentId } });
    expect(web.status, web.text).toBe(201);
    const auth = { authorization: `Bearer ${web.json.data.session_token}` };
    await send("POST", `/v1/calls/web/${web.json.data.call_id}/turns`, { body: { text: "Hi" }, headers: auth, key: null });
    await send("POST", `/v1/calls/web/${web.json.data.call_id}/hangup`, { headers: auth, key: null });
    await send("GET", `/v1/calls/web/${web.json.data.call_id}/events`, { headers: auth, key: null });

    // Knowledge bases.
    const base = await send("POST", "/v1/knowledge-bases", { body: { name: "Manuals" } });
    const baseId = base.json.data.id as string;
    const form = new FormData();
    form.append("text_sources", JSON.stringify([{ title: "Hours", content: "Open nine to five." }]));
    form.append("file_sources.0.items", new Blob([makePdf([["Parking is free."]]) as BlobPart]), "parking.pdf");
    const added = await send("POST", `/v1/knowledge-bases/${baseId}/sources`, { form });
    await send("GET", "/v1/knowledge-bases");
    await send("GET", `/v1/knowledge-bases/${baseId}`);
    await send("PATCH", `/v1/knowledge-bases/${baseId}`, { body: { name: "Handbook" } });
    await send("POST", `/v1/knowledge-bases/${baseId}/search`, { body: { query: "nine" } });
    await send("DELETE", `/v1/knowledge-bases/${baseId}/sources`, { body: { source_ids: [added.json.data.sources[0].id] } });
    await send("DELETE", `/v1/knowledge-bases/${baseId}`);

    // Post-call questions.
    const questions = await send("POST", `/v1/agents/${agentId}/post-call-questions`, {
      body: { questions: [{ name: "Booked", type: "boolean" }, { name: "Topic", type: "single_choice", options: [{ value: "billing" }, { value: "other" }] }] },
    });
    const questionId = questions.json.data[0].id as string;
    await send("GET", `/v1/agents/${agentId}/post-call-questions`);
    await send("GET", `/v1/agents/${agentId}/post-call-questions/${questionId}`);
    await send("PATCH", `/v1/agents/${agentId}/post-call-questions`, { body: { questions: [{ id: questionId, name: "Booked?" }, { id: crypto.randomUUID(), name: "x" }] } });
    await send("POST", `/v1/agents/${agentId}/post-call-questions/${questionId}/deactivate`);
    await send("POST", `/v1/agents/${agentId}/post-call-questions/${questionId}/activate`);
    await send("DELETE", `/v1/agents/${agentId}/post-call-questions/${questionId}`);

    // Webhooks, pricing, analytics.
    const [delivery] = await api.db
      .insert(webhookDeliveries)
      .values({ organizationId, agentId, event: "event_all_variables_resolved", url: "https://hooks.example.com/in", payload: { type: "x" } })
      .returning({ id: webhookDeliveries.id });
    await send("GET", "/v1/webhook-deliveries");
    await send("GET", `/v1/webhook-deliveries/${delivery.id}`);
    await send("POST", `/v1/webhook-deliveries/${delivery.id}/retry`);
    await send("GET", "/v1/webhook-secret");
    await send("POST", "/v1/webhook-secret/rotate", { body: { previous_secret_valid_seconds: 60 } });
    await send("GET", "/v1/pricing");
    await send("PATCH", "/v1/pricing", { body: { telephony_per_minute: 0.02, llm_input_per_million_tokens: null } });
    await send("GET", "/v1/calls/count?status=ended");
    await send("GET", "/v1/llm-models?provider=azure_openai");
    for (const path of ["summary", "calls-per-day", "duration-histogram", "agents", "post-call-answers", "dashboard", "usage"]) {
      await send("GET", `/v1/analytics/${path}?timezone=Europe/Paris`);
    }
    await send("GET", "/v1/analytics/summary?from=tomorrow");
    // Telephony providers: connect (refused and accepted), test, list and import numbers, disconnect.
    await send("GET", "/v1/telephony/providers");
    await send("PUT", "/v1/telephony/providers/twilio", { body: { account_sid: twilio.accountSid, auth_token: "wrong" } });
    await send("PUT", "/v1/telephony/providers/twilio", { body: { api_key: "x" } });
    expect((await send("PUT", "/v1/telephony/providers/twilio", { body: { account_sid: twilio.accountSid, auth_token: twilio.authToken } })).status).toBe(200);
    await send("GET", "/v1/telephony/providers/twilio");
    await send("GET", "/v1/telephony/providers/sip");
    await send("POST", "/v1/telephony/providers/twilio/test");
    await send("POST", "/v1/telephony/providers/telnyx/test");
    await send("GET", "/v1/telephony/providers/twilio/numbers");
    expect((await send("POST", "/v1/telephony/providers/twilio/numbers/import", { body: { numbers: ["+14155550177"] } })).status).toBe(200);
    await send("POST", "/v1/telephony/providers/twilio/numbers/import", { body: { numbers: ["+14155550999"] } });
    await send("POST", "/v1/telephony/providers/twilio/numbers/import");
    await send("DELETE", "/v1/telephony/providers/twilio");
    await send("DELETE", "/v1/telephony/providers/twilio");
    // Agent tests and their runs (a run executed in process, so a finished one is checked too).
    const scripted = await send("POST", `/v1/agents/${agentId}/tests`, {
      body: { name: "greets", type: "scripted", tags: ["smoke"], turns: [{ user: "Hi", expect: [{ type: "agent_says", match: "contains", value: "goodbye" }, { type: "state", state_name: "greet" }] }] },
    });
    expect(scripted.status, scripted.text).toBe(201);
    const simulated = await send("POST", `/v1/agents/${agentId}/tests`, { body: { name: "simulated", type: "simulated", persona: "p", goal: "g", success_criteria: ["c"] } });
    expect(simulated.status, simulated.text).toBe(201);
    await send("POST", `/v1/agents/${agentId}/tests`, { body: { name: "bad", type: "scripted", turns: [{ user: "x", expect: [{ type: "agent_says", match: "regex", value: "(" }] }] } });
    await send("GET", `/v1/agents/${agentId}/tests?limit=1`);
    await send("GET", `/v1/agents/${agentId}/tests/${scripted.json.data.id}`);
    await send("PATCH", `/v1/agents/${agentId}/tests/${simulated.json.data.id}`, { body: { max_turns: 3 } });
    const run = await send("POST", `/v1/agents/${agentId}/test-runs`, { body: { tags: ["smoke"], repeat: 2 } });
    expect(run.status, run.text).toBe(201);
    await executeTestRun(api.db, agentTestEnvironment(api.db, pgBossQueue(api.boss), { env: llm.env() }), run.json.data.id);
    const done = await send("GET", `/v1/test-runs/${run.json.data.id}`);
    expect(done.json.data).toMatchObject({ status: "passed", summary: { total: 2, passed: 2 } });
    await send("POST", `/v1/test-runs/${run.json.data.id}/cancel`);
    const queued = await send("POST", `/v1/agents/${agentId}/test-runs`, { body: { test_ids: [scripted.json.data.id] } });
    await send("POST", `/v1/test-runs/${queued.json.data.id}/cancel`);
    await send("GET", `/v1/agents/${agentId}/test-runs?limit=5`);
    await send("DELETE", `/v1/agents/${agentId}/tests/${simulated.json.data.id}`);

    // Campaigns, their contacts (JSON and CSV), do-not-call, concurrency.
    const campaign = await send("POST", "/v1/campaigns", { body: { name: "Spring", agent_id: agentId, from_numbers: ["+14155550140"], schedule: { start_at: "2099-01-01T00:00:00Z" } } });
    expect(campaign.status).toBe(201);
    const campaignId = campaign.json.data.id as string;
    await send("POST", "/v1/campaigns", { body: { name: "", agent_id: agentId, from_numbers: [] } });
    await send("GET", "/v1/campaigns?status=draft");
    await send("GET", `/v1/campaigns/${campaignId}`);
    await send("PATCH", `/v1/campaigns/${campaignId}`, { body: { pacing: { calls_per_second: 2 } } });
    await send("POST", `/v1/campaigns/${campaignId}/start`);
    await send("POST", `/v1/campaigns/${campaignId}/contacts`, { body: { contacts: [{ phone_number: "+14155550150" }, { phone_number: "x" }] } });
    const csv = new FormData();
    csv.set("file", new Blob(["phone_number,name\n+14155550151,Ada\n"], { type: "text/csv" }), "list.csv");
    await send("POST", `/v1/campaigns/${campaignId}/contacts`, { form: csv });
    await send("GET", `/v1/campaigns/${campaignId}/contacts?status=pending`);
    await send("POST", `/v1/campaigns/${campaignId}/start`);
    await send("POST", `/v1/campaigns/${campaignId}/pause`);
    await send("POST", `/v1/campaigns/${campaignId}/resume`);
    await send("POST", `/v1/campaigns/${campaignId}/cancel`);
    await send("DELETE", `/v1/campaigns/${campaignId}`);
    await send("POST", "/v1/do-not-call", { body: { phone_numbers: ["+14155550160"], reason: "asked" } });
    await send("GET", "/v1/do-not-call");
    await send("POST", "/v1/calls/phone", { body: { from_number: "+14155550140", to_number: "+14155550160", agent_id: agentId } });
    await send("DELETE", "/v1/do-not-call/%2B14155550160");
    await send("DELETE", "/v1/do-not-call/%2B14155550160");
    await send("GET", "/v1/concurrency");
    await send("PATCH", "/v1/concurrency", { body: { limit: 1, inbound_reserved: 2 } });
    await send("PATCH", "/v1/concurrency", { body: { limit: 1, inbound_reserved: 1 } });
    await send("POST", "/v1/calls/phone", { body: { from_number: "+14155550140", to_number: "+14155550161", agent_id: agentId } });
    await send("DELETE", `/v1/phone-numbers/${numberId}`);
    await send("DELETE", `/v1/agents/${agentId}`);
    // The audit log of everything above.
    await send("GET", "/v1/audit-log?limit=5&action=agent");
    await send("GET", "/v1/audit-log?from=yesterday");
    await send("GET", "/v1/audit-log/verify");
    await send("GET", "/v1/audit-log/settings");
    await send("PATCH", "/v1/audit-log/settings", { body: { audit_retention_days: 90 } });
    await send("PATCH", "/v1/audit-log/settings", { body: { audit_retention_days: 7 } });
    await send("POST", "/v1/data-erasure", { body: { phone_number: "+14155550998" } });
    await send("POST", "/v1/data-erasure", { body: { phone_number: "not a number" } });

    expect(problems).toEqual([]);
    const missed = validator.operations.map((op) => `${op.method.toUpperCase()} ${op.path}`).filter((op) => !validator.seen.has(op));
    expect(missed, "operations this walk never reached").toEqual([]);
  });

  it("names every operation, uniquely, as SDK generators need", () => {
    const ids = validator.operations.map((op) => op.operationId);
    expect(ids.filter((id) => !/^[a-z][A-Za-z]+$/.test(id))).toEqual([]);
    expect(new Set(ids).size).toBe(ids.length);
  });
});
