import { describe, expect, it } from "vitest";
import { pauseAudio, pauseFixtures, pauseTranscript } from "../../helpers/fake-speech/pauses";
import { fixtureWords, sessionHarness } from "../../helpers/session-harness";
import { speech } from "../../helpers/audio-analysis";

describe("preemptive answers", () => {
  it("is started on the words at the first pause and dropped unheard, its speech cancelled, when the caller goes on", async () => {
    const fixture = pauseFixtures().find((each) => each.name === "pause-01")!;
    // A slow voice: the dropped answer is still being synthesized when the caller goes on.
    const call = await sessionHarness({ transcripts: pauseTranscript(fixture), reply: (text) => `You said ${text}`, ttsFirstByteMs: 20 });
    await call.run(300);
    call.transport.say(pauseAudio(fixture));
    const secondPartAt = 300 + 60 + fixture.first_ms + fixture.pause_ms;
    await call.runUntil(() => call.port.preemptive.length > 0, 3000);
    const startedAt = call.clock.now();
    expect(call.port.preemptive).toEqual([fixture.first]);
    expect(startedAt).toBeLessThan(300 + 60 + fixture.first_ms + 300);
    await call.runUntil(() => call.transport.played.length > 0, 8000);
    expect(call.port.dropped[0]).toBe(fixture.first);
    expect(call.port.aborted).toBeGreaterThanOrEqual(1);
    expect(call.tts.requests).toContain(`You said ${fixture.first}`);
    // Nothing of it was heard: the first frame out is the answer to the whole sentence, after it.
    expect(call.transport.played[0].at).toBeGreaterThan(secondPartAt);
    expect(call.eventsOf("agent_speech_started")[0].event.text).toContain("You said I'd like to book a table for two people");
    expect(call.port.inputs.filter((input) => input.kind === "caller")).toEqual([{ kind: "caller", source: "speech", text: fixture.full }]);
    // The dropped answer is not the conversation's: it was never reported as spoken.
    expect(call.port.reports.map((report) => report.text)).not.toContain(`You said ${fixture.first}`);
  });

  it("is the answer when the turn ends with the same words: one model request, its audio at the decision", async () => {
    let requests = 0;
    const call = await sessionHarness({ reply: () => (requests++, "Certainly.") });
    await call.run(300);
    call.transport.say(speech("request"));
    await call.runUntil(() => call.transport.played.length > 0, 5000);
    expect(requests).toBe(1);
    expect(call.port.preemptive).toEqual([fixtureWords.request]);
    expect(call.port.dropped).toEqual([]);
    const [metrics] = call.eventsOf("turn_metrics").map((entry) => entry.event);
    expect(metrics.first_audio_ms! - metrics.end_of_turn_ms).toBeLessThanOrEqual(20);
    // The caller's words are placed in the recording like any turn's (what redaction silences).
    call.transport.callerHangsUp();
    const summary = await call.session.ended;
    expect(summary.spoken.filter((segment) => segment.role === "user").map((segment) => segment.text)).toEqual([fixtureWords.request]);
  });

  it("with a streaming transcriber, starts on the interim words and is confirmed by the final transcript", async () => {
    const call = await sessionHarness({ streaming: true, reply: () => "Certainly." });
    await call.run(300);
    call.transport.say(speech("request"));
    await call.runUntil(() => call.transport.played.length > 0, 5000);
    expect(call.port.preemptive).toEqual([fixtureWords.request]);
    expect(call.port.inputs.filter((input) => input.kind === "caller")).toHaveLength(1);
    const [metrics] = call.eventsOf("turn_metrics").map((entry) => entry.event);
    expect(metrics.end_of_turn_ms).toBeLessThanOrEqual(340);
    expect(metrics.first_audio_ms! - metrics.end_of_turn_ms).toBeLessThanOrEqual(20);
  });
});
