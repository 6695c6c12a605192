import type { Database } from "@/lib/db/client";

export const jobNames = {
  dialCall: "telephony-dial-call",
  ingestKnowledgeBaseSource: "knowledge-base-ingest-source",
  callFinished: "call-finished",
  deliverWebhook: "webhook-deliver",
} as const;
export type JobName = (typeof jobNames)[keyof typeof jobNames];

/**
 * Durable background work. `send` takes the caller's transaction so a job exists exactly when the
 * record it is about was committed.
 */
export type JobQueue = {
  send(name: JobName, data: Record<string, unknown>, options?: { db?: Database; retryLimit?: number }): Promise<void>;
};
