import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SpeechSegmenter, VoiceActivityDetector, type SegmentEvent } from "@/lib/media/vad";
import { mix, noise, silence, speech, type SpeechFixture } from "../../helpers/audio-analysis";

let vad: VoiceActivityDetector;
beforeAll(async () => {
  vad = await VoiceActivityDetector.create();
});
afterAll(() => vad.close());

function frames(signal: Int16Array): Int16Array[] {
  const out: Int16Array[] = [];
  for (let offset = 0; offset + 320 <= signal.length; offset += 320) out.push(signal.subarray(offset, offset + 320));
  return out;
}

function segments(signal: Int16Array): SegmentEvent[] {
  const segmenter = new SpeechSegmenter();
  return frames(signal)
    .map((frame) => segmenter.push(vad.isSpeech(frame)))
    .filter((event): event is SegmentEvent => event !== null);
}

describe("voice activity detection", () => {
  it("finds speech in every espeak-ng fixture, from its start to its end", () => {
    for (const name of ["request", "long", "uh-huh", "yeah", "okay", "mm-hmm", "right", "stop", "wait"] satisfies SpeechFixture[]) {
      const words = speech(name);
      const events = segments(new Int16Array([...silence(500, 16000), ...words, ...silence(600, 16000)]));
      // The long sentence pauses at its comma; every other fixture is one run of speech.
      if (name !== "long") expect(events.map((event) => event.type), name).toEqual(["speech_started", "speech_stopped"]);
      const started = events[0] as Extract<SegmentEvent, { type: "speech_started" }>;
      const stopped = events.at(-1) as Extract<SegmentEvent, { type: "speech_stopped" }>;
      expect(Math.abs(started.firstFrame * 20 - 500), name).toBeLessThanOrEqual(140);
      expect(Math.abs((stopped.lastFrame + 1) * 20 - (500 + (words.length / 16000) * 1000)), name).toBeLessThanOrEqual(120);
    }
  });

  it("does not take silence or comfort noise for speech, when it starts, after speech, or when it changes level", () => {
    expect(segments(silence(5000, 16000))).toEqual([]);
    for (const seed of [7, 11, 13]) expect(segments(noise(-50, 60_000, 16000, seed))).toEqual([]);
    const afterSpeech = segments(new Int16Array([...speech("request"), ...noise(-50, 5000, 16000, 9), ...noise(-40, 5000, 16000, 3), ...noise(-30, 3000, 16000, 4)]));
    expect(afterSpeech.map((event) => event.type)).toEqual(["speech_started", "speech_stopped"]);
    expect((afterSpeech[1] as { lastFrame: number }).lastFrame * 20).toBeLessThan(3200);
  });

  it("still finds speech over comfort noise", () => {
    const signal = mix(new Int16Array([...silence(1000, 16000), ...speech("request")]), noise(-50, 5000, 16000, 5));
    expect(segments(signal).map((event) => event.type)).toEqual(["speech_started", "speech_stopped"]);
  });

  it("refuses frames that are not 20 ms at 16 kHz", () => {
    expect(() => vad.isSpeech(new Int16Array(160))).toThrow(/320 samples/);
  });
});
