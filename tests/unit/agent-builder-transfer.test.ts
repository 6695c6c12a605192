import { describe, expect, it } from "vitest";
import { StateSchema } from "@/lib/agents/document-schema";
import type { BuiltInTool } from "@/lib/agents/normalize";
import { withRingTime, withTransferMode, withTransferText } from "@/lib/agent-builder/transfer-tool";

const cold: BuiltInTool = { type: "transfer_call", description: "To the desk", filler_sentence: "One moment.", transfer_phone_number: "+14155550199" };
/** What the API says about a state holding the tool: [] when it accepts it. */
const problems = (tool: BuiltInTool) =>
  (StateSchema.safeParse({ name: "main", tools: [tool] }).error?.issues ?? []).map((issue) => `${issue.path.join(".")}: ${issue.message}`);

describe("the transfer_call tool as the builder edits it", () => {
  it("warm brings the default ring time; back to cold drops every warm-only field and the mode, leaving the tool as it was", () => {
    const warm = withTransferMode(cold, "warm");
    expect(warm).toEqual({ ...cold, transfer_mode: "warm", transfer_timeout_seconds: 30 });
    expect(problems(warm)).toEqual([]);

    const briefed = withTransferText(withTransferText({ ...warm, transfer_timeout_seconds: 20 }, "whisper_message", "{{name}} about billing"), "hold_audio_url", "https://example.com/hold.wav");
    expect(withTransferMode(briefed, "warm").transfer_timeout_seconds).toBe(20);
    const back = withTransferMode(briefed, "cold");
    expect(back).toEqual(cold);
    expect(Object.keys(back)).not.toContain("transfer_mode");
    expect(problems(back)).toEqual([]);
    // What the API would have said had the warm fields stayed on the cold tool.
    expect(problems({ ...briefed, transfer_mode: "cold" })).toEqual([
      'tools.0.hold_audio_url: Only a warm transfer (transfer_mode "warm") has a hold_audio_url',
      'tools.0.whisper_message: Only a warm transfer (transfer_mode "warm") has a whisper_message',
      'tools.0.transfer_timeout_seconds: Only a warm transfer (transfer_mode "warm") has a transfer_timeout_seconds',
    ]);
  });

  it("a cleared or blank field is absent, not an empty string the API would refuse", () => {
    const warm = withTransferText(withTransferMode(cold, "warm"), "whisper_message", "Caller {{name}}");
    expect(warm.whisper_message).toBe("Caller {{name}}");
    for (const blank of ["", "   "]) {
      const cleared = withTransferText(warm, "whisper_message", blank);
      expect("whisper_message" in cleared).toBe(false);
      expect(problems(cleared)).toEqual([]);
    }
    expect(problems({ ...warm, whisper_message: "" })).toEqual(["tools.0.whisper_message: Required"]);
    expect("transfer_phone_number" in withTransferText(cold, "transfer_phone_number", "")).toBe(false);
    expect("hold_audio_url" in withTransferText(warm, "hold_audio_url", "")).toBe(false);
    // A cleared ring time is left out (the server stores 30), never sent as null or NaN.
    expect(withRingTime(warm, 45).transfer_timeout_seconds).toBe(45);
    expect("transfer_timeout_seconds" in withRingTime(warm, undefined)).toBe(false);
    expect(problems(withRingTime(warm, undefined))).toEqual([]);
  });
});
