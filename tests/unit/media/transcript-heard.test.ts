import { describe, expect, it } from "vitest";
import type { TranscriptEntry } from "@/lib/schemas/call-values";
import { keepHeardText } from "@/lib/media/transcript-heard";

const at = "2026-11-23T10:00:00.000Z";
const entry = (role: "agent" | "user", content: string): TranscriptEntry => ({ role, content, start_time: at });
const before = [entry("agent", "Hello."), entry("user", "What are your hours?")];

describe("keepHeardText: an interrupted agent response as the caller heard it", () => {
  it("keeps whole entries heard, cuts the one playing to its heard words (marked), drops the rest", () => {
    const transcript = [...before, entry("agent", "We open at nine."), entry("agent", "Let me check."), entry("agent", "We close at five.")];
    expect(keepHeardText(transcript, 2, "We open at nine. Let me", at)).toEqual([
      ...before,
      entry("agent", "We open at nine."),
      { ...entry("agent", "Let me"), interrupted: true },
    ]);
  });

  it("adds the words heard that the conversation never stored (the model was cut off mid-stream)", () => {
    const transcript = [...before, entry("user", "Stop.")];
    expect(keepHeardText(transcript, 2, "We open at", at)).toEqual([...before, entry("user", "Stop."), { ...entry("agent", "We open at"), interrupted: true }]);
  });

  it("marks the last entry heard whole when the cut came between entries; nothing heard leaves no agent entry", () => {
    const transcript = [...before, entry("agent", "We open at nine."), entry("agent", "We close at five.")];
    expect(keepHeardText(transcript, 2, "We open at nine.", at)).toEqual([...before, { ...entry("agent", "We open at nine."), interrupted: true }]);
    expect(keepHeardText(transcript, 2, "", at)).toEqual(before);
  });

  it("compares text with whitespace collapsed (sentences are joined by single spaces when spoken)", () => {
    const transcript = [...before, entry("agent", "We open\n at nine.  Then")];
    expect(keepHeardText(transcript, 2, "We open at nine. Then", at)).toEqual([...before, { ...entry("agent", "We open\n at nine.  Then"), interrupted: true }]);
  });
});
