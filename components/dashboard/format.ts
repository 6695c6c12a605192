import { formatMoney } from "@/lib/utils/money";

const count = new Intl.NumberFormat("en-US");
const percent = new Intl.NumberFormat("en-US", { style: "percent", maximumFractionDigits: 1 });

export const formatCount = (value: number) => count.format(value);
export const formatRate = (value: number | null) => (value === null ? "–" : percent.format(value));

/** 52.47 → "52.5 s", 3725 → "1 h 2 min", 16508775 → "4,585 h 46 min". */
export function formatDuration(seconds: number | null): string {
  if (seconds === null) return "–";
  if (seconds < 60) return `${Math.round(seconds * 10) / 10} s`;
  const totalMinutes = Math.floor(seconds / 60);
  if (totalMinutes < 60) {
    const rest = Math.round(seconds - totalMinutes * 60);
    return rest ? `${totalMinutes} min ${rest} s` : `${totalMinutes} min`;
  }
  const hours = Math.floor(totalMinutes / 60);
  const minutes = totalMinutes % 60;
  return minutes ? `${count.format(hours)} h ${minutes} min` : `${count.format(hours)} h`;
}

const minutesNumber = new Intl.NumberFormat("en-US", { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** Connected minutes as the API counts them, to the hundredth: a 14 s call is "0.23 min", never "0 min". */
export const formatMinutes = (minutes: number, unit = true) => `${minutesNumber.format(minutes)}${unit ? " min" : ""}`;

/** An instant in the zone the page's days are in: "Nov 26, 6:07 AM GMT+1", "Mar 5, 2026, 11:30 PM EST". */
export function formatInstant(iso: string, timeZone: string, withYear = false): string {
  return new Date(iso).toLocaleString("en-US", {
    timeZone,
    month: "short",
    day: "numeric",
    ...(withYear ? { year: "numeric" } : {}),
    hour: "numeric",
    minute: "2-digit",
    timeZoneName: "short",
  });
}

/** "2026-03-05" → "Mar 5" (the date is a calendar day already; no time zone applies). */
export function formatDay(date: string, withYear = false): string {
  const [year, month, day] = date.split("-").map(Number);
  return new Date(Date.UTC(year, month - 1, day)).toLocaleDateString("en-US", {
    month: "short",
    day: "numeric",
    ...(withYear ? { year: "numeric" } : {}),
    timeZone: "UTC",
  });
}

/** "1 call", "2 calls", "1,234 calls". */
export function plural(value: number, one: string, many = `${one}s`): string {
  return `${formatCount(value)} ${value === 1 ? one : many}`;
}

/**
 * Ticks for a money axis from 0 to at least `max`: about `count` steps of 1, 2, 2.5 or 5 × 10^n, and
 * the decimals that keep every label distinct ($0.0025, $0.005 … not $0.00, $0.01, $0.01).
 */
export function costTicks(max: number, count = 4): { ticks: number[]; format: (value: number) => string } {
  const top = max > 0 ? max : 0.01;
  const raw = top / count;
  const magnitude = 10 ** Math.floor(Math.log10(raw));
  const step = [1, 2, 2.5, 5, 10].map((factor) => factor * magnitude).find((candidate) => candidate >= raw)!;
  const steps = Math.ceil(top / step - 1e-9);
  const ticks = Array.from({ length: steps + 1 }, (_, i) => Number((i * step).toPrecision(12)));
  const decimals = Math.max(2, ...ticks.map((tick) => (String(tick).split(".")[1] ?? "").length));
  return { ticks, format: (value) => formatMoney(value, decimals) };
}
