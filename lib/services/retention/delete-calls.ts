import "server-only";
import { and, eq, inArray, type SQL } from "drizzle-orm";
import { calls, idempotencyKeys, webhookDeliveries } from "@/lib/db/schema";
import type { BlobStore } from "@/lib/storage/blob-store";
import { withTransaction, type ServiceContext } from "../context";
import { deleteBlobsAfterCommit } from "../knowledge-bases/knowledge-bases";

const BATCH = 500;

/**
 * Deletes the organization's calls that `where` selects, in batches: each call with its transcript,
 * variable values, answers and events (cascade), its webhook deliveries, the Idempotency-Keys that
 * name it and its recording blob (in the same transaction when blobs live in the database, just after
 * it for an external store). Campaign contacts that named it as their last call stop naming it (trigger).
 */
export async function deleteCallsWithContent(
  ctx: ServiceContext,
  storage: BlobStore,
  where: SQL,
): Promise<{ calls: number; recordings: number }> {
  let deleted = 0;
  let recordings = 0;
  for (;;) {
    const keys = await withTransaction(ctx, async (tx) => {
      const batch = await tx.db
        .select({ id: calls.id, recording: calls.recordingBlobKey })
        .from(calls)
        .where(and(eq(calls.organizationId, ctx.organizationId), where))
        .limit(BATCH)
        .for("update", { skipLocked: true });
      if (batch.length === 0) return null;
      const ids = batch.map((row) => row.id);
      const blobKeys = batch.flatMap((row) => (row.recording ? [row.recording] : []));
      if (storage.withDatabase && blobKeys.length) await storage.withDatabase(tx.db).delete(blobKeys);
      await tx.db.delete(webhookDeliveries).where(and(eq(webhookDeliveries.organizationId, ctx.organizationId), inArray(webhookDeliveries.callId, ids)));
      // A start request's Idempotency-Key keeps a hash of its body (numbers included) and would name a call that is gone.
      await tx.db.delete(idempotencyKeys).where(and(eq(idempotencyKeys.organizationId, ctx.organizationId), inArray(idempotencyKeys.callId, ids)));
      await tx.db.delete(calls).where(inArray(calls.id, ids));
      deleted += ids.length;
      recordings += blobKeys.length;
      return blobKeys;
    });
    if (keys === null) break;
    if (!storage.withDatabase) await deleteBlobsAfterCommit(storage, keys);
  }
  return { calls: deleted, recordings };
}
