import { describe, expect, it } from "vitest";
import { CreateAgentSchema } from "@/lib/agents/document-schema";
import { normalizeAgent } from "@/lib/agents/normalize";
import { applyCompletion, completionQuery, filterSuggestions, promptReferences, suggestionsFor } from "@/lib/agent-builder/prompt-references";
import { diffDocuments, wordDiff } from "@/lib/agent-builder/version-diff";
import { richAgent } from "../helpers/agent-documents";

const agent = normalizeAgent(CreateAgentSchema.parse(richAgent()));

describe("prompt references", () => {
  it("suggests the state's tools first, then every variable of the agent including call variables and mapped ones", () => {
    const names = suggestionsFor(agent.states[0].tools, agent.states).map((s) => `${s.kind}:${s.name}`);
    expect(names.slice(0, 2)).toEqual(["tool:check_availability", "tool:wait"]);
    expect(names).toEqual(expect.arrayContaining(["variable:from_number", "variable:party_size", "variable:confirmed", "variable:offered_time"]));
    expect(names).not.toContain("tool:hang_up");
  });

  it("marks names that are neither a tool of the state nor a variable", () => {
    const known = suggestionsFor(agent.states[1].tools, agent.states).map((s) => s.name);
    const refs = promptReferences("Say {{offered_time}}, then {{ hang_up }} or {{check_availability}}.", known);
    expect(refs.map((r) => [r.name, r.known])).toEqual([
      ["offered_time", true],
      ["hang_up", true],
      ["check_availability", false],
    ]);
  });

  it("completes an open {{ at the caret and replaces what was typed", () => {
    const text = "Use {{che and more";
    const caret = "Use {{che".length;
    const query = completionQuery(text, caret);
    expect(query).toEqual({ query: "che", start: 4 });
    expect(completionQuery("Use {{done}} x", 14)).toBeNull();
    expect(applyCompletion(text, query!.start, caret, "check_availability")).toEqual({ text: "Use {{check_availability}} and more", caret: 26 });
    expect(applyCompletion("{{ch}}!", 0, 4, "check")).toEqual({ text: "{{check}}!", caret: 9 });
    const suggestions = suggestionsFor(agent.states[0].tools, agent.states);
    expect(filterSuggestions(suggestions, "t")[0].name).toBe("to_number");
    expect(filterSuggestions(suggestions, "TIME").map((s) => s.name)).toEqual(expect.arrayContaining(["offered_time", "call_start_time", "booking_time"]));
  });
});

describe("version diff", () => {
  it("lists changed, added and removed leaves and ignores identity fields", () => {
    const before = { id: "a", version: 1, name: "A", states: [{ name: "s", tools: [] }], custom_vocabulary: ["x"] };
    const after = { id: "a", version: 2, name: "B", states: [{ name: "s", tools: [{ type: "wait" }] }], custom_vocabulary: [] };
    expect(diffDocuments(before, after)).toEqual([
      { path: "name", kind: "changed", before: "A", after: "B" },
      { path: "states[0].tools[0].type", kind: "added", after: "wait" },
      { path: "custom_vocabulary", kind: "added", after: [] },
      { path: "states[0].tools", kind: "removed", before: [] },
      { path: "custom_vocabulary[0]", kind: "removed", before: "x" },
    ]);
  });
});

describe("wordDiff", () => {
  it("marks whole words added and removed, never parts of a word", () => {
    const parts = wordDiff("Use {{find_slot}} to find free slots.", "Use {{find_slot_v2}} to find two free slots.");
    expect(parts).toEqual([
      { text: "Use ", kind: "same" },
      { text: "{{find_slot}}", kind: "removed" },
      { text: "{{find_slot_v2}}", kind: "added" },
      { text: " to find ", kind: "same" },
      { text: "two ", kind: "added" },
      { text: "free slots.", kind: "same" },
    ]);
    const before = parts.filter((part) => part.kind !== "added").map((part) => part.text).join("");
    const after = parts.filter((part) => part.kind !== "removed").map((part) => part.text).join("");
    expect(before).toBe("Use {{find_slot}} to find free slots.");
    expect(after).toBe("Use {{find_slot_v2}} to find two free slots.");
  });
});
