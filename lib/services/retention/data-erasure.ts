import "server-only";
import { createHmac } from "node:crypto";
import { or, eq } from "drizzle-orm";
import { loadStudioSecret } from "@/lib/auth/studio-secret";
import { calls } from "@/lib/db/schema";
import type { DataErasureResult } from "@/lib/schemas/data-erasure";
import type { BlobStore } from "@/lib/storage/blob-store";
import { change } from "../audit/audit-changes";
import { recordAudit } from "../audit/record-audit";
import { withTransaction, type ServiceContext } from "../context";
import { deleteCallsWithContent } from "./delete-calls";

/**
 * The number as the audit log keeps it: HMAC-SHA256 keyed with the installation's secret and the
 * organization, so the same number always reads the same there, yet no one without the secret can
 * find it by trying every number.
 */
export async function erasedNumberHash(ctx: ServiceContext, phoneNumber: string): Promise<string> {
  const secret = await loadStudioSecret(ctx.db);
  return createHmac("sha256", `${secret}:data-erasure:${ctx.organizationId}`).update(phoneNumber).digest("hex");
}

/**
 * Erases a person by their phone number: every call with it on either side goes, with its transcript,
 * variable values, answers, events, webhook deliveries and recording. The audit log keeps one
 * `data.erased` entry with the number hashed.
 */
export async function eraseByPhoneNumber(ctx: ServiceContext, storage: BlobStore, phoneNumber: string): Promise<DataErasureResult> {
  const removed = await deleteCallsWithContent(ctx, storage, or(eq(calls.fromNumber, phoneNumber), eq(calls.toNumber, phoneNumber))!);
  const hash = await erasedNumberHash(ctx, phoneNumber);
  await withTransaction(ctx, (tx) =>
    recordAudit(tx, {
      action: "data.erased",
      resourceType: "phone_number",
      resourceId: null,
      changes: { ...change("phone_number_hash", null, hash), ...change("calls_deleted", null, removed.calls), ...change("recordings_deleted", null, removed.recordings) },
    }),
  );
  return { calls_deleted: removed.calls, recordings_deleted: removed.recordings };
}
