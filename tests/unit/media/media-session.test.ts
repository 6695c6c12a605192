import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { channelOf, decodeWav } from "@/lib/media/audio/wav";
import { FileRecordingSink } from "@/lib/media/session/recorder";
import { dominantFrequency, findTones, noise, rmsDbfs, speech, toneDurationMs } from "../../helpers/audio-analysis";
import { fixtureWords, sessionHarness } from "../../helpers/session-harness";

const LONG_GREETING = "Thank you for calling the city library where every book is free to borrow and every visitor is welcome all week long.";

describe("media session: speaking and listening", () => {
  it("plays the greeting after initial_message_delay, paced, and reports it heard", async () => {
    const call = await sessionHarness({ greeting: "Hello, thanks for calling.", settings: { initial_message_delay: 500 } });
    await call.run(3000);
    const frequency = call.voice.frequencyOf("Hello, thanks for calling.");
    const first = call.transport.played[0];
    expect(first.at).toBeGreaterThanOrEqual(500);
    expect(first.at).toBeLessThan(600);
    const heard = call.transport.heard(0, 3000);
    expect(dominantFrequency(heard.subarray(24 * 600, 24 * 1400), 24000)).toBeCloseTo(frequency, -1);
    expect(toneDurationMs(heard, 24000, frequency)).toBeCloseTo(call.voice.durationMs("Hello, thanks for calling."), -2);
    // One frame per 20 ms, never two in a period.
    const gaps = call.transport.played.slice(1).map((frame, i) => frame.at - call.transport.played[i].at);
    expect(Math.min(...gaps)).toBeGreaterThanOrEqual(20);
    expect(call.eventsOf("agent_speech_started").map((entry) => entry.event.text)).toEqual(["Hello, thanks for calling."]);
    expect(call.port.reports).toEqual([{ kind: "response", input: "start", text: "Hello, thanks for calling.", heard_text: "Hello, thanks for calling.", interrupted: false }]);
  });

  it("transcribes a spoken turn, answers it, and the answer is heard; metrics are present and ordered", async () => {
    const call = await sessionHarness({ reply: () => "Sure. For what time?" });
    await call.run(300);
    call.transport.say(speech("request"));
    await call.runUntil(() => call.transport.played.length > 0);
    await call.run(3000);
    expect(call.port.inputs).toEqual([{ kind: "start" }, { kind: "caller", source: "speech", text: fixtureWords.request }]);
    expect(call.eventsOf("user_transcript").map((entry) => entry.event)).toEqual([{ type: "user_transcript", text: fixtureWords.request, final: true }]);
    expect(call.eventsOf("user_speech_started")).toHaveLength(1);
    expect(call.eventsOf("user_speech_stopped")).toHaveLength(1);
    const heard = call.transport.heard(0, call.clock.now());
    expect(toneDurationMs(heard, 24000, call.voice.frequencyOf("Sure."), [call.voice.frequencyOf("Sure."), call.voice.frequencyOf("For what time?")])).toBeGreaterThan(300);
    expect(toneDurationMs(heard, 24000, call.voice.frequencyOf("For what time?"), [call.voice.frequencyOf("Sure."), call.voice.frequencyOf("For what time?")])).toBeGreaterThan(300);
    const [metrics] = call.eventsOf("turn_metrics").map((entry) => entry.event);
    const speechEnd = 300 + (speech("request").length / 16000) * 1000;
    expect(Math.abs(metrics.speech_ended_at_ms - speechEnd)).toBeLessThan(200);
    // The peek at 200 ms of silence heard a finished sentence: min_wait_ms (300) ends the turn, not the 700 ms threshold.
    expect(metrics.end_of_turn_ms).toBeGreaterThanOrEqual(300);
    expect(metrics.end_of_turn_ms).toBeLessThanOrEqual(340);
    // The answer was started on the peek's words during that wait: its first audio goes out with the decision.
    const order = [metrics.first_token_ms, metrics.first_sentence_ms, metrics.first_speech_byte_ms, metrics.end_of_turn_ms, metrics.first_audio_ms];
    expect(order.every((value) => typeof value === "number")).toBe(true);
    expect([...order].sort((a, b) => a! - b!)).toEqual(order);
    expect(metrics.first_token_ms!).toBeLessThan(metrics.end_of_turn_ms);
    expect(metrics.first_audio_ms! - metrics.end_of_turn_ms).toBeLessThanOrEqual(20);
    // One transcription (the peek's words were the final ones) and one model request.
    expect(call.stt.requests.map((request) => request.kind)).toEqual(["peek"]);
    expect(call.port.preemptive).toEqual([fixtureWords.request]);
  });

  it("works at phone rates: 8 kHz in and out, resampled once at the edge", async () => {
    const call = await sessionHarness({ inputRate: 8000, outputRate: 8000, reply: () => "Certainly." });
    await call.run(300);
    call.transport.say(speech("request", 8000));
    await call.runUntil(() => call.port.reports.length > 1, 10_000);
    expect(call.port.inputs[1]).toEqual({ kind: "caller", source: "speech", text: fixtureWords.request });
    expect(call.transport.played.every((frame) => frame.pcm.length === 160)).toBe(true);
    const reply = call.transport.heard(0, call.clock.now());
    expect(findTones(reply, 8000, [call.voice.frequencyOf("Certainly.")])).toHaveLength(1);
  });

  it("answers DTMF digits and typed text as caller turns", async () => {
    const call = await sessionHarness();
    await call.run(200);
    for (const digit of "123") call.transport.pressDigit(digit);
    await call.run(1000);
    expect(call.port.inputs).toHaveLength(1); // still waiting for more digits
    await call.run(1000);
    call.transport.pressDigit("4");
    call.transport.pressDigit("#");
    call.session.sendText("What are your hours?");
    await call.run(200);
    expect(call.port.inputs.slice(1)).toEqual([
      { kind: "caller", source: "dtmf", text: "123" },
      { kind: "caller", source: "dtmf", text: "4" },
      { kind: "caller", source: "text", text: "What are your hours?" },
    ]);
  });
});

describe("media session: barge-in", () => {
  it("stops the agent within 200 ms of the decision on \"stop\", keeps only what was heard, and answers", async () => {
    const call = await sessionHarness({ greeting: LONG_GREETING, reply: () => "Okay, I stopped." });
    await call.run(2000);
    call.transport.say(speech("stop"));
    await call.runUntil(() => call.transport.clears.length > 0);
    const decidedAt = call.transport.clears[0];
    await call.run(3000);
    const greeting = call.voice.frequencyOf(LONG_GREETING);
    const lastGreetingFrame = call.transport.played.filter((frame) => dominantFrequency(frame.pcm, 24000, { step: 20 }) === greeting || Math.abs(dominantFrequency(frame.pcm, 24000, { step: 20 }) - greeting) < 15).at(-1)!;
    expect(lastGreetingFrame.at - decidedAt).toBeLessThanOrEqual(200);
    expect(lastGreetingFrame.at).toBeLessThanOrEqual(decidedAt);
    expect(call.eventsOf("clear")).toHaveLength(1);
    const [interrupted] = call.eventsOf("agent_speech_interrupted").map((entry) => entry.event.heard_text);
    expect(interrupted.length).toBeGreaterThan(0);
    expect(interrupted.length).toBeLessThan(LONG_GREETING.length);
    expect(LONG_GREETING.startsWith(interrupted)).toBe(true);
    expect(call.port.reports[0]).toMatchObject({ input: "start", interrupted: true, heard_text: interrupted, text: LONG_GREETING });
    // What was heard matches how long the greeting sounded (60 ms a character in the tone voice).
    const heardMs = toneDurationMs(call.transport.heard(0, call.clock.now()), 24000, greeting, [greeting, call.voice.frequencyOf("Okay, I stopped.")]);
    expect(Math.abs(interrupted.length * 60 - heardMs)).toBeLessThan(600);
    expect(call.port.inputs.at(-1)).toEqual({ kind: "caller", source: "speech", text: "Stop." });
    expect(toneDurationMs(call.transport.heard(0, call.clock.now()), 24000, call.voice.frequencyOf("Okay, I stopped."), [greeting, call.voice.frequencyOf("Okay, I stopped.")])).toBeGreaterThan(500);
  });

  it("cuts the agent off on sustained speech without waiting for words, and cancels the model's stream", async () => {
    const call = await sessionHarness({ greeting: null, reply: () => ({ text: `${LONG_GREETING} ${LONG_GREETING}`, chunkChars: 2 }) });
    call.session.sendText("Tell me about the library.");
    await call.run(1500);
    expect(call.transport.played.length).toBeGreaterThan(20);
    call.transport.say(speech("long"));
    await call.runUntil(() => call.transport.clears.length > 0);
    const speechStartedAt = call.eventsOf("user_speech_started")[0].at;
    // medium: 1 s of speech interrupts whatever is said
    expect(call.transport.clears[0] - speechStartedAt).toBeGreaterThanOrEqual(900);
    expect(call.transport.clears[0] - speechStartedAt).toBeLessThan(1300);
    expect(call.tts.aborted + call.port.aborted).toBeGreaterThan(0);
  });

  it("lets backchannels through without cutting the agent off", async () => {
    const call = await sessionHarness({ greeting: `${LONG_GREETING} ${LONG_GREETING}` });
    await call.run(1500);
    for (const word of ["uh-huh", "yeah", "okay", "mm-hmm", "right"] as const) {
      call.transport.say(speech(word));
      await call.run(1500);
    }
    await call.runUntil(() => call.port.reports.length > 0);
    expect(call.transport.clears).toEqual([]);
    expect(call.eventsOf("agent_speech_interrupted")).toEqual([]);
    expect(call.port.reports[0]).toMatchObject({ interrupted: false });
    expect(call.port.inputs).toEqual([{ kind: "start" }]);
    // The greeting is the same sentence twice (one tone), heard whole both times.
    const greeting = call.voice.frequencyOf(LONG_GREETING);
    expect(call.voice.synthesized.map((entry) => entry.text)).toEqual([LONG_GREETING, LONG_GREETING]);
    expect(toneDurationMs(call.transport.heard(0, call.clock.now()), 24000, greeting)).toBeGreaterThan(call.voice.durationMs(LONG_GREETING) * 2 - 100);
  });

  it("with interruptions false the agent finishes, then answers what the caller said", async () => {
    const call = await sessionHarness({ greeting: LONG_GREETING, settings: { interruptions: false }, reply: () => "You said stop." });
    await call.run(1500);
    call.transport.say(speech("stop"));
    await call.run(1500);
    call.transport.say(speech("long"));
    await call.runUntil(() => call.port.inputs.length > 1, 20_000);
    expect(call.transport.clears).toEqual([]);
    expect(call.port.reports[0]).toMatchObject({ interrupted: false, heard_text: LONG_GREETING });
    const greetingEnd = call.transport.played.filter((frame) => Math.abs(dominantFrequency(frame.pcm, 24000, { step: 20 }) - call.voice.frequencyOf(LONG_GREETING)) < 15).at(-1)!.at;
    expect(call.port.inputs[1]).toEqual({ kind: "caller", source: "speech", text: `Stop. ${fixtureWords.long}` });
    expect(call.clock.now()).toBeGreaterThanOrEqual(greetingEnd);
  });

  it("interrupts on \"wait\" from interim words of a streaming transcriber, before the caller stops", async () => {
    const call = await sessionHarness({ greeting: LONG_GREETING, streaming: true });
    await call.run(1500);
    call.transport.say(speech("wait"));
    const speechEnd = call.clock.now() + (speech("wait").length / 16000) * 1000;
    await call.runUntil(() => call.transport.clears.length > 0, 3000);
    expect(call.transport.clears[0]).toBeLessThanOrEqual(speechEnd + 100);
  });
});

describe("media session: the call's clock", () => {
  for (const line of ["silence", "comfort noise at -50 dBFS"] as const) {
    it(`speaks presence checks after the idle threshold of ${line}, then the conversation hangs up`, async () => {
      const call = await sessionHarness({ settings: { presence_check_idle_threshold: 2 }, presenceMaxTimes: 2 });
      if (line !== "silence") call.transport.background = noise(-50, 10_000, 16000, 42);
      await call.runUntil(() => call.isEnded(), 20_000);
      const checks = call.port.inputs.filter((input) => input.kind === "presence_check");
      expect(checks).toHaveLength(3);
      const phrase = call.voice.frequencyOf("Are you still there?");
      const spans = findTones(call.transport.heard(0, call.clock.now()), 24000, [phrase]);
      expect(spans).toHaveLength(2);
      expect(spans[0].startMs).toBeGreaterThanOrEqual(2000);
      expect(spans[0].startMs).toBeLessThan(2100);
      // The next check counts from the end of the phrase.
      expect(spans[1].startMs - spans[0].endMs).toBeGreaterThanOrEqual(2000);
      expect(spans[1].startMs - spans[0].endMs).toBeLessThan(2100);
      expect(call.eventsOf("user_speech_started")).toEqual([]);
      expect(call.transport.hungUpAt).not.toBeNull();
      expect((await call.session.ended).reason).toBe("agent_hangup");
    });
  }

  it("caller speech restarts the idle count", async () => {
    const call = await sessionHarness({ settings: { presence_check_idle_threshold: 2 }, transcripts: () => "" });
    await call.run(1500);
    call.transport.say(speech("request"));
    await call.run(4000);
    expect(call.port.inputs.filter((input) => input.kind === "presence_check")).toHaveLength(0);
    await call.run(1500);
    expect(call.port.inputs.filter((input) => input.kind === "presence_check")).toHaveLength(1);
  });

  it("ends at max_call_duration, and the recording lasts as long as the call", async () => {
    const call = await sessionHarness({ greeting: "Hello.", settings: { max_call_duration: 10 } });
    await call.run(1000);
    call.transport.say(speech("request"));
    await call.runUntil(() => call.isEnded(), 15_000);
    const summary = await call.session.ended;
    expect(summary.reason).toBe("max_duration");
    expect(summary.durationMs).toBeCloseTo(10_000, -2);
    expect(call.port.ended).toBe("max_duration");
    expect(call.transport.hungUpAt).toBeCloseTo(10_000, -2);
    const wav = decodeWav(call.recording.wav!);
    expect(wav.channels).toBe(2);
    expect((wav.samples.length / 2 / wav.sampleRate) * 1000).toBeCloseTo(10_000, -2);
    expect(summary.recording?.durationMs).toBeCloseTo(10_000, -2);
  });

  it("ends as it should when its recording cannot be written, and says why the recording is missing", async () => {
    const unwritable = new FileRecordingSink(path.join(tmpdir(), `no-such-directory-${process.pid}`, "call.wav"));
    const call = await sessionHarness({ greeting: "Hello.", settings: { max_call_duration: 2 }, recordingSink: unwritable });
    await call.run(2100);
    const summary = await call.session.ended; // the sink's failure comes back from the thread pool, not the manual clock
    expect(summary.reason).toBe("max_duration");
    expect(summary.recording).toBeNull();
    expect(call.eventsOf("media_error").map(({ event }) => [event.stage, event.message])).toEqual([["recording", expect.stringContaining("ENOENT")]]);
    expect(call.eventsOf("session_ended")).toHaveLength(1);
  });

  it("records the caller on the left and the agent on the right, aligned on the call clock", async () => {
    const call = await sessionHarness({ greeting: "Hello there.", reply: () => "Got it." });
    await call.run(2000);
    call.transport.say(speech("request"));
    await call.run(6000);
    call.transport.callerHangsUp();
    const summary = await call.session.ended;
    expect(summary.reason).toBe("user_hangup");
    expect(call.port.ended).toBe("user_hangup");
    const wav = decodeWav(call.recording.wav!);
    const left = channelOf(wav, 0);
    const right = channelOf(wav, 1);
    const ms = (from: number, to: number, channel: Int16Array) => channel.subarray((from * 16000) / 1000, (to * 16000) / 1000);
    expect((left.length / 16000) * 1000).toBeCloseTo(summary.durationMs, -2);
    // Greeting on the right at its time, nothing on the left then.
    expect(dominantFrequency(ms(100, 600, right), 16000)).toBeCloseTo(call.voice.frequencyOf("Hello there."), -1);
    expect(rmsDbfs(ms(100, 600, left))).toBe(-Infinity);
    // The caller's words on the left (played from 2 s, plus the jitter buffer's 60 ms).
    const spoken = speech("request");
    const leftWords = ms(2100, 2000 + (spoken.length / 16000) * 1000, left);
    expect(rmsDbfs(leftWords)).toBeGreaterThan(-30);
    expect(rmsDbfs(ms(2100, 4900, right))).toBe(-Infinity);
    // The reply on the right after the turn ended.
    const reply = findTones(right, 16000, [call.voice.frequencyOf("Hello there."), call.voice.frequencyOf("Got it.")]).filter((span) => span.frequency === call.voice.frequencyOf("Got it."));
    expect(reply).toHaveLength(1);
    // The words end a sentence: the turn ends after min_wait_ms (300 ms) of silence, not silence_threshold_ms.
    expect(reply[0].startMs).toBeGreaterThan(2000 + (spoken.length / 16000) * 1000 + 300);
  });

  it("says a filler when the reply is slow to come, then the reply", async () => {
    const call = await sessionHarness({ reply: () => ({ text: "Your table is booked.", delayMs: 4500 }), fillerPhrases: ["One moment, please."] });
    await call.run(300);
    call.transport.say(speech("request"));
    await call.runUntil(() => call.port.reports.length > 1, 20_000);
    const heard = call.transport.heard(0, call.clock.now());
    const filler = call.voice.frequencyOf("One moment, please.");
    const reply = call.voice.frequencyOf("Your table is booked.");
    const spans = findTones(heard, 24000, [filler, reply]);
    expect(spans.map((span) => span.frequency)).toEqual([filler, reply]);
    const [metrics] = call.eventsOf("turn_metrics").map((entry) => entry.event);
    const endOfTurn = metrics.speech_ended_at_ms + metrics.end_of_turn_ms;
    expect(spans[0].startMs - endOfTurn).toBeGreaterThanOrEqual(3000);
    expect(spans[0].startMs - endOfTurn).toBeLessThan(3100);
    expect(call.port.reports.map((report) => report.kind).sort()).toEqual(["filler", "response", "response"]);
  });
});
