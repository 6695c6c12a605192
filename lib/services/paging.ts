import { ValidationError } from "@/lib/utils/domain-errors";

/**
 * Cursor of a newest-first list ordered by (time, id). Without `id` it means "strictly before
 * `time`" (the spec's plain ISO form); with it, "before (time, id)", which stays exact when
 * many records share one time.
 */
export type Cursor = { time: Date; id: string | null };

const UUID = "[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}";
const CURSOR_PATTERN = new RegExp(`^(.+?)(?:_(${UUID}))?$`);

export function parseCursor(raw: string, field = "cursor"): Cursor {
  const match = CURSOR_PATTERN.exec(raw.trim());
  const time = match ? new Date(match[1]) : new Date(NaN);
  if (!match || Number.isNaN(time.getTime()) || !/^\d{4}-\d{2}-\d{2}/.test(match[1])) {
    throw ValidationError.field(field, "Must be a next_cursor from a previous page, or an ISO 8601 date-time");
  }
  return { time, id: match[2]?.toLowerCase() ?? null };
}

/**
 * The cursor after `last`: its plain time when the next record is older, or time and id when
 * the next record shares its time (found by reading one row past the page).
 */
export function nextCursor(last: { time: Date; id: string }, following: { time: Date } | undefined): string | null {
  if (!following) return null;
  const iso = last.time.toISOString();
  return following.time.getTime() === last.time.getTime() ? `${iso}_${last.id}` : iso;
}

export type PageInfo = { current_page: number; total_pages: number; total_items: number };

export function pageInfo(page: number, limit: number, totalItems: number): PageInfo {
  return { current_page: page, total_pages: Math.ceil(totalItems / limit), total_items: totalItems };
}

/** The four list fields the spec adds to list responses, null where the mode does not use them. */
export function listFields(mode: { next_cursor: string | null } | PageInfo) {
  if ("next_cursor" in mode) return { next_cursor: mode.next_cursor, current_page: null, total_pages: null, total_items: null };
  return { next_cursor: null, ...mode };
}
