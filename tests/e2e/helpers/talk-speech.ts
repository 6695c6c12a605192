import { levelDbfs } from "@/lib/media/audio/pcm";
import type { TranscriptScript } from "../../helpers/fake-speech/scripts";

/** What the caller says in the committed microphone fixture (tests/fixtures/speech/talk-microphone.wav). */
export const TALK_CALLER_WORDS = "Hi, my name is Ada Lovelace and I need a cleaning.";

/**
 * The e2e speech-to-text: Chromium's microphone processing (echo cancellation, noise suppression,
 * gain) reshapes the fixture, so it is recognized by its voiced length, not its envelope: an
 * utterance with at least a second of sound is the caller's sentence, anything shorter is nothing.
 */
export const talkTranscripts: TranscriptScript = ({ audio, sampleRate }) => {
  const block = Math.round(sampleRate / 50);
  let voiced = 0;
  for (let start = 0; start + block <= audio.length; start += block) if (levelDbfs(audio.subarray(start, start + block)) > -45) voiced++;
  return voiced * 20 >= 1000 ? TALK_CALLER_WORDS : "";
};
