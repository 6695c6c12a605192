import type { CallingWindow, Weekday } from "@/lib/schemas/campaign-values";

// Calling windows are local times in the contact's zone, read with the runtime's IANA database (Intl):
// daylight-saving changes move them with the clock on the wall, as a person there would expect.

const WEEKDAYS: Record<string, Weekday> = { Mon: "mon", Tue: "tue", Wed: "wed", Thu: "thu", Fri: "fri", Sat: "sat", Sun: "sun" };
const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(zone: string): Intl.DateTimeFormat {
  let format = formatters.get(zone);
  if (!format) {
    format = new Intl.DateTimeFormat("en-US", { timeZone: zone, hourCycle: "h23", weekday: "short", year: "numeric", month: "numeric", day: "numeric", hour: "numeric", minute: "numeric", second: "numeric" });
    formatters.set(zone, format);
  }
  return format;
}

type LocalTime = { year: number; month: number; day: number; weekday: Weekday; minutes: number; seconds: number };

/** The wall-clock date and time in `zone` at `at`. */
export function localTime(at: Date, zone: string): LocalTime {
  const parts: Record<string, string> = {};
  for (const part of formatter(zone).formatToParts(at)) parts[part.type] = part.value;
  return {
    year: Number(parts.year),
    month: Number(parts.month),
    day: Number(parts.day),
    weekday: WEEKDAYS[parts.weekday],
    minutes: Number(parts.hour) * 60 + Number(parts.minute),
    seconds: Number(parts.second),
  };
}

/** "09:30" → 570; "24:00" → 1440. */
export function minutesOf(hhmm: string): number {
  const [hours, minutes] = hhmm.split(":").map(Number);
  return hours * 60 + minutes;
}

/** True when `at` falls inside one of the windows in `zone` (start inclusive, end exclusive). */
export function insideWindows(at: Date, windows: CallingWindow[], zone: string): boolean {
  const local = localTime(at, zone);
  return windows.some((window) => window.days.includes(local.weekday) && local.minutes >= minutesOf(window.start) && local.minutes < minutesOf(window.end));
}

/** The offset of `zone` from UTC at `at`, in milliseconds. */
function offsetMs(at: Date, zone: string): number {
  const local = localTime(at, zone);
  const asUtc = Date.UTC(local.year, local.month - 1, local.day, Math.floor(local.minutes / 60), local.minutes % 60, local.seconds);
  return asUtc - Math.floor(at.getTime() / 1000) * 1000;
}

/** The instant a wall-clock time in `zone` names (in a daylight-saving gap: the instant just after it). */
function instantOf(year: number, month: number, day: number, minutes: number, zone: string): Date {
  const wall = Date.UTC(year, month - 1, day, Math.floor(minutes / 60), minutes % 60);
  let guess = wall - offsetMs(new Date(wall), zone);
  guess = wall - offsetMs(new Date(guess), zone);
  return new Date(guess);
}

/**
 * The first instant at or after `from` inside the windows, in `zone`; null when the windows name no day
 * (never). Looks eight days ahead, which covers every weekly pattern.
 */
export function nextWindowStart(from: Date, windows: CallingWindow[], zone: string): Date | null {
  if (insideWindows(from, windows, zone)) return from;
  const today = localTime(from, zone);
  let best: Date | null = null;
  for (let offset = 0; offset <= 8; offset++) {
    const date = new Date(Date.UTC(today.year, today.month - 1, today.day + offset));
    const weekday = WEEKDAYS[date.toUTCString().slice(0, 3)];
    for (const window of windows) {
      if (!window.days.includes(weekday)) continue;
      let start = instantOf(date.getUTCFullYear(), date.getUTCMonth() + 1, date.getUTCDate(), minutesOf(window.start), zone);
      // A start inside a daylight-saving gap (02:30 on the night clocks skip to 03:00): the window opens when the clock reaches it.
      for (let step = 0; step < 8 && !insideWindows(start, windows, zone); step++) start = new Date(start.getTime() + 15 * 60_000);
      if (start.getTime() < from.getTime() || !insideWindows(start, windows, zone)) continue;
      if (!best || start < best) best = start;
    }
    if (best) return best;
  }
  return best;
}
