import "server-only";
import type { AgentDocument } from "@/lib/agents/normalize";
import type { StructuredModel } from "@/lib/llm/structured-output";
import type { RecordedEvent } from "@/lib/runtime/types";
import {
  SUCCESS_CRITERION,
  type AgentTestDefinition,
  type Assertion,
  type Expectation,
  type ScriptedTestDefinition,
  type SimulatedTestDefinition,
  type TestResultStatus,
  type ToolCallRecord,
} from "@/lib/schemas/agent-tests";
import type { CallEndReason, TranscriptEntry, TurnLatency, VariableValue } from "@/lib/schemas/call-values";
import type { RuntimeHostDependencies } from "@/lib/services/calls/call-host";
import { testModels } from "@/lib/services/agent-tests/test-models";
import { agentWords, conversationAt, statesVisited, toolCallsOf, turnEvents, turnFailure } from "./conversation-record";
import { checkExpectation, toAssertion, type Observation, type Verdict } from "./expectations/check-expectation";
import { llmJudge, type Judge } from "./judge";
import { mockedHttp } from "./mocked-http";
import { llmSimulatedCaller } from "./simulated-caller";
import type { TestCaller } from "./test-caller";
import { TestConversationStore } from "./test-conversation";
import { TextTestCaller } from "./text-caller";

/** What a test conversation needs: the host of conversations (database, model, HTTP), the judge's model, the environment. */
export type TestEnvironment = {
  host: RuntimeHostDependencies;
  structured: StructuredModel;
  env: Record<string, string | undefined>;
  /** Voice tests: a caller speaking into a real media session (lib/agent-tests/voice-caller). */
  openVoiceCaller?: (store: TestConversationStore, host: RuntimeHostDependencies) => Promise<TestCaller>;
  /** The longest a caller turn may take before the test is stopped (default 120 s). */
  turnBudgetMs?: number;
};

export type TestSubject = { organizationId: string; agentId: string; agent: AgentDocument };

export type TestOutcome = {
  status: TestResultStatus;
  durationMs: number;
  assertions: Assertion[];
  transcript: TranscriptEntry[];
  statesVisited: string[];
  toolCalls: ToolCallRecord[];
  variableValues: VariableValue[];
  endReason: CallEndReason | null;
  error: string | null;
  turnLatency: TurnLatency[] | null;
};

/** The run was cancelled while this test ran: nothing of it is stored. */
export class TestCancelledError extends Error {
  constructor() {
    super("The run was cancelled");
    this.name = "TestCancelledError";
  }
}

/** A failure that makes the result `error` (something broke, not the agent's behaviour), with what broke. */
class TestBrokeError extends Error {}

/** The longest a caller turn (with its answer and checks) may take by default before the test is stopped. */
const TURN_BUDGET_MS = 120_000;

const describe = (error: unknown) => (error instanceof Error ? error.message : String(error));

function stopIfCancelled(signal: AbortSignal): void {
  if (signal.aborted) throw new TestCancelledError();
}

function brokeIfTurnFailed(events: RecordedEvent[]): void {
  const failure = turnFailure(events);
  if (failure) throw new TestBrokeError(`The agent's model failed: ${failure}`);
}

/**
 * Runs one test conversation against the agent and checks its expectations: the same engine (and in
 * voice, the same media session) as a call, behind the same host, with the conversation kept in a
 * store of its own. Never throws for the agent's or a model's failure (the outcome says `error`);
 * throws TestCancelledError when the signal aborts.
 */
export async function runAgentTest(environment: TestEnvironment, subject: TestSubject, test: AgentTestDefinition, cancel: AbortSignal): Promise<TestOutcome> {
  const startedAt = Date.now();
  // A model or provider that never answers must not hold the run: each conversation has a deadline.
  const budget = environment.turnBudgetMs ?? TURN_BUDGET_MS;
  const limitMs = ((test.type === "scripted" ? test.turns.length : test.max_turns) + 1) * budget;
  const deadline = AbortSignal.timeout(limitMs);
  const signal = AbortSignal.any([cancel, deadline]);
  const store = new TestConversationStore(subject.agent, subject, test.dynamic_variables_values);
  const start = { state: store.current.state_name, variables: store.current.variable_values };
  const host: RuntimeHostDependencies = { ...environment.host, http: mockedHttp(test.tool_mocks, environment.host.http) };
  const models = testModels(subject.agent, environment.env);
  const judge = llmJudge(environment.structured, models);
  let caller: TestCaller | null = null;
  let assertions: Assertion[] = [];
  let error: string | null = null;
  let endReason: CallEndReason | null = null;
  try {
    if (test.mode === "voice") {
      if (!environment.openVoiceCaller) throw new TestBrokeError("Voice tests cannot run in this process (no media)");
      caller = await environment.openVoiceCaller(store, host);
    } else caller = new TextTestCaller(host, store);
    const said = test.type === "scripted" ? await converseScripted(caller, store, test, signal) : await converseSimulated(caller, store, environment, subject, test, signal);
    endReason = store.current.end_reason;
    assertions =
      test.type === "scripted"
        ? await scriptedAssertions(test, store, start, caller.heardAnswers(), said, judge, signal)
        : await simulatedAssertions(test, store, start, judge, signal);
  } catch (failure) {
    if (cancel.aborted) throw new TestCancelledError();
    if (deadline.aborted) error = `The test took longer than ${limitMs / 1000} s (${budget / 1000} s a turn) and was stopped`;
    else error = failure instanceof TestBrokeError ? failure.message : `The test could not run: ${describe(failure)}`;
    endReason = store.current.end_reason;
  } finally {
    await caller?.close().catch(() => undefined);
  }
  const status: TestResultStatus = error ? "error" : assertions.every((assertion) => assertion.passed) ? "passed" : "failed";
  return {
    status,
    durationMs: Date.now() - startedAt,
    assertions: error ? [] : assertions,
    transcript: store.current.transcript,
    statesVisited: statesVisited(start.state, store.events),
    toolCalls: toolCallsOf(store.events, new Set(test.tool_mocks.map((mock) => mock.tool_name))),
    variableValues: store.current.variable_values,
    endReason,
    error,
    turnLatency: caller?.latency() ?? null,
  };
}

/** Says each turn in order until the script or the conversation is over; the number of turns said. */
async function converseScripted(caller: TestCaller, store: TestConversationStore, test: ScriptedTestDefinition, signal: AbortSignal): Promise<number> {
  await caller.start(signal);
  let said = 0;
  for (const turn of test.turns) {
    stopIfCancelled(signal);
    if (caller.ended()) break;
    if (!(await caller.say(turn.user, signal, { interruptAfterMs: turn.interrupt_after_ms }))) break;
    said++;
    brokeIfTurnFailed(store.events);
  }
  await caller.settle(signal);
  stopIfCancelled(signal);
  brokeIfTurnFailed(store.events);
  return said;
}

/** The simulated caller speaks, the agent answers, until the caller is done, the call ends, or max_turns. */
async function converseSimulated(
  caller: TestCaller,
  store: TestConversationStore,
  environment: TestEnvironment,
  subject: TestSubject,
  test: SimulatedTestDefinition,
  signal: AbortSignal,
): Promise<number> {
  const simulate = llmSimulatedCaller(environment.structured, testModels(subject.agent, environment.env), test.persona, test.goal);
  await caller.start(signal);
  await caller.settle(signal);
  let said = 0;
  for (let turn = 1; turn <= test.max_turns; turn++) {
    stopIfCancelled(signal);
    if (caller.ended()) break;
    let next;
    try {
      next = await simulate({ transcript: store.current.transcript, turn, maxTurns: test.max_turns, signal });
    } catch (error) {
      if (signal.aborted) throw new TestCancelledError();
      throw new TestBrokeError(`The simulated caller's model failed: ${describe(error)}`);
    }
    if (next.message.trim()) {
      if (!(await caller.say(next.message.trim(), signal))) break;
      await caller.settle(signal);
      said++;
      brokeIfTurnFailed(store.events);
    }
    if (next.end_call) break;
  }
  return said;
}

type Start = { state: string; variables: VariableValue[] };

/** The conversation after the k-th caller turn (0-based), as expectations see it. */
function turnObservation(store: TestConversationStore, start: Start, k: number, heard: string[] | null): Observation {
  const turns = turnEvents(store.events);
  const events = turns[k] ?? [];
  const next = turns[k + 1]?.[0];
  const at = conversationAt(start, store.events.slice(0, next ? store.events.indexOf(next) : store.events.length));
  return {
    scope: "turn",
    agentText: heard?.[k] ?? agentWords(events),
    toolCalls: toolCallsOf(events, new Set()),
    state: at.state,
    variables: at.variables,
    ended: at.ended,
    endReason: at.endReason,
  };
}

function conversationObservation(store: TestConversationStore, start: Start): Observation {
  const at = conversationAt(start, store.events);
  return {
    scope: "conversation",
    agentText: store.current.transcript
      .filter((entry) => entry.role === "agent")
      .map((entry) => entry.content)
      .join(" "),
    toolCalls: toolCallsOf(store.events, new Set()),
    state: at.state,
    variables: at.variables,
    ended: at.ended,
    endReason: at.endReason,
  };
}

/** The transcript up to the agent's answer to the k-th caller turn (what a judge of that answer reads). */
function transcriptThrough(transcript: TranscriptEntry[], k: number): TranscriptEntry[] {
  let users = 0;
  const end = transcript.findIndex((entry) => entry.role === "user" && users++ === k + 1);
  return end === -1 ? transcript : transcript.slice(0, end);
}

async function verdictFor(run: () => Promise<Verdict>, signal: AbortSignal): Promise<Verdict> {
  try {
    return await run();
  } catch (error) {
    if (signal.aborted) throw new TestCancelledError();
    throw new TestBrokeError(`The judge's model failed: ${describe(error)}`);
  }
}

async function check(expectation: Expectation, observation: Observation, turn: number | null, judge: Judge, transcript: TranscriptEntry[], signal: AbortSignal): Promise<Assertion> {
  if (expectation.type === "agent_says" && expectation.match === "judge") {
    const verdict = await verdictFor(
      () =>
        observation.scope === "turn"
          ? judge.answer({ transcript, answer: observation.agentText, expectation: expectation.value, signal })
          : judge.criterion({ transcript, toolCalls: observation.toolCalls, endReason: observation.endReason, criterion: `The agent ${expectation.value}`, signal }),
      signal,
    );
    return toAssertion(turn, expectation, checkExpectation(expectation, observation, verdict));
  }
  return toAssertion(turn, expectation, checkExpectation(expectation, observation));
}

async function endAssertions(expectations: Expectation[] | undefined, store: TestConversationStore, start: Start, judge: Judge, signal: AbortSignal): Promise<Assertion[]> {
  const out: Assertion[] = [];
  const observation = conversationObservation(store, start);
  for (const expectation of expectations ?? []) out.push(await check(expectation, observation, null, judge, store.current.transcript, signal));
  return out;
}

async function scriptedAssertions(
  test: ScriptedTestDefinition,
  store: TestConversationStore,
  start: Start,
  heard: string[] | null,
  said: number,
  judge: Judge,
  signal: AbortSignal,
): Promise<Assertion[]> {
  const out: Assertion[] = [];
  for (const [index, turn] of test.turns.entries()) {
    for (const expectation of turn.expect ?? []) {
      stopIfCancelled(signal);
      if (index >= said) {
        const reason = `The conversation had ended (${store.current.end_reason ?? "closed"}) before the caller could say this turn`;
        out.push(toAssertion(index, expectation, { passed: false, expected: null, actual: null, reason }));
        continue;
      }
      const observation = turnObservation(store, start, index, heard);
      out.push(await check(expectation, observation, index, judge, transcriptThrough(store.current.transcript, index), signal));
    }
  }
  out.push(...(await endAssertions(test.expect_end, store, start, judge, signal)));
  return out;
}

async function simulatedAssertions(test: SimulatedTestDefinition, store: TestConversationStore, start: Start, judge: Judge, signal: AbortSignal): Promise<Assertion[]> {
  const out: Assertion[] = [];
  const toolCalls = toolCallsOf(store.events, new Set(test.tool_mocks.map((mock) => mock.tool_name)));
  for (const criterion of test.success_criteria) {
    stopIfCancelled(signal);
    const verdict = await verdictFor(
      () => judge.criterion({ transcript: store.current.transcript, toolCalls, endReason: store.current.end_reason, criterion, goal: test.goal, signal }),
      signal,
    );
    out.push({ turn: null, type: SUCCESS_CRITERION, passed: verdict.verdict === "pass", expected: criterion, actual: verdict.verdict, reason: `Judge: ${verdict.reason}` });
  }
  out.push(...(await endAssertions(test.expect_end, store, start, judge, signal)));
  return out;
}
