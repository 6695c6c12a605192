const count = new Intl.NumberFormat("en-US");
const usd = new Intl.NumberFormat("en-US", { style: "currency", currency: "USD" });
const usdPrecise = new Intl.NumberFormat("en-US", { style: "currency", currency: "USD", minimumFractionDigits: 2, maximumFractionDigits: 4 });
const percent = new Intl.NumberFormat("en-US", { style: "percent", maximumFractionDigits: 1 });

export const formatCount = (value: number) => count.format(value);
export const formatCost = (value: number) => usd.format(value);
/** Averages are often fractions of a cent: up to four decimals. */
export const formatAverageCost = (value: number | null) => (value === null ? "–" : usdPrecise.format(value));
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
