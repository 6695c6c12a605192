import type { AgentDocument } from "@/lib/agents/normalize";
import { agentVariables } from "@/lib/agents/variables";
import type { AgentTestDefinition, Expectation } from "@/lib/schemas/agent-tests";
import type { FieldProblem } from "@/lib/utils/domain-errors";
import { agentLlmProblem, judgeProblem, simulatorProblem } from "./test-models";

type Env = Record<string, string | undefined>;

/** What keeps voice tests from running: the agent's transcriber and voice not configured on the server (lib/media says). */
export type SpeechProblems = (agent: AgentDocument) => FieldProblem[];

export type TestRuleOptions = { env: Env; speechProblems: SpeechProblems };

const builtInTools = ["hang_up", "transfer_call", "wait", "leave_voicemail_message"] as const;

/** The names a test may refer to in this agent version. */
export function agentNames(agent: AgentDocument) {
  const customFunctions = new Set<string>();
  const tools = new Set<string>();
  for (const state of agent.states) {
    for (const tool of state.tools) {
      if (tool.type === "custom_function") {
        customFunctions.add(tool.name);
        tools.add(tool.name);
      } else tools.add(tool.type);
    }
  }
  return {
    states: agent.states.map((state) => state.name),
    tools: [...tools],
    customFunctions: [...customFunctions],
    variables: agentVariables(agent).map((variable) => variable.name),
  };
}

const quoteList = (names: string[]) => (names.length ? names.map((name) => `"${name}"`).join(", ") : "none");

/**
 * Everything in the test that this agent version cannot satisfy, each at its path: tool, state and
 * variable names it does not have, mocks of tools that make no request, judge expectations and
 * simulated tests when no LLM can be reached, voice tests without speech providers.
 */
export function testProblems(test: AgentTestDefinition, agent: AgentDocument, options: TestRuleOptions): FieldProblem[] {
  const names = agentNames(agent);
  const variables = new Set([...names.variables, ...Object.keys(test.dynamic_variables_values ?? {})]);
  const problems: FieldProblem[] = [];
  const judge = judgeProblem(agent, options.env);

  const checkExpectation = (expectation: Expectation, path: string) => {
    switch (expectation.type) {
      case "agent_says":
        if (expectation.match === "judge" && judge) problems.push({ field: `${path}.match`, message: judge });
        break;
      case "tool_called":
      case "tool_not_called":
        if (!names.tools.includes(expectation.tool_name)) {
          const known = builtInTools.includes(expectation.tool_name as (typeof builtInTools)[number]) ? " (a built-in tool the agent's states do not have)" : "";
          problems.push({ field: `${path}.tool_name`, message: `The agent has no tool "${expectation.tool_name}"${known}; its tools: ${quoteList(names.tools)}` });
        }
        break;
      case "state":
        if (!names.states.includes(expectation.state_name)) {
          problems.push({ field: `${path}.state_name`, message: `The agent has no state "${expectation.state_name}"; its states: ${quoteList(names.states)}` });
        }
        break;
      case "variable":
        if (!variables.has(expectation.name)) {
          problems.push({ field: `${path}.name`, message: `The agent defines no variable "${expectation.name}" (nor does the test's dynamic_variables_values); its variables: ${quoteList(names.variables)}` });
        }
        break;
      case "ended":
        break;
    }
  };

  test.tool_mocks.forEach((mock, index) => {
    if (names.customFunctions.includes(mock.tool_name)) return;
    const message = names.tools.includes(mock.tool_name)
      ? `"${mock.tool_name}" is a built-in tool: it makes no request to mock; only custom_function tools can be mocked (${quoteList(names.customFunctions)})`
      : `The agent has no custom_function "${mock.tool_name}"; its custom functions: ${quoteList(names.customFunctions)}`;
    problems.push({ field: `tool_mocks[${index}].tool_name`, message });
  });
  if (test.type === "scripted") {
    test.turns.forEach((turn, t) => turn.expect?.forEach((expectation, e) => checkExpectation(expectation, `turns[${t}].expect[${e}]`)));
    if (test.mode !== "voice") {
      test.turns.forEach((turn, t) => {
        if (turn.interrupt_after_ms !== undefined) problems.push({ field: `turns[${t}].interrupt_after_ms`, message: "Only voice tests can interrupt the agent (mode: voice)" });
      });
    } else if (test.turns[0]?.interrupt_after_ms !== undefined && !agent.initial_message) {
      problems.push({ field: "turns[0].interrupt_after_ms", message: "The first turn can interrupt only the agent's greeting, and the agent has no initial_message" });
    }
  } else {
    const simulator = simulatorProblem(agent, options.env);
    if (simulator) problems.push({ field: "type", message: simulator });
  }
  test.expect_end?.forEach((expectation, e) => checkExpectation(expectation, `expect_end[${e}]`));
  if (test.mode === "voice") problems.push(...voiceProblems(agent, options));
  return problems;
}

/** A voice test needs the agent's transcriber and voice configured on the server. */
export function voiceProblems(agent: AgentDocument, options: TestRuleOptions): FieldProblem[] {
  return options.speechProblems(agent).map((problem) => ({ field: problem.field, message: `A voice test needs the agent's transcriber and voice: ${problem.message}` }));
}

/** What keeps a run from starting at all: the agent's own model not reachable. */
export function runProblems(agent: AgentDocument, env: Env): FieldProblem[] {
  const problem = agentLlmProblem(agent, env);
  return problem ? [{ field: "agent_id", message: `The agent's tests talk to its model, which cannot be reached: ${problem}` }] : [];
}
