import type { AgentDocument } from "@/lib/agents/normalize";
import { llmConfigurationProblem, type LlmProvider } from "@/lib/llm/language-model";

type Env = Record<string, string | undefined>;

/** The models of a test's simulated caller and judge: TEST_SIMULATOR_MODEL / TEST_JUDGE_MODEL, else the agent's, through the agent's provider. */
export type TestModels = { provider: LlmProvider; simulator: string; judge: string };

export function testModels(agent: Pick<AgentDocument, "llm">, env: Env = process.env): TestModels {
  const read = (name: string) => env[name]?.trim() || undefined;
  return { provider: agent.llm.provider as LlmProvider, simulator: read("TEST_SIMULATOR_MODEL") ?? agent.llm.model, judge: read("TEST_JUDGE_MODEL") ?? agent.llm.model };
}

/** Null when the judge can be reached; else what to set (the provider's variables, and the model variable). */
export function judgeProblem(agent: Pick<AgentDocument, "llm">, env: Env = process.env): string | null {
  const models = testModels(agent, env);
  const problem = llmConfigurationProblem({ provider: models.provider, model: models.judge }, env);
  return problem && `No LLM can be reached for judging. ${problem} The judge uses TEST_JUDGE_MODEL (default the agent's llm.model) through the agent's provider.`;
}

/** Null when the simulated caller and its judge can be reached; else what to set. */
export function simulatorProblem(agent: Pick<AgentDocument, "llm">, env: Env = process.env): string | null {
  const models = testModels(agent, env);
  const problem = llmConfigurationProblem({ provider: models.provider, model: models.simulator }, env);
  return (
    problem &&
    `No LLM can be reached for the simulated caller and its judge. ${problem} They use TEST_SIMULATOR_MODEL and TEST_JUDGE_MODEL (default the agent's llm.model) through the agent's provider.`
  );
}

/** Null when the agent's own model can be reached (its tests talk to it). */
export function agentLlmProblem(agent: Pick<AgentDocument, "llm">, env: Env = process.env): string | null {
  return llmConfigurationProblem({ provider: agent.llm.provider as LlmProvider, model: agent.llm.model }, env);
}
