import { expect } from "vitest";
import type { SampleRate } from "@/lib/media/audio/pcm";
import { startLiveCall, type LiveCallEvent } from "@/lib/media/live-call";
import { pgBossQueue } from "@/lib/jobs/pg-boss-queue";
import type { LanguageModelPort } from "@/lib/runtime/types";
import { toneShare } from "./audio/tones";
import type { FakeSpeech } from "./fake-speech";
import { FakeTransport } from "./fake-transport";
import type { TestApi } from "./test-api";

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Waits (polling every 10 ms) until the predicate holds, failing after `limitMs`. */
export async function waitFor(predicate: () => boolean, limitMs: number, what = "condition"): Promise<void> {
  const until = performance.now() + limitMs;
  while (!predicate() && performance.now() < until) await sleep(10);
  expect(predicate(), `${what} within ${limitMs} ms`).toBe(true);
}

/** A voice agent on the fake speech servers: OpenAI speech-to-text and voice, the model in process. */
export function voiceAgent(overrides: Record<string, unknown> = {}) {
  return {
    name: "Voice desk",
    initial_message: "Hello, thanks for calling.",
    voice: { provider: "openai", name: "alloy" },
    transcriber: { provider: "openai" },
    initial_state_name: "main",
    states: [{ name: "main", prompt: "Help the caller.", tools: [{ type: "hang_up" }] }],
    ...overrides,
  };
}

/** Milliseconds during which `frequency` dominates what the transport played (20 ms frames, Goertzel). */
export function heardMs(transport: FakeTransport, frequency: number, from = 0): number {
  return transport.played.filter((frame) => frame.at >= from && toneShare(frame.pcm, frequency, transport.outputSampleRate) > 0.2).length * 20;
}

/**
 * A live call over an in-memory transport in real time: the caller's line sends 20 ms every 20 ms
 * by its own clock; the call runs through startLiveCall with the test API's database and storage.
 */
export async function liveCallOnLoopback(api: TestApi, speech: Pick<FakeSpeech, "env">, llm: LanguageModelPort, callId: string, rates: [SampleRate, SampleRate] = [16000, 24000]) {
  const transport = new FakeTransport(rates[0], rates[1]);
  const events: { at: number; event: LiveCallEvent }[] = [];
  const handle = await startLiveCall(
    { db: api.db, queue: pgBossQueue(api.boss), llm, http: () => Promise.reject(new Error("no HTTP in this test")), storage: api.storage, env: speech.env() },
    { callId, transport, onEvent: (event) => events.push({ at: performance.now(), event }) },
  );
  const start = performance.now();
  let sent = 0;
  const line = setInterval(() => {
    for (const due = Math.floor((performance.now() - start) / 20); sent < due; sent++) transport.pump();
  }, 10);
  void handle.ended.finally(() => clearInterval(line));
  const eventsOf = (type: string) => events.filter((entry) => entry.event.type === type);
  return { transport, handle, events, eventsOf, start };
}
