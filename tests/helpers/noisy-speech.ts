import { levelDbfs } from "@/lib/media/audio/pcm";
import { Denoiser } from "@/lib/media/denoiser";
import { SpeechSegmenter, VoiceActivityDetector } from "@/lib/media/vad";
import { noise, speech } from "./audio-analysis";

// Caller speech in white or babble noise at a given SNR, and how our VAD segments it with and
// without the denoiser: speech starts inside noise-only stretches, and how late real onsets are found.

const RATE = 16000;
const GAP_MS = 6000;

function rms(samples: Int16Array): number {
  let sum = 0;
  for (const sample of samples) sum += sample * sample;
  return Math.sqrt(sum / Math.max(1, samples.length));
}

/** Five other talkers at once (tests/fixtures/speech/babble.wav, other voices and words), looped. */
export function babble(durationMs: number): Int16Array {
  const talkers = speech("babble", RATE);
  return Int16Array.from({ length: Math.round((RATE * durationMs) / 1000) }, (_, i) => talkers[i % talkers.length]);
}

export type NoisyCall = { audio: Int16Array; speechSpans: { startMs: number; endMs: number }[] };

/** Noise, a sentence, noise, a longer one, noise: the sentences at `snrDb` above the noise (speech RMS over noise RMS). */
export function noisyCall(kind: "white" | "babble", snrDb: number, seed = 3): NoisyCall {
  const sentences = [speech("request", RATE), speech("long", RATE)];
  const total = sentences.reduce((sum, s) => sum + s.length, 0) + ((GAP_MS * RATE) / 1000) * (sentences.length + 1);
  const clean = new Int16Array(total);
  const speechSpans: NoisyCall["speechSpans"] = [];
  let at = (GAP_MS * RATE) / 1000;
  for (const sentence of sentences) {
    clean.set(sentence, at);
    speechSpans.push({ startMs: (at / RATE) * 1000, endMs: ((at + sentence.length) / RATE) * 1000 });
    at += sentence.length + (GAP_MS * RATE) / 1000;
  }
  const speechRms = rms(Int16Array.from(sentences.flatMap((s) => [...s])));
  const raw = kind === "white" ? noise(-20, (total / RATE) * 1000, RATE, seed) : babble((total / RATE) * 1000);
  const gain = speechRms / 10 ** (snrDb / 20) / rms(raw);
  const audio = Int16Array.from(clean, (sample, i) => Math.max(-32768, Math.min(32767, Math.round(sample + raw[i] * gain))));
  return { audio, speechSpans };
}

export type VadOutcome = {
  /** Speech starts more than 300 ms away from any sentence. */
  falseStarts: number;
  /** Milliseconds of noise-only stretches (300 ms away from any sentence) held as speech. */
  noiseAsSpeechMs: number;
  /** Per sentence, ms from its first sound to the start found for it (null: not found). */
  onsetDelays: (number | null)[];
  /** CPU ms per 20 ms frame spent denoising (0 without). */
  denoiseCpuMs: number;
};

/** Runs the call through the session's VAD and segmenter, frame by frame, optionally denoised first. */
export async function segment(call: NoisyCall, denoise: boolean): Promise<VadOutcome> {
  const vad = await VoiceActivityDetector.create();
  const segmenter = new SpeechSegmenter();
  const denoiser = denoise ? await Denoiser.create(RATE) : null;
  const starts: number[] = [];
  const speakingAt: number[] = [];
  let cpu = 0;
  let frames = 0;
  for (let offset = 0; offset + 320 <= call.audio.length; offset += 320) {
    let frame = call.audio.subarray(offset, offset + 320);
    let heard = true;
    if (denoiser) {
      const before = process.cpuUsage();
      frame = denoiser.process(frame);
      heard = denoiser.hearsCaller(segmenter.speaking);
      const used = process.cpuUsage(before);
      cpu += (used.user + used.system) / 1000;
    }
    frames++;
    const voiced = vad.isSpeech(frame) && heard;
    const event = segmenter.push(voiced);
    if (event?.type === "speech_started") starts.push(event.firstFrame * 20);
    if (segmenter.speaking) speakingAt.push((offset / RATE) * 1000);
  }
  vad.close();
  denoiser?.close();
  const near = (ms: number) => call.speechSpans.some((span) => ms >= span.startMs - 300 && ms <= span.endMs + 300);
  const onsetDelays = call.speechSpans.map((span) => {
    const first = speechOnsetMs(call, span);
    const found = starts.find((ms) => ms >= span.startMs - 300 && ms <= span.endMs);
    return found === undefined ? null : Math.max(0, found - first);
  });
  return { falseStarts: starts.filter((ms) => !near(ms)).length, noiseAsSpeechMs: speakingAt.filter((ms) => !near(ms)).length * 20, onsetDelays, denoiseCpuMs: denoise ? cpu / frames : 0 };
}

/** Where the sentence's first sound is (the clean fixture's first 10 ms above −40 dBFS). */
function speechOnsetMs(call: NoisyCall, span: { startMs: number }): number {
  const fixture = span.startMs < 3000 ? speech("request", RATE) : speech("long", RATE);
  for (let i = 0; i + 160 <= fixture.length; i += 160) if (levelDbfs(fixture.subarray(i, i + 160)) > -40) return span.startMs + i / 16;
  return span.startMs;
}
