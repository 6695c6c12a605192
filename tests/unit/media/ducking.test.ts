import { describe, expect, it } from "vitest";
import { levelDbfs } from "@/lib/media/audio/pcm";
import { noise, rmsDbfs, speech, toneDurationMs, type SpeechFixture } from "../../helpers/audio-analysis";
import { sessionHarness } from "../../helpers/session-harness";

const GREETING = "Thank you for calling the city library where every book is free to borrow and every visitor is welcome all week long.";

/** Milliseconds into the fixture where its speech starts (first 10 ms above −40 dBFS). */
function onsetMs(pcm: Int16Array): number {
  for (let start = 0; start + 160 <= pcm.length; start += 160) if (levelDbfs(pcm.subarray(start, start + 160)) > -40) return start / 16;
  throw new Error("no speech");
}

async function speakOver(word: SpeechFixture, sensitivity: "high" | "medium" | "low") {
  const call = await sessionHarness({ greeting: `${GREETING} ${GREETING}`, settings: { interruptions_sensitivity: sensitivity } });
  await call.run(1500);
  const full = rmsDbfs(call.transport.played.at(-1)!.pcm);
  const said = speech(word);
  const onset = call.clock.now() + onsetMs(said);
  call.transport.say(said);
  await call.run(2000);
  const frames = call.transport.played.filter((frame) => frame.at >= onset - 20);
  const ducked = frames.find((frame) => rmsDbfs(frame.pcm) <= full - 19.5);
  return { call, full, onset, ducked, frames };
}

describe("barge-in ducking", () => {
  it("fades the agent to −20 dB within 40 ms of caller speech over it (medium), then cuts it on \"stop\"", async () => {
    const { call, onset, ducked } = await speakOver("stop", "medium");
    expect(ducked, "a frame at −20 dB").toBeDefined();
    // The frame ends (fully ducked) within 40 ms of the first 20 ms of speech having arrived.
    expect(ducked!.at + 20 - (onset + 20)).toBeLessThanOrEqual(40);
    expect(call.transport.clears).toHaveLength(1);
    expect(call.transport.clears[0]).toBeGreaterThan(ducked!.at);
  });

  for (const word of ["yeah", "mm-hmm", "okay"] as const) {
    it(`ducks for a backchannel ("${word}") and restores the agent: every word played, no interruption`, async () => {
      const { call, full, ducked, frames } = await speakOver(word, "high");
      expect(ducked).toBeDefined();
      // Back to full level once the words were judged a backchannel, well before the greeting ends.
      const restored = frames.find((frame) => frame.at > ducked!.at && rmsDbfs(frame.pcm) >= full - 0.5);
      expect(restored, "restored to full level").toBeDefined();
      expect(restored!.at - ducked!.at).toBeLessThan(1200);
      await call.runUntil(() => call.port.reports.length > 0, 20_000);
      expect(call.transport.clears).toEqual([]);
      expect(call.port.reports[0]).toMatchObject({ interrupted: false });
      const heard = call.transport.heard(0, call.clock.now());
      expect(toneDurationMs(heard, 24000, call.voice.frequencyOf(GREETING))).toBeGreaterThan(call.voice.durationMs(GREETING) * 2 - 100);
    });
  }

  it("stationary noise on the line does not duck the agent", async () => {
    const call = await sessionHarness({ greeting: GREETING, settings: { interruptions_sensitivity: "high" } });
    call.transport.background = noise(-35, 2000, 16000, 7);
    await call.run(3000);
    const levels = call.transport.played.slice(5).map((frame) => rmsDbfs(frame.pcm));
    expect(Math.max(...levels) - Math.min(...levels)).toBeLessThan(3);
  });

  it("does not duck at low sensitivity", async () => {
    const { ducked, call } = await speakOver("yeah", "low");
    expect(ducked).toBeUndefined();
    expect(call.transport.clears).toEqual([]);
  });
});
