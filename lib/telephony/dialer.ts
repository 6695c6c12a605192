import { inTransaction } from "@/lib/db/transaction";
import "server-only";
import { and, eq, inArray } from "drizzle-orm";
import type { Database } from "@/lib/db/client";
import { callEvents, calls } from "@/lib/db/schema";
import type { JobQueue } from "@/lib/jobs/queue";
import { sendCallFinished } from "@/lib/services/calls/finished-call";

export type DialableCall = { id: string; organizationId: string; agentId: string; agentVersion: number | null; fromNumber: string; toNumber: string; customHeaders: Record<string, string> | null };

/** What places an outbound call (carriers, SIP trunks). It throws NoTelephonyProviderError when nothing can carry this call. */
export type TelephonyProvider = {
  name: string;
  dial(call: DialableCall): Promise<void>;
};

export class NoTelephonyProviderError extends Error {
  constructor(message = NO_PROVIDER_MESSAGE) {
    super(message);
    this.name = "NoTelephonyProviderError";
  }
}

export const NO_PROVIDER_MESSAGE =
  "No telephony provider is configured on this deployment, so the call could not be placed.";

/**
 * Places a started call. Without a provider that can carry it the call ends visibly as `failed`
 * with `end_reason` `no_telephony_provider` and an event saying why, never silently; like every other
 * end, that queues the after-call job (with `queue`), which applies the agent's data storage.
 */
export async function dialCall(db: Database, callId: string, provider: TelephonyProvider | null, options: { now?: Date; queue?: JobQueue } = {}) {
  const now = options.now ?? new Date();
  const [call] = await db.select().from(calls).where(eq(calls.id, callId)).limit(1);
  if (!call || call.status !== "created") return; // terminated or deleted meanwhile
  let message = NO_PROVIDER_MESSAGE;
  if (provider) {
    try {
      await provider.dial({
        id: call.id,
        organizationId: call.organizationId,
        agentId: call.agentId,
        agentVersion: call.agentVersion,
        fromNumber: call.fromNumber ?? "",
        toNumber: call.toNumber ?? "",
        customHeaders: call.customHeaders,
      });
      return;
    } catch (error) {
      if (!(error instanceof NoTelephonyProviderError)) throw error;
      message = error.message;
    }
  }
  await inTransaction(db, async (tx) => {
    const updated = await tx
      .update(calls)
      .set({ status: "failed", endReason: "no_telephony_provider", endTime: now, updatedAt: now })
      .where(and(eq(calls.id, callId), inArray(calls.status, ["created"])))
      .returning({ id: calls.id });
    if (updated.length === 0) return;
    await tx.insert(callEvents).values({
      organizationId: call.organizationId,
      callId,
      type: "dial_failed",
      payload: { reason: "no_telephony_provider", message },
      occurredAt: now,
    });
    if (options.queue) await sendCallFinished(options.queue, callId, tx);
  });
}
