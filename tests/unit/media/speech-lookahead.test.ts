import { describe, expect, it } from "vitest";
import type { PacedFrame } from "@/lib/media/pacer";
import { FramePool } from "@/lib/media/frame-pool";
import { AgentSpeaker, SPEECH_LOOKAHEAD_FRAMES, SPEECH_MAX_AHEAD_FRAMES, type FrameTag } from "@/lib/media/session/agent-speaker";
import type { TextToSpeech } from "@/lib/media/tts/text-to-speech";

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

/** A provider with `frames` of speech a sentence (a minute by default) ready at once, in 20 ms chunks at 24 kHz; counts what was read. */
function minuteOfSpeech(frames = 3000) {
  const state = { read: 0, closed: false, requests: 0, chunks: [] as Int16Array[] };
  const tts: TextToSpeech = {
    provider: "test",
    sampleRate: 24000,
    async *synthesize(_text, signal) {
      state.requests++;
      try {
        for (let i = 0; i < frames && !signal.aborted; i++) {
          state.read++;
          const chunk = new Int16Array(480).fill(1000 + i);
          state.chunks.push(chunk);
          yield chunk;
        }
      } finally {
        state.closed = true;
      }
    },
  };
  return { tts, state };
}

function speaker(tts: TextToSpeech, controller = new AbortController()) {
  const queue: PacedFrame<FrameTag>[] = [];
  const agent = new AgentSpeaker({ tts, outputRate: 24000, frames: new FramePool(480), signal: controller.signal, enqueue: (frames) => queue.push(...frames), onFirstByte: () => {}, onError: () => {} });
  return { agent, queue, controller };
}

describe("speech lookahead", () => {
  it("reads a long sentence at most 5 s ahead of what was played, and goes on once 2 s are left", async () => {
    const { tts, state } = minuteOfSpeech();
    const { agent, queue } = speaker(tts);
    agent.say("A very long answer. ".repeat(50).trim());
    agent.endInput();
    for (let i = 0; i < 5; i++) await settle();
    expect(queue.length).toBe(SPEECH_MAX_AHEAD_FRAMES + 1);
    expect(state.read).toBe(SPEECH_MAX_AHEAD_FRAMES + 1);
    // Frames played down to the lookahead (not one before it): reading goes on up to the maximum again.
    const toResume = SPEECH_MAX_AHEAD_FRAMES + 1 - SPEECH_LOOKAHEAD_FRAMES;
    for (const frame of queue.splice(0, toResume - 1)) agent.played(frame.tag.sentence);
    for (let i = 0; i < 5; i++) await settle();
    expect(state.read).toBe(SPEECH_MAX_AHEAD_FRAMES + 1);
    for (const frame of queue.splice(0, 1)) agent.played(frame.tag.sentence);
    for (let i = 0; i < 5; i++) await settle();
    expect(queue.length).toBe(SPEECH_MAX_AHEAD_FRAMES + 1);
    expect(state.read).toBe(SPEECH_MAX_AHEAD_FRAMES + 1 + toResume);
    expect(agent.finished).toBe(false);
  });

  it("reads a sentence as it arrives, and asks for the next one only once 2 s are left to play", async () => {
    const { tts, state } = minuteOfSpeech(150);
    const { agent, queue } = speaker(tts);
    agent.say("First sentence.");
    agent.say("Second sentence.");
    agent.endInput();
    for (let i = 0; i < 5; i++) await settle();
    expect(state.read).toBe(150);
    expect(state.requests).toBe(1);
    for (const frame of queue.splice(0, 150 - SPEECH_LOOKAHEAD_FRAMES - 1)) agent.played(frame.tag.sentence);
    for (let i = 0; i < 5; i++) await settle();
    expect(state.requests).toBe(1);
    for (const frame of queue.splice(0, 1)) agent.played(frame.tag.sentence);
    for (let i = 0; i < 5; i++) await settle();
    expect(state.requests).toBe(2);
    expect(queue.length).toBe(SPEECH_LOOKAHEAD_FRAMES + 150);
  });

  it("queues copies: no frame keeps its provider's chunk, and a played frame's array is used again", async () => {
    const { tts, state } = minuteOfSpeech(10);
    const frames = new FramePool(480);
    const queue: PacedFrame<FrameTag>[] = [];
    const agent = new AgentSpeaker({ tts, outputRate: 24000, frames, signal: new AbortController().signal, enqueue: (queued) => queue.push(...queued), onFirstByte: () => {}, onError: () => {} });
    agent.say("Ten frames.");
    for (let i = 0; i < 5; i++) await settle();
    expect(queue).toHaveLength(10);
    const chunkBuffers = new Set(state.chunks.map((chunk) => chunk.buffer));
    for (const [i, frame] of queue.entries()) {
      expect(chunkBuffers.has(frame.pcm.buffer)).toBe(false);
      expect(frame.pcm[0]).toBe(1000 + i);
    }
    const first = queue[0].pcm;
    frames.release(first);
    expect(frames.copy(new Int16Array(480).fill(7))).toBe(first);
    expect(first[479]).toBe(7);
  });

  it("a cancelled answer stops reading at once and ends its provider stream", async () => {
    const { tts, state } = minuteOfSpeech();
    const { agent, controller } = speaker(tts);
    agent.say("Another long answer.");
    for (let i = 0; i < 5; i++) await settle();
    controller.abort();
    await agent.synthesized;
    expect(state.closed).toBe(true);
    expect(state.read).toBe(SPEECH_MAX_AHEAD_FRAMES + 1);
  });

  it("what was heard of a sentence still arriving counts against its text at the voice's pace, not the audio so far", async () => {
    const { tts } = minuteOfSpeech();
    const { agent, queue } = speaker(tts);
    const text = "one two three four five six seven eight nine ten eleven twelve thirteen fourteen fifteen";
    agent.say(text);
    for (let i = 0; i < 5; i++) await settle();
    // 26 frames (520 ms) read, 20 (400 ms) played: at ~65 ms a character that is about six characters, not 20/26 of the text.
    for (const frame of queue.splice(0, 20)) agent.played(frame.tag.sentence);
    expect(agent.heardText()).toBe("one");
  });
});
