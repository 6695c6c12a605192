import type { AgentTest, CreateAgentTestInput, Expectation, ExpectationType } from "@/lib/schemas/agent-tests";
import type { TranscriptEntry } from "@/lib/schemas/call-values";

// A test as the studio's form edits it: free text where the API takes JSON (arguments, values, mock
// responses), so a half-typed value stays as typed; turned into the API's body on save, each local
// problem named by the same path the API would use.

export type ExpectationDraft = {
  key: string;
  type: ExpectationType;
  match: "contains" | "regex" | "exact" | "judge";
  /** agent_says: the text, pattern or judge statement. */
  text: string;
  tool_name: string;
  /** tool_called: JSON object, or empty for any arguments. */
  arguments: string;
  state_name: string;
  /** variable: its name, and its value as JSON (a bare word is taken as text). */
  name: string;
  value: string;
  end_reason: string;
};

export type TurnDraft = { key: string; user: string; interrupt_after_ms: string; expect: ExpectationDraft[] };
export type MockDraft = { key: string; tool_name: string; status: string; response: string };

export type TestDraft = {
  id: string | null;
  name: string;
  type: "scripted" | "simulated";
  mode: "text" | "voice";
  tags: string;
  dynamic_variables_values: string;
  tool_mocks: MockDraft[];
  turns: TurnDraft[];
  expect_end: ExpectationDraft[];
  persona: string;
  goal: string;
  success_criteria: string[];
  max_turns: string;
};

export type DraftProblem = { field: string; message: string };

let counter = 0;
const nextKey = (prefix: string) => `${prefix}-${++counter}`;

export function emptyExpectation(type: ExpectationType = "agent_says"): ExpectationDraft {
  return { key: nextKey("e"), type, match: "contains", text: "", tool_name: "", arguments: "", state_name: "", name: "", value: "", end_reason: "" };
}

export const emptyTurn = (user = ""): TurnDraft => ({ key: nextKey("t"), user, interrupt_after_ms: "", expect: [] });
export const emptyMock = (): MockDraft => ({ key: nextKey("m"), tool_name: "", status: "200", response: "{}" });

export function emptyDraft(type: "scripted" | "simulated" = "scripted"): TestDraft {
  return {
    id: null,
    name: "",
    type,
    mode: "text",
    tags: "",
    dynamic_variables_values: "",
    tool_mocks: [],
    turns: [emptyTurn()],
    expect_end: [],
    persona: "",
    goal: "",
    success_criteria: [""],
    max_turns: "12",
  };
}

const pretty = (value: unknown) => JSON.stringify(value, null, 2);
/** A variable value as typed: text as itself, anything else as JSON. */
const valueText = (value: unknown) => (typeof value === "string" && !/^(true|false|null|-?\d[\d.e+-]*|\[.*|\{.*|".*)$/s.test(value) ? value : JSON.stringify(value));

function expectationDraft(expectation: Expectation): ExpectationDraft {
  const draft = emptyExpectation(expectation.type);
  switch (expectation.type) {
    case "agent_says":
      return { ...draft, match: expectation.match, text: expectation.value };
    case "tool_called":
      return { ...draft, tool_name: expectation.tool_name, arguments: expectation.arguments ? pretty(expectation.arguments) : "" };
    case "tool_not_called":
      return { ...draft, tool_name: expectation.tool_name };
    case "state":
      return { ...draft, state_name: expectation.state_name };
    case "variable":
      return { ...draft, name: expectation.name, value: valueText(expectation.value) };
    case "ended":
      return { ...draft, end_reason: expectation.end_reason ?? "" };
  }
}

/** The form's draft of a stored test. */
export function draftFromTest(test: AgentTest): TestDraft {
  const base = emptyDraft(test.type);
  return {
    ...base,
    id: test.id,
    name: test.name,
    mode: test.mode,
    tags: test.tags.join(", "),
    dynamic_variables_values: Object.keys(test.dynamic_variables_values).length ? pretty(test.dynamic_variables_values) : "",
    tool_mocks: test.tool_mocks.map((mock) => ({ key: nextKey("m"), tool_name: mock.tool_name, status: String(mock.status), response: pretty(mock.response) })),
    expect_end: (test.expect_end ?? []).map(expectationDraft),
    ...(test.type === "scripted"
      ? {
          turns: test.turns.map((turn) => ({
            key: nextKey("t"),
            user: turn.user,
            interrupt_after_ms: turn.interrupt_after_ms === undefined ? "" : String(turn.interrupt_after_ms),
            expect: (turn.expect ?? []).map(expectationDraft),
          })),
        }
      : { persona: test.persona, goal: test.goal, success_criteria: test.success_criteria, max_turns: String(test.max_turns) }),
  };
}

function parseJson(text: string, field: string, problems: DraftProblem[]): unknown {
  try {
    return JSON.parse(text);
  } catch {
    problems.push({ field, message: "Not valid JSON" });
    return undefined;
  }
}

function expectationBody(draft: ExpectationDraft, path: string, problems: DraftProblem[]): Expectation {
  switch (draft.type) {
    case "agent_says":
      return { type: "agent_says", match: draft.match, value: draft.text };
    case "tool_called": {
      const args = draft.arguments.trim() ? parseJson(draft.arguments, `${path}.arguments`, problems) : undefined;
      if (args !== undefined && (args === null || typeof args !== "object" || Array.isArray(args))) problems.push({ field: `${path}.arguments`, message: "Must be a JSON object" });
      return { type: "tool_called", tool_name: draft.tool_name, ...(args && typeof args === "object" ? { arguments: args as Record<string, unknown> } : {}) };
    }
    case "tool_not_called":
      return { type: "tool_not_called", tool_name: draft.tool_name };
    case "state":
      return { type: "state", state_name: draft.state_name };
    case "variable": {
      const text = draft.value.trim();
      let value: unknown = draft.value;
      try {
        value = text ? JSON.parse(text) : "";
      } catch {
        value = draft.value; // a bare word is text
      }
      return { type: "variable", name: draft.name, value };
    }
    case "ended":
      return draft.end_reason ? ({ type: "ended", end_reason: draft.end_reason } as Expectation) : { type: "ended" };
  }
}

/** The API body of a draft, and the problems found before sending it (named by the API's paths). */
export function draftToBody(draft: TestDraft): { body: CreateAgentTestInput; problems: DraftProblem[] } {
  const problems: DraftProblem[] = [];
  const dynamic = draft.dynamic_variables_values.trim() ? parseJson(draft.dynamic_variables_values, "dynamic_variables_values", problems) : {};
  const tool_mocks = draft.tool_mocks.map((mock, index) => ({
    tool_name: mock.tool_name,
    status: Number(mock.status || 200),
    response: parseJson(mock.response || "null", `tool_mocks[${index}].response`, problems),
  }));
  const common = {
    name: draft.name,
    mode: draft.mode,
    tags: draft.tags
      .split(",")
      .map((tag) => tag.trim())
      .filter(Boolean),
    dynamic_variables_values: (dynamic ?? {}) as Record<string, unknown>,
    tool_mocks,
    ...(draft.expect_end.length ? { expect_end: draft.expect_end.map((e, i) => expectationBody(e, `expect_end[${i}]`, problems)) } : {}),
  };
  if (draft.type === "scripted") {
    const turns = draft.turns.map((turn, t) => ({
      user: turn.user,
      ...(draft.mode === "voice" && turn.interrupt_after_ms.trim() ? { interrupt_after_ms: Number(turn.interrupt_after_ms) } : {}),
      ...(turn.expect.length ? { expect: turn.expect.map((e, i) => expectationBody(e, `turns[${t}].expect[${i}]`, problems)) } : {}),
    }));
    return { body: { ...common, type: "scripted", turns }, problems };
  }
  return {
    body: {
      ...common,
      type: "simulated",
      persona: draft.persona,
      goal: draft.goal,
      success_criteria: draft.success_criteria.map((criterion) => criterion.trim()).filter(Boolean),
      max_turns: Number(draft.max_turns || 12),
    },
    problems,
  };
}

/** The messages for one path (and, with `nested`, for the paths inside it). */
export function problemsAt(problems: DraftProblem[], path: string, nested = false): string[] {
  return problems.filter((problem) => problem.field === path || (nested && problem.field.startsWith(`${path}.`))).map((problem) => problem.message);
}

/** Where "Create test from this call" leaves its draft (sessionStorage) for the agent's Tests tab. */
export const callDraftKey = (agentId: string) => `agent-test-draft:${agentId}`;

/**
 * "Create test from this call": a scripted test whose turns are the caller's words, each expecting
 * (as a judge expectation) an answer that does what the agent's answer did, to edit before saving.
 */
export function draftFromCall(call: { id: string; start_time?: string | null; transcript: TranscriptEntry[] }): TestDraft {
  const turns: TurnDraft[] = [];
  let greeting = true;
  for (const entry of call.transcript) {
    if (entry.role === "user") {
      turns.push(emptyTurn(entry.content));
      greeting = false;
      continue;
    }
    if (greeting) continue; // the agent's greeting comes before any turn
    const turn = turns.at(-1)!;
    const judge = turn.expect.find((expectation) => expectation.match === "judge");
    const said = judge ? `${judge.text.replace(/"$/, "")} ${entry.content}"` : `answers like: "${entry.content}"`;
    if (judge) judge.text = said;
    else turn.expect.push({ ...emptyExpectation("agent_says"), match: "judge", text: said });
  }
  const draft = emptyDraft("scripted");
  const day = call.start_time ? call.start_time.slice(0, 10) : "";
  return { ...draft, name: `From call ${call.id.slice(0, 8)}${day ? ` (${day})` : ""}`, turns: turns.length ? turns : [emptyTurn()] };
}
