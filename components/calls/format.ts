import type { CallCount } from "@/lib/voice-api/calls";

/** 65 → "1:05", 3725 → "1:02:05". */
export function formatDuration(seconds: number | null | undefined): string {
  if (seconds === null || seconds === undefined) return "—";
  const h = Math.floor(seconds / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  const s = Math.floor(seconds % 60);
  const mm = h ? String(m).padStart(2, "0") : String(m);
  return `${h ? `${h}:` : ""}${mm}:${String(s).padStart(2, "0")}`;
}

export const humanize = (value: string | null | undefined) => (value ? value.replace(/_/g, " ") : "—");

export const callTypeLabel = (type: string) => (type === "web_call" ? "Web" : type === "phone_call" ? "Phone" : type);

const count = new Intl.NumberFormat("en-US");

/** "1 call", "2,345 calls", "about 120,000 calls". */
export function callCountText({ total, exact }: CallCount): string {
  const shown = exact ? count.format(total) : `about ${count.format(Number(total.toPrecision(2)))}`;
  return `${shown} ${total === 1 && exact ? "call" : "calls"}`;
}
