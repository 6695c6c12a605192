import { describe, expect, it } from "vitest";
import { contentWords, decideBargeIn, hasStopPhrase } from "@/lib/media/barge-in";
import { EndOfTurnSchema, resolveEndOfTurn } from "@/lib/agents/end-of-turn";
import { silenceNeeded, utteranceEnding } from "@/lib/media/end-of-turn";
import { heardText } from "@/lib/media/heard-text";
import { SentenceSplitter } from "@/lib/media/sentence-splitter";

describe("end of turn settings", () => {
  it("has documented defaults and keeps min ≤ threshold ≤ max when only some are given", () => {
    expect(resolveEndOfTurn()).toEqual({ silence_threshold_ms: 700, min_wait_ms: 300, max_wait_ms: 2000, endpointing_url: null });
    expect(resolveEndOfTurn({ silence_threshold_ms: 3000 })).toEqual({ silence_threshold_ms: 3000, min_wait_ms: 300, max_wait_ms: 3000, endpointing_url: null });
    expect(resolveEndOfTurn({ silence_threshold_ms: 200 })).toEqual({ silence_threshold_ms: 200, min_wait_ms: 200, max_wait_ms: 2000, endpointing_url: null });
  });

  it("refuses values out of range or out of order, naming the field", () => {
    const tooShort = EndOfTurnSchema.safeParse({ silence_threshold_ms: 50 });
    expect(tooShort.success).toBe(false);
    expect(tooShort.error?.issues[0].path).toEqual(["silence_threshold_ms"]);
    const disordered = EndOfTurnSchema.safeParse({ silence_threshold_ms: 500, min_wait_ms: 800 });
    expect(disordered.error?.issues.map((issue) => issue.path)).toEqual([["min_wait_ms"]]);
    expect(EndOfTurnSchema.safeParse({ silence_ms: 500 }).error?.issues[0].code).toBe("unrecognized_keys");
  });

  it("waits less after a finished sentence and longer after a broken-off one", () => {
    const settings = resolveEndOfTurn();
    expect(utteranceEnding("I'd like to book a table.")).toBe("complete");
    expect(utteranceEnding("Can you help me?")).toBe("complete");
    expect(utteranceEnding("I'd like to book a table for")).toBe("incomplete");
    expect(utteranceEnding("my number is, um")).toBe("incomplete");
    expect(utteranceEnding("I'd like a table")).toBe("unknown");
    // A transcriber that puts a period after a fragment is overruled by the word it ends on; "..." trails off.
    expect(utteranceEnding("I'd like to book a table for.")).toBe("incomplete");
    expect(utteranceEnding("My name is...")).toBe("incomplete");
    expect(utteranceEnding("Is that for?")).toBe("complete");
    expect(silenceNeeded(settings, "Can you help me?")).toBe(300);
    expect(silenceNeeded(settings, "I will take the red one")).toBe(700);
    expect(silenceNeeded(settings, "two people and")).toBe(2000);
    expect(silenceNeeded(settings, null)).toBe(700);
  });
});

describe("barge-in", () => {
  it("tells backchannels from content and finds stop words", () => {
    expect(contentWords("Uh-huh.")).toEqual([]);
    expect(contentWords("Yeah, okay, right. Mm-hmm")).toEqual([]);
    expect(contentWords("yeah I want the second one")).toEqual(["i", "want", "the", "second", "one"]);
    expect(hasStopPhrase("Stop!")).toBe(true);
    expect(hasStopPhrase("wait, what")).toBe(true);
    expect(hasStopPhrase("hold on a second")).toBe(true);
    expect(hasStopPhrase("I can't wait")).toBe(true);
    expect(hasStopPhrase("stopping by tomorrow")).toBe(false);
  });

  it("never interrupts on backchannels alone, at any sensitivity, even when they go on", () => {
    for (const sensitivity of ["high", "medium", "low"] as const) {
      for (const transcript of ["uh-huh", "yeah", "okay", "mm-hmm", "right", "yeah yeah okay right"]) {
        expect(decideBargeIn(sensitivity, { speechMs: 3000, transcript, final: false })).toBe("wait");
        expect(decideBargeIn(sensitivity, { speechMs: 400, transcript, final: true })).toBe("backchannel");
      }
    }
  });

  it("interrupts at once on stop and wait, at any sensitivity", () => {
    for (const sensitivity of ["high", "medium", "low"] as const) {
      expect(decideBargeIn(sensitivity, { speechMs: 100, transcript: "Stop.", final: false })).toBe("interrupt");
      expect(decideBargeIn(sensitivity, { speechMs: 100, transcript: "wait", final: true })).toBe("interrupt");
    }
  });

  it("needs more words and longer speech as sensitivity goes down", () => {
    const say = (transcript: string | null, speechMs: number, final = false) => ({ transcript, speechMs, final });
    expect(decideBargeIn("high", say("no", 300))).toBe("interrupt");
    expect(decideBargeIn("medium", say("no", 300))).toBe("wait");
    expect(decideBargeIn("medium", say("no thanks", 450))).toBe("interrupt");
    expect(decideBargeIn("low", say("no thanks", 450))).toBe("wait");
    expect(decideBargeIn("low", say("no thanks I'm fine", 800))).toBe("interrupt");
    expect(decideBargeIn("low", say("no thanks", 600, true))).toBe("too_short");
    // Without words yet (batch speech-to-text), sustained speech decides.
    expect(decideBargeIn("high", say(null, 600))).toBe("interrupt");
    expect(decideBargeIn("medium", say(null, 900))).toBe("wait");
    expect(decideBargeIn("medium", say(null, 1000))).toBe("interrupt");
    expect(decideBargeIn("low", say(null, 1600))).toBe("interrupt");
  });
});

describe("sentence splitter", () => {
  it("emits sentences as the stream completes them", () => {
    const splitter = new SentenceSplitter();
    expect(splitter.push("Hello there! How are")).toEqual(["Hello there!"]);
    expect(splitter.push(" you today? I")).toEqual(["How are you today?"]);
    expect(splitter.push(" paid $3.50 to Dr. Smith, e.g. at 5 p.m. today.")).toEqual([]);
    expect(splitter.push(" Bye")).toEqual(["I paid $3.50 to Dr. Smith, e.g. at 5 p.m. today."]);
    expect(splitter.flush()).toBe("Bye");
    expect(splitter.flush()).toBeNull();
  });

  it("cuts a long first sentence at a comma so speech starts early", () => {
    const splitter = new SentenceSplitter();
    const long = "Thank you for calling the city library, our opening hours are nine in the morning to eight in the evening on weekdays, and ten to four";
    const out = splitter.push(long);
    expect(out).toHaveLength(1);
    expect(long.startsWith(out[0])).toBe(true);
    expect(out[0].endsWith(",")).toBe(true);
  });
});

describe("heard text", () => {
  it("keeps whole sentences played and the words of the one cut off, by share of its audio", () => {
    const sentences = [
      { text: "Our hours are nine to five.", totalSamples: 24000, playedSamples: 24000, complete: true },
      { text: "On Saturdays we open at ten and close at four.", totalSamples: 48000, playedSamples: 24000, complete: true },
      { text: "Anything else?", totalSamples: 12000, playedSamples: 0, complete: true },
    ];
    expect(heardText(sentences)).toBe("Our hours are nine to five. On Saturdays we open at");
    expect(heardText([{ ...sentences[0], playedSamples: 0 }])).toBe("");
    expect(heardText(sentences.map((sentence) => ({ ...sentence, playedSamples: sentence.totalSamples })))).toBe(
      "Our hours are nine to five. On Saturdays we open at ten and close at four. Anything else?",
    );
  });
});
