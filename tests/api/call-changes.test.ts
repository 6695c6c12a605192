import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApiApp } from "@/lib/api/app";
import { connectPostgres, type DatabaseConnection } from "@/lib/db/client";
import { pgBossQueue } from "@/lib/jobs/pg-boss-queue";
import { callChanges } from "@/lib/services/calls/call-changes";
import { WEB_CALL_MEDIA_PATH, webCallMediaRoute } from "@/lib/server/web-call-media-route";
import { WebSocketRoutes } from "@/lib/server/websocket-routes";
import { startFakeSpeech, type FakeSpeech } from "../helpers/fake-speech";
import { startInProcessServer, type InProcessServer } from "../helpers/in-process-server";
import { MediaSocketClient } from "../helpers/media-socket-client";
import { scriptedLlm } from "../helpers/scripted-llm";
import { readSseUntil } from "../helpers/sse";
import { createTestApi, type TestApi } from "../helpers/test-api";
import { sleep, voiceAgent, waitFor } from "../helpers/voice-call";

// Issue 20, item 5: a live call is followed by being told when it changes (NOTIFY from triggers,
// one listening connection per process), not by polling: 300 idle calls took Postgres from 26 to
// 882 commits/s. Instance A holds the media socket (or the event stream); instance B, with its own
// connection pool and listening connection (on PGlite, which is one process's database, the same
// connection), writes. The fallback check is set to a minute here, so only a notification can be fast.

const GREETING = "Hello, thanks for calling.";
let api: TestApi;
let fake: FakeSpeech;
let server: InProcessServer;
let baseUrl: string;
let org: { apiKey: string; organizationId: string };
let other: { connection: DatabaseConnection | null; app: ReturnType<typeof createApiApp> };
const llm = scriptedLlm(() => ({ text: "Sure." }));

/** Every statement this process sends to Postgres (pool, listening connection, pg-boss). */
let statements = 0;
/** The text of each statement while this is a list. */
let recorded: string[] | null = null;
const query = pg.Client.prototype.query;

beforeAll(async () => {
  fake = await startFakeSpeech();
  fake.voice.set(GREETING, 440);
  api = await createTestApi({ runtime: { env: fake.env(), llm: llm.port } });
  callChanges(api.db, { fallbackMs: 60_000, unfedFallbackMs: 60_000 });
  org = await api.createOrganization();
  const media = webCallMediaRoute({ db: api.db, queue: pgBossQueue(api.boss), llm: llm.port, http: () => Promise.reject(new Error("no HTTP")), storage: api.storage, env: fake.env() });
  server = await startInProcessServer(api, new WebSocketRoutes().add(WEB_CALL_MEDIA_PATH, media));
  baseUrl = `http://127.0.0.1:${server.port}`;
  const url = (api.connection as DatabaseConnection & { url?: string }).url;
  const connection = url ? connectPostgres(url, 2) : null;
  if (connection) callChanges(connection.db, { fallbackMs: 60_000, unfedFallbackMs: 60_000 });
  const db = connection?.db ?? api.db;
  other = {
    connection,
    app: createApiApp({ db, queue: pgBossQueue(api.boss), runtime: { env: fake.env(), llm: llm.port }, settings: { rateLimitPerMinute: 100_000, jsonBodyLimitBytes: 1 << 20 } }),
  };
  pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
    statements++;
    const text = typeof args[0] === "string" ? args[0] : (args[0] as { text?: string } | null)?.text;
    if (recorded && text) recorded.push(text);
    return (query as (...a: unknown[]) => unknown).apply(this, args);
  } as typeof query;
});
afterAll(async () => {
  pg.Client.prototype.query = query;
  await server?.close();
  await other?.connection?.close();
  await api?.close();
  await fake?.close();
});

async function startCall(mode: "voice" | "text", agent: Record<string, unknown> = {}) {
  const created = await api.request("POST", "/v1/agents", { apiKey: org.apiKey, body: voiceAgent({ presence_check_idle_threshold: 600, ...agent }) });
  const agentId = (await created.json()).data.id;
  const res = await fetch(`${baseUrl}/v1/calls/web`, {
    method: "POST",
    headers: { "X-Api-Key": org.apiKey, "Content-Type": "application/json" },
    body: JSON.stringify({ agent_id: agentId, mode }),
  });
  return (await res.json()).data as { call_id: string; media_url: string; session_token: string };
}

const onB = (method: string, path: string, token: string, body?: unknown) =>
  other.app.request(path, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body ? { "content-type": "application/json" } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });

describe("a change written by another instance", () => {
  it("reaches the media socket on this one within a second: a hang-up through B's API ends the call on A's socket", async () => {
    const call = await startCall("voice");
    const client = await MediaSocketClient.connect(call.media_url);
    await waitFor(() => client.heardMs(fake.voice.frequencyOf(GREETING)) > 200, 6000, "the greeting");
    await sleep(300);
    const hungUp = performance.now();
    expect((await onB("POST", `/v1/calls/web/${call.call_id}/hangup`, call.session_token)).status).toBe(200);
    await waitFor(() => client.closed !== null, 1_000, "A's socket closing");
    expect(client.eventsOf("call_ended")[0].at - hungUp).toBeLessThan(1_000);
    const ended = await (await api.request("GET", `/v1/calls/${call.call_id}`, { apiKey: org.apiKey })).json();
    expect(ended.data.status).toBe("ended");
  });

  it("reaches an event stream on this one within a second: a turn sent to B is streamed by A", async () => {
    const call = await startCall("text", { initial_message: null });
    const controller = new AbortController();
    const stream = await fetch(`${baseUrl}/v1/calls/web/${call.call_id}/events`, { headers: { authorization: `Bearer ${call.session_token}` }, signal: controller.signal });
    expect(stream.status).toBe(200);
    let seenAt = 0;
    const reading = readSseUntil(stream, (events) => events.some((event) => event.event === "user_message") && (seenAt ||= performance.now()) > 0, 5_000);
    await sleep(300);
    const sent = performance.now();
    const turn = await onB("POST", `/v1/calls/web/${call.call_id}/turns`, call.session_token, { text: "Hello there" });
    expect(turn.status).toBe(200);
    await turn.text();
    const events = await reading;
    expect(events.find((event) => event.event === "user_message")?.data).toMatchObject({ content: "Hello there" });
    expect(seenAt - sent).toBeLessThan(1_000);
    controller.abort();
  });
});

// The probe's measure, small: 20 idle voice calls over real WebSockets, statements counted in this
// process (every query of the pg driver) before and with them. Polling cost 3 a call a second (60/s).
describe.runIf(process.env.TEST_DB === "postgres")("idle live calls", () => {
  it("add (almost) no statements: the rate with 20 idle calls stays that of none", async () => {
    const windowMs = 3_000;
    const rate = async () => {
      const before = statements;
      await sleep(windowMs);
      return ((statements - before) * 1000) / windowMs;
    };
    const baseline = await rate();
    const clients: MediaSocketClient[] = [];
    for (let i = 0; i < 20; i++) {
      const call = await startCall("voice", { initial_message: null });
      clients.push(await MediaSocketClient.connect(call.media_url));
    }
    await waitFor(() => clients.every((client) => client.eventsOf("started").length === 1), 10_000, "every call started");
    await sleep(1_000);
    const idle = await rate();
    expect(clients.every((client) => client.closed === null)).toBe(true);
    expect(idle - baseline, `statements/s: ${baseline} without calls, ${idle} with 20 idle ones`).toBeLessThanOrEqual(2);
    for (const client of clients) client.send({ type: "hangup" });
    await waitFor(() => clients.every((client) => client.closed !== null), 10_000, "every call hung up");
  }, 60_000);

  it("the media socket does not read back the events it forwarded itself; another writer's are read and forwarded", async () => {
    const call = await startCall("voice");
    const eventReads = () => recorded!.filter((text) => /^select/i.test(text.trim()) && text.includes('from "call_events"')).length;
    recorded = [];
    try {
      const client = await MediaSocketClient.connect(call.media_url);
      await waitFor(() => client.heardMs(fake.voice.frequencyOf(GREETING)) > 200, 6000, "the greeting");
      client.send({ type: "text", text: "Hello there" });
      await waitFor(() => client.eventsOf("agent_message").length >= 2, 5000, "the answer to the typed turn");
      await sleep(500);
      expect(eventReads(), "reads of call_events for the greeting and a typed turn, both this socket's own").toBe(0);
      const turn = await onB("POST", `/v1/calls/web/${call.call_id}/turns`, call.session_token, { text: "From the other instance" });
      expect(turn.status).toBe(200);
      await turn.text();
      await waitFor(() => client.eventsOf("user_message").some((event) => event.frame.content === "From the other instance"), 2000, "B's turn on A's socket");
      expect(eventReads()).toBeGreaterThanOrEqual(1);
      client.send({ type: "hangup" });
      await client.closedWithin(5000);
    } finally {
      recorded = null;
    }
  }, 30_000);
});
