import { concatPcm } from "@/lib/media/audio/pcm";
import type { MediaClock } from "@/lib/media/clock";
import type { RecognitionHandlers, RecognitionStream, SpeechToText } from "@/lib/media/stt/speech-to-text";
import type { TextToSpeech } from "@/lib/media/tts/text-to-speech";
import { recognized, type TranscriptScript } from "./scripts";
import { ToneVoice } from "./tones";

// In-process speech providers for session tests on an injected clock (the HTTP and WebSocket
// fakes beside this file are for the providers' own tests and real-time runs).

const wait = (clock: MediaClock, ms: number) => new Promise<void>((resolve) => (ms > 0 ? clock.at(clock.now() + ms, resolve) : resolve()));

export class ScriptedSpeechToText implements SpeechToText {
  readonly provider = "scripted";
  readonly sampleRate = 16000;
  /** Every finished or peeked utterance's transcript, in order. */
  readonly requests: { kind: "peek" | "finish"; text: string; samples: number }[] = [];

  constructor(
    public script: TranscriptScript,
    readonly streaming = false,
    private readonly options: { clock?: MediaClock; delayMs?: number } = {},
  ) {}

  open(handlers: RecognitionHandlers = {}): RecognitionStream {
    let chunks: Int16Array[] = [];
    let lastInterim = "";
    const transcribe = async (kind: "peek" | "finish", audio: Int16Array) => {
      if (this.options.clock && this.options.delayMs) await wait(this.options.clock, this.options.delayMs);
      const text = audio.length ? recognized(this.script({ audio, sampleRate: 16000, partial: kind === "peek" })).text : "";
      this.requests.push({ kind, text, samples: audio.length });
      return text;
    };
    return {
      write: (pcm) => {
        chunks.push(pcm);
        if (!this.streaming || !handlers.onInterim) return;
        const total = chunks.reduce((sum, chunk) => sum + chunk.length, 0);
        if (total % 1600 !== 0) return; // every 100 ms, as a streaming recognizer would
        const heard = recognized(this.script({ audio: concatPcm(chunks), sampleRate: 16000, partial: true }));
        const words = heard.text.split(/\s+/).filter(Boolean);
        const share = heard.durationMs ? Math.min(1, (total / 16) / (heard.durationMs + 300)) : 1;
        const interim = words.slice(0, Math.ceil(words.length * share)).join(" ");
        if (interim && interim !== lastInterim) handlers.onInterim((lastInterim = interim));
      },
      peek: () => transcribe("peek", concatPcm(chunks)),
      finish: async () => {
        const audio = concatPcm(chunks);
        chunks = [];
        lastInterim = "";
        return transcribe("finish", audio);
      },
      discard: () => {
        chunks = [];
        lastInterim = "";
      },
      close: async () => undefined,
    };
  }
}

/** Tones for sentences (see ToneVoice), 40 ms chunks, optionally after a first-byte delay on the clock. */
export class ToneTextToSpeech implements TextToSpeech {
  readonly provider = "tones";
  readonly sampleRate = 24000;
  readonly requests: string[] = [];
  aborted = 0;

  constructor(
    readonly voice = new ToneVoice(),
    private readonly options: { clock?: MediaClock; firstByteMs?: number } = {},
  ) {}

  async *synthesize(text: string, signal: AbortSignal): AsyncIterable<Int16Array> {
    this.requests.push(text);
    if (this.options.clock && this.options.firstByteMs) await wait(this.options.clock, this.options.firstByteMs);
    const audio = this.voice.audio(text, this.sampleRate);
    for (let offset = 0; offset < audio.length; offset += 960) {
      if (signal.aborted) {
        this.aborted++;
        return;
      }
      yield audio.slice(offset, offset + 960);
    }
  }
}
