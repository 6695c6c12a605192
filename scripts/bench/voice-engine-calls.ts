// bench:voice --engine: the calls' conversation is the real engine on a database (each turn loaded,
// claimed, run and stored as in production: in-memory PGlite, or a Postgres server with
// BENCH_DATABASE_URL) with an instant in-process model, so the figures include what the
// conversation layer adds between the end of a turn and the first audio.
import { createOrganization } from "@/lib/auth/organizations";
import { randomUUID } from "node:crypto";
import pg from "pg";
import { connectPglite, connectPostgres, type DatabaseConnection } from "@/lib/db/client";
import { applyMigrations } from "@/lib/db/migrate";
import { EngineConversationPort } from "@/lib/media/engine-port";
import type { LanguageModelPort } from "@/lib/runtime/types";
import { createAgent } from "@/lib/services/agents";
import { openLiveCall } from "@/lib/services/calls/live-calls";
import { startWebCall } from "@/lib/services/calls/web-calls";

const SHORT_REPLY = "Sure, I can help you with that. What time would suit you?";
const LONG_REPLY = "We are open from nine in the morning until eight in the evening on weekdays, and from ten until four on Saturdays, and closed on Sundays.";

/** Replies word by word at once, alternating a short and a long answer per call. */
const instantModel: LanguageModelPort = async function* (request) {
  const turns = request.messages.filter((message) => message.role === "user").length;
  for (const word of (turns % 2 === 0 ? LONG_REPLY : SHORT_REPLY).split(/(?<= )/)) yield { type: "text", text: word };
  yield { type: "usage", inputTokens: 100, outputTokens: 20 };
};

/** A scratch database on the Postgres server at `serverUrl` (dropped on close), else in-memory PGlite. */
async function benchDatabase(serverUrl: string | undefined): Promise<DatabaseConnection> {
  if (!serverUrl) return connectPglite();
  const name = `voice_bench_${randomUUID().replaceAll("-", "").slice(0, 12)}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const connection = connectPostgres(url.toString(), 10);
  return {
    ...connection,
    close: async () => {
      await connection.close();
      const dropper = new pg.Client({ connectionString: serverUrl });
      await dropper.connect();
      await dropper.query(`drop database if exists ${name} with (force)`);
      await dropper.end();
    },
  };
}

export async function engineCallPorts(count: number, serverUrl?: string): Promise<{ ports: EngineConversationPort[]; close: () => Promise<void> }> {
  const connection = await benchDatabase(serverUrl);
  await applyMigrations(connection);
  const db = connection.db;
  const queue = { send: async () => undefined };
  const organization = await createOrganization(db, "Bench");
  const ctx = { db, organizationId: organization.id };
  const agent = await createAgent(ctx, {
    name: "Bench agent",
    initial_state_name: "main",
    states: [{ name: "main", prompt: "Help the caller." }],
    max_call_duration: 3600,
    presence_check_idle_threshold: 600,
  });
  const ports: EngineConversationPort[] = [];
  for (let i = 0; i < count; i++) {
    const { callId } = await startWebCall(ctx, queue, { agent_id: agent.id, mode: "voice" }, { env: { OPENAI_API_KEY: "bench" }, speechProblems: () => [] });
    await openLiveCall(db, callId);
    ports.push(new EngineConversationPort({ db, queue, llm: instantModel, http: () => Promise.reject(new Error("no HTTP")) }, callId));
  }
  return { ports, close: () => connection.close() };
}
