import "server-only";
import { and, eq, inArray, isNotNull, or, sql } from "drizzle-orm";
import type { Database } from "@/lib/db/client";
import { doNotCallNumbers } from "@/lib/db/schema";
import type { ServiceContext } from "../context";
import { phoneNumberHasher } from "../phone-number-hash";

type Row = typeof doNotCallNumbers.$inferSelect;

/** `column in (numbers)`: bound values for a few, one JSON parameter for many (an import). */
function among(column: typeof doNotCallNumbers.phoneNumber | typeof doNotCallNumbers.phoneNumberHash, values: string[]) {
  return values.length <= 100 ? inArray(column, values) : sql`${column} in (select jsonb_array_elements_text(${JSON.stringify(values)}::jsonb))`;
}

/** Which of `numbers` (E.164) the list holds in the clear. */
export async function listedInPlain(db: Database, organizationId: string, numbers: string[]): Promise<Set<string>> {
  if (numbers.length === 0) return new Set();
  const rows = await db
    .select({ phoneNumber: doNotCallNumbers.phoneNumber })
    .from(doNotCallNumbers)
    .where(and(eq(doNotCallNumbers.organizationId, organizationId), among(doNotCallNumbers.phoneNumber, numbers)));
  return new Set(rows.map((row) => row.phoneNumber!));
}

/**
 * The entries an erasure left for some of `numbers` (found by the numbers' keyed hashes), by number.
 * Organizations without any such entry pay one index look-up and no hashing.
 */
export async function erasedAmong(db: Database, organizationId: string, numbers: string[]): Promise<Map<string, Row>> {
  if (numbers.length === 0) return new Map();
  const [any] = await db
    .select({ id: doNotCallNumbers.id })
    .from(doNotCallNumbers)
    .where(and(eq(doNotCallNumbers.organizationId, organizationId), isNotNull(doNotCallNumbers.phoneNumberHash)))
    .limit(1);
  if (!any) return new Map();
  const hash = await phoneNumberHasher(db, organizationId);
  const byHash = new Map(numbers.map((number) => [hash(number), number]));
  const rows = await db
    .select()
    .from(doNotCallNumbers)
    .where(and(eq(doNotCallNumbers.organizationId, organizationId), among(doNotCallNumbers.phoneNumberHash, [...byHash.keys()])));
  return new Map(rows.map((row) => [byHash.get(row.phoneNumberHash!)!, row]));
}

export type ErasedDoNotCall = "suppressed" | "removed" | "not_listed";

/**
 * What an erasure does to the number's do-not-call entry. `suppress` (the default): the person is never
 * called again, so an entry stays, reduced to the number's keyed hash (no number, reason or call),
 * made if there was none; `remove`: any entry goes too (nothing then stops a later list from calling them).
 */
export async function eraseFromDoNotCall(tx: ServiceContext, phoneNumber: string, mode: "suppress" | "remove"): Promise<ErasedDoNotCall> {
  const hash = (await phoneNumberHasher(tx.db, tx.organizationId))(phoneNumber);
  const scope = eq(doNotCallNumbers.organizationId, tx.organizationId);
  const matches = or(eq(doNotCallNumbers.phoneNumber, phoneNumber), eq(doNotCallNumbers.phoneNumberHash, hash));
  if (mode === "remove") {
    const removed = await tx.db.delete(doNotCallNumbers).where(and(scope, matches)).returning({ id: doNotCallNumbers.id });
    return removed.length ? "removed" : "not_listed";
  }
  const rows = await tx.db.select().from(doNotCallNumbers).where(and(scope, matches)).for("update");
  const plain = rows.find((row) => row.phoneNumber !== null);
  const hashed = rows.find((row) => row.phoneNumberHash !== null);
  if (plain && hashed) await tx.db.delete(doNotCallNumbers).where(eq(doNotCallNumbers.id, plain.id));
  else if (plain) await tx.db.update(doNotCallNumbers).set({ phoneNumber: null, phoneNumberHash: hash, reason: null, callId: null }).where(eq(doNotCallNumbers.id, plain.id));
  else if (!hashed) {
    await tx.db
      .insert(doNotCallNumbers)
      .values({ organizationId: tx.organizationId, phoneNumber: null, phoneNumberHash: hash, source: "erasure" })
      .onConflictDoNothing();
  }
  return "suppressed";
}
