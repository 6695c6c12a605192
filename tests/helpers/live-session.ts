import { expect } from "vitest";
import type { SampleRate } from "@/lib/media/audio/pcm";
import { realClock } from "@/lib/media/clock";
import { MediaSession, type VoiceSettings } from "@/lib/media/session/media-session";
import type { MediaEvent } from "@/lib/media/session/media-events";
import type { SpeechToText } from "@/lib/media/stt/speech-to-text";
import type { TextToSpeech } from "@/lib/media/tts/text-to-speech";
import { FakeTransport } from "./fake-transport";
import { ScriptedPort, type Reply } from "./scripted-port";
import { defaultSettings } from "./session-harness";

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * A media session in real time over an in-memory line (20 ms of caller audio every 20 ms by the
 * line's own clock), with the given speech providers and a scripted conversation.
 */
export async function liveSession(options: {
  stt: SpeechToText;
  tts: TextToSpeech;
  greeting?: string | null;
  reply?: (text: string, source: string) => Reply;
  settings?: Partial<VoiceSettings>;
  rates?: [SampleRate, SampleRate];
}) {
  const [input, output] = options.rates ?? [16000, 24000];
  const transport = new FakeTransport(input, output);
  const port = new ScriptedPort({ clock: realClock, greeting: options.greeting ?? null, reply: options.reply });
  const events: { at: number; event: MediaEvent }[] = [];
  const session = await MediaSession.start({
    transport,
    stt: options.stt,
    tts: options.tts,
    port,
    settings: { ...defaultSettings, ...options.settings },
    onEvent: (event) => events.push({ at: performance.now(), event }),
  });
  const start = performance.now();
  let sent = 0;
  const line = setInterval(() => {
    for (const due = Math.floor((performance.now() - start) / 20); sent < due; sent++) transport.pump();
  }, 10);
  const waitFor = async (predicate: () => boolean, limitMs: number, what = "condition") => {
    const until = performance.now() + limitMs;
    while (!predicate() && performance.now() < until) await sleep(10);
    expect(predicate(), `${what} within ${limitMs} ms`).toBe(true);
  };
  const stop = async () => {
    clearInterval(line);
    session.hangup();
    return session.ended;
  };
  const eventsOf = <T extends MediaEvent["type"]>(type: T) => events.filter((entry) => entry.event.type === type) as { at: number; event: Extract<MediaEvent, { type: T }> }[];
  return { transport, port, events, eventsOf, session, start, waitFor, stop };
}

export type LiveSession = Awaited<ReturnType<typeof liveSession>>;
