import { describe, expect, it } from "vitest";
import type { PacedFrame } from "@/lib/media/pacer";
import { AgentSpeaker, SPEECH_LOOKAHEAD_FRAMES, SPEECH_RESUME_FRAMES, type FrameTag } from "@/lib/media/session/agent-speaker";
import type { TextToSpeech } from "@/lib/media/tts/text-to-speech";

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

/** A provider with a whole minute of speech ready at once, in 20 ms chunks at 24 kHz; counts what was read. */
function minuteOfSpeech() {
  const state = { read: 0, closed: false };
  const tts: TextToSpeech = {
    provider: "test",
    sampleRate: 24000,
    async *synthesize(_text, signal) {
      try {
        for (let i = 0; i < 3000 && !signal.aborted; i++) {
          state.read++;
          yield new Int16Array(480).fill(1000);
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
  const agent = new AgentSpeaker({ tts, outputRate: 24000, signal: controller.signal, enqueue: (frames) => queue.push(...frames), onFirstByte: () => {}, onError: () => {} });
  return { agent, queue, controller };
}

describe("speech lookahead", () => {
  it("reads a long answer only 500 ms ahead of what was played, and goes on as frames play", async () => {
    const { tts, state } = minuteOfSpeech();
    const { agent, queue } = speaker(tts);
    agent.say("A very long answer. ".repeat(50).trim());
    agent.endInput();
    for (let i = 0; i < 5; i++) await settle();
    expect(queue.length).toBe(SPEECH_LOOKAHEAD_FRAMES + 1);
    expect(state.read).toBe(SPEECH_LOOKAHEAD_FRAMES + 1);
    // Frames played down to the resume mark (not one before it): reading goes on up to the lookahead again.
    const toResume = SPEECH_LOOKAHEAD_FRAMES + 1 - SPEECH_RESUME_FRAMES;
    for (const frame of queue.splice(0, toResume - 1)) agent.played(frame.tag.sentence);
    for (let i = 0; i < 5; i++) await settle();
    expect(state.read).toBe(SPEECH_LOOKAHEAD_FRAMES + 1);
    for (const frame of queue.splice(0, 1)) agent.played(frame.tag.sentence);
    for (let i = 0; i < 5; i++) await settle();
    expect(queue.length).toBe(SPEECH_LOOKAHEAD_FRAMES + 1);
    expect(state.read).toBe(SPEECH_LOOKAHEAD_FRAMES + 1 + toResume);
    expect(agent.finished).toBe(false);
  });

  it("a cancelled answer stops reading at once and ends its provider stream", async () => {
    const { tts, state } = minuteOfSpeech();
    const { agent, controller } = speaker(tts);
    agent.say("Another long answer.");
    for (let i = 0; i < 5; i++) await settle();
    controller.abort();
    await agent.synthesized;
    expect(state.closed).toBe(true);
    expect(state.read).toBe(SPEECH_LOOKAHEAD_FRAMES + 1);
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
