import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createSpeechToText, type SpeechSettings } from "@/lib/media/speech-providers";
import { silence, speech } from "../../helpers/audio-analysis";
import { startFakeDeepgram, type FakeDeepgram } from "../../helpers/fake-speech/deepgram";
import { transcriptsByFixture } from "../../helpers/fake-speech/scripts";
import { ToneTextToSpeech } from "../../helpers/fake-speech/in-memory";
import { liveSession, sleep, type LiveSession } from "../../helpers/live-session";
import { fixtureWords } from "../../helpers/session-harness";

// Deepgram Flux in real time through a media session: its turn events, not silence timing, end the
// caller's turn (fake Flux on loopback; its "confidence" is played by silence lengths we set).

const fixtures = transcriptsByFixture(fixtureWords);
let fake: FakeDeepgram;
beforeAll(async () => {
  fake = await startFakeDeepgram({ transcripts: fixtures });
});
afterAll(async () => {
  await fake.close();
});

const settings: SpeechSettings = {
  language: "en-US",
  custom_vocabulary: ["Zyphra"],
  transcriber: { provider: "deepgram_flux" },
  voice: { provider: "openai", name: "alloy", speed: 1, instructions: "" },
  end_of_turn: { max_wait_ms: 2500 },
};

const callerTurns = (live: LiveSession) => live.port.inputs.flatMap((input) => (input.kind === "caller" ? [input.text] : []));

async function flux() {
  return liveSession({ stt: createSpeechToText(settings, fake.env()), tts: new ToneTextToSpeech(), reply: () => "Certainly." });
}

describe.runIf(process.env.TEST_DB !== "postgres")("deepgram flux", () => {
  it("streams the whole call in 80 ms chunks and takes the turn at Flux's EndOfTurn, not at our silence threshold", async () => {
    fake.setFluxTiming({ eagerMs: 10_000, endMs: 1100 });
    const live = await flux();
    await sleep(300);
    live.transport.say(speech("okay"));
    await live.waitFor(() => live.eventsOf("turn_metrics").length === 1, 8000, "the turn");
    const turn = live.eventsOf("turn_metrics")[0].event;
    await live.stop();
    const session = fake.fluxSessions.at(-1)!;
    expect(Object.fromEntries(session.query)).toMatchObject({ model: "flux-general-en", encoding: "linear16", sample_rate: "16000", eot_timeout_ms: "2500", eager_eot_threshold: "0.5", keyterm: "Zyphra" });
    expect(session.headers.authorization).toBe("Token dg-test-key");
    // Silence included: about every 20 ms of the call reached Flux, in 80 ms messages.
    const callMs = performance.now() - live.start;
    expect(session.audioBytes / 32).toBeGreaterThan(callMs * 0.7);
    expect(callerTurns(live)).toEqual([fixtureWords.okay]);
    // 700 ms of silence would have ended it by our threshold; Flux ended it at 1100.
    expect(turn.end_of_turn_ms).toBeGreaterThan(950);
    expect(turn.end_of_turn_ms).toBeLessThan(1500);
    expect(turn.transcript_ms! - turn.end_of_turn_ms).toBeLessThan(50);
    expect(live.eventsOf("user_transcript").filter((entry) => !entry.event.final).length).toBeGreaterThan(1);
    expect(session.controls).toContain("CloseStream");
    expect(session.events.map((event) => event.event)).toContain("EndOfTurn");
  }, 15_000);

  it("an EagerEndOfTurn ends the turn after min_wait_ms of silence, and its EndOfTurn later does not make a second turn", async () => {
    fake.setFluxTiming({ eagerMs: 120, endMs: 1000 });
    const live = await flux();
    await sleep(300);
    live.transport.say(speech("okay"));
    await live.waitFor(() => live.eventsOf("turn_metrics").length === 1, 8000, "the turn");
    const turn = live.eventsOf("turn_metrics")[0].event;
    await sleep(1000);
    await live.stop();
    expect(turn.end_of_turn_ms).toBeLessThan(700);
    expect(callerTurns(live)).toEqual([fixtureWords.okay]);
    expect(fake.fluxSessions.at(-1)!.events.map((event) => event.event)).toEqual(expect.arrayContaining(["EagerEndOfTurn", "EndOfTurn"]));
  }, 15_000);

  it("TurnResumed after an eager end keeps listening: a pause inside a sentence is one turn", async () => {
    fake.setFluxTiming({ eagerMs: 120, endMs: 900 });
    const twoParts = (audio: Int16Array) => (audio.length > 16000 * 1.5 ? "I would like a table. For two." : "I would like a table.");
    const live = await liveSession({
      stt: createSpeechToText(settings, fake.env()),
      tts: new ToneTextToSpeech(),
      reply: () => "Certainly.",
      settings: { end_of_turn: { min_wait_ms: 400 } },
    });
    fake.setTranscripts(({ audio }) => twoParts(audio));
    await sleep(300);
    const part = speech("request").subarray(0, 16000);
    live.transport.say(new Int16Array([...part, ...silence(260, 16000), ...part]));
    await live.waitFor(() => callerTurns(live).length === 1, 8000, "the turn");
    await sleep(1200);
    await live.stop();
    fake.setTranscripts(fixtures);
    expect(fake.fluxSessions.at(-1)!.events.map((event) => event.event), JSON.stringify(fake.fluxSessions.at(-1)!.events)).toEqual(expect.arrayContaining(["EagerEndOfTurn", "TurnResumed", "EndOfTurn"]));
    expect(callerTurns(live)).toEqual(["I would like a table. For two."]);
  }, 15_000);
});
