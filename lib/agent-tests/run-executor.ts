import "server-only";
import { randomUUID } from "node:crypto";
import type { Database } from "@/lib/db/client";
import { agentVersionDocument } from "@/lib/services/calls/runtime-calls";
import {
  claimTestRun,
  failTestRun,
  finishTestResult,
  finishTestRun,
  holdsTestRun,
  LEASE_RENEW_MS,
  pendingTestResults,
  renewTestRunLease,
  startTestResult,
  type PendingResult,
} from "@/lib/services/agent-tests/test-run-leases";
import { runAgentTest, TestCancelledError, type TestEnvironment, type TestSubject } from "./run-test";

export type RunExecutorOptions = {
  /** How often the holder looks for a cancel (and a lost lease) while it runs. */
  checkMs?: number;
  /** How long a job waits for a lease held by another process to lapse before leaving the run to it. */
  maxWaitMs?: number;
};

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Executes a test run as the job that carries it: takes the run's lease (waiting out the lease of a
 * process that died, then taking over what it left), runs the pending conversations `concurrency` at
 * a time, stores each result as it finishes, and ends the run. A cancel (or a lost lease) aborts the
 * conversations in flight between their turns; nothing more is stored then.
 */
export async function executeTestRun(db: Database, environment: TestEnvironment, runId: string, options: RunExecutorOptions = {}): Promise<void> {
  const owner = randomUUID();
  const waitUntil = Date.now() + (options.maxWaitMs ?? 45_000);
  let claim = await claimTestRun(db, runId, owner);
  while (claim.kind === "held" && Date.now() < waitUntil) {
    // Another process holds it: alive (it renews, and we leave it the run) or dead (its lease lapses and we take over).
    // Checked every second: a holder known to be gone is released early (lib/server/workers' orphan hook).
    await sleep(Math.max(200, Math.min(claim.until.getTime() - Date.now() + 250, 1000, waitUntil - Date.now())));
    claim = await claimTestRun(db, runId, owner);
  }
  if (claim.kind !== "claimed") return;
  const run = claim.claimed.run;
  const agent = await agentVersionDocument(db, run.agentId, run.agentVersion);
  if (!agent) {
    await failTestRun(db, runId, `Version ${run.agentVersion} of the agent no longer exists`);
    return;
  }
  const subject: TestSubject = { organizationId: run.organizationId, agentId: run.agentId, agent };
  const abort = new AbortController();
  let lastRenew = Date.now();
  const watch = setInterval(() => {
    const renew = Date.now() - lastRenew >= LEASE_RENEW_MS;
    void (renew ? renewTestRunLease(db, runId, owner) : holdsTestRun(db, runId, owner))
      .then((held) => {
        if (renew && held) lastRenew = Date.now();
        if (!held) abort.abort();
      })
      .catch(() => undefined);
  }, options.checkMs ?? 500);
  watch.unref();
  try {
    const queue = await pendingTestResults(db, runId);
    const worker = async () => {
      for (let next = queue.shift(); next && !abort.signal.aborted; next = queue.shift()) await runOne(db, environment, subject, runId, owner, next, abort.signal);
    };
    await Promise.all(Array.from({ length: Math.max(1, Math.min(run.concurrency, queue.length)) }, worker));
    if (!abort.signal.aborted) await finishTestRun(db, runId, owner);
  } finally {
    clearInterval(watch);
  }
}

async function runOne(db: Database, environment: TestEnvironment, subject: TestSubject, runId: string, owner: string, pending: PendingResult, signal: AbortSignal): Promise<void> {
  if (!(await startTestResult(db, runId, owner, pending.id))) return;
  try {
    const outcome = await runAgentTest(environment, subject, pending.test, signal);
    await finishTestResult(db, runId, owner, pending.id, outcome);
  } catch (error) {
    if (error instanceof TestCancelledError) return;
    throw error;
  }
}
