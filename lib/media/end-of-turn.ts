import type { EndOfTurnSettings } from "@/lib/agents/end-of-turn";

const TRAILING_WORDS = new Set(["and", "or", "but", "so", "because", "the", "a", "an", "to", "of", "for", "with", "my", "um", "uh", "er", "like", "if", "then", "is", "was", "i"]);

/** How the words heard so far end: a finished sentence, a sentence broken off, or nothing telling. */
export function utteranceEnding(text: string | null): "complete" | "incomplete" | "unknown" {
  const trimmed = text?.trim().replace(/["')\]]+$/, "") ?? "";
  if (!trimmed) return "unknown";
  if (/[.?!…]$/.test(trimmed)) return "complete";
  if (/[,;:-]$/.test(trimmed)) return "incomplete";
  const last = trimmed.toLowerCase().split(/\s+/).at(-1)!.replace(/[^a-z']/g, "");
  return TRAILING_WORDS.has(last) ? "incomplete" : "unknown";
}

/** The silence (ms after the last speech) that ends the turn, given the interim transcript if any. */
export function silenceNeeded(settings: EndOfTurnSettings, interim: string | null): number {
  const ending = utteranceEnding(interim);
  return ending === "complete" ? settings.min_wait_ms : ending === "incomplete" ? settings.max_wait_ms : settings.silence_threshold_ms;
}
