import "server-only";
import { generateText, Output, type LanguageModel } from "ai";
import { redactText } from "@/lib/redaction/find-pii";
import { callDataStorage, withCategories } from "../calls/call-redaction";
import { and, asc, eq, inArray } from "drizzle-orm";
import { z } from "zod";
import type { Database } from "@/lib/db/client";
import {
  agents,
  agentVersions,
  callPostCallAnswers,
  calls,
  postCallQuestionOptions,
  postCallQuestions,
  type QuestionType,
  type SelectedOption,
} from "@/lib/db/schema";
import type { TranscriptEntry } from "@/lib/schemas/call-values";
import { DEFAULT_LLM_MODEL, resolveLanguageModel, type LlmProvider } from "@/lib/llm/language-model";
import { sameText } from "@/lib/schemas/post-call-question-rules";

type Env = Record<string, string | undefined>;

export type PostCallAnswerSettings = {
  /** Where provider keys and endpoints come from (process.env in production). */
  env?: Env;
  /** POST_CALL_MODEL: the model for questions without one; else the agent's own model. */
  defaultModel?: string;
  /** One LLM request's limit (default 60 s). */
  timeoutMs?: number;
};

type Question = {
  id: string;
  name: string;
  description: string;
  type: QuestionType;
  optional: boolean;
  model: string | null;
  examples: string[];
  questionOrigin: string;
  options: { id: string; value: string }[];
};

type Answer = { hasAnswer: boolean; text: string | null; number: number | null; boolean: boolean | null; selected: SelectedOption[] };

const SYSTEM_PROMPT = [
  "You answer one question about a finished conversation between an AI voice agent and a caller, using only its transcript.",
  "If the transcript does not contain the answer, set has_answer to false and answer to null (an empty list for a multiple choice).",
  "Never guess or invent an answer the transcript does not support.",
].join(" ");

/** The structured output each question type asks for; choices are restricted to the option values. */
type ModelAnswer = { has_answer: boolean; answer: unknown };

function answerSchema(question: Question): z.ZodType<ModelAnswer> {
  const values = question.options.map((option) => option.value) as [string, ...string[]];
  switch (question.type) {
    case "boolean":
      return z.object({ has_answer: z.boolean(), answer: z.boolean().nullable() });
    case "number":
      return z.object({ has_answer: z.boolean(), answer: z.number().nullable() });
    case "single_choice":
      return z.object({ has_answer: z.boolean(), answer: z.enum(values).nullable() });
    case "multi_choice":
      return z.object({ has_answer: z.boolean(), answer: z.array(z.enum(values)) });
    default:
      return z.object({ has_answer: z.boolean(), answer: z.string().nullable() });
  }
}

const typeInstructions: Record<QuestionType, string> = {
  text: "Answer in a short sentence or phrase.",
  boolean: "Answer true or false.",
  number: "Answer with a number.",
  single_choice: "Answer with exactly one of the options, written as given.",
  multi_choice: "Answer with every option that applies (one or more), written as given.",
};

function questionPrompt(question: Question, transcript: TranscriptEntry[]): string {
  const lines = [`Question: ${question.name}`];
  if (question.description) lines.push(`Details: ${question.description}`);
  if (question.options.length) lines.push(`Options: ${question.options.map((option) => JSON.stringify(option.value)).join(", ")}`);
  if (question.examples.length) lines.push(`Example answers: ${question.examples.map((example) => JSON.stringify(example)).join(", ")}`);
  lines.push(typeInstructions[question.type], "", "Transcript:");
  for (const entry of transcript) lines.push(`${entry.role === "agent" ? "Agent" : "Caller"}: ${entry.content}`);
  return lines.join("\n");
}

/** The model's answer as the stored fields; an answer outside the options counts as none. */
function toAnswer(question: Question, output: ModelAnswer): Answer {
  const none: Answer = { hasAnswer: false, text: null, number: null, boolean: null, selected: [] };
  if (!output.has_answer || output.answer === null || output.answer === undefined) return none;
  const option = (value: unknown) => question.options.find((candidate) => typeof value === "string" && sameText(candidate.value) === sameText(value));
  switch (question.type) {
    case "boolean":
      return typeof output.answer === "boolean" ? { ...none, hasAnswer: true, boolean: output.answer } : none;
    case "number":
      return typeof output.answer === "number" && Number.isFinite(output.answer) ? { ...none, hasAnswer: true, number: output.answer } : none;
    case "single_choice": {
      const chosen = option(output.answer);
      return chosen ? { ...none, hasAnswer: true, selected: [{ option: { id: chosen.id, value: chosen.value } }] } : none;
    }
    case "multi_choice": {
      const chosen = (Array.isArray(output.answer) ? output.answer : []).map(option).filter((found) => found !== undefined);
      const unique = question.options.filter((candidate) => chosen.includes(candidate));
      return unique.length ? { ...none, hasAnswer: true, selected: unique.map((found) => ({ option: { id: found.id, value: found.value } })) } : none;
    }
    default: {
      const text = typeof output.answer === "string" ? output.answer.trim() : "";
      return text ? { ...none, hasAnswer: true, text } : none;
    }
  }
}

async function activeQuestions(db: Database, organizationId: string, agentId: string): Promise<Question[]> {
  const rows = await db
    .select()
    .from(postCallQuestions)
    .where(and(eq(postCallQuestions.organizationId, organizationId), eq(postCallQuestions.agentId, agentId), eq(postCallQuestions.isActive, true)))
    .orderBy(asc(postCallQuestions.createdAt), asc(postCallQuestions.id));
  if (!rows.length) return [];
  const options = await db
    .select()
    .from(postCallQuestionOptions)
    .where(inArray(postCallQuestionOptions.questionId, rows.map((row) => row.id)))
    .orderBy(asc(postCallQuestionOptions.position));
  return rows.map((row) => ({
    ...row,
    options: options.filter((option) => option.questionId === row.id).map((option) => ({ id: option.id, value: option.value })),
  }));
}

/** The provider and model of the agent version that handled the call. */
async function agentLlm(db: Database, agentId: string, version: number | null): Promise<{ provider?: LlmProvider; model?: string }> {
  const [row] = await db
    .select({ config: agentVersions.config })
    .from(agents)
    .innerJoin(agentVersions, and(eq(agentVersions.agentId, agents.id), eq(agentVersions.version, version ?? agents.publishedVersion)))
    .where(eq(agents.id, agentId));
  const llm = (row?.config as { llm?: { provider?: LlmProvider; model?: string } } | undefined)?.llm;
  return { provider: llm?.provider, model: llm?.model };
}

export type PostCallAnswersResult = { answered: number; skipped: "no_transcript" | "no_questions" | null; failures: { questionId: string; error: string }[] };

/**
 * Answers each active question of the call's agent that has no answer on the call yet: one structured
 * LLM request per question (its own model, POST_CALL_MODEL, or the agent's). Stored answers are never
 * asked again, and the unique (call, question) index drops a concurrent duplicate, so a retried or
 * doubled job neither repeats work already stored nor stores two answers.
 */
export async function answerPostCallQuestions(db: Database, callId: string, settings: PostCallAnswerSettings = {}): Promise<PostCallAnswersResult> {
  const [call] = await db
    .select({ organizationId: calls.organizationId, agentId: calls.agentId, agentVersion: calls.agentVersion, transcript: calls.transcript })
    .from(calls)
    .where(eq(calls.id, callId));
  if (!call) return { answered: 0, skipped: "no_questions", failures: [] };
  // A call nobody spoke in (unanswered, failed) gets no answers, as the seeded history has none.
  if (!call.transcript.some((entry) => entry.content.trim())) return { answered: 0, skipped: "no_transcript", failures: [] };
  const questions = await activeQuestions(db, call.organizationId, call.agentId);
  const done = new Set(
    (await db.select({ questionId: callPostCallAnswers.questionId }).from(callPostCallAnswers).where(eq(callPostCallAnswers.callId, callId))).map((row) => row.questionId),
  );
  const pending = questions.filter((question) => !done.has(question.id));
  if (!pending.length) return { answered: 0, skipped: questions.length ? null : "no_questions", failures: [] };

  const llm = await agentLlm(db, call.agentId, call.agentVersion);
  const redacting = (await callDataStorage(db, callId)) !== "everything";
  const models = new Map<string, LanguageModel>();
  const modelFor = (name: string) => {
    if (!models.has(name)) models.set(name, resolveLanguageModel({ provider: llm.provider, model: name }, settings.env ?? process.env));
    return models.get(name)!;
  };
  let answered = 0;
  const failures: PostCallAnswersResult["failures"] = [];
  for (const question of pending) {
    let answer: Answer;
    try {
      const result = await generateText({
        model: modelFor(question.model ?? settings.defaultModel ?? llm.model ?? DEFAULT_LLM_MODEL),
        system: SYSTEM_PROMPT,
        prompt: questionPrompt(question, call.transcript),
        output: Output.object({ schema: answerSchema(question) }),
        temperature: 0,
        // The job itself is retried; one quick retry here covers a dropped connection.
        maxRetries: 1,
        abortSignal: AbortSignal.timeout(settings.timeoutMs ?? 60_000),
      });
      answer = toAnswer(question, result.output);
      if (redacting && answer.text) {
        const redacted = redactText(answer.text);
        answer = { ...answer, text: redacted.value };
        if (redacted.categories.length) await db.update(calls).set({ redactedCategories: withCategories(redacted.categories) }).where(eq(calls.id, callId));
      }
    } catch (error) {
      // A provider that is not configured fails every question alike; the caller decides what that means.
      if ((error as Error).name === "LlmNotConfiguredError") throw error;
      failures.push({ questionId: question.id, error: (error as Error).message });
      continue;
    }
    const inserted = await db
      .insert(callPostCallAnswers)
      .values({
        organizationId: call.organizationId,
        callId,
        questionId: question.id,
        questionName: question.name,
        questionDescription: question.description,
        questionType: question.type,
        questionOptional: question.optional,
        questionOrigin: question.questionOrigin,
        hasAnswer: answer.hasAnswer,
        answerText: answer.text,
        answerNumber: answer.number,
        answerBoolean: answer.boolean,
        selectedOptions: answer.selected,
      })
      .onConflictDoNothing({ target: [callPostCallAnswers.callId, callPostCallAnswers.questionId] })
      .returning({ id: callPostCallAnswers.id });
    answered += inserted.length;
  }
  return { answered, skipped: null, failures };
}
