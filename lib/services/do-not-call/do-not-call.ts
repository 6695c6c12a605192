import "server-only";
import { and, desc, eq, inArray, sql } from "drizzle-orm";
import type { Database } from "@/lib/db/client";
import { campaignContacts, doNotCallNumbers } from "@/lib/db/schema";
import { inTransaction } from "@/lib/db/transaction";
import type { AddDoNotCallResult, DoNotCallEntry } from "@/lib/schemas/do-not-call";
import { normalizePhoneNumber } from "../campaigns/phone-number-facts";
import type { ServiceContext } from "../context";
import { cursorPage, olderThanCursor } from "../cursor-paging";
import { DoNotCallError, NotFoundError, ValidationError, type FieldProblem } from "../errors";
import { listFields } from "../paging";

type Row = typeof doNotCallNumbers.$inferSelect;

const toEntry = (row: Row): DoNotCallEntry => ({
  id: row.id,
  phone_number: row.phoneNumber,
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

/** Which of `numbers` (E.164) the organization's list holds. */
export async function listedNumbers(db: Database, organizationId: string, numbers: string[]): Promise<Set<string>> {
  if (numbers.length === 0) return new Set();
  if (numbers.length <= 100) {
    const rows = await db
      .select({ phoneNumber: doNotCallNumbers.phoneNumber })
      .from(doNotCallNumbers)
      .where(and(eq(doNotCallNumbers.organizationId, organizationId), inArray(doNotCallNumbers.phoneNumber, numbers)));
    return new Set(rows.map((row) => row.phoneNumber));
  }
  // Many numbers (an import): one JSON parameter rather than one bound value each.
  const rows = await db
    .select({ phoneNumber: doNotCallNumbers.phoneNumber })
    .from(doNotCallNumbers)
    .where(and(eq(doNotCallNumbers.organizationId, organizationId), sql`${doNotCallNumbers.phoneNumber} in (select jsonb_array_elements_text(${JSON.stringify(numbers)}::jsonb))`));
  return new Set(rows.map((row) => row.phoneNumber));
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

/** Lists the numbers (normalised to E.164; a number that is not one is 400 naming it). */
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
  return inTransaction(ctx.db, async (tx) => {
    const inserted = await tx
      .insert(doNotCallNumbers)
      .values(unique.map((phoneNumber) => ({ organizationId: ctx.organizationId, phoneNumber, reason: input.reason ?? null, source: input.source ?? "api", callId: input.callId ?? null })))
      .onConflictDoNothing({ target: [doNotCallNumbers.organizationId, doNotCallNumbers.phoneNumber] })
      .returning({ id: doNotCallNumbers.id });
    await skipListedContacts(tx, ctx.organizationId, unique);
    const rows = await tx
      .select()
      .from(doNotCallNumbers)
      .where(and(eq(doNotCallNumbers.organizationId, ctx.organizationId), inArray(doNotCallNumbers.phoneNumber, unique)));
    return { added: inserted.length, already_listed: unique.length - inserted.length, entries: rows.map(toEntry) };
  });
}

/** Takes a number off the list (contacts already skipped stay skipped). 404 when it is not listed. */
export async function removeFromDoNotCall(ctx: ServiceContext, raw: string): Promise<void> {
  const text = decodeURIComponent(raw).trim();
  const parsed = normalizePhoneNumber(/^\d/.test(text) ? `+${text}` : text);
  if (!parsed.ok) throw new NotFoundError("Do-not-call entry");
  const removed = await ctx.db
    .delete(doNotCallNumbers)
    .where(and(eq(doNotCallNumbers.organizationId, ctx.organizationId), eq(doNotCallNumbers.phoneNumber, parsed.e164)))
    .returning({ id: doNotCallNumbers.id });
  if (!removed.length) throw new NotFoundError("Do-not-call entry");
}
