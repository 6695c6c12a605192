import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { TwilioCarrier } from "@/lib/telephony/twilio/twilio-carrier";
import { sineTone, toneWindows } from "../../helpers/audio/tones";
import { encodeWav, readWav, resample } from "../../helpers/audio/wav";
import { CarrierHarness } from "../../helpers/carriers/carrier-harness";
import { until } from "../../helpers/carriers/double-http";
import { TwilioDouble } from "../../helpers/carriers/twilio-double";

// The doubles run in real time: what a test measures through them is what a phone would hear.
let directory: string;
let twilio: TwilioDouble;
let harness: CarrierHarness;

beforeAll(() => {
  directory = mkdtempSync(path.join(tmpdir(), "carrier-timing-"));
});
afterAll(() => rmSync(directory, { recursive: true, force: true }));
afterEach(async () => {
  await twilio?.close();
  await harness?.close();
});

async function liveCall(speech?: Int16Array) {
  twilio = await TwilioDouble.start();
  twilio.addNumber("+15550100001");
  twilio.script("+15550199999", { outcome: "human", speech });
  harness = await CarrierHarness.start((publicBaseUrl) => new TwilioCarrier({ accountSid: twilio.accountSid, authToken: twilio.authToken }, { publicBaseUrl, apiBaseUrl: twilio.baseUrl }));
  const { carrierCallId } = await harness.carrier.dial({ callId: "c", from: "+15550100001", to: "+15550199999", streamParameters: {} });
  const stream = await harness.waitForStream();
  const peer = await twilio.streamOf(twilio.call(carrierCallId));
  return { stream, peer };
}

describe("carrier doubles in real time", () => {
  it("a 1 s WAV reaches us as 50 frames of 20 ms over about 1 s", async () => {
    // A 16 kHz WAV, as speech fixtures are, resampled to the phone's 8 kHz.
    const file = path.join(directory, "tone.wav");
    writeFileSync(file, encodeWav({ sampleRate: 16000, samples: sineTone(700, 1000, 16000) }));
    const speech = resample(readWav(file), 8000);
    expect(speech.length).toBe(8000);
    const { stream } = await liveCall(speech);
    await until(() => stream.frames.length >= 50, 3000, "50 frames");
    const spanMs = stream.frameTimes[49] - stream.frameTimes[0];
    expect(spanMs).toBeGreaterThan(900); // 49 intervals of 20 ms = 980 ms
    expect(spanMs).toBeLessThan(1500);
    const heard = Int16Array.from(stream.frames.slice(0, 50).flatMap((frame) => Array.from(frame)));
    expect(toneWindows(heard, 700).length).toBeGreaterThanOrEqual(48);
  });

  it("returns a mark only after the audio before it has played, and plays it at 8 kHz", async () => {
    const { stream, peer } = await liveCall();
    const sentAt = performance.now();
    for (let i = 0; i < 25; i++) stream.adapter.sendAudio(sineTone(1200, 20)); // 500 ms, sent at once
    stream.adapter.sendMark("after-500ms");
    await until(() => stream.marks.includes("after-500ms"), 3000, "the mark");
    const elapsed = performance.now() - sentAt;
    expect(elapsed).toBeGreaterThan(450);
    expect(elapsed).toBeLessThan(1200);
    const tone = toneWindows(peer.heardAudio(), 1200);
    expect(tone.length).toBeGreaterThanOrEqual(23);
    expect(tone.length).toBeLessThanOrEqual(26);
  });

  it("clear drops what is queued: the callee hears only what played before it, the mark comes back at once", async () => {
    const { stream, peer } = await liveCall();
    for (let i = 0; i < 100; i++) stream.adapter.sendAudio(sineTone(900, 20)); // 2 s
    stream.adapter.sendMark("end-of-reply");
    await new Promise((resolve) => setTimeout(resolve, 300));
    const clearedAt = performance.now();
    stream.adapter.clear();
    await until(() => stream.marks.includes("end-of-reply"), 1000, "the mark after clear");
    expect(performance.now() - clearedAt).toBeLessThan(200);
    await new Promise((resolve) => setTimeout(resolve, 200));
    const heardMs = toneWindows(peer.heardAudio(), 900).length * 20;
    expect(heardMs).toBeGreaterThan(200);
    expect(heardMs).toBeLessThan(700);
    expect(peer.clears).toBe(1);
  });

  it("sends stop when the far end hangs up", async () => {
    const { stream, peer } = await liveCall();
    await twilio.hangUp([...twilio.calls.values()][0]);
    await until(() => stream.stopped && stream.closed, 2000, "stop and close");
    expect(peer.open).toBe(false);
    expect(await harness.waitForEvent("completed")).toMatchObject({ reason: "completed" });
  });
});
