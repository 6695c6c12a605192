import { eq } from "drizzle-orm";
import { Webhook } from "standardwebhooks";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { calls } from "@/lib/db/schema";
import { createSafeFetch } from "@/lib/net/safe-fetch";
import { lastMessage, startFakeOpenAiServer, toolNames, type FakeOpenAiServer } from "../helpers/fake-openai-server";
import { createTestApi, type TestApi } from "../helpers/test-api";
import { startWebhookReceiver } from "../helpers/webhook-receiver";

/** A web call end to end: the runtime's variable events reach a receiver signed, and the finished call gets answers and a cost. */
let api: TestApi;
let llm: FakeOpenAiServer;
let receiver: Awaited<ReturnType<typeof startWebhookReceiver>>;
const safeFetch = createSafeFetch({ allowlist: ["127.0.0.1"] });
let org: { organizationId: string; apiKey: string };

beforeAll(async () => {
  llm = await startFakeOpenAiServer(({ body }) => {
    // Post-call questions ask for structured output; conversation turns offer tools.
    if (body.response_format) return { json: { has_answer: true, answer: "Grace Hopper" }, usage: { prompt_tokens: 50, completion_tokens: 5 } };
    if (toolNames(body).includes("hang_up") && body.messages.at(-1)?.role === "user") {
      return {
        text: "Thank you, goodbye.",
        toolCalls: [{ name: "record_variables", arguments: { patient_name: "Grace Hopper" } }, { name: "hang_up", arguments: {} }],
        usage: { prompt_tokens: 1000, completion_tokens: 40 },
      };
    }
    return { text: "Goodbye.", usage: { prompt_tokens: 10, completion_tokens: 2 } };
  });
  receiver = await startWebhookReceiver();
  api = await createTestApi({ runtime: { env: llm.env(), http: safeFetch, eventPollMs: 50 } });
  await api.startWorkers({ telephonyProvider: null, webhooks: { fetch: safeFetch }, postCallAnswers: { env: llm.env() } });
  org = await api.createOrganization();
});
afterAll(async () => {
  await api?.close();
  await llm?.close();
  await receiver?.close();
  await safeFetch.close();
});

describe("after a web call", () => {
  it("delivers the variable events signed, answers the post-call question and prices the call", async () => {
    const agent = await (
      await api.request("POST", "/v1/agents", {
        apiKey: org.apiKey,
        body: {
          name: "Front desk",
          llm: { provider: "openai_compatible", model: "local-model" },
          webhook_url: receiver.url,
          webhook_subscriptions: ["event_variable_value_updated"],
          initial_state_name: "main",
          states: [
            {
              name: "main",
              prompt: "Ask for the patient's name, then use {{hang_up}}.",
              variables: [{ name: "patient_name", type: "string", extraction_instructions: "The patient's full name" }],
              tools: [{ type: "hang_up" }],
            },
          ],
        },
      })
    ).json();
    const agentId = agent.data.id;
    await api.request("POST", `/v1/agents/${agentId}/post-call-questions`, { apiKey: org.apiKey, body: { questions: [{ name: "Patient", type: "text" }] } });

    const started = await (await api.request("POST", "/v1/calls/web", { apiKey: org.apiKey, body: { agent_id: agentId } })).json();
    const { call_id: callId, session_token: token } = started.data;
    const turn = await api.request("POST", `/v1/calls/web/${callId}/turns`, { body: { text: "I am Grace Hopper, bye." }, headers: { Authorization: `Bearer ${token}` } });
    await turn.text();

    await receiver.waitFor(1, 15_000);
    const { secret } = (await (await api.request("GET", "/v1/webhook-secret", { apiKey: org.apiKey })).json()).data;
    const events = receiver.received.map((request) => new Webhook(secret).verify(request.body, request.headers as Record<string, string>) as { type: string; data: Record<string, unknown> });
    const updated = events.find((event) => event.type === "event_variable_value_updated")!;
    expect(updated.data).toMatchObject({ call_id: callId, agent_id: agentId, variable: { name: "patient_name", value: "Grace Hopper" }, previous_value: null });
    expect(events.some((event) => event.type === "event_all_variables_resolved")).toBe(false);
    const log = (await (await api.request("GET", `/v1/webhook-deliveries?call_id=${callId}`, { apiKey: org.apiKey })).json()).data;
    expect(log.length).toBeGreaterThanOrEqual(1);

    const deadline = Date.now() + 15_000;
    let call = (await (await api.request("GET", `/v1/calls/${callId}`, { apiKey: org.apiKey })).json()).data;
    while ((call.post_call_answers.length === 0 || call.cost === null) && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      call = (await (await api.request("GET", `/v1/calls/${callId}`, { apiKey: org.apiKey })).json()).data;
    }
    expect(call.status).toBe("ended");
    expect(call.post_call_answers).toEqual([expect.objectContaining({ has_answer: true, answer_text: "Grace Hopper", question: expect.objectContaining({ name: "Patient" }) })]);
    const asked = llm.requests.find((request) => request.body.response_format)!;
    expect(lastMessage(asked.body)).toContain("Caller: I am Grace Hopper, bye.");
    // A web call has no telephony; its LLM part prices the runtime's tokens at the defaults, never the answering's.
    const [{ usage }] = await api.db.select({ usage: calls.usage }).from(calls).where(eq(calls.id, callId));
    expect(usage.llm_input_tokens).toBeGreaterThanOrEqual(1000);
    const round6 = (value: number) => Math.round(value * 1e6) / 1e6;
    const expected = {
      telephony: 0,
      llm: round6((usage.llm_input_tokens * 0.15 + usage.llm_output_tokens * 0.6) / 1e6),
      text_to_speech: round6((usage.tts_characters * 15) / 1e6),
      speech_to_text: round6((usage.stt_seconds / 60) * 0.006),
    };
    expect(call.cost_breakdown).toEqual(expected);
    expect(call.cost).toBe(round6(expected.llm + expected.text_to_speech + expected.speech_to_text));
  });
});
