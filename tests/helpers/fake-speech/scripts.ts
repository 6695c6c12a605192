import { levelDbfs } from "@/lib/media/audio/pcm";
import { resample } from "@/lib/media/audio/resampler";
import { speech, type SpeechFixture } from "../audio-analysis";

/** What a fake recognizer "hears": the transcript for an utterance's audio (possibly partial, for interim results). */
export type Utterance = { audio: Int16Array; sampleRate: number; partial: boolean };
export type Recognized = { text: string; /** Voiced length of the full utterance, so interim results can reveal words in proportion. */ durationMs?: number };
export type TranscriptScript = (utterance: Utterance) => string | Recognized;

/** Always the same words (change them between utterances with a new script). */
export const fixedTranscript =
  (text: string): TranscriptScript =>
  () =>
    text;

/** The next text per complete utterance, in order ("" once they run out); partial audio hears the upcoming one. */
export function transcriptSequence(texts: string[]): TranscriptScript {
  let next = 0;
  return ({ partial }) => (partial ? (texts[next] ?? "") : (texts[next++] ?? ""));
}

const HOP_MS = 10;
const VOICED_DB = -45;

function envelope(audio: Int16Array, sampleRate: number): number[] {
  const hop = (sampleRate * HOP_MS) / 1000;
  const out: number[] = [];
  for (let start = 0; start + 2 * hop <= audio.length; start += hop) out.push(Math.max(-60, levelDbfs(audio.subarray(start, start + 2 * hop))));
  return out;
}

function voiced(levels: number[]): number[] {
  const first = levels.findIndex((level) => level > VOICED_DB);
  if (first < 0) return [];
  let last = levels.length - 1;
  while (levels[last] <= VOICED_DB) last--;
  return levels.slice(first, last + 1);
}

function distance(heard: number[], reference: number[], shift: number): number {
  let total = 0;
  let count = 0;
  for (let i = 0; i < heard.length; i++) {
    const j = i + shift;
    if (j < 0 || j >= reference.length) continue;
    total += Math.abs(heard[i] - reference[j]);
    count++;
  }
  return count ? total / count : Infinity;
}

/**
 * Recognizes the committed espeak-ng fixtures by their loudness envelope (10 ms hops), at any
 * sample rate, whole or (for interim results) as a prefix; anything else is heard as "".
 */
export function transcriptsByFixture(words: Partial<Record<SpeechFixture, string>>): TranscriptScript {
  const references = Object.entries(words).map(([name, text]) => {
    const levels = voiced(envelope(speech(name as SpeechFixture, 16000), 16000));
    return { text: text!, levels, durationMs: levels.length * HOP_MS };
  });
  return ({ audio, sampleRate, partial }) => {
    const heard = voiced(envelope(sampleRate === 16000 ? audio : resample(audio, sampleRate, 16000), 16000));
    if (heard.length < 5) return "";
    let best: { text: string; durationMs: number; score: number } | null = null;
    for (const reference of references) {
      const lengthGap = Math.abs(heard.length - reference.levels.length);
      if (!partial && lengthGap > reference.levels.length * 0.25 + 5) continue;
      if (partial && heard.length > reference.levels.length * 1.25 + 5) continue;
      let score = Infinity;
      for (let shift = -3; shift <= 3; shift++) score = Math.min(score, distance(heard, reference.levels, shift));
      if (score < 8 && (!best || score < best.score)) best = { text: reference.text, durationMs: reference.durationMs, score };
    }
    return best ? { text: best.text, durationMs: best.durationMs } : "";
  };
}

export function recognized(result: string | Recognized): Recognized {
  return typeof result === "string" ? { text: result } : result;
}
