// What the caller heard of an agent turn, from how much of each sentence's audio was played.

export type SpokenSentence = { text: string; /** Samples of audio synthesized for it so far. */ totalSamples: number; playedSamples: number; /** All its audio has arrived. */ complete: boolean };

/** A voice's pace when none of its sentences is complete yet: ~15 characters a second, as TTS voices speak. */
export const DEFAULT_MS_PER_CHARACTER = 65;

/**
 * Whole sentences that were played, then the words of the sentence playing when the agent was cut
 * off, in proportion to the share of its audio that was played (by characters, whole words only).
 * Synthesis reads only a little ahead, so a sentence still arriving is as long as its text at the
 * pace of this response's complete sentences (else `fallbackSamplesPerChar`), or the audio so far if longer.
 */
export function heardText(sentences: SpokenSentence[], fallbackSamplesPerChar = 0): string {
  let completeSamples = 0;
  let completeChars = 0;
  for (const sentence of sentences) {
    if (!sentence.complete) continue;
    completeSamples += sentence.totalSamples;
    completeChars += sentence.text.length;
  }
  const samplesPerChar = completeChars && completeSamples ? completeSamples / completeChars : fallbackSamplesPerChar;
  const heard: string[] = [];
  for (const sentence of sentences) {
    if (sentence.playedSamples === 0) break;
    if (sentence.complete && sentence.playedSamples >= sentence.totalSamples) {
      heard.push(sentence.text);
      continue;
    }
    const expected = sentence.complete ? sentence.totalSamples : Math.max(sentence.totalSamples, sentence.text.length * samplesPerChar);
    const share = Math.min(1, sentence.playedSamples / Math.max(expected, 1));
    const limit = share * sentence.text.length;
    const words = sentence.text.split(/\s+/);
    const kept: string[] = [];
    let length = 0;
    for (const word of words) {
      length += (kept.length ? 1 : 0) + word.length;
      if (length > limit) break;
      kept.push(word);
    }
    if (kept.length) heard.push(kept.join(" "));
    break;
  }
  return heard.join(" ");
}
