import { DEFAULT_RANGE_DAYS, MAX_RANGE_DAYS } from "@/lib/schemas/analytics";
import { ValidationError, type FieldProblem } from "@/lib/utils/domain-errors";

const DAY_MS = 86_400_000;
const DATE_ONLY = /^(\d{4})-(\d{2})-(\d{2})$/;

export type AnalyticsRangeInput = { from?: string; to?: string; timezone?: string };
/** `[from, to)`: instants, plus the IANA time zone that days are counted in. */
export type AnalyticsRange = { from: Date; to: Date; timezone: string };

export function isTimeZone(name: string): boolean {
  try {
    new Intl.DateTimeFormat("en-US", { timeZone: name });
    return true;
  } catch {
    return false;
  }
}

/** The zone's offset from UTC at `instant`, in milliseconds. */
function offsetMs(instant: number, timeZone: string): number {
  const parts = new Intl.DateTimeFormat("en-US", {
    timeZone,
    hourCycle: "h23",
    year: "numeric",
    month: "numeric",
    day: "numeric",
    hour: "numeric",
    minute: "numeric",
    second: "numeric",
  }).formatToParts(new Date(instant));
  const get = (type: string) => Number(parts.find((part) => part.type === type)!.value);
  const local = Date.UTC(get("year"), get("month") - 1, get("day"), get("hour"), get("minute"), get("second"));
  return local - (instant - (instant % 1000));
}

/** The instant of a wall-clock time in `timeZone` (two passes settle the offset around DST changes). */
function zonedInstant(wall: number, timeZone: string): number {
  const guess = wall - offsetMs(wall, timeZone);
  return wall - offsetMs(guess, timeZone);
}

/** The instant a local calendar day begins in `timeZone`. */
export function startOfLocalDay(year: number, month: number, day: number, timeZone: string): Date {
  return new Date(zonedInstant(Date.UTC(year, month - 1, day), timeZone));
}

/** The local calendar date (y, m, d) of `instant` in `timeZone`. */
export function localDate(instant: Date, timeZone: string): [number, number, number] {
  const shifted = new Date(instant.getTime() + offsetMs(instant.getTime(), timeZone));
  return [shifted.getUTCFullYear(), shifted.getUTCMonth() + 1, shifted.getUTCDate()];
}

function addDays([year, month, day]: [number, number, number], days: number): [number, number, number] {
  const date = new Date(Date.UTC(year, month - 1, day + days));
  return [date.getUTCFullYear(), date.getUTCMonth() + 1, date.getUTCDate()];
}

type Bound = { instant: Date; date?: [number, number, number] };

function parseBound(value: string, field: "from" | "to", timeZone: string, problems: FieldProblem[]): Bound | undefined {
  const dateOnly = DATE_ONLY.exec(value);
  if (dateOnly) {
    const ymd: [number, number, number] = [Number(dateOnly[1]), Number(dateOnly[2]), Number(dateOnly[3])];
    const check = new Date(Date.UTC(ymd[0], ymd[1] - 1, ymd[2]));
    if (check.getUTCMonth() + 1 === ymd[1] && check.getUTCDate() === ymd[2]) {
      // A date `to` includes that whole day.
      const day = field === "to" ? addDays(ymd, 1) : ymd;
      return { instant: startOfLocalDay(...day, timeZone), date: ymd };
    }
  } else if (/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:?\d{2})$/i.test(value)) {
    const instant = new Date(value);
    if (!Number.isNaN(instant.getTime())) return { instant };
  }
  problems.push({
    field,
    message: "Must be an ISO 8601 date-time with an offset (2026-03-01T00:00:00Z) or a date (2026-03-01, a day in `timezone`)",
  });
  return undefined;
}

/**
 * Resolves a dashboard range. Defaults: `timezone` UTC; `to` the end of today in that zone; `from`
 * 30 days (of that zone) before `to`. A date means the start of that day for `from` and its end for
 * `to` (inclusive), in `timezone`. At most 366 days.
 */
export function resolveAnalyticsRange(input: AnalyticsRangeInput, now: Date = new Date()): AnalyticsRange {
  const timezone = input.timezone ?? "UTC";
  if (!isTimeZone(timezone)) {
    throw ValidationError.field("timezone", "Must be an IANA time zone name such as UTC or Europe/Berlin");
  }
  const problems: FieldProblem[] = [];
  const from = input.from === undefined ? undefined : parseBound(input.from, "from", timezone, problems);
  const to = input.to === undefined ? undefined : parseBound(input.to, "to", timezone, problems);
  if (problems.length) throw new ValidationError(problems.map((p) => `${p.field}: ${p.message}`).join("; "), problems);

  const toInstant = to?.instant ?? startOfLocalDay(...addDays(localDate(now, timezone), 1), timezone);
  const fromInstant = from?.instant ?? addLocalDays(toInstant, -DEFAULT_RANGE_DAYS, timezone);
  if (fromInstant >= toInstant) throw ValidationError.field("from", "Must be earlier than to");
  if (toInstant.getTime() - fromInstant.getTime() > MAX_RANGE_DAYS * DAY_MS + 2 * 3_600_000) {
    throw ValidationError.field("to", `The range may span at most ${MAX_RANGE_DAYS} days`);
  }
  return { from: fromInstant, to: toInstant, timezone };
}

/** `instant` moved by whole local days, keeping its wall-clock time. */
function addLocalDays(instant: Date, days: number, timeZone: string): Date {
  const wall = instant.getTime() + offsetMs(instant.getTime(), timeZone) + days * DAY_MS;
  return new Date(zonedInstant(wall, timeZone));
}
