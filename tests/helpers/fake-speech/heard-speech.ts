import { findTones, speech, type SpeechFixture } from "../audio-analysis";
import { recognized, transcriptsByFixture, type TranscriptScript } from "./scripts";
import { ToneVoice } from "./tones";

/**
 * A voice for tests where the server's text-to-speech speaks both sides (agent tests in voice mode):
 * a sentence that is one of `fixtures` is said as its espeak-ng recording (real speech, which the VAD
 * takes for a caller), anything else as the sentence's tone.
 */
export class FixtureSpeakingVoice extends ToneVoice {
  constructor(private readonly fixtures: Partial<Record<SpeechFixture, string>>) {
    super();
  }

  override audio(text: string, sampleRate: number): Int16Array {
    const fixture = Object.entries(this.fixtures).find(([, words]) => words?.trim() === text.trim())?.[0] as SpeechFixture | undefined;
    return fixture ? speech(fixture, sampleRate) : super.audio(text, sampleRate);
  }
}

const MIN_SPAN_MS = 60;

/**
 * What a transcriber hears: the espeak-ng fixtures by their envelope, and the voice's tones as the
 * sentences they stand for, in order; a sentence cut off is heard up to the words that sounded
 * (in proportion to how much of its tone played).
 */
export function heardSpeech(voice: ToneVoice, fixtures: Partial<Record<SpeechFixture, string>>): TranscriptScript {
  const callers = transcriptsByFixture(fixtures);
  return (utterance) => {
    const caller = recognized(callers(utterance)).text;
    if (caller) return caller;
    const sentences = new Map(voice.synthesized.map((entry) => [entry.frequency, entry]));
    if (sentences.size === 0) return "";
    const heard = new Map<number, number>();
    const order: number[] = [];
    for (const span of findTones(utterance.audio, utterance.sampleRate, [...sentences.keys()])) {
      if (!heard.has(span.frequency)) order.push(span.frequency);
      heard.set(span.frequency, (heard.get(span.frequency) ?? 0) + span.endMs - span.startMs);
    }
    const words: string[] = [];
    for (const frequency of order) {
      const ms = heard.get(frequency)!;
      if (ms < MIN_SPAN_MS) continue;
      const sentence = sentences.get(frequency)!;
      const all = sentence.text.split(/\s+/);
      const share = Math.min(1, (ms + 40) / sentence.durationMs);
      words.push(...all.slice(0, Math.max(1, Math.floor(all.length * share))));
    }
    return words.join(" ");
  };
}
