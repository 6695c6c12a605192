import type { AgentDocument } from "@/lib/agents/normalize";

export type InterruptionSensitivity = AgentDocument["interruptions_sensitivity"];

/**
 * What it takes for caller speech to cut the agent off, per `interruptions_sensitivity`:
 * - `minWords` words that are not backchannels, after at least `minSpeechMs` of speech, or
 * - `sustainedMs` of speech, whatever its words (unless a transcript shows only backchannels).
 * "stop", "wait" and the like cut at once at every sensitivity; backchannels alone never do.
 */
export const sensitivityRules: Record<InterruptionSensitivity, { minSpeechMs: number; minWords: number; sustainedMs: number }> = {
  high: { minSpeechMs: 250, minWords: 1, sustainedMs: 600 },
  medium: { minSpeechMs: 400, minWords: 2, sustainedMs: 1000 },
  low: { minSpeechMs: 700, minWords: 4, sustainedMs: 1600 },
};

export const BACKCHANNELS = [
  "uh-huh", "uh huh", "mm-hmm", "mm hmm", "mhm", "mmhmm", "hmm", "mm", "m", "yeah", "yea", "yes", "yep", "yup", "okay", "ok",
  "right", "sure", "alright", "all right", "i see", "got it", "uh", "um", "ah", "oh", "aha",
];
export const STOP_PHRASES = ["stop", "wait", "hold on", "hang on", "pause", "excuse me"];

function words(text: string): string[] {
  return text
    .toLowerCase()
    .replace(/[^a-z0-9' -]+/g, " ")
    .split(/\s+/)
    .filter(Boolean);
}

function containsPhrase(tokens: string[], phrase: string): boolean {
  const target = phrase.split(/\s+/);
  for (let i = 0; i + target.length <= tokens.length; i++) if (target.every((word, j) => tokens[i + j] === word)) return true;
  return false;
}

/** The words of a transcript that are not backchannels ("uh-huh", "yeah", "okay", …). */
export function contentWords(text: string): string[] {
  let tokens = words(text.replace(/-/g, " - ")).filter((token) => token !== "-");
  const multi = BACKCHANNELS.map((phrase) => phrase.replace(/-/g, " ").split(" ")).sort((a, b) => b.length - a.length);
  const out: string[] = [];
  while (tokens.length) {
    const match = multi.find((phrase) => phrase.every((word, i) => tokens[i] === word));
    if (match) tokens = tokens.slice(match.length);
    else {
      out.push(tokens[0]);
      tokens = tokens.slice(1);
    }
  }
  return out;
}

export function hasStopPhrase(text: string): boolean {
  const tokens = words(text.replace(/-/g, " "));
  return STOP_PHRASES.some((phrase) => containsPhrase(tokens, phrase));
}

export type BargeInDecision =
  /** Cut the agent off now. */
  | "interrupt"
  /** Not yet: listen on. */
  | "wait"
  /** Only backchannels: the agent goes on, the words are dropped. */
  | "backchannel"
  /** The utterance ended with too little to interrupt: the agent goes on, the words become the next turn. */
  | "too_short";

/**
 * Decides whether caller speech over the agent interrupts it. `transcript` is what is known of
 * the words (null before any transcript); `final` says the utterance has ended.
 */
export function decideBargeIn(sensitivity: InterruptionSensitivity, speech: { speechMs: number; transcript: string | null; final: boolean }): BargeInDecision {
  const rules = sensitivityRules[sensitivity];
  const { speechMs, transcript, final } = speech;
  if (transcript !== null && hasStopPhrase(transcript)) return "interrupt";
  // Without words yet, only sustained speech decides; otherwise the words are awaited.
  if (transcript === null) return speechMs >= rules.sustainedMs ? "interrupt" : "wait";
  const content = contentWords(transcript);
  if (content.length === 0) return final ? "backchannel" : "wait";
  if (speechMs >= rules.sustainedMs) return "interrupt";
  if (content.length >= rules.minWords && speechMs >= rules.minSpeechMs) return "interrupt";
  return final ? "too_short" : "wait";
}
