import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { normalizeAgent } from "@/lib/agents/normalize";
import { encodeWav, interleaveStereo } from "@/lib/media/audio/wav";
import { createSafeFetch } from "@/lib/net/safe-fetch";
import { CallEngine } from "@/lib/runtime/engine";
import { initialSnapshot } from "@/lib/runtime/initial-snapshot";
import type { RuntimeEvent } from "@/lib/runtime/types";
import { builtInHoldAudio, HOLD_TONE_HZ, loadHoldAudio } from "@/lib/telephony/hold-audio";
import { FALLBACK_WHISPER, warmTransferWords } from "@/lib/telephony/warm-transfer";
import { dominantFrequency, rmsDbfs, tone, toneDurationMs } from "../../helpers/audio-analysis";
import { fakeClock, scriptedLlm } from "../../helpers/scripted-llm";

let base = "";
let close: () => Promise<void> = async () => {};
const files = new Map<string, { type: string; body: Uint8Array }>();

beforeAll(async () => {
  const server = createServer((req, res) => {
    const file = files.get(req.url ?? "");
    res.writeHead(file ? 200 : 404, { "Content-Type": file?.type ?? "text/plain" });
    res.end(file ? Buffer.from(file.body) : "not found");
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  close = () => new Promise((resolve) => server.close(() => resolve()));
});
afterAll(() => close());

describe("hold audio", () => {
  it("the built-in chime: two soft notes (C5, E5) then quiet, in a 2 s loop at 8 kHz, never louder than −18 dBFS", () => {
    const audio = builtInHoldAudio();
    expect(audio.length).toBe(16000);
    const candidates = [...HOLD_TONE_HZ, 440, 800];
    expect(toneDurationMs(audio, 8000, HOLD_TONE_HZ[0], candidates)).toBeGreaterThanOrEqual(260);
    expect(toneDurationMs(audio, 8000, HOLD_TONE_HZ[1], candidates)).toBeGreaterThanOrEqual(260);
    expect(Math.max(...audio.map(Math.abs))).toBeLessThanOrEqual(Math.ceil(0.126 * 32767));
    expect(rmsDbfs(audio.subarray(8000))).toBe(-Infinity); // the second half is quiet
    // Faded in and out: the loop starts and ends at (near) zero, so it repeats without a click.
    expect(Math.abs(audio[0])).toBeLessThan(50);
    expect(Math.abs(audio[4799])).toBeLessThan(50);
  });

  it("hold_audio_url: a stereo 16 kHz WAV is fetched, mixed to mono and resampled to the line's 8 kHz", async () => {
    const left = tone(1000, 500, 16000, 0.3);
    files.set("/hold.wav", { type: "audio/wav", body: encodeWav({ sampleRate: 16000, channels: 2, samples: interleaveStereo(left, left) }) });
    const audio = await loadHoldAudio(`${base}/hold.wav`, createSafeFetch({ allowlist: ["127.0.0.1"] }));
    expect(audio.length).toBeGreaterThan(3900);
    expect(audio.length).toBeLessThanOrEqual(4000);
    expect(Math.abs(dominantFrequency(audio.subarray(400, 3600), 8000) - 1000)).toBeLessThanOrEqual(10);
  });

  it("hold_audio_url obeys the outbound rules (a private address without the allowlist) and refuses what is not a 16-bit WAV", async () => {
    files.set("/not-audio.wav", { type: "audio/wav", body: new TextEncoder().encode("<html>nope</html>") });
    await expect(loadHoldAudio(`${base}/hold.wav`, createSafeFetch())).rejects.toThrow();
    await expect(loadHoldAudio(`${base}/not-audio.wav`, createSafeFetch({ allowlist: ["127.0.0.1"] }))).rejects.toThrow(/RIFF/);
    await expect(loadHoldAudio(`${base}/missing.wav`, createSafeFetch({ allowlist: ["127.0.0.1"] }))).rejects.toThrow(/404/);
  });
});

describe("what the destination hears", () => {
  const agentLlm = { provider: "openai" as const, model: "gpt-4o-mini", temperature: 0.7 };
  const values = [{ name: "from_number", type: "string", value: "+14155550111", timestamp: "2026-03-01T10:00:00.000Z" }];
  const transcript = [
    { role: "agent" as const, content: "Hello, Sunny Clinic.", start_time: "2026-03-01T10:00:00.000Z" },
    { role: "user" as const, content: "I need to move my appointment.", start_time: "2026-03-01T10:00:02.000Z" },
  ];

  it("whisper_message with the call's variables filled in (the model is not asked)", async () => {
    const llm = scriptedLlm(() => ({ text: "unused" }));
    const words = await warmTransferWords({ whisperMessage: "Caller {{from_number}} wants a person.", llm: llm.port, agentLlm }, { transcript, values });
    expect(words).toBe("Caller +14155550111 wants a person.");
    expect(llm.requests).toHaveLength(0);
  });

  it("else the agent's model summarizes the transcript, without tools; a failing model gives a plain announcement", async () => {
    const llm = scriptedLlm(() => ({ text: " A patient wants to move an appointment. " }));
    expect(await warmTransferWords({ llm: llm.port, agentLlm }, { transcript, values })).toBe("A patient wants to move an appointment.");
    expect(llm.requests[0].tools).toEqual([]);
    expect(JSON.stringify(llm.requests[0].messages[0])).toContain("Caller: I need to move my appointment.");
    const failing = scriptedLlm(() => new Error("model down"));
    expect(await warmTransferWords({ llm: failing.port, agentLlm }, { transcript, values })).toBe(FALLBACK_WHISPER);
  });
});

describe("a warm transfer_call without a phone line (a web call)", () => {
  function engineFor(phoneLine: boolean) {
    const agent = normalizeAgent({
      name: "Warm",
      initial_state_name: "main",
      states: [{ name: "main", tools: [{ type: "transfer_call", transfer_mode: "warm", transfer_phone_number: "+14155550199", filler_sentence: "Putting you through." }] }],
    });
    const clock = fakeClock();
    const events: RuntimeEvent[] = [];
    let asked = 0;
    const llm = scriptedLlm(() => (asked++ === 0 ? { calls: [{ name: "transfer_call" }] } : { text: "I can't put you through from here." }));
    const snapshot = initialSnapshot(agent, { callId: "5b0b1b5e-0000-4000-8000-000000000002", fromNumber: null, toNumber: null, startTime: clock.now(), dynamicVariables: {} }, clock.now());
    const engine = new CallEngine(agent, snapshot, { clock, llm: llm.port, http: () => Promise.reject(new Error("no HTTP")), sink: (event) => events.push(event), phoneLine });
    return { engine, events, llm };
  }

  it("is refused: transfer_failed (no_phone_line), the model is told and says so; nothing pretends to put the caller through", async () => {
    const { engine, events, llm } = engineFor(false);
    await engine.handleUserTurn("Put me through to a person");
    expect(events.find((event) => event.type === "transfer_failed")).toMatchObject({ to: "+14155550199", reason: "no_phone_line" });
    expect(events.some((event) => event.type === "transfer_call")).toBe(false);
    expect(engine.snapshot.transcript.map((entry) => entry.content)).toEqual(["Put me through to a person", "I can't put you through from here."]);
    expect(JSON.stringify(llm.requests[1].messages)).toContain("needs a phone line");
  });

  it("on a phone line it is the transfer_call event telephony acts on", async () => {
    const { engine, events } = engineFor(true);
    await engine.handleUserTurn("Put me through to a person");
    expect(events.some((event) => event.type === "transfer_call")).toBe(true);
    expect(events.some((event) => event.type === "transfer_failed")).toBe(false);
  });
});
