import { findPii } from "./find-pii";

/** A word as speech-to-text heard it, with its time in the call's audio (ms from the start of the recording). */
export type TimedWord = { word: string; startMs: number; endMs: number };

/** What was said in one stretch of the call, where it stands in the recording, and its words' times when the provider gave them. */
export type SpokenSegment = { role: "user" | "agent"; text: string; startMs: number; endMs: number; words?: TimedWord[] | null };

export type TimeRange = { startMs: number; endMs: number };

const normalise = (word: string) => word.toLowerCase().replace(/[^\p{L}\p{N}@]/gu, "");

/**
 * The stretches of the recording to silence: for each segment whose text holds PII, the words that
 * overlap each found span (located in the text in order), or the whole segment when the provider
 * gave no word times or the words cannot be placed in the text.
 */
export function redactedTimeRanges(segments: readonly SpokenSegment[], now?: Date): TimeRange[] {
  const ranges: TimeRange[] = [];
  for (const segment of segments) {
    const spans = findPii(segment.text, now);
    if (spans.length === 0) continue;
    const placed = placeWords(segment.text, segment.words ?? null);
    if (!placed) {
      ranges.push({ startMs: segment.startMs, endMs: segment.endMs });
      continue;
    }
    for (const span of spans) {
      const covering = placed.filter((word) => word.start < span.end && span.start < word.end);
      if (covering.length === 0) ranges.push({ startMs: segment.startMs, endMs: segment.endMs });
      else ranges.push({ startMs: Math.min(...covering.map((word) => word.startMs)), endMs: Math.max(...covering.map((word) => word.endMs)) });
    }
  }
  return ranges;
}

/** Each timed word with the characters it occupies in `text`, or null when they do not line up. */
function placeWords(text: string, words: readonly TimedWord[] | null): (TimedWord & { start: number; end: number })[] | null {
  if (!words || words.length === 0) return null;
  const lower = text.toLowerCase();
  const placed: (TimedWord & { start: number; end: number })[] = [];
  let at = 0;
  for (const word of words) {
    const key = normalise(word.word);
    if (!key) continue;
    // The word's letters from `at` on, ignoring punctuation the transcript added.
    const index = findLoose(lower, key, at);
    if (index === null) return null;
    placed.push({ ...word, start: index.start, end: index.end });
    at = index.end;
  }
  return placed;
}

function findLoose(text: string, key: string, from: number): { start: number; end: number } | null {
  for (let start = from; start < text.length; start++) {
    if (normalise(text[start]) !== key[0]) continue;
    let i = start;
    let k = 0;
    while (i < text.length && k < key.length) {
      const char = normalise(text[i]);
      if (char === "") {
        i++;
        continue;
      }
      if (char !== key[k]) break;
      i++;
      k++;
    }
    if (k === key.length) return { start, end: i };
  }
  return null;
}

/** The data chunk of a PCM WAV: where its samples are and how they are laid out. */
function wavLayout(wav: Uint8Array): { dataStart: number; dataEnd: number; sampleRate: number; blockAlign: number } | null {
  const view = new DataView(wav.buffer, wav.byteOffset, wav.byteLength);
  if (wav.byteLength < 44 || view.getUint32(0, false) !== 0x52494646 || view.getUint32(8, false) !== 0x57415645) return null;
  let offset = 12;
  let sampleRate = 0;
  let blockAlign = 0;
  while (offset + 8 <= wav.byteLength) {
    const id = view.getUint32(offset, false);
    const size = view.getUint32(offset + 4, true);
    if (id === 0x666d7420) {
      sampleRate = view.getUint32(offset + 12, true);
      blockAlign = view.getUint16(offset + 20, true);
    } else if (id === 0x64617461) {
      if (!sampleRate || !blockAlign) return null;
      return { dataStart: offset + 8, dataEnd: Math.min(wav.byteLength, offset + 8 + size), sampleRate, blockAlign };
    }
    offset += 8 + size + (size % 2);
  }
  return null;
}

/** The WAV with every channel's samples set to zero (digital silence) over each range; the input is left as it was. */
export function silenceWav(wav: Uint8Array, ranges: readonly TimeRange[]): Uint8Array {
  const layout = wavLayout(wav);
  if (!layout || ranges.length === 0) return wav;
  const out = wav.slice();
  const frames = (layout.dataEnd - layout.dataStart) / layout.blockAlign;
  for (const range of ranges) {
    const first = Math.max(0, Math.floor((range.startMs * layout.sampleRate) / 1000));
    const last = Math.min(frames, Math.ceil((range.endMs * layout.sampleRate) / 1000));
    if (last > first) out.fill(0, layout.dataStart + first * layout.blockAlign, layout.dataStart + last * layout.blockAlign);
  }
  return out;
}
