/** The dashboard's URL search parameters, resolved to what it asks the analytics API for. */
export type DashboardQuery = { from?: string; to: string; timezone: string; agent_id?: string };

export const PRESETS = [
  { days: 7, label: "Last 7 days" },
  { days: 30, label: "Last 30 days" },
  { days: 90, label: "Last 90 days" },
] as const;
export const DEFAULT_PRESET_DAYS = 30;
/** Where the browser's time zone is remembered for the server's next render. */
export const TIME_ZONE_COOKIE = "studio_tz";

/** Today's calendar date in `timeZone` (YYYY-MM-DD); UTC when the zone is unknown. */
export function todayIn(timeZone: string, now = new Date()): string {
  try {
    return new Intl.DateTimeFormat("en-CA", { timeZone, year: "numeric", month: "2-digit", day: "2-digit" }).format(now);
  } catch {
    return now.toISOString().slice(0, 10);
  }
}

export function shiftDate(date: string, days: number): string {
  const [year, month, day] = date.split("-").map(Number);
  return new Date(Date.UTC(year, month - 1, day + days)).toISOString().slice(0, 10);
}

/** The last `days` days, today included. */
export function presetRange(days: number, timeZone: string, now = new Date()): { from: string; to: string } {
  const to = todayIn(timeZone, now);
  return { from: shiftDate(to, -(days - 1)), to };
}

const first = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value)?.trim() || undefined;

/**
 * `from`, `to`, `agent_id` and `timezone` from the URL; the time zone falls back to the remembered
 * browser zone, then UTC; a missing range is the last 30 days. Values go to the API unchecked, so a
 * bad one comes back as the API's own message.
 */
export function readDashboardQuery(params: Record<string, string | string[] | undefined>, rememberedTimeZone?: string): DashboardQuery {
  const timezone = first(params.timezone) ?? rememberedTimeZone ?? "UTC";
  const preset = presetRange(DEFAULT_PRESET_DAYS, timezone);
  const from = first(params.from);
  const to = first(params.to);
  const agentId = first(params.agent_id);
  return {
    // With only `to`, the API counts 30 days back from it.
    from: from ?? (to ? undefined : preset.from),
    to: to ?? preset.to,
    timezone,
    ...(agentId ? { agent_id: agentId } : {}),
  };
}

/** What is wrong with a from/to pair of dates as typed (both inclusive days), or null when it holds. */
export function rangeProblem(from: string, to: string): string | null {
  const date = /^\d{4}-\d{2}-\d{2}$/;
  if (!from || !date.test(from)) return "Enter a From date.";
  if (!to || !date.test(to)) return "Enter a To date.";
  if (from > to) return `From (${from}) is after To (${to}): pick a From on or before ${to}, or a later To.`;
  if (Date.parse(to) - Date.parse(from) > 365 * 86_400_000) return "A range can be at most 366 days long.";
  return null;
}
