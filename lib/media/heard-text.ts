// What the caller heard of an agent turn, from how much of each sentence's audio was played.

export type SpokenSentence = { text: string; /** Samples of audio synthesized for it so far. */ totalSamples: number; playedSamples: number; /** All its audio has arrived. */ complete: boolean };

/**
 * Whole sentences that were played, then the words of the sentence playing when the agent was cut
 * off, in proportion to the share of its audio that was played (by characters, whole words only).
 */
export function heardText(sentences: SpokenSentence[]): string {
  const heard: string[] = [];
  for (const sentence of sentences) {
    if (sentence.playedSamples === 0) break;
    if (sentence.complete && sentence.playedSamples >= sentence.totalSamples) {
      heard.push(sentence.text);
      continue;
    }
    const share = Math.min(1, sentence.playedSamples / Math.max(sentence.totalSamples, 1));
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
