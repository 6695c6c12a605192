import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Webhook } from "standardwebhooks";
import { channelOf, decodeWav } from "@/lib/media/audio/wav";
import { createSafeFetch } from "@/lib/net/safe-fetch";
import { findTones, soundingMs, speech } from "../helpers/audio-analysis";
import { startFakeOpenAiServer, toolNames, type FakeOpenAiServer } from "../helpers/fake-openai-server";
import { startFakeSpeech, transcriptsByFixture, type FakeSpeech } from "../helpers/fake-speech";
import { lastUserText, scriptedLlm } from "../helpers/scripted-llm";
import { parseSse } from "../helpers/sse";
import { insertPhoneNumber } from "../helpers/fixtures";
import { createTestApi, type TestApi } from "../helpers/test-api";
import { heardMs, liveCallOnLoopback, sleep, voiceAgent, waitFor } from "../helpers/voice-call";
import { startWebhookReceiver } from "../helpers/webhook-receiver";

// What a redacting agent keeps and sends: each place PII could leak, checked after a real call.

const CARD = "4111 1111 1111 1111";
const SAID = `I am Maria Garcia, my card is ${CARD} and my email is maria.garcia@example.com`;
const READ_BACK = `Thank you Maria Garcia, I have your card ${CARD} on file.`;
// The card (its first two groups, however spaced), not a bare "4111": that also occurs in random uuids.
const RAW = /4111[ -]?1111|Maria|Garcia|maria\.garcia@example\.com/;

let api: TestApi;
let llm: FakeOpenAiServer;
let receiver: Awaited<ReturnType<typeof startWebhookReceiver>>;
const safeFetch = createSafeFetch({ allowlist: ["127.0.0.1"] });
let org: { organizationId: string; apiKey: string };

beforeAll(async () => {
  llm = await startFakeOpenAiServer(({ body }) => {
    if (body.response_format) return { json: { has_answer: true, answer: `Maria Garcia paid with ${CARD}` }, usage: { prompt_tokens: 50, completion_tokens: 5 } };
    if (toolNames(body).includes("hang_up") && body.messages.at(-1)?.role === "user") {
      return {
        text: READ_BACK,
        toolCalls: [{ name: "record_variables", arguments: { patient_name: "Maria Garcia", card_number: CARD } }, { name: "hang_up", arguments: {} }],
        usage: { prompt_tokens: 100, completion_tokens: 20 },
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

const get = async (path: string) => (await (await api.request("GET", path, { apiKey: org.apiKey })).json()).data;

async function textCall(dataStorage: string) {
  const agent = await (
    await api.request("POST", "/v1/agents", {
      apiKey: org.apiKey,
      body: {
        name: `Desk (${dataStorage})`,
        data_storage: dataStorage,
        llm: { provider: "openai_compatible", model: "local-model" },
        webhook_url: receiver.url,
        webhook_subscriptions: ["event_variable_value_updated"],
        initial_state_name: "main",
        states: [
          {
            name: "main",
            prompt: "Take the caller's name and card, then use {{hang_up}}.",
            variables: [
              { name: "patient_name", type: "string", extraction_instructions: "The caller's full name" },
              { name: "card_number", type: "string", extraction_instructions: "The card number" },
            ],
            tools: [{ type: "hang_up" }],
          },
        ],
      },
    })
  ).json();
  const agentId = agent.data.id as string;
  await api.request("POST", `/v1/agents/${agentId}/post-call-questions`, { apiKey: org.apiKey, body: { questions: [{ name: "Summary", type: "text" }] } });
  const started = await (await api.request("POST", "/v1/calls/web", { apiKey: org.apiKey, body: { agent_id: agentId, metadata: { crm_id: "C-7" } } })).json();
  const { call_id: callId, session_token: token } = started.data as { call_id: string; session_token: string };
  const turn = await api.request("POST", `/v1/calls/web/${callId}/turns`, { body: { text: SAID }, headers: { Authorization: `Bearer ${token}` } });
  const live = await turn.text();
  return { agentId, callId, token, live };
}

async function afterPostCall(callId: string, done: (call: Record<string, unknown>) => boolean) {
  const deadline = Date.now() + 40_000;
  let call = await get(`/v1/calls/${callId}`);
  while (!done(call) && Date.now() < deadline) {
    await sleep(100);
    call = await get(`/v1/calls/${callId}`);
  }
  return call;
}

describe("data_storage: redact_pii", () => {
  it("the live conversation hears everything; the transcript, variables, answers, webhook body, events and search keep only placeholders", async () => {
    const { callId, token, live } = await textCall("redact_pii");
    // The model was told what the caller said, and the caller's own stream showed the read-back as it happened.
    expect(JSON.stringify(llm.requests.at(-1)!.body)).toContain(CARD);
    expect(live).toContain(CARD);

    const call = await afterPostCall(callId, (found) => (found.post_call_answers as unknown[]).length > 0 && found.cost !== null);
    expect(call.status).toBe("ended");
    expect(JSON.stringify(call)).not.toMatch(RAW);
    const transcript = call.transcript as { role: string; content: string }[];
    expect(transcript.find((entry) => entry.role === "user")!.content).toBe("I am [person_name], my card is [credit_card] and my email is [email]");
    expect(transcript.find((entry) => entry.role === "agent" && entry.content.startsWith("Thank you"))!.content).toBe("Thank you [person_name], I have your card [credit_card] on file.");
    expect(call.variable_values).toEqual(
      expect.arrayContaining([expect.objectContaining({ name: "patient_name", value: "[person_name]" }), expect.objectContaining({ name: "card_number", value: "[credit_card]" })]),
    );
    expect((call.post_call_answers as { answer_text: string }[])[0].answer_text).toBe("[person_name] paid with [credit_card]");
    expect(call.redacted_categories).toEqual(["credit_card", "email", "person_name"]);
    expect(call.metadata).toEqual({ crm_id: "C-7" });

    // Webhooks: the body received, and the body the delivery log keeps.
    await receiver.waitFor(1, 40_000);
    const { secret } = await get("/v1/webhook-secret");
    const bodies = receiver.received.map((request) => new Webhook(secret).verify(request.body, request.headers as Record<string, string>) as { data: { call_id: string } });
    const ours = bodies.filter((body) => body.data.call_id === callId);
    expect(ours.length).toBeGreaterThan(0);
    expect(JSON.stringify(ours)).not.toMatch(RAW);
    expect(JSON.stringify(ours)).toContain("[credit_card]");
    const [delivery] = await get(`/v1/webhook-deliveries?call_id=${callId}`);
    expect(JSON.stringify(await get(`/v1/webhook-deliveries/${delivery.id}`))).not.toMatch(RAW);

    // The call's events, replayed once it has ended.
    const replay = await api.request("GET", `/v1/calls/web/${callId}/events?session_token=${token}`);
    const events = parseSse(await replay.text());
    expect(events.some((event) => event.event === "user_message")).toBe(true);
    expect(JSON.stringify(events)).not.toMatch(RAW);

    // Nothing findable by what was said; the list's own copy is redacted too.
    for (const word of ["4111", "Garcia", "maria.garcia@example.com"]) expect(await get(`/v1/calls?search=${encodeURIComponent(word)}`)).toEqual([]);
    const listed = (await get(`/v1/calls?include_transcript=true&include_variable_values=true`)) as { id: string }[];
    expect(JSON.stringify(listed.find((item) => item.id === callId))).not.toMatch(RAW);
  }, 60_000);

  it("keeps everything for an agent that stores everything (the default)", async () => {
    const { callId } = await textCall("everything");
    const call = await afterPostCall(callId, (found) => (found.post_call_answers as unknown[]).length > 0);
    expect(JSON.stringify(call.transcript)).toContain(CARD);
    expect(call.redacted_categories).toEqual([]);
  }, 60_000);
});

describe("data_storage: metadata_only", () => {
  it("keeps duration, cost, status, end reason and metadata once the post-call work is done, and nothing else", async () => {
    const { callId, token } = await textCall("metadata_only");
    const call = await afterPostCall(callId, (found) => found.cost !== null && (found.transcript as unknown[]).length === 0);
    expect(call).toMatchObject({ status: "ended", end_reason: "agent_hangup", metadata: { crm_id: "C-7" }, recording_url: null });
    expect(call.duration_seconds).not.toBeNull();
    expect(call.cost).not.toBeNull();
    expect(call.transcript).toEqual([]);
    expect(call.variable_values).toEqual([]);
    expect(call.post_call_answers).toEqual([]);
    expect(call.dynamic_variables_values).toBeNull();
    expect(JSON.stringify(call)).not.toMatch(RAW);
    const replay = await api.request("GET", `/v1/calls/web/${callId}/events?session_token=${token}`);
    expect(JSON.stringify(parseSse(await replay.text()))).not.toMatch(RAW);
  }, 60_000);
});

describe("campaign calls", () => {
  it("a redacting agent's campaign call and its settled contact keep the contact's variables redacted (or nothing, metadata_only); the metadata stays", async () => {
    const from = "+14155550190";
    await insertPhoneNumber(api.db, org.organizationId, from);
    const post = async (path: string, body?: unknown) => {
      const answer = await (await api.request("POST", path, { apiKey: org.apiKey, body })).json();
      if (!answer.data) throw new Error(`${path}: ${JSON.stringify(answer.error)}`);
      return answer.data;
    };
    const everyDay = { timezone: "UTC", recipient_timezone: false, windows: [{ days: ["mon", "tue", "wed", "thu", "fri", "sat", "sun"], start: "00:00", end: "23:59" }] };
    const campaignFor = async (dataStorage: string, to: string) => {
      const agent = await post("/v1/agents", { name: `Campaign desk (${dataStorage})`, data_storage: dataStorage, initial_state_name: "main", states: [{ name: "main", prompt: "Greet the caller by name.", tools: [{ type: "hang_up" }] }] });
      const campaign = await post("/v1/campaigns", { name: `Renewals (${dataStorage})`, agent_id: agent.id, from_numbers: [from], schedule: everyDay });
      await post(`/v1/campaigns/${campaign.id}/contacts`, { contacts: [{ phone_number: to, dynamic_variables_values: { name: "Maria Garcia", card: CARD }, metadata: { crm_id: "C-9" } }] });
      await post(`/v1/campaigns/${campaign.id}/start`);
      return campaign.id as string;
    };
    const modes = { redact_pii: "+12125550191", metadata_only: "+12125550192", everything: "+12125550193" };
    const campaigns = Object.fromEntries(await Promise.all(Object.entries(modes).map(async ([mode, to]) => [mode, await campaignFor(mode, to)])));
    // No carrier here: each attempt fails to connect, which settles its contact as failed and runs the after-call work.
    // The contact is settled in the same transaction that redacts its call: once the call reads redacted, so does the contact.
    const settled = async (campaignId: string, done: (call: Record<string, unknown>) => boolean) => {
      const deadline = Date.now() + 40_000;
      for (;;) {
        const [call] = (await get(`/v1/calls?campaign_id=${campaignId}`)) as { id: string }[];
        const full = call ? await get(`/v1/calls/${call.id}`) : null;
        if ((full && done(full)) || Date.now() > deadline) {
          const [contact] = (await get(`/v1/campaigns/${campaignId}/contacts`)) as Record<string, unknown>[];
          return { call: full as Record<string, unknown>, contact };
        }
        await sleep(50);
      }
    };

    const redacted = await settled(
      campaigns.redact_pii,
      (call) => (call.redacted_categories as string[]).length > 0,
    );
    expect(redacted.call).toMatchObject({ status: "failed", end_reason: "no_telephony_provider", campaign_id: campaigns.redact_pii, metadata: { crm_id: "C-9" } });
    expect(redacted.call.dynamic_variables_values).toEqual({ name: "[person_name]", card: "[credit_card]" });
    expect(redacted.call.redacted_categories).toEqual(["credit_card", "person_name"]);
    expect(redacted.contact).toMatchObject({ status: "failed", phone_number: modes.redact_pii, metadata: { crm_id: "C-9" }, dynamic_variables_values: { name: "[person_name]", card: "[credit_card]" } });

    const nothing = await settled(campaigns.metadata_only, (call) => call.dynamic_variables_values === null);
    expect(nothing.call).toMatchObject({ status: "failed", dynamic_variables_values: null, metadata: { crm_id: "C-9" } });
    expect(nothing.contact).toMatchObject({ status: "failed", dynamic_variables_values: {}, metadata: { crm_id: "C-9" } });

    const kept = await settled(campaigns.everything, (call) => call.status === "failed" && call.cost !== null);
    expect(kept.call.dynamic_variables_values).toEqual({ name: "Maria Garcia", card: CARD });
    expect(kept.contact.dynamic_variables_values).toEqual({ name: "Maria Garcia", card: CARD });
    for (const mode of ["redact_pii", "metadata_only"] as const) expect(JSON.stringify(await get(`/v1/campaigns/${campaigns[mode]}/contacts`))).not.toMatch(RAW);
  }, 60_000);
});

// Real time: run once, on the real Postgres when there is one.
const database = process.env.TEST_DATABASE_URL ? "postgres" : "pglite";

describe.runIf(process.env.TEST_DB === database)("redact_pii in a voice call's recording", () => {
  let fake: FakeSpeech;
  let voiceApi: TestApi;
  let voiceOrg: { apiKey: string; organizationId: string };
  const voiceLlm = scriptedLlm((request) => (/card/i.test(lastUserText(request)) ? { text: "Got it, Maria Garcia." } : { text: "Sorry?" }));

  beforeAll(async () => {
    // The caller's sentence, as the fake recogniser hears the "request" fixture: the card is its second half.
    fake = await startFakeSpeech({ transcripts: transcriptsByFixture({ request: `Please charge my card ${CARD}` }) });
    fake.voice.set("Hello, thanks for calling.", 440);
    fake.voice.set("Got it, Maria Garcia.", 800);
    voiceApi = await createTestApi({ runtime: { env: fake.env(), llm: voiceLlm.port } });
    voiceOrg = await voiceApi.createOrganization();
  });
  afterAll(async () => {
    await voiceApi?.close();
    await fake?.close();
  });

  it("silences the card's words (by Deepgram's word times) and the agent's read-back, and nothing else", async () => {
    const agent = await (
      await voiceApi.request("POST", "/v1/agents", { apiKey: voiceOrg.apiKey, body: voiceAgent({ data_storage: "redact_pii", transcriber: { provider: "deepgram" } }) })
    ).json();
    const started = (await (await voiceApi.request("POST", "/v1/calls/web", { apiKey: voiceOrg.apiKey, body: { agent_id: agent.data.id } })).json()).data;
    const call = await liveCallOnLoopback(voiceApi, fake, voiceLlm.port, started.call_id);
    await waitFor(() => heardMs(call.transport, 440) >= fake.voice.durationMs("Hello, thanks for calling.") - 40, 15_000, "the greeting heard");
    const greetingEnd = performance.now();
    call.transport.say(speech("request", 16000));
    await waitFor(() => heardMs(call.transport, 800, greetingEnd) >= fake.voice.durationMs("Got it, Maria Garcia.") - 40, 15_000, "the read-back heard");
    await sleep(100);
    call.transport.callerHangsUp();
    await call.handle.ended;

    const stored = (await (await voiceApi.request("GET", `/v1/calls/${started.call_id}`, { apiKey: voiceOrg.apiKey })).json()).data;
    expect(stored.transcript.map((entry: { content: string }) => entry.content)).toEqual(["Hello, thanks for calling.", "Please charge my card [credit_card]", "Got it, [person_name]."]);
    const blob = await voiceApi.storage.get(`organizations/${voiceOrg.organizationId}/recordings/${started.call_id}.wav`);
    const wav = decodeWav(blob!.bytes);
    const left = channelOf(wav, 0);
    const right = channelOf(wav, 1);
    const ms = (samples: number) => (samples / wav.sampleRate) * 1000;
    // The caller's utterance: its voiced length in the fixture, and where it starts in the recording.
    const frame = wav.sampleRate / 50;
    const voicedFrames = (samples: Int16Array) => {
      const found: number[] = [];
      for (let at = 0; at + frame <= samples.length; at += frame) if (samples.subarray(at, at + frame).some((sample) => Math.abs(sample) > 500)) found.push(ms(at));
      return found;
    };
    const fixture = voicedFrames(speech("request", 16000));
    const voiced = fixture.at(-1)! - fixture[0];
    const first = voicedFrames(left)[0];
    const silent = (from: number, to: number) => left.subarray(Math.round((from / 1000) * wav.sampleRate), Math.round((to / 1000) * wav.sampleRate)).every((sample) => sample === 0);
    expect(voiced).toBeGreaterThan(1500);
    // "Please charge my card" (the first half) is still heard; the four groups of the card are zero samples.
    expect(soundingMs(left.subarray(Math.round((first / 1000) * wav.sampleRate), Math.round(((first + voiced * 0.4) / 1000) * wav.sampleRate)), wav.sampleRate)).toBeGreaterThan(voiced * 0.25);
    expect(silent(first + voiced * 0.6, first + voiced * 0.95)).toBe(true);
    // The agent's read-back (800 Hz, it says the name) is silent on the right; the greeting (440 Hz) is not.
    const tones = findTones(right, wav.sampleRate, [440, 800]);
    expect(tones.filter((span) => span.frequency === 440).reduce((total, span) => total + span.endMs - span.startMs, 0)).toBeGreaterThan(1000);
    expect(tones.filter((span) => span.frequency === 800).reduce((total, span) => total + span.endMs - span.startMs, 0)).toBe(0);
    expect(stored.redacted_categories).toEqual(["credit_card", "person_name"]);
  }, 60_000);
});
