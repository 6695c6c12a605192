import type { Database } from "@/lib/db/client";

export const jobNames = {
  dialCall: "telephony-dial-call",
  /** Worked only by processes running the SIP user agent: whichever live one takes it holds the call. */
  dialSipCall: "telephony-dial-sip-call",
  ingestKnowledgeBaseSource: "knowledge-base-ingest-source",
  callFinished: "call-finished",
  deliverWebhook: "webhook-deliver",
  /** One agent test run: any instance takes it; the run's lease decides who executes it (lib/agent-tests). */
  runAgentTests: "agent-test-run",
  /** One campaign's dispatch for a while (singleton key: the campaign id, at most one queued). */
  campaignTick: "campaign-tick",
} as const;
export type JobName = (typeof jobNames)[keyof typeof jobNames];

/**
 * How long a job may stay active before the queue takes it for lost and retries it (pg-boss's
 * default is 15 minutes, far too long for any of these). A crashed process's jobs are handed on
 * sooner than this by the worker registry (lib/jobs/job-recovery.ts); expiry covers a hung one.
 */
export const jobExpirySeconds: Record<JobName, number> = {
  [jobNames.dialCall]: 120,
  // Sending the INVITE takes milliseconds; the call itself is held by the process, not the job.
  [jobNames.dialSipCall]: 60,
  // The PDF deadline (KB_PDF_TIMEOUT_SECONDS, 60 s by default) plus the time to store the chunks.
  [jobNames.ingestKnowledgeBaseSource]: 300,
  // One LLM request per post-call question.
  [jobNames.callFinished]: 300,
  // One attempt: a 15 s request, inside its 60 s lease.
  [jobNames.deliverWebhook]: 60,
  // A run may take many minutes; the run's own lease (renewed every few seconds) tells a live executor
  // from a dead one, so a second copy of the job after this expiry simply finds the run taken.
  [jobNames.runAgentTests]: 3600,
  // A tick dispatches for at most 15 s, holding the campaign's 20 s lease; a dead instance's tick is retried after this.
  [jobNames.campaignTick]: 60,
};

export type JobOptions = {
  /** The caller's transaction: the job exists exactly when it commits. */
  db?: Database;
  retryLimit?: number;
  /** First delay of pg-boss's own retries after a job throws (doubling each time). */
  retryDelaySeconds?: number;
  /** Not before this time (jobs that keep their own schedule, such as webhook retries). */
  startAfter?: Date;
  /** At most one job with this key waits in the queue (a second send while one waits is dropped). */
  singletonKey?: string;
};

/**
 * Durable background work. `send` takes the caller's transaction so a job exists exactly when the
 * record it is about was committed.
 */
export type JobQueue = {
  send(name: JobName, data: Record<string, unknown>, options?: JobOptions): Promise<void>;
};
