import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { realClock } from "@/lib/media/clock";
import { MediaSession } from "@/lib/media/session/media-session";
import type { MediaEvent } from "@/lib/media/session/media-events";
import { createSpeechToText, createTextToSpeech, type SpeechSettings } from "@/lib/media/speech-providers";
import { dominantFrequency, findTones, speech } from "../../helpers/audio-analysis";
import { startFakeDeepgram, type FakeDeepgram } from "../../helpers/fake-speech/deepgram";
import { startFakeOpenAiSpeech, type FakeOpenAiSpeech } from "../../helpers/fake-speech/openai-speech";
import { transcriptsByFixture } from "../../helpers/fake-speech/scripts";
import { FakeTransport } from "../../helpers/fake-transport";
import { ScriptedPort, type Reply } from "../../helpers/scripted-port";
import { defaultSettings, fixtureWords } from "../../helpers/session-harness";

// A few calls in real time, through the real provider clients and the fake servers on loopback:
// the pacer on the process clock, speech over HTTP and WebSocket.

let openai: FakeOpenAiSpeech;
let deepgram: FakeDeepgram;
beforeAll(async () => {
  openai = await startFakeOpenAiSpeech({ transcripts: transcriptsByFixture(fixtureWords) });
  deepgram = await startFakeDeepgram({ transcripts: transcriptsByFixture(fixtureWords) });
});
afterAll(async () => {
  await openai.close();
  await deepgram.close();
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function call(options: { transcriber: "openai" | "deepgram"; greeting: string | null; reply?: (text: string) => Reply }) {
  const speechSettings: SpeechSettings = { language: "en-US", custom_vocabulary: [], transcriber: { provider: options.transcriber }, voice: { provider: "openai", name: "alloy", speed: 1, instructions: "" } };
  const env = { ...openai.env(), ...deepgram.env() };
  const transport = new FakeTransport(16000, 24000);
  const port = new ScriptedPort({ clock: realClock, greeting: options.greeting, reply: options.reply });
  const events: { at: number; event: MediaEvent }[] = [];
  const session = await MediaSession.start({
    transport,
    stt: createSpeechToText(speechSettings, env),
    tts: createTextToSpeech(speechSettings, env),
    port,
    settings: defaultSettings,
    onEvent: (event) => events.push({ at: performance.now(), event }),
  });
  const start = performance.now();
  // The caller's line sends 20 ms a period by its own clock, however late the timer fires.
  let sent = 0;
  const line = setInterval(() => {
    for (const due = Math.floor((performance.now() - start) / 20); sent < due; sent++) transport.pump();
  }, 10);
  const waitFor = async (predicate: () => boolean, limitMs: number) => {
    const until = performance.now() + limitMs;
    while (!predicate() && performance.now() < until) await sleep(10);
    expect(predicate()).toBe(true);
  };
  const stop = async () => {
    clearInterval(line);
    session.hangup();
    await session.ended;
  };
  return { transport, port, events, session, start, waitFor, stop };
}

// No database here: with TEST_DATABASE_URL set these run in the first project only (real time is the cost).
describe.runIf(process.env.TEST_DB !== "postgres")("media session in real time", () => {
  it("greets, hears a spoken turn over HTTP speech-to-text, and answers in audio", async () => {
    const live = await call({ transcriber: "openai", greeting: "Hello, how can I help?", reply: () => "A table for two, certainly." });
    await live.waitFor(() => live.port.reports.length === 1, 4000);
    live.transport.say(speech("request"));
    await live.waitFor(() => live.port.reports.length === 2, 8000);
    await live.stop();
    const heard = live.transport.heard(live.start, performance.now());
    const greeting = openai.voice.frequencyOf("Hello, how can I help?");
    const reply = openai.voice.frequencyOf("A table for two, certainly.");
    // In order, each in one piece (a late timer may leave a gap in the reconstruction, not a change of tone).
    const order = findTones(heard, 24000, [greeting, reply]).map((span) => span.frequency);
    expect(order.filter((frequency, i) => i === 0 || order[i - 1] !== frequency)).toEqual([greeting, reply]);
    expect(live.port.inputs[1]).toEqual({ kind: "caller", source: "speech", text: fixtureWords.request });
    const metrics = live.events.find((entry) => entry.event.type === "turn_metrics")!.event as Extract<MediaEvent, { type: "turn_metrics" }>;
    expect(metrics.first_audio_ms! - metrics.end_of_turn_ms).toBeLessThan(600);
    // Paced in real time: the reply's frames are 20 ms apart on average, never bunched.
    const frames = live.transport.played;
    const span = frames.at(-1)!.at - frames[0].at;
    expect(span / (frames.length - 1)).toBeGreaterThanOrEqual(19.5);
  });

  it("barge-in: \"stop\" over the agent silences it within 200 ms of the decision", async () => {
    const long = "Our library has many rooms where you can read quietly and borrow books for up to three weeks at a time.";
    const live = await call({ transcriber: "openai", greeting: long, reply: () => "Sorry, go ahead." });
    await sleep(1500);
    live.transport.say(speech("stop"));
    await live.waitFor(() => live.transport.clears.length > 0, 4000);
    const decidedAt = live.events.find((entry) => entry.event.type === "clear")!.at;
    await sleep(1500);
    await live.stop();
    const greeting = openai.voice.frequencyOf(long);
    const greetingFrames = live.transport.played.filter((frame) => Math.abs(dominantFrequency(frame.pcm, 24000, { step: 20 }) - greeting) < 15);
    expect(greetingFrames.at(-1)!.at - decidedAt).toBeLessThanOrEqual(200);
    expect(openai.abortedSpeeches + live.port.reports.filter((report) => report.interrupted).length).toBeGreaterThan(0);
    expect(live.port.reports[0].interrupted).toBe(true);
    expect(long.startsWith(live.port.reports[0].heard_text)).toBe(true);
  });

  it("with Deepgram streaming, the transcript is ready when the turn ends", async () => {
    const live = await call({ transcriber: "deepgram", greeting: null, reply: () => "Certainly." });
    await sleep(300);
    live.transport.say(speech("request"));
    await live.waitFor(() => live.port.reports.length === 2, 8000);
    await live.stop();
    const interim = live.events.filter((entry) => entry.event.type === "user_transcript" && !entry.event.final);
    expect(interim.length).toBeGreaterThan(1);
    const metrics = live.events.find((entry) => entry.event.type === "turn_metrics")!.event as Extract<MediaEvent, { type: "turn_metrics" }>;
    expect(metrics.transcript_ms! - metrics.end_of_turn_ms).toBeLessThan(250);
    // A streaming transcript that ends a sentence ends the turn after min_wait_ms (300), not 700.
    expect(metrics.end_of_turn_ms).toBeLessThan(650);
    expect(live.port.inputs[1]).toEqual({ kind: "caller", source: "speech", text: fixtureWords.request });
  });
});
