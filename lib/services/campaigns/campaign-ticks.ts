import "server-only";
import type { Database } from "@/lib/db/client";
import { jobNames, type JobQueue } from "@/lib/jobs/queue";

/**
 * Wakes the campaign's dispatcher: a tick job any instance may run (at most one waits per campaign;
 * the campaign's lease keeps a second one from dispatching at the same time). In `db`'s transaction when given.
 */
export async function nudgeCampaign(queue: JobQueue, campaignId: string, db?: Database, startAfter?: Date): Promise<void> {
  await queue.send(jobNames.campaignTick, { campaignId }, { db, singletonKey: campaignId, retryLimit: 2, retryDelaySeconds: 1, ...(startAfter ? { startAfter } : {}) });
}
