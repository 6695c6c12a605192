import "server-only";
import { and, desc, eq, inArray, or } from "drizzle-orm";
import { redactText } from "@/lib/redaction/find-pii";
import type { Database } from "@/lib/db/client";
import { campaignContacts, doNotCallNumbers } from "@/lib/db/schema";
import { isUuid } from "@/lib/schemas/ids";
import type { AddDoNotCallResult, DoNotCallEntry } from "@/lib/schemas/do-not-call";
import { change } from "../audit/audit-changes";
import { recordAudit } from "../audit/record-audit";
import { normalizePhoneNumber } from "../campaigns/phone-number-facts";
import { withTransaction, type ServiceContext } from "../context";
import { cursorPage, olderThanCursor } from "../cursor-paging";
import { DoNotCallError, NotFoundError, ValidationError, type FieldProblem } from "@/lib/utils/domain-errors";
import { listFields } from "../paging";
import { phoneNumberHasher } from "../phone-number-hash";
import { erasedAmong, listedInPlain } from "./erased-numbers";

type Row = typeof doNotCallNumbers.$inferSelect;

const toEntry = (row: Row): DoNotCallEntry => ({
  id: row.id,
  phone_number: row.phoneNumber,
  erased: row.phoneNumber === null,
  reason: row.reason,
  source: row.source as DoNotCallEntry["source"],
  call_id: row.callId,
  created_at: row.createdAt.toISOString(),
});

export async function listDoNotCall(ctx: ServiceContext, input: { cursor?: string; limit: number }) {
  const rows = await ctx.db
    .select()
    .from(doNotCallNumbers)
    .where(and(eq(doNotCallNumbers.organizationId, ctx.organizationId), olderThanCursor(doNotCallNumbers.createdAt, doNotCallNumbers.id, input.cursor)))
    .orderBy(desc(doNotCallNumbers.createdAt), desc(doNotCallNumbers.id))
    .limit(input.limit + 1);
  const page = cursorPage(rows, input.limit, (row) => ({ time: row.createdAt, id: row.id }));
  return { items: page.items.map(toEntry), ...listFields({ next_cursor: page.next_cursor }) };
}

/** Which of `numbers` (E.164) the organization's list holds: as they are, or as an erased person's hashed entry. */
export async function listedNumbers(db: Database, organizationId: string, numbers: string[]): Promise<Set<string>> {
  const listed = await listedInPlain(db, organizationId, numbers);
  const rest = numbers.filter((number) => !listed.has(number));
  for (const number of (await erasedAmong(db, organizationId, rest)).keys()) listed.add(number);
  return listed;
}

/** Refuses (DoNotCallError, 400 `do_not_call`) an outbound call to a listed number. */
export async function assertCallable(db: Database, organizationId: string, phoneNumber: string, field = "to_number"): Promise<void> {
  const listed = await listedNumbers(db, organizationId, [phoneNumber]);
  if (listed.size > 0) throw new DoNotCallError(phoneNumber, field);
}

/** Contacts not called yet with these numbers never will be (every campaign of the organization). */
async function skipListedContacts(db: Database, organizationId: string, numbers: string[]): Promise<void> {
  if (!numbers.length) return;
  await db
    .update(campaignContacts)
    .set({ status: "skipped_dnc", nextAttemptAt: null, updatedAt: new Date() })
    .where(
      and(
        eq(campaignContacts.organizationId, organizationId),
        inArray(campaignContacts.phoneNumber, numbers),
        inArray(campaignContacts.status, ["pending", "scheduled", "retry_scheduled"]),
      ),
    );
}

export type DoNotCallSource = DoNotCallEntry["source"];

/** A reason as the audit log keeps it: free text, so any number, name or address in it is replaced by its placeholder. */
const auditedReason = (reason: string | null) => (reason === null ? null : redactText(reason).value);

/**
 * Lists the numbers (normalised to E.164; a number that is not one is 400 naming it). A number an
 * erasure left as a hashed entry is already listed, and is not stored again in the clear. The audit
 * entry names the numbers by their keyed hashes only.
 */
export async function addToDoNotCall(
  ctx: ServiceContext,
  input: { phone_numbers: string[]; reason?: string | null; source?: DoNotCallSource; callId?: string | null },
): Promise<AddDoNotCallResult> {
  const problems: FieldProblem[] = [];
  const numbers: string[] = [];
  input.phone_numbers.forEach((raw, index) => {
    const parsed = normalizePhoneNumber(raw);
    if (parsed.ok) numbers.push(parsed.e164);
    else problems.push({ field: `phone_numbers[${index}]`, message: parsed.message });
  });
  if (problems.length) throw new ValidationError(problems.length === 1 ? `Invalid ${problems[0].field}: ${problems[0].message}` : `Invalid request: ${problems.length} problems`, problems);
  const unique = [...new Set(numbers)];
  const reason = input.reason ?? null;
  const source = input.source ?? "api";
  return withTransaction(ctx, async (tx) => {
    const erased = await erasedAmong(tx.db, ctx.organizationId, unique);
    const fresh = unique.filter((number) => !erased.has(number));
    const inserted = fresh.length
      ? await tx.db
          .insert(doNotCallNumbers)
          .values(fresh.map((phoneNumber) => ({ organizationId: ctx.organizationId, phoneNumber, reason, source, callId: input.callId ?? null })))
          .onConflictDoNothing({ target: [doNotCallNumbers.organizationId, doNotCallNumbers.phoneNumber] })
          .returning({ id: doNotCallNumbers.id, phoneNumber: doNotCallNumbers.phoneNumber })
      : [];
    await skipListedContacts(tx.db, ctx.organizationId, unique);
    const rows = fresh.length
      ? await tx.db
          .select()
          .from(doNotCallNumbers)
          .where(and(eq(doNotCallNumbers.organizationId, ctx.organizationId), inArray(doNotCallNumbers.phoneNumber, fresh)))
      : [];
    if (inserted.length) {
      const hash = await phoneNumberHasher(tx.db, ctx.organizationId);
      await recordAudit(tx, {
        action: "do_not_call.added",
        resourceType: "do_not_call",
        resourceId: inserted.length === 1 ? inserted[0].id : null,
        changes: {
          ...change("added", null, inserted.length),
          ...change("phone_number_hashes", null, inserted.map((row) => hash(row.phoneNumber!))),
          ...change("reason", null, auditedReason(reason)),
          ...change("source", null, source),
          ...(input.callId ? change("call_id", null, input.callId) : {}),
        },
      });
    }
    return { added: inserted.length, already_listed: unique.length - inserted.length, entries: [...rows, ...erased.values()].map(toEntry) };
  });
}

/**
 * Takes an entry off the list: named by its number (with `%2B` or without the `+`; an erased person's
 * entry is found by the number's hash) or by the entry's id (the only way to name an erased entry
 * without the number). Contacts already skipped stay skipped. 404 when nothing matches.
 */
export async function removeFromDoNotCall(ctx: ServiceContext, raw: string): Promise<void> {
  const text = decodeURIComponent(raw).trim();
  const scope = eq(doNotCallNumbers.organizationId, ctx.organizationId);
  await withTransaction(ctx, async (tx) => {
    const hash = await phoneNumberHasher(tx.db, ctx.organizationId);
    let match;
    if (isUuid(text)) match = eq(doNotCallNumbers.id, text);
    else {
      const parsed = normalizePhoneNumber(/^\d/.test(text) ? `+${text}` : text);
      if (!parsed.ok) throw new NotFoundError("Do-not-call entry");
      match = or(eq(doNotCallNumbers.phoneNumber, parsed.e164), eq(doNotCallNumbers.phoneNumberHash, hash(parsed.e164)));
    }
    const removed = await tx.db.delete(doNotCallNumbers).where(and(scope, match)).returning();
    if (!removed.length) throw new NotFoundError("Do-not-call entry");
    for (const row of removed) {
      await recordAudit(tx, {
        action: "do_not_call.removed",
        resourceType: "do_not_call",
        resourceId: row.id,
        changes: {
          ...change("phone_number_hash", row.phoneNumberHash ?? hash(row.phoneNumber!), null),
          ...change("source", row.source, null),
          ...(row.phoneNumber === null ? change("erased", true, null) : {}),
        },
      });
    }
  });
}
