import { sql, type SQL } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import { nextCursor, parseCursor, type Cursor } from "./paging";
import { inline, type Bind } from "./query-binding";

/**
 * Records strictly older than the cursor in `(time desc, id desc)` order. The row comparison
 * is what lets Postgres walk the `(…, time desc, id desc)` indexes straight to the page. Its
 * values are `cursorTime` and `cursorId` for a named binding.
 */
export function olderThan(time: AnyPgColumn, id: AnyPgColumn, cursor: Cursor | undefined, bind: Bind = inline): SQL | undefined {
  if (!cursor) return undefined;
  const at = bind("cursorTime", cursor.time.toISOString());
  return cursor.id ? sql`(${time}, ${id}) < (${at}::timestamptz, ${bind("cursorId", cursor.id)}::uuid)` : sql`${time} < ${at}::timestamptz`;
}

export function olderThanCursor(time: AnyPgColumn, id: AnyPgColumn, raw: string | undefined): SQL | undefined {
  return olderThan(time, id, raw ? parseCursor(raw) : undefined);
}

/** Splits `limit + 1` fetched rows into the page and its `next_cursor`. */
export function cursorPage<T>(rows: T[], limit: number, key: (row: T) => { time: Date; id: string }) {
  const items = rows.slice(0, limit);
  const last = items.at(-1);
  const following = rows[limit];
  return { items, next_cursor: last ? nextCursor(key(last), following && { time: key(following).time }) : null };
}
