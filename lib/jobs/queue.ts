import type { Database } from "@/lib/db/client";

export const jobNames = {
  dialCall: "telephony-dial-call",
  ingestKnowledgeBaseSource: "knowledge-base-ingest-source",
  callFinished: "call-finished",
  deliverWebhook: "webhook-deliver",
} as const;
export type JobName = (typeof jobNames)[keyof typeof jobNames];

export type JobOptions = {
  /** The caller's transaction: the job exists exactly when it commits. */
  db?: Database;
  retryLimit?: number;
  /** First delay of pg-boss's own retries after a job throws (doubling each time). */
  retryDelaySeconds?: number;
  /** Not before this time (jobs that keep their own schedule, such as webhook retries). */
  startAfter?: Date;
};

/**
 * Durable background work. `send` takes the caller's transaction so a job exists exactly when the
 * record it is about was committed.
 */
export type JobQueue = {
  send(name: JobName, data: Record<string, unknown>, options?: JobOptions): Promise<void>;
};
