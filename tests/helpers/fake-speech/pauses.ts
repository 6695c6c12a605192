import { readFileSync } from "node:fs";
import path from "node:path";
import { levelDbfs } from "@/lib/media/audio/pcm";
import { resample } from "@/lib/media/audio/resampler";
import { decodeWav } from "@/lib/media/audio/wav";
import type { TranscriptScript } from "./scripts";

// The mid-sentence pause fixtures (scripts/fixtures/make-pause-fixtures.sh): a caller sentence in
// two parts with a thinking pause between them, and what a batch transcriber makes of each.

export type PauseFixture = {
  name: string;
  /** The transcript of the first part alone, punctuated as transcribers do a fragment. */
  first: string;
  /** The transcript of the whole sentence. */
  full: string;
  pause_ms: number;
  /** Where the first part's speech ends in the file. */
  first_ms: number;
};

const folder = path.join(process.cwd(), "tests/fixtures/pauses");

export const pauseFixtures = (): PauseFixture[] => JSON.parse(readFileSync(path.join(folder, "transcripts.json"), "utf8")) as PauseFixture[];

export function pauseAudio(fixture: PauseFixture, sampleRate = 16000): Int16Array {
  const wav = decodeWav(readFileSync(path.join(folder, `${fixture.name}.wav`)));
  return wav.sampleRate === sampleRate ? wav.samples : resample(wav.samples, wav.sampleRate, sampleRate);
}

/** Whether the audio holds speech after a pause of at least `gapMs` that follows speech: the second part was heard. */
export function speechAfterPause(audio: Int16Array, sampleRate: number, gapMs = 400): boolean {
  const hop = sampleRate / 100;
  let spoke = false;
  let quiet = 0;
  for (let start = 0; start + hop <= audio.length; start += hop) {
    const voiced = levelDbfs(audio.subarray(start, start + hop)) > -40;
    if (voiced && spoke && quiet * 10 >= gapMs) return true;
    if (voiced) {
      spoke = true;
      quiet = 0;
    } else quiet++;
  }
  return false;
}

/** A batch transcriber for one pause fixture: the first part's words until the second part is in the audio. */
export function pauseTranscript(fixture: PauseFixture): TranscriptScript {
  return ({ audio, sampleRate }) => (speechAfterPause(audio, sampleRate) ? fixture.full : fixture.first);
}
