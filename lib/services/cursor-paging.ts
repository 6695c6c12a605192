import { sql, type SQL } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import { nextCursor, parseCursor } from "./paging";

/**
 * Records strictly older than the cursor in `(time desc, id desc)` order. The row comparison
 * is what lets Postgres walk the `(…, time desc, id desc)` indexes straight to the page.
 */
export function olderThanCursor(time: AnyPgColumn, id: AnyPgColumn, raw: string | undefined): SQL | undefined {
  if (!raw) return undefined;
  const cursor = parseCursor(raw);
  const at = cursor.time.toISOString();
  return cursor.id ? sql`(${time}, ${id}) < (${at}::timestamptz, ${cursor.id}::uuid)` : sql`${time} < ${at}::timestamptz`;
}

/** Splits `limit + 1` fetched rows into the page and its `next_cursor`. */
export function cursorPage<T>(rows: T[], limit: number, key: (row: T) => { time: Date; id: string }) {
  const items = rows.slice(0, limit);
  const last = items.at(-1);
  const following = rows[limit];
  return { items, next_cursor: last ? nextCursor(key(last), following && { time: key(following).time }) : null };
}
