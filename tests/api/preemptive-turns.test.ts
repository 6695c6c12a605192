import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { callEvents, calls } from "@/lib/db/schema";
import { pgBossQueue } from "@/lib/jobs/pg-boss-queue";
import { EngineConversationPort } from "@/lib/media/engine-port";
import type { AgentOutput } from "@/lib/media/session/conversation-port";
import type { RecordedEvent } from "@/lib/runtime/types";
import { openLiveCall } from "@/lib/services/calls/live-calls";
import { lastUserText, scriptedLlm } from "../helpers/scripted-llm";
import { createTestApi, type TestApi } from "../helpers/test-api";
import { voiceAgent } from "../helpers/voice-call";

// A preemptive answer through the real engine and database: nothing of a dropped one is stored or
// streamed, and its hang-up never runs; a confirmed one is the turn, stored once.

let api: TestApi;
let org: { apiKey: string; organizationId: string };
const llm = scriptedLlm((request) => (/bye/i.test(lastUserText(request)) ? { text: "Goodbye!", calls: [{ name: "hang_up" }] } : { text: "Sure." }));

beforeAll(async () => {
  // Configured (never reached: the scripted model answers), so the web call may start.
  api = await createTestApi({ runtime: { env: { OPENAI_API_KEY: "sk-test", OPENAI_BASE_URL: "http://127.0.0.1:9/v1" }, llm: llm.port } });
  org = await api.createOrganization();
});
afterAll(async () => api.close());

async function liveCall() {
  const created = await api.request("POST", "/v1/agents", {
    apiKey: org.apiKey,
    body: voiceAgent({ initial_message: null, states: [{ name: "main", prompt: "Help.", tools: [{ type: "hang_up", filler_sentence: "" }] }], initial_state_name: "main" }),
  });
  const agentId = (await created.json()).data.id;
  const started = await api.request("POST", "/v1/calls/web", { apiKey: org.apiKey, body: { agent_id: agentId } });
  const body = await started.json();
  expect(started.status, JSON.stringify(body)).toBe(201);
  const callId = body.data.call_id as string;
  await openLiveCall(api.db, callId);
  const events: RecordedEvent[] = [];
  const port = new EngineConversationPort({ db: api.db, queue: pgBossQueue(api.boss), llm: llm.port, http: () => Promise.reject(new Error("no HTTP")) }, callId, (event) => events.push(event));
  return { callId, port, events };
}

async function drain(stream: AsyncIterable<AgentOutput>): Promise<string> {
  let text = "";
  for await (const output of stream) if (output.type === "text") text += output.text;
  return text;
}

describe("preemptive turns through the engine", () => {
  it("a dropped one streams its words but stores nothing, emits no event and never hangs up; the next turn runs as usual", async () => {
    const { callId, port, events } = await liveCall();
    const controller = new AbortController();
    let resolve!: (ok: boolean) => void;
    const confirmed = new Promise<boolean>((done) => (resolve = done));
    const stream = port.respond({ kind: "caller", source: "speech", text: "That's all, bye", confirmed }, controller.signal);
    const reader = stream[Symbol.asyncIterator]();
    const first = await reader.next();
    expect(first.value).toMatchObject({ type: "text" });
    // The caller goes on: the session aborts the answer and drops it.
    controller.abort();
    resolve(false);
    while (!(await reader.next()).done);
    await port.settled();
    const [row] = await api.db.select().from(calls).where(eq(calls.id, callId));
    expect(row.status).toBe("in_progress");
    expect(row.transcript).toEqual([]);
    expect(await api.db.select().from(callEvents).where(eq(callEvents.callId, callId))).toEqual([]);
    expect(events).toEqual([]);
    expect(port.endedByConversation).toBe(false);

    // The whole turn, confirmed at once.
    const said = await drain(port.respond({ kind: "caller", source: "speech", text: "I'd like a table for two", confirmed: Promise.resolve(true) }, new AbortController().signal));
    expect(said).toBe("Sure.");
    await port.settled();
    const [after] = await api.db.select().from(calls).where(eq(calls.id, callId));
    expect(after.transcript.map((entry) => [entry.role, entry.content])).toEqual([
      ["user", "I'd like a table for two"],
      ["agent", "Sure."],
    ]);
    expect(events.map((event) => event.type)).toEqual(["user_message", "agent_message"]);
  });

  it("a turn confirmed after the model has finished answering is stored in full", async () => {
    const { callId, port, events } = await liveCall();
    let resolve!: (ok: boolean) => void;
    const confirmed = new Promise<boolean>((done) => (resolve = done));
    const said = drain(port.respond({ kind: "caller", source: "speech", text: "A table for two, please.", confirmed }, new AbortController().signal));
    // The model is done long before the turn is confirmed: the operation waits for the word before storing.
    await new Promise((r) => setTimeout(r, 300));
    resolve(true);
    expect(await said).toBe("Sure.");
    await port.settled();
    const [row] = await api.db.select().from(calls).where(eq(calls.id, callId));
    expect(row.transcript.map((entry) => entry.content)).toEqual(["A table for two, please.", "Sure."]);
    expect(events.map((event) => event.type)).toEqual(["user_message", "agent_message"]);
  });

  it("a confirmed one runs its hang-up once the turn is confirmed, and records it", async () => {
    const { callId, port, events } = await liveCall();
    let resolve!: (ok: boolean) => void;
    const confirmed = new Promise<boolean>((done) => (resolve = done));
    const outputs: AgentOutput[] = [];
    const done = (async () => {
      for await (const output of port.respond({ kind: "caller", source: "speech", text: "Thanks, bye", confirmed }, new AbortController().signal)) outputs.push(output);
    })();
    await new Promise((r) => setTimeout(r, 300));
    expect(outputs.some((output) => output.type === "end")).toBe(false);
    expect(events).toEqual([]);
    resolve(true);
    await done;
    await port.settled();
    expect(outputs.at(-1)).toMatchObject({ type: "end" });
    const [row] = await api.db.select().from(calls).where(eq(calls.id, callId));
    expect(row).toMatchObject({ status: "ended", endReason: "agent_hangup" });
    expect(events.map((event) => event.type)).toEqual(expect.arrayContaining(["user_message", "tool_called", "call_ended"]));
  });
});
