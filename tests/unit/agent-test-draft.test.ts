import { describe, expect, it } from "vitest";
import { draftFromCall, draftFromTest, draftToBody, emptyDraft, emptyExpectation, problemsAt } from "@/lib/agent-builder/test-draft";
import { CreateAgentTestSchema, type AgentTest } from "@/lib/schemas/agent-tests";

// The studio's test form: drafts keep JSON as typed, become the API's body on save (local problems
// at the API's paths), and a call's transcript becomes a scripted test to edit.

describe("draftFromCall", () => {
  it("makes the caller's turns the test's turns, each expecting (judged) an answer like the agent's", () => {
    const draft = draftFromCall({
      id: "8a0c7e4e-1111-4222-8333-444455556666",
      start_time: "2026-05-01T10:00:00.000Z",
      transcript: [
        { role: "agent", content: "Hello, Bistro Nova.", start_time: "2026-05-01T10:00:00.000Z" },
        { role: "user", content: "A table for two tonight?", start_time: "2026-05-01T10:00:02.000Z" },
        { role: "agent", content: "Let me check.", start_time: "2026-05-01T10:00:03.000Z" },
        { role: "agent", content: "We have 8 pm.", start_time: "2026-05-01T10:00:04.000Z" },
        { role: "user", content: "Great, bye.", start_time: "2026-05-01T10:00:06.000Z" },
      ],
    });
    expect(draft.name).toBe("From call 8a0c7e4e (2026-05-01)");
    const { body, problems } = draftToBody(draft);
    expect(problems).toEqual([]);
    expect(body).toEqual({
      name: "From call 8a0c7e4e (2026-05-01)",
      type: "scripted",
      mode: "text",
      tags: [],
      dynamic_variables_values: {},
      tool_mocks: [],
      turns: [
        { user: "A table for two tonight?", expect: [{ type: "agent_says", match: "judge", value: 'answers like: "Let me check. We have 8 pm."' }] },
        { user: "Great, bye." },
      ],
    });
    expect(CreateAgentTestSchema.safeParse(body).success).toBe(true);
  });
});

describe("draftToBody", () => {
  it("names JSON that does not parse by the API's path, and reads a bare word as text", () => {
    const draft = emptyDraft("scripted");
    draft.name = "x";
    draft.dynamic_variables_values = "{nope";
    draft.turns[0].user = "hi";
    draft.turns[0].expect = [
      { ...emptyExpectation("tool_called"), tool_name: "check", arguments: "[1]" },
      { ...emptyExpectation("variable"), name: "size", value: "2" },
      { ...emptyExpectation("variable"), name: "name", value: "Ada" },
      { ...emptyExpectation("tool_called"), tool_name: "check", arguments: '{"date": ' },
    ];
    draft.tool_mocks = [{ key: "m", tool_name: "check", status: "200", response: "not json" }];
    const { body, problems } = draftToBody(draft);
    expect(problems).toEqual([
      { field: "dynamic_variables_values", message: "Not valid JSON" },
      { field: "tool_mocks[0].response", message: "Not valid JSON" },
      { field: "turns[0].expect[0].arguments", message: "Must be a JSON object" },
      { field: "turns[0].expect[3].arguments", message: "Not valid JSON" },
    ]);
    expect(body.type === "scripted" && body.turns[0].expect?.slice(1, 3)).toEqual([
      { type: "variable", name: "size", value: 2 },
      { type: "variable", name: "name", value: "Ada" },
    ]);
    expect(problemsAt(problems, "turns[0].expect[0]", true)).toEqual(["Must be a JSON object"]);
  });

  it("round-trips a stored test through the form unchanged", () => {
    const test = {
      id: "8a0c7e4e-1111-4222-8333-444455556666",
      agent_id: "8a0c7e4e-1111-4222-8333-444455556667",
      created_at: "2026-05-01T10:00:00.000Z",
      updated_at: "2026-05-01T10:00:00.000Z",
      last_result: null,
      name: "books",
      type: "scripted",
      mode: "voice",
      tags: ["smoke", "booking"],
      dynamic_variables_values: { customer: "Ada" },
      tool_mocks: [{ tool_name: "check", status: 503, response: { error: "down" } }],
      turns: [
        { user: "book for 2", expect: [{ type: "tool_called", tool_name: "check", arguments: { date: "2026-05-01" } }, { type: "variable", name: "size", value: 2 }, { type: "variable", name: "note", value: "42" }] },
        { user: "stop", interrupt_after_ms: 800, expect: [{ type: "ended", end_reason: "agent_hangup" }] },
      ],
      expect_end: [{ type: "agent_says", match: "regex", value: "/bye/i" }],
    } satisfies AgentTest;
    const { body, problems } = draftToBody(draftFromTest(test));
    expect(problems).toEqual([]);
    const stored: Record<string, unknown> = { ...test };
    for (const field of ["id", "agent_id", "created_at", "updated_at", "last_result"]) delete stored[field];
    expect(body).toEqual(stored);
  });

  it("sends a simulated test's fields, without empty criteria", () => {
    const draft = { ...emptyDraft("simulated"), name: "sim", persona: "Ada", goal: "Book", success_criteria: ["Offers a time", " ", ""], max_turns: "5" };
    expect(draftToBody(draft).body).toMatchObject({ type: "simulated", persona: "Ada", goal: "Book", success_criteria: ["Offers a time"], max_turns: 5 });
  });
});
