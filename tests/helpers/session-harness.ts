import { MediaSession, type EndpointingHook, type VoiceSettings } from "@/lib/media/session/media-session";
import type { MediaEvent } from "@/lib/media/session/media-events";
import { MemoryRecordingSink, type RecordingSink } from "@/lib/media/session/recorder";
import type { SampleRate } from "@/lib/media/audio/pcm";
import { FakeTransport } from "./fake-transport";
import { ScriptedSpeechToText, ToneTextToSpeech } from "./fake-speech/in-memory";
import { transcriptsByFixture, type TranscriptScript } from "./fake-speech/scripts";
import { ToneVoice } from "./fake-speech/tones";
import { ManualClock } from "./manual-clock";
import { ScriptedPort, type Reply } from "./scripted-port";

export const fixtureWords = {
  request: "I would like to book a table for two people tomorrow evening.",
  long: "Our opening hours are nine in the morning to eight in the evening on weekdays, and ten to four on Saturdays.",
  "uh-huh": "Uh-huh.",
  yeah: "Yeah.",
  okay: "Okay.",
  "mm-hmm": "Mm-hmm.",
  right: "Right.",
  stop: "Stop.",
  wait: "Wait.",
} as const;

export const defaultSettings: VoiceSettings = {
  interruptions: true,
  interruptions_sensitivity: "medium",
  initial_message_delay: 0,
  max_call_duration: 1800,
  presence_check_idle_threshold: 10,
};

export type HarnessOptions = {
  settings?: Partial<VoiceSettings>;
  greeting?: string | null;
  reply?: (text: string, source: string) => Reply;
  streaming?: boolean;
  transcripts?: TranscriptScript;
  sttDelayMs?: number;
  ttsFirstByteMs?: number;
  presenceMaxTimes?: number;
  inputRate?: SampleRate;
  outputRate?: SampleRate;
  fillerPhrases?: string[];
  endpointing?: EndpointingHook;
  /** Where the recording goes instead of the harness's memory sink (`recording` then stays empty). */
  recordingSink?: RecordingSink;
};

/** A media session on a manual clock with in-memory providers, a scripted port and a fake transport. */
export async function sessionHarness(options: HarnessOptions = {}) {
  const clock = new ManualClock(0);
  const transport = new FakeTransport(options.inputRate ?? 16000, options.outputRate ?? 24000, () => clock.now());
  const voice = new ToneVoice();
  const tts = new ToneTextToSpeech(voice, { clock, firstByteMs: options.ttsFirstByteMs });
  const stt = new ScriptedSpeechToText(options.transcripts ?? transcriptsByFixture(fixtureWords), options.streaming ?? false, { clock, delayMs: options.sttDelayMs });
  const port = new ScriptedPort({ clock, greeting: options.greeting ?? null, reply: options.reply, presenceMaxTimes: options.presenceMaxTimes });
  const events: { at: number; event: MediaEvent }[] = [];
  const recording = new MemoryRecordingSink();
  const session = await MediaSession.start({
    transport,
    stt,
    tts,
    port,
    clock,
    settings: { ...defaultSettings, ...options.settings },
    onEvent: (event) => events.push({ at: clock.now(), event }),
    recording: options.recordingSink ?? recording,
    fillerPhrases: options.fillerPhrases,
    endpointing: options.endpointing,
  });
  let ended = false;
  void session.ended.then(() => (ended = true));

  /** Runs the call for `ms` of call time, the caller's line sending a chunk every 20 ms. */
  async function run(ms: number): Promise<void> {
    for (let elapsed = 0; elapsed < ms && !ended; elapsed += 20) {
      transport.pump();
      await clock.advance(20);
    }
  }

  /** Runs until the predicate holds (checked every 20 ms), at most `limitMs`. */
  async function runUntil(predicate: () => boolean, limitMs = 30_000): Promise<number> {
    const start = clock.now();
    while (!predicate() && clock.now() - start < limitMs && !ended) await run(20);
    if (!predicate()) throw new Error(`condition not reached within ${limitMs} ms`);
    return clock.now();
  }

  const eventsOf = <T extends MediaEvent["type"]>(type: T) => events.filter((entry) => entry.event.type === type) as { at: number; event: Extract<MediaEvent, { type: T }> }[];

  return { clock, transport, voice, tts, stt, port, events, eventsOf, recording, session, run, runUntil, isEnded: () => ended };
}

export type SessionHarness = Awaited<ReturnType<typeof sessionHarness>>;
