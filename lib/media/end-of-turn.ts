import type { EndOfTurnSettings } from "@/lib/agents/end-of-turn";

/**
 * Words a finished sentence rarely ends on: articles, prepositions, conjunctions, fillers, and verbs
 * that want what follows. A transcriber that punctuates every fragment ("I'd like a table for.")
 * is overruled by them.
 */
const TRAILING_WORDS = new Set([
  "and", "or", "but", "so", "because", "the", "a", "an", "to", "of", "for", "with", "my", "your", "our", "their", "his", "her",
  "um", "uh", "er", "erm", "hmm", "like", "if", "then", "is", "was", "are", "were", "i", "at", "on", "in", "from", "about", "by",
  "than", "that", "which", "who", "whose", "where", "when", "would", "could", "should", "can", "will", "am", "be", "been", "have",
  "has", "had", "get", "want", "need", "this", "these", "those", "some", "any", "into", "onto", "as", "not", "also", "maybe", "whether",
]);

/** How the words heard so far end: a finished sentence, a sentence broken off, or nothing telling. */
export function utteranceEnding(text: string | null): "complete" | "incomplete" | "unknown" {
  const trimmed = text?.trim().replace(/["')\]]+$/, "") ?? "";
  if (!trimmed) return "unknown";
  if (/(\.\.\.|…)$/.test(trimmed)) return "incomplete"; // trailing off
  if (/[,;:-]$/.test(trimmed)) return "incomplete";
  const last = trimmed.toLowerCase().split(/\s+/).at(-1)!.replace(/[^a-z']/g, "");
  if (TRAILING_WORDS.has(last) && !trimmed.endsWith("?")) return "incomplete";
  if (/[.?!]$/.test(trimmed)) return "complete";
  return "unknown";
}

/** The silence (ms after the last speech) that ends the turn, given the words so far if known. */
export function silenceNeeded(settings: EndOfTurnSettings, words: string | null): number {
  const ending = utteranceEnding(words);
  return ending === "complete" ? settings.min_wait_ms : ending === "incomplete" ? settings.max_wait_ms : settings.silence_threshold_ms;
}

/** The same words, whatever the case, punctuation and spacing: a preemptive answer then stands for the final transcript. */
export function sameWords(a: string, b: string): boolean {
  const norm = (text: string) => text.toLowerCase().replace(/[^\p{L}\p{N}' ]+/gu, " ").replace(/\s+/g, " ").trim();
  return norm(a) === norm(b);
}
