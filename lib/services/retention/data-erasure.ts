import "server-only";
import { and, eq, or } from "drizzle-orm";
import { calls, campaignContacts } from "@/lib/db/schema";
import type { DataErasureResult } from "@/lib/schemas/data-erasure";
import type { BlobStore } from "@/lib/storage/blob-store";
import { change } from "../audit/audit-changes";
import { recordAudit } from "../audit/record-audit";
import { withTransaction, type ServiceContext } from "../context";
import { eraseFromDoNotCall } from "../do-not-call/erased-numbers";
import { phoneNumberHasher } from "../phone-number-hash";
import { deleteCallsWithContent } from "./delete-calls";

/**
 * Erases a person by their phone number. First, in one transaction, what could call them again: every
 * campaign contact with the number (its variables and metadata with it) and, by default, its do-not-call
 * entry reduced to the number's keyed hash (made if there was none), so no call to it can be placed
 * once that commits. Then every call with it on either side, with its transcript, variable values,
 * answers, events, webhook deliveries and recording. The audit log keeps one `data.erased` entry with
 * the number hashed the same way.
 */
export async function eraseByPhoneNumber(ctx: ServiceContext, storage: BlobStore, phoneNumber: string, options: { doNotCall?: "suppress" | "remove" } = {}): Promise<DataErasureResult> {
  const before = await withTransaction(ctx, async (tx) => {
    const contacts = await tx.db
      .delete(campaignContacts)
      .where(and(eq(campaignContacts.organizationId, ctx.organizationId), eq(campaignContacts.phoneNumber, phoneNumber)))
      .returning({ id: campaignContacts.id });
    const doNotCall = await eraseFromDoNotCall(tx, phoneNumber, options.doNotCall ?? "suppress");
    return { contacts: contacts.length, doNotCall };
  });
  const removed = await deleteCallsWithContent(ctx, storage, or(eq(calls.fromNumber, phoneNumber), eq(calls.toNumber, phoneNumber))!);
  const hash = (await phoneNumberHasher(ctx.db, ctx.organizationId))(phoneNumber);
  await withTransaction(ctx, (tx) =>
    recordAudit(tx, {
      action: "data.erased",
      resourceType: "phone_number",
      resourceId: null,
      changes: {
        ...change("phone_number_hash", null, hash),
        ...change("calls_deleted", null, removed.calls),
        ...change("recordings_deleted", null, removed.recordings),
        ...change("contacts_deleted", null, before.contacts),
        ...change("do_not_call", null, before.doNotCall),
      },
    }),
  );
  return { calls_deleted: removed.calls, recordings_deleted: removed.recordings, contacts_deleted: before.contacts, do_not_call: before.doNotCall };
}
