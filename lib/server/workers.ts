import "server-only";
import type PgBoss from "pg-boss";
import { loadConfig } from "@/lib/config";
import type { Database } from "@/lib/db/client";
import { failKnowledgeBaseSource, ingestKnowledgeBaseSource, type IngestionLimits } from "@/lib/services/knowledge-bases/knowledge-base-ingestion";
import { purgeExpiredRecords } from "@/lib/services/maintenance";
import { runDailyRetention } from "@/lib/services/retention/daily-retention";
import type { BlobStore } from "@/lib/storage/blob-store";
import { createBlobStore } from "@/lib/storage/create-blob-store";
import { dialCall, type TelephonyProvider } from "@/lib/telephony/dialer";
import { outboundFetch } from "@/lib/net/outbound-fetch";
import { deliverWebhookAttempt, releaseDeliveryLease, type WebhookDeliverySettings } from "@/lib/webhooks/deliver-webhook";
import { processFinishedCall } from "@/lib/services/calls/finished-call";
import { processReanalysisBatch } from "@/lib/services/analysis/reanalysis-batch";
import type { ReanalysisBatch } from "@/lib/services/analysis/reanalysis-jobs";
import type { PostCallAnswerSettings } from "@/lib/services/post-call-questions/post-call-answers";
import { startCallTimerSweep } from "@/lib/services/calls/call-timer-sweep";
import { startJobRecovery } from "@/lib/jobs/job-recovery";
import { pgBossQueue } from "@/lib/jobs/pg-boss-queue";
import { jobNames } from "@/lib/jobs/queue";
import type { Admission } from "@/lib/load/load-limits";
import { dialWaitsForCapacity } from "@/lib/telephony/dial-capacity";
import { executeTestRun } from "@/lib/agent-tests/run-executor";
import { agentTestEnvironment, type AgentTestSettings } from "@/lib/agent-tests/test-environment";
import { failTestRun, releaseTestRunLease, sweepStalledTestRuns } from "@/lib/services/agent-tests/test-run-leases";
import { campaignsNeedingDispatch, runCampaignTick } from "@/lib/services/campaigns/campaign-dispatch";
import { nudgeCampaign } from "@/lib/services/campaigns/campaign-ticks";

const MAINTENANCE_INTERVAL_MS = 15 * 60 * 1000;

export type WorkerDependencies = {
  db: Database;
  telephonyProvider: TelephonyProvider | null;
  /** Blob storage; without it, the one the configuration selects (STORAGE_BACKEND). */
  storage?: BlobStore;
  /** Webhook delivery (HTTP client, clock, retry schedule); by default safe-fetch with OUTBOUND_ALLOWED_HOSTS. */
  webhooks?: Partial<WebhookDeliverySettings>;
  /** Post-call answers and call analysis (also re-runs): provider environment and default model; by default process.env and POST_CALL_MODEL. */
  postCallAnswers?: PostCallAnswerSettings;
  /** Knowledge-base indexing bounds; by default the configured ones (KB_PDF_*, KB_MAX_CHUNKS_PER_SOURCE). */
  ingestion?: Partial<IngestionLimits>;
  /** This process owns the embedded database: jobs left running by an earlier process are taken over at start. */
  exclusive?: boolean;
  /** Whether this process takes a new call now (lib/load): past capacity, outbound dials wait. */
  admission?: () => Admission;
  /** Agent test runs: models, HTTP and environment; by default the AI SDK over process.env and the safe outbound fetch. */
  agentTests?: AgentTestSettings;
};

/** Campaign ticks mostly wait (for pacing, slots, the carrier): several campaigns dispatch at once in each process. */
const CAMPAIGN_TICK_WORKERS_PER_PROCESS = 4;
/** How often each worker process looks for campaigns with work and no dispatcher (a dead one's, a due retry, a scheduled start). */
const CAMPAIGN_SWEEP_MS = 3_000;

/** Webhook attempts wait on the network, not the CPU: several run at once in each process. */
const WEBHOOK_WORKERS_PER_PROCESS = 4;
/** Re-run batches (each a few calls at once) per process: model requests wait on the network too. */
const REANALYSIS_WORKERS_PER_PROCESS = 3;
/** Test runs a process executes at once (each runs its own `concurrency` conversations). */
const TEST_RUN_WORKERS_PER_PROCESS = 2;
/** How often a process looks for test runs whose executing process died unnoticed. */
const TEST_RUN_SWEEP_MS = 10_000;

/** Subscribes this process to every queue; any number of processes may do so (pg-boss shares the work). */
export async function startWorkers(boss: PgBoss, deps: WorkerDependencies): Promise<{ stop: () => void }> {
  const recovery = await startJobRecovery(boss, deps.db, {
    exclusive: deps.exclusive ?? false,
    hooks: {
      [jobNames.deliverWebhook]: async (data) => releaseDeliveryLease(deps.db, String(data.deliveryId), Number(data.attempt)),
      [jobNames.ingestKnowledgeBaseSource]: async (data, { abandoned }) => {
        if (abandoned) await failKnowledgeBaseSource(deps.db, String(data.sourceId), "Processing stopped: the worker process ended unexpectedly on every attempt");
      },
      [jobNames.runAgentTests]: async (data, { abandoned }) => {
        if (abandoned) await failTestRun(deps.db, String(data.runId), "The run stopped: the worker process ended unexpectedly on every attempt");
        // Its holder is gone: the retried job takes the run over at once instead of waiting out the lease.
        else await releaseTestRunLease(deps.db, String(data.runId));
      },
    },
  });
  const { track } = recovery;
  const queue = pgBossQueue(boss);
  const waitForCapacity = dialWaitsForCapacity(queue, deps.admission);
  await boss.work<{ callId: string }>(jobNames.dialCall, { pollingIntervalSeconds: 0.5, batchSize: 1 }, async ([job]) =>
    track(jobNames.dialCall, job.id, async () => {
      if (await waitForCapacity(jobNames.dialCall, job.data.callId)) return;
      await dialCall(deps.db, job.data.callId, deps.telephonyProvider, { queue });
    }),
  );
  const storage = deps.storage ?? createBlobStore(loadConfig().storage, deps.db);
  const ingestionLimits: IngestionLimits = { ...loadConfig().knowledgeBase.ingestion, ...deps.ingestion };
  // PDF extraction is CPU-bound (in a worker thread): one at a time per process; more processes share the queue.
  await boss.work<{ sourceId: string }>(
    jobNames.ingestKnowledgeBaseSource,
    { pollingIntervalSeconds: 0.5, batchSize: 1, includeMetadata: true },
    async ([job]) =>
      track(jobNames.ingestKnowledgeBaseSource, job.id, () =>
        ingestKnowledgeBaseSource(deps.db, storage, job.data.sourceId, { lastAttempt: job.retryCount >= job.retryLimit, limits: ingestionLimits }),
      ),
  );
  const webhookSettings: WebhookDeliverySettings = { fetch: deps.webhooks?.fetch ?? outboundFetch(), ...deps.webhooks };
  for (let i = 0; i < WEBHOOK_WORKERS_PER_PROCESS; i++) {
    await boss.work<{ deliveryId: string; attempt: number }>(jobNames.deliverWebhook, { pollingIntervalSeconds: 0.5, batchSize: 1 }, async ([job]) =>
      track(jobNames.deliverWebhook, job.id, () => deliverWebhookAttempt(deps.db, queue, job.data, webhookSettings)),
    );
  }
  const postCallSettings = deps.postCallAnswers ?? { env: process.env, defaultModel: loadConfig().postCallModel };
  await boss.work<{ callId: string }>(jobNames.callFinished, { pollingIntervalSeconds: 0.5, batchSize: 1, includeMetadata: true }, async ([job]) =>
    track(jobNames.callFinished, job.id, () => processFinishedCall(deps.db, job.data.callId, postCallSettings, { last: job.retryCount >= job.retryLimit })),
  );
  for (let i = 0; i < REANALYSIS_WORKERS_PER_PROCESS; i++) {
    await boss.work<ReanalysisBatch>(jobNames.reanalyzeCalls, { pollingIntervalSeconds: 0.5, batchSize: 1, includeMetadata: true }, async ([job]) =>
      track(jobNames.reanalyzeCalls, job.id, () => processReanalysisBatch(deps.db, job.data, postCallSettings, { last: job.retryCount >= job.retryLimit })),
    );
  }
  const testEnvironment = agentTestEnvironment(deps.db, queue, deps.agentTests);
  for (let i = 0; i < TEST_RUN_WORKERS_PER_PROCESS; i++) {
    await boss.work<{ runId: string }>(jobNames.runAgentTests, { pollingIntervalSeconds: 0.5, batchSize: 1 }, async ([job]) =>
      track(jobNames.runAgentTests, job.id, () => executeTestRun(deps.db, testEnvironment, job.data.runId)),
    );
  }
  const testRunSweep = setInterval(() => {
    sweepStalledTestRuns(deps.db, queue).catch((error) => console.error("test run sweep failed:", error));
  }, TEST_RUN_SWEEP_MS);
  testRunSweep.unref();
  const dialCampaignCall = async (callId: string, numberType: string) => {
    // SIP calls go to a process running the SIP user agent (their job was queued with the call).
    if (numberType !== "sip") await dialCall(deps.db, callId, deps.telephonyProvider, { queue });
  };
  for (let i = 0; i < CAMPAIGN_TICK_WORKERS_PER_PROCESS; i++) {
    await boss.work<{ campaignId: string }>(jobNames.campaignTick, { pollingIntervalSeconds: 0.5, batchSize: 1 }, async ([job]) =>
      track(jobNames.campaignTick, job.id, async () => {
        // Past this process's capacity (lib/load) a campaign dispatches nothing here: its tick runs again after Retry-After, on whichever process has room.
        const admitted = deps.admission?.();
        if (admitted && !admitted.accepting) return nudgeCampaign(queue, job.data.campaignId, undefined, new Date(Date.now() + admitted.retryAfterSeconds * 1000));
        return runCampaignTick({ db: deps.db, queue, dial: dialCampaignCall }, job.data.campaignId);
      }),
    );
  }
  const campaignSweep = setInterval(() => {
    campaignsNeedingDispatch(deps.db)
      .then((ids) => Promise.all(ids.map((id) => nudgeCampaign(queue, id))))
      .catch((error) => console.error("campaign sweep failed:", error));
  }, CAMPAIGN_SWEEP_MS);
  campaignSweep.unref();
  const maintenance = setInterval(() => {
    purgeExpiredRecords(deps.db).catch((error) => console.error("maintenance failed:", error));
    // Once a day, by whichever process claims the day first: agents' call retention and the audit log's.
    runDailyRetention(deps.db, storage).catch((error) => console.error("retention failed:", error));
  }, MAINTENANCE_INTERVAL_MS);
  maintenance.unref();
  const timerSweep = startCallTimerSweep(deps.db, queue);
  return {
    stop: () => {
      recovery.stop();
      clearInterval(maintenance);
      clearInterval(testRunSweep);
      clearInterval(campaignSweep);
      timerSweep.stop();
    },
  };
}
