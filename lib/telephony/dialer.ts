import "server-only";
import { and, eq, inArray } from "drizzle-orm";
import type { Database } from "@/lib/db/client";
import { callEvents, calls } from "@/lib/db/schema";

/** A carrier integration that places an outbound call. None ships yet; telephony comes later. */
export type TelephonyProvider = {
  name: string;
  dial(call: { id: string; fromNumber: string; toNumber: string; customHeaders: Record<string, string> | null }): Promise<void>;
};

export const NO_PROVIDER_MESSAGE =
  "No telephony provider is configured on this deployment, so the call could not be placed.";

/**
 * Places a started call. Without a provider the call ends visibly as `failed` with
 * `end_reason` `no_telephony_provider` and an event saying why, never silently.
 */
export async function dialCall(db: Database, callId: string, provider: TelephonyProvider | null, now = new Date()) {
  const [call] = await db.select().from(calls).where(eq(calls.id, callId)).limit(1);
  if (!call || call.status !== "created") return; // terminated or deleted meanwhile
  if (!provider) {
    await db.transaction(async (tx) => {
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
        payload: { reason: "no_telephony_provider", message: NO_PROVIDER_MESSAGE },
        occurredAt: now,
      });
    });
    return;
  }
  await db.update(calls).set({ status: "ringing", updatedAt: now }).where(and(eq(calls.id, callId), eq(calls.status, "created")));
  await provider.dial({
    id: call.id,
    fromNumber: call.fromNumber ?? "",
    toNumber: call.toNumber ?? "",
    customHeaders: call.customHeaders,
  });
}
