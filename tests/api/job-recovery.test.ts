import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { jobRuns, workerInstances } from "@/lib/db/schema";
import { startJobRecovery } from "@/lib/jobs/job-recovery";
import { jobNames } from "@/lib/jobs/queue";
import { createTestApi } from "../helpers/test-api";
import { createScratchPostgresDatabase } from "../helpers/test-database";
import { startWebhookReceiver } from "../helpers/webhook-receiver";

/**
 * A worker process is killed with SIGKILL while a webhook attempt and a PDF extraction are in flight;
 * a new process starts in its place. The webhook is resent and the PDF indexed within seconds, not
 * after the queue's 15-minute default expiry.
 */
const root = path.resolve(__dirname, "../..");
const onPostgres = process.env.TEST_DB === "postgres";
const children: ChildProcess[] = [];
const cleanups: (() => Promise<void> | void)[] = [];

type Event = { event: string; at: number; [field: string]: unknown };

function startWorkerProcess(mode: "first" | "second", env: Record<string, string>) {
  // Node itself with tsx's loader (the tsx CLI would run the script in a grandchild that SIGKILL does not reach).
  const child = spawn(process.execPath, ["--conditions=react-server", "--import", "tsx", "tests/helpers/job-crash-worker.ts", mode], {
    cwd: root,
    env: { ...process.env, DATABASE_URL: "", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  children.push(child);
  const events: Event[] = [];
  const waiters: { name: string; resolve: (event: Event) => void }[] = [];
  let output = "";
  let buffer = "";
  child.stdout!.on("data", (chunk: Buffer) => {
    buffer += chunk.toString();
    output += chunk.toString();
    for (let newline = buffer.indexOf("\n"); newline >= 0; newline = buffer.indexOf("\n")) {
      const line = buffer.slice(0, newline);
      buffer = buffer.slice(newline + 1);
      let event: Event;
      try {
        event = JSON.parse(line) as Event;
      } catch {
        continue; // other output of the process
      }
      events.push(event);
      for (const waiter of waiters.filter((w) => w.name === event.event)) waiter.resolve(event);
    }
  });
  child.stderr!.on("data", (chunk: Buffer) => (output += chunk.toString()));
  const waitFor = (name: string, timeoutMs = 60_000) =>
    new Promise<Event>((resolve, reject) => {
      const seen = events.find((event) => event.event === name);
      if (seen) return resolve(seen);
      const timer = setTimeout(() => reject(new Error(`${mode} worker: no "${name}" within ${timeoutMs} ms. Output:\n${output}`)), timeoutMs);
      waiters.push({ name, resolve: (event) => (clearTimeout(timer), resolve(event)) });
    });
  return { child, waitFor };
}

afterAll(async () => {
  for (const child of children) if (child.exitCode === null) child.kill("SIGKILL");
  for (const cleanup of cleanups.reverse()) await cleanup();
});

describe("recovery after kill -9", () => {
  it("resends the webhook in flight and finishes the PDF promptly once a new process runs", async () => {
    let target: string;
    if (onPostgres) {
      const database = await createScratchPostgresDatabase();
      cleanups.push(database.drop);
      target = database.url;
    } else {
      target = mkdtempSync(path.join(os.tmpdir(), "crash-"));
      cleanups.push(() => rmSync(target, { recursive: true, force: true }));
    }
    const receiver = await startWebhookReceiver();
    cleanups.push(receiver.close);
    receiver.reply("hang");
    const env = { CRASH_DB: target, CRASH_RECEIVER: receiver.url };

    const first = startWorkerProcess("first", env);
    const seeded = await first.waitFor("seeded", 90_000);
    await Promise.all([receiver.waitFor(1, 60_000), first.waitFor("ingestion-started")]);
    first.child.kill("SIGKILL");
    const killedAt = Date.now();
    await new Promise((resolve) => first.child.once("exit", resolve));

    const second = startWorkerProcess("second", env);
    const ready = await second.waitFor("ready", 90_000);
    const source = await second.waitFor("source", 60_000);
    await receiver.waitFor(2, 60_000);
    const delivery = await second.waitFor("delivery", 30_000);
    const resentAt = receiver.received[1].at;

    expect(receiver.received[1].headers["webhook-id"]).toBe(seeded.deliveryId);
    expect(delivery).toMatchObject({ status: "delivered", attempts: 1 });
    expect(source).toMatchObject({ status: "ready" });
    const recovery = {
      resentAfterKillS: (resentAt - killedAt) / 1000,
      resentAfterRestartS: (resentAt - ready.at) / 1000,
      indexedAfterRestartS: (source.at - ready.at) / 1000,
    };
    console.log(`recovery on ${onPostgres ? "Postgres" : "PGlite"}:`, JSON.stringify(recovery));
    // The new process sees at once that the old one is gone: it owns the embedded data directory, or
    // (on Postgres) the old pid no longer runs on this host.
    expect(recovery.resentAfterRestartS).toBeLessThan(10);
    expect(recovery.indexedAfterRestartS).toBeLessThan(10);
    second.child.kill("SIGTERM");
  }, 240_000);
});

describe("a process that stops beating", () => {
  it("has its running jobs handed back by a survivor on another host once its heartbeat is stale", async () => {
    const api = await createTestApi();
    cleanups.push(api.close);
    await api.boss.send(jobNames.callFinished, { callId: "00000000-0000-4000-8000-000000000000" }, { retryLimit: 3 });
    const [job] = await api.boss.fetch(jobNames.callFinished);
    const gone = "11111111-1111-4111-8111-111111111111";
    await api.db.insert(workerInstances).values({ id: gone, pid: 1, host: "another-host", heartbeatAt: sql`now() - interval '30 seconds'` });
    await api.db.insert(jobRuns).values({ jobId: job.id, queue: jobNames.callFinished, instanceId: gone });
    const fresh = "22222222-2222-4222-8222-222222222222";
    const [other] = (await api.boss.fetch(jobNames.callFinished)) ?? [];
    expect(other).toBeUndefined();
    await api.db.insert(workerInstances).values({ id: fresh, pid: 1, host: "another-host" });

    const recovery = await startJobRecovery(api.boss, api.db, { exclusive: false, staleMs: 20_000 });
    cleanups.push(recovery.stop);
    const after = await api.boss.getJobById(jobNames.callFinished, job.id);
    expect(after).toMatchObject({ state: "retry" });
    expect(new Date(after!.startAfter).getTime()).toBeLessThanOrEqual(Date.now() + 1000);
    const [again] = await api.boss.fetch(jobNames.callFinished);
    expect(again.id).toBe(job.id);

    // A silent process whose heartbeat is still within the window keeps its runs.
    await api.db.insert(jobRuns).values({ jobId: again.id, queue: jobNames.callFinished, instanceId: fresh });
    expect(await recovery.sweep()).toBe(0);
    expect(await api.boss.getJobById(jobNames.callFinished, again.id)).toMatchObject({ state: "active" });
  });
});

describe("job expiry", () => {
  it("gives each kind of job an expiry that fits it, far below the queue's 15-minute default", async () => {
    const api = await createTestApi();
    cleanups.push(api.close);
    const { pgBossQueue } = await import("@/lib/jobs/pg-boss-queue");
    const queue = pgBossQueue(api.boss);
    const expected = { [jobNames.deliverWebhook]: 60, [jobNames.dialCall]: 120, [jobNames.ingestKnowledgeBaseSource]: 300, [jobNames.callFinished]: 300 };
    for (const [name, seconds] of Object.entries(expected)) {
      await queue.send(name as keyof typeof expected, { probe: true });
      const [job] = await api.boss.fetch(name);
      expect(Number((await api.boss.getJobById(name, job.id))?.expireInSeconds), name).toBe(seconds);
    }
  });
});
