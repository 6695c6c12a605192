import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { agentTestResults, agentTestRuns } from "@/lib/db/schema";
import { pgBossQueue } from "@/lib/jobs/pg-boss-queue";
import { claimTestRun, MAX_TAKEOVERS, sweepStalledTestRuns } from "@/lib/services/agent-tests/test-run-leases";
import { bistroAgent, bistroModel } from "../helpers/agent-test-fixtures";
import { startFakeOpenAiServer } from "../helpers/fake-openai-server";
import { createTestApi } from "../helpers/test-api";
import { createScratchPostgresDatabase } from "../helpers/test-database";
import { sleep } from "../helpers/voice-call";

// A test run outlives the process running it: killed with SIGKILL mid-run, the run is taken over
// by the process that comes next (never left `running`), and a run nobody can finish ends `error`.

const root = path.resolve(__dirname, "../..");
const onPostgres = process.env.TEST_DB === "postgres";
const children: ChildProcess[] = [];
const cleanups: (() => Promise<void> | void)[] = [];

type Event = { event: string; at: number; [field: string]: unknown };

function startWorkerProcess(mode: "first" | "second", env: Record<string, string>) {
  const child = spawn(process.execPath, ["--conditions=react-server", "--import", "tsx", "tests/helpers/test-run-crash-worker.ts", mode], {
    cwd: root,
    env: { ...process.env, DATABASE_URL: "", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  children.push(child);
  const events: Event[] = [];
  let output = "";
  let buffer = "";
  child.stdout!.on("data", (chunk: Buffer) => {
    buffer += chunk.toString();
    output += chunk.toString();
    for (let newline = buffer.indexOf("\n"); newline >= 0; newline = buffer.indexOf("\n")) {
      const line = buffer.slice(0, newline);
      buffer = buffer.slice(newline + 1);
      try {
        events.push(JSON.parse(line) as Event);
      } catch {
        // other output of the process
      }
    }
  });
  child.stderr!.on("data", (chunk: Buffer) => (output += chunk.toString()));
  const waitFor = async (name: string, timeoutMs = 60_000): Promise<Event> => {
    const until = Date.now() + timeoutMs;
    for (;;) {
      const seen = events.find((event) => event.event === name);
      if (seen) return seen;
      if (Date.now() > until || child.exitCode !== null) throw new Error(`${mode} worker: no "${name}" within ${timeoutMs} ms. Output:\n${output}`);
      await sleep(20);
    }
  };
  return { child, waitFor };
}

afterAll(async () => {
  for (const child of children) if (child.exitCode === null) child.kill("SIGKILL");
  for (const cleanup of cleanups.reverse()) await cleanup();
});

describe("a test run whose process is killed", () => {
  it("is taken over by the next process and finishes, each conversation stored once", async () => {
    const llm = await startFakeOpenAiServer((request) => ({ ...bistroModel()(request), delayMs: 120 }));
    cleanups.push(llm.close);
    let target: string;
    if (onPostgres) {
      const database = await createScratchPostgresDatabase();
      cleanups.push(database.drop);
      target = database.url;
    } else {
      target = mkdtempSync(path.join(os.tmpdir(), "test-run-crash-"));
      cleanups.push(() => rmSync(target, { recursive: true, force: true }));
    }
    const env = { CRASH_DB: target, CRASH_LLM: llm.url };
    const first = startWorkerProcess("first", env);
    await first.waitFor("seeded", 90_000);
    await first.waitFor("first-result", 60_000);
    first.child.kill("SIGKILL");
    const killedAt = Date.now();
    await new Promise((resolve) => first.child.once("exit", resolve));

    const second = startWorkerProcess("second", env);
    const finished = await second.waitFor("finished", 120_000);
    const takenOverS = (finished.at - killedAt) / 1000;
    console.log(`test run taken over on ${onPostgres ? "Postgres" : "PGlite"} and finished ${takenOverS.toFixed(1)} s after the kill`);
    expect(takenOverS).toBeLessThan(120);
    expect(finished).toMatchObject({ status: "passed", takeovers: 1, error: null });
    const results = finished.results as { testName: string; repetition: number; status: string }[];
    expect(results).toHaveLength(6);
    expect(new Set(results.map((result) => `${result.testName}:${result.repetition}`)).size).toBe(6);
    expect(results.every((result) => result.status === "passed")).toBe(true);
    second.child.kill("SIGTERM");
  }, 240_000);
});

describe("runs whose holder died unnoticed", () => {
  it("are handed on by the sweep, and given up (error) once processes died on them too often", async () => {
    const api = await createTestApi({ runtime: { env: { OPENAI_API_KEY: "sk-test" } } });
    cleanups.push(api.close);
    const org = await api.createOrganization();
    const agentId = (await (await api.request("POST", "/v1/agents", { apiKey: org.apiKey, body: bistroAgent() })).json()).data.id;
    await api.request("POST", `/v1/agents/${agentId}/tests`, { apiKey: org.apiKey, body: { name: "t", type: "scripted", turns: [{ user: "hi" }] } });
    const runId = (await (await api.request("POST", `/v1/agents/${agentId}/test-runs`, { apiKey: org.apiKey, body: {} })).json()).data.id;
    const queue = pgBossQueue(api.boss);
    // Its first job is taken by a process that then dies holding the lease.
    await api.boss.fetch("agent-test-run");
    const dead = "11111111-1111-4111-8111-111111111111";
    expect((await claimTestRun(api.db, runId, dead)).kind).toBe("claimed");
    await api.db.update(agentTestResults).set({ status: "running" }).where(eq(agentTestResults.runId, runId));
    expect((await claimTestRun(api.db, runId, "22222222-2222-4222-8222-222222222222")).kind).toBe("held");
    await api.db.update(agentTestRuns).set({ leaseExpiresAt: new Date(Date.now() - 20_000) }).where(eq(agentTestRuns.id, runId));

    expect(await sweepStalledTestRuns(api.db, queue)).toBe(1);
    const [job] = await api.boss.fetch<{ runId: string }>("agent-test-run");
    expect(job.data.runId).toBe(runId);
    const claimed = await claimTestRun(api.db, runId, "33333333-3333-4333-8333-333333333333");
    expect(claimed).toMatchObject({ kind: "claimed", claimed: { takeover: true } });
    const [result] = await api.db.select().from(agentTestResults).where(eq(agentTestResults.runId, runId));
    expect(result.status).toBe("pending");

    await api.db.update(agentTestRuns).set({ takeovers: MAX_TAKEOVERS, leaseExpiresAt: new Date(Date.now() - 20_000) }).where(eq(agentTestRuns.id, runId));
    await sweepStalledTestRuns(api.db, queue);
    const run = await (await api.request("GET", `/v1/test-runs/${runId}`, { apiKey: org.apiKey })).json();
    expect(run.data).toMatchObject({ status: "error" });
    expect(run.data.error).toMatch(/stopped 4 times; it was given up/);
    expect(run.data.finished_at).toBeTruthy();
  });
});
