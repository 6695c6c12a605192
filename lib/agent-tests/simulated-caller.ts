import "server-only";
import { z } from "zod";
import type { StructuredModel } from "@/lib/llm/structured-output";
import type { TestModels } from "@/lib/services/agent-tests/test-models";
import type { TranscriptEntry } from "@/lib/schemas/call-values";
import { transcriptText } from "./conversation-text";

/** The simulated caller's structured answer, at temperature 0. */
export const CallerTurnSchema = z.object({
  message: z.string().describe("What you say next, as spoken words; empty when you hang up without a word"),
  end_call: z.boolean().describe("true once your goal is reached, the agent ended the call, or you cannot get further: you hang up after saying message"),
});
export type CallerTurn = z.infer<typeof CallerTurnSchema>;

export type SimulatedCaller = (input: { transcript: TranscriptEntry[]; turn: number; maxTurns: number; signal?: AbortSignal }) => Promise<CallerTurn>;

/** A caller played by an LLM (TEST_SIMULATOR_MODEL, or the agent's model) from the test's persona and goal. */
export function llmSimulatedCaller(model: StructuredModel, models: TestModels, persona: string, goal: string): SimulatedCaller {
  const system = [
    "You play a caller phoning a business, to test its AI voice agent. Stay in character throughout.",
    `Who you are and how you talk: ${persona}`,
    `What you want from this call: ${goal}`,
    "Say one short turn at a time, as spoken words (no stage directions, no lists, no markdown). Answer what the agent asks, as your character would.",
    "Never say that you are an AI, a test or a simulation. Do not invent a new goal.",
    "Set end_call to true when your goal has been reached and said goodbye to, when the agent has ended the conversation, or when you clearly cannot get further.",
  ].join("\n");
  return ({ transcript, turn, maxTurns, signal }) =>
    model({
      provider: models.provider,
      model: models.simulator,
      system,
      prompt: [
        "The conversation so far (you are the Caller):",
        transcriptText(transcript),
        "",
        `This is your turn ${turn} of at most ${maxTurns}. What do you say next?`,
      ].join("\n"),
      schema: CallerTurnSchema,
      abortSignal: signal,
    });
}
