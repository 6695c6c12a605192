import { describe, expect, it } from "vitest";
import { checkAgentSays, checkJudgedAnswer } from "@/lib/agent-tests/expectations/agent-says";
import { isSubset } from "@/lib/agent-tests/expectations/arguments-subset";
import { checkExpectation } from "@/lib/agent-tests/expectations/check-expectation";
import { checkEnded } from "@/lib/agent-tests/expectations/ended";
import type { Observation } from "@/lib/agent-tests/expectations/observation";
import { checkState } from "@/lib/agent-tests/expectations/state";
import { checkToolCalled } from "@/lib/agent-tests/expectations/tool-called";
import { checkToolNotCalled } from "@/lib/agent-tests/expectations/tool-not-called";
import { checkVariable } from "@/lib/agent-tests/expectations/variable";
import { compileExpectationRegex } from "@/lib/schemas/expectation-regex";

// Each expectation type is a pure function of what a turn showed: proven both ways here, with the
// reason a user reads when it fails.

const turn = (overrides: Partial<Observation> = {}): Observation => ({
  scope: "turn",
  agentText: "Sure! We have a table at 8 pm on Friday.",
  toolCalls: [
    { tool_name: "check_availability", arguments: { date: "2026-05-01", party: { size: 2, names: ["Ada", "Bo"] } }, mocked: true, result: { status: 200 } },
    { tool_name: "hang_up", arguments: {}, mocked: false, result: null },
  ],
  state: "booking",
  variables: [
    { name: "party_size", type: "number", value: 2, timestamp: "2026-05-01T10:00:00.000Z" },
    { name: "vip", type: "boolean", value: true, timestamp: "2026-05-01T10:00:00.000Z" },
    { name: "when", type: "datetime", value: "2026-05-01T18:00:00.000Z", timestamp: "2026-05-01T10:00:00.000Z" },
  ],
  ended: true,
  endReason: "agent_hangup",
  ...overrides,
});

describe("agent_says", () => {
  const says = (match: "contains" | "regex" | "exact", value: string, agentText?: string) =>
    checkAgentSays({ type: "agent_says", match, value }, turn(agentText === undefined ? {} : { agentText }));

  it("contains: case-insensitive substring, whitespace-insensitive", () => {
    expect(says("contains", "TABLE AT 8   PM").passed).toBe(true);
    const failed = says("contains", "9 pm");
    expect(failed).toMatchObject({ passed: false, expected: "9 pm", actual: "Sure! We have a table at 8 pm on Friday." });
    expect(failed.reason).toBe('The agent never said "9 pm" in this turn; it said "Sure! We have a table at 8 pm on Friday."');
  });

  it("exact: the whole answer, case-insensitive, ignoring surrounding and repeated whitespace", () => {
    expect(says("exact", "  sure!  we have a table at 8 pm on friday. ").passed).toBe(true);
    expect(says("exact", "We have a table at 8 pm on Friday.").passed).toBe(false);
    expect(says("exact", "x", "").reason).toBe('The agent said nothing, not "x"');
  });

  it("regex: JavaScript syntax, source (case-sensitive) or a literal with flags", () => {
    expect(says("regex", "table at \\d+ (am|pm)").passed).toBe(true);
    expect(says("regex", "TABLE").passed).toBe(false);
    expect(says("regex", "/TABLE/i").passed).toBe(true);
    expect(says("regex", "^Sure!").reason).toBe('"Sure!" matches ^Sure!');
    expect(says("regex", "^We").reason).toBe('Nothing the agent said matches ^We; it said "Sure! We have a table at 8 pm on Friday."');
  });

  it("judge: the verdict decides, and its reason is the assertion's", () => {
    const expectation = { type: "agent_says", match: "judge", value: "offers a time" } as const;
    expect(checkJudgedAnswer(expectation, turn(), { verdict: "pass", reason: "It offers 8 pm." })).toMatchObject({ passed: true, reason: "Judge: It offers 8 pm." });
    expect(checkJudgedAnswer(expectation, turn(), { verdict: "fail", reason: "No time given." })).toMatchObject({ passed: false, reason: "Judge: No time given." });
    expect(checkExpectation(expectation, turn()).passed).toBe(false);
  });

  it("regexes are compiled once with clear errors", () => {
    expect(compileExpectationRegex("a(").error).toBe("Unterminated group");
    expect(compileExpectationRegex("/a/gi").regex!.flags).toBe("i");
    expect(compileExpectationRegex("/a/").regex!.source).toBe("a");
  });
});

describe("tool_called and tool_not_called", () => {
  it("matches arguments as a subset, objects recursively, arrays exactly", () => {
    expect(checkToolCalled({ type: "tool_called", tool_name: "check_availability" }, turn()).passed).toBe(true);
    expect(checkToolCalled({ type: "tool_called", tool_name: "check_availability", arguments: { party: { size: 2 } } }, turn()).passed).toBe(true);
    expect(checkToolCalled({ type: "tool_called", tool_name: "check_availability", arguments: { party: { names: ["Ada"] } } }, turn()).passed).toBe(false);
    const wrong = checkToolCalled({ type: "tool_called", tool_name: "check_availability", arguments: { date: "2026-05-02" } }, turn());
    expect(wrong.passed).toBe(false);
    expect(wrong.reason).toBe('check_availability was called with {"date":"2026-05-01","party":{"size":2,"names":["Ada","Bo"]}}, not with {"date":"2026-05-02"}');
  });

  it("names what was called instead", () => {
    const missing = checkToolCalled({ type: "tool_called", tool_name: "transfer_call" }, turn());
    expect(missing).toMatchObject({ passed: false, reason: "transfer_call was not called in this turn (called: check_availability, hang_up)" });
    expect(checkToolCalled({ type: "tool_called", tool_name: "hang_up" }, turn({ toolCalls: [], scope: "conversation" })).reason).toBe("hang_up was not called in the conversation (no tool was)");
  });

  it("tool_not_called both ways", () => {
    expect(checkToolNotCalled({ type: "tool_not_called", tool_name: "transfer_call" }, turn()).passed).toBe(true);
    const called = checkToolNotCalled({ type: "tool_not_called", tool_name: "hang_up" }, turn());
    expect(called).toMatchObject({ passed: false, reason: "hang_up was called in this turn (once, with {})" });
  });

  it("subset matching", () => {
    expect(isSubset({ a: 1 }, { a: 1, b: 2 })).toBe(true);
    expect(isSubset({ a: 1, b: 2 }, { a: 1 })).toBe(false);
    expect(isSubset([1, { x: 1 }], [1, { x: 1, y: 2 }])).toBe(true);
    expect(isSubset([1], [1, 2])).toBe(false);
    expect(isSubset(null, null)).toBe(true);
    expect(isSubset("2", 2)).toBe(false);
  });
});

describe("state, variable and ended", () => {
  it("state both ways", () => {
    expect(checkState({ type: "state", state_name: "booking" }, turn()).passed).toBe(true);
    expect(checkState({ type: "state", state_name: "main" }, turn())).toMatchObject({ passed: false, expected: "main", actual: "booking", reason: 'The conversation is in state "booking", not "main"' });
  });

  it("variable: equal in its type, numbers and booleans also as text, datetimes as the same instant", () => {
    expect(checkVariable({ type: "variable", name: "party_size", value: 2 }, turn()).passed).toBe(true);
    expect(checkVariable({ type: "variable", name: "party_size", value: "2" }, turn()).passed).toBe(true);
    expect(checkVariable({ type: "variable", name: "vip", value: "true" }, turn()).passed).toBe(true);
    expect(checkVariable({ type: "variable", name: "when", value: "2026-05-01T20:00:00+02:00" }, turn()).passed).toBe(true);
    expect(checkVariable({ type: "variable", name: "party_size", value: 3 }, turn())).toMatchObject({ passed: false, expected: 3, actual: 2, reason: "party_size is 2, not 3" });
    expect(checkVariable({ type: "variable", name: "slot", value: "8 pm" }, turn())).toMatchObject({ passed: false, actual: null, reason: "slot has no value" });
  });

  it("ended both ways, with and without an end reason", () => {
    expect(checkEnded({ type: "ended" }, turn()).passed).toBe(true);
    expect(checkEnded({ type: "ended", end_reason: "agent_hangup" }, turn()).passed).toBe(true);
    expect(checkEnded({ type: "ended", end_reason: "user_hangup" }, turn())).toMatchObject({ passed: false, reason: "The conversation ended with agent_hangup, not user_hangup" });
    expect(checkEnded({ type: "ended" }, turn({ ended: false, endReason: null }))).toMatchObject({ passed: false, actual: null, reason: "The conversation has not ended" });
  });
});
