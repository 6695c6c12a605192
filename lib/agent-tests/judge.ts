import "server-only";
import { z } from "zod";
import type { StructuredModel } from "@/lib/llm/structured-output";
import type { TestModels } from "@/lib/services/agent-tests/test-models";
import type { ToolCallRecord } from "@/lib/schemas/agent-tests";
import type { CallEndReason, TranscriptEntry } from "@/lib/schemas/call-values";
import { toolCallsText, transcriptText } from "./conversation-text";
import type { Verdict } from "./expectations/check-expectation";

/** The judge's structured answer, at temperature 0. */
export const VerdictSchema = z.object({
  verdict: z.enum(["pass", "fail"]).describe("pass when the statement holds, else fail"),
  reason: z.string().describe("One short sentence: why"),
});

const SYSTEM = [
  "You are a strict, fair judge of tests of an AI voice agent (a phone assistant).",
  "You are given a conversation between the agent and a caller and one statement to check.",
  "Answer verdict pass only when the conversation clearly shows the statement holds; otherwise fail.",
  "Judge meaning, not wording: paraphrases count. Give a one-sentence reason that names what the agent did or did not do.",
].join(" ");

export type Judge = {
  /** Does the agent's answer to the last caller turn do what `expectation` says? */
  answer(input: { transcript: TranscriptEntry[]; answer: string; expectation: string; signal?: AbortSignal }): Promise<Verdict>;
  /** Does the whole conversation meet the criterion? */
  criterion(input: { transcript: TranscriptEntry[]; toolCalls: ToolCallRecord[]; endReason: CallEndReason | null; criterion: string; goal?: string; signal?: AbortSignal }): Promise<Verdict>;
};

/** The LLM judge of a test run: the agent's provider, TEST_JUDGE_MODEL or the agent's model. */
export function llmJudge(model: StructuredModel, models: TestModels): Judge {
  const ask = (prompt: string, signal?: AbortSignal) =>
    model({ provider: models.provider, model: models.judge, system: SYSTEM, prompt, schema: VerdictSchema, abortSignal: signal });
  return {
    answer: ({ transcript, answer, expectation, signal }) =>
      ask(
        [
          "Conversation so far:",
          transcriptText(transcript),
          "",
          `The agent's answer being judged (to the caller's last words): ${answer.trim() ? JSON.stringify(answer) : "(the agent said nothing)"}`,
          "",
          `Statement to check about that answer: ${expectation}`,
        ].join("\n"),
        signal,
      ),
    criterion: ({ transcript, toolCalls, endReason, criterion, goal, signal }) =>
      ask(
        [
          ...(goal ? [`The caller's goal: ${goal}`, ""] : []),
          "The whole conversation:",
          transcriptText(transcript),
          "",
          "Tools the agent called (with their results):",
          toolCallsText(toolCalls),
          "",
          `How the call ended: ${endReason ?? "it was still going when the test stopped"}`,
          "",
          `Statement to check about the conversation: ${criterion}`,
        ].join("\n"),
        signal,
      ),
  };
}
