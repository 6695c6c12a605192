import "server-only";
import { generateText, Output, type LanguageModel } from "ai";
import { mergeCategories, redactText } from "@/lib/redaction/find-pii";
import type { PiiCategory } from "@/lib/redaction/pii-categories";
import { withCategories } from "../calls/call-redaction";
import { and, asc, eq, inArray } from "drizzle-orm";
import { z } from "zod";
import type { Database } from "@/lib/db/client";
import {
  callPostCallAnswers,
  calls,
  postCallQuestionOptions,
  postCallQuestions,
  type QuestionType,
  type SelectedOption,
} from "@/lib/db/schema";
import type { TranscriptEntry } from "@/lib/schemas/call-values";
import { DEFAULT_LLM_MODEL, resolveLanguageModel } from "@/lib/llm/language-model";
import { agentLlm, type AgentLlm } from "./agent-llm";
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

/** An active question with its options, as asked. */
export type Question = {
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

export async function activeQuestions(db: Database, organizationId: string, agentId: string): Promise<Question[]> {
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

export type PostCallAnswersResult = { answered: number; skipped: "no_transcript" | "no_questions" | null; failures: { questionId: string; error: string }[] };

export type CallForAnswers = { id: string; organizationId: string; agentId: string; agentVersion: number | null; transcript: TranscriptEntry[] };

/** Answers asked and not stored, the questions that failed, and the kinds of PII taken out of the answers (a redacting agent's). */
export type AskedQuestions = { rows: AnswerRow[]; failures: { questionId: string; error: string }[]; categories: PiiCategory[] };

/** An answer as the row it is stored as (the question copied in, so the call's record survives later edits of the question). */
export type AnswerRow = typeof callPostCallAnswers.$inferInsert;

/**
 * Asks each question about the call: one structured LLM request per question (its own model,
 * POST_CALL_MODEL, or the agent's). Returns the rows to store and the questions whose request failed.
 * A provider that is not configured fails every question alike: that error is thrown.
 */
export async function askPostCallQuestions(
  db: Database,
  call: CallForAnswers,
  questions: Question[],
  settings: PostCallAnswerSettings,
  /** The provider and model of the call's agent version, when the caller already has them. */
  knownLlm?: AgentLlm,
): Promise<AskedQuestions> {
  if (!questions.length) return { rows: [], failures: [], categories: [] };
  const llm = knownLlm ?? (await agentLlm(db, call.agentId, call.agentVersion));
  const redacting = llm.redacting;
  const models = new Map<string, LanguageModel>();
  const modelFor = (name: string) => {
    if (!models.has(name)) models.set(name, resolveLanguageModel({ provider: llm.provider, model: name }, settings.env ?? process.env));
    return models.get(name)!;
  };
  const rows: AnswerRow[] = [];
  const failures: { questionId: string; error: string }[] = [];
  const found: PiiCategory[][] = [];
  for (const question of questions) {
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
        found.push(redacted.categories);
      }
    } catch (error) {
      if ((error as Error).name === "LlmNotConfiguredError") throw error;
      failures.push({ questionId: question.id, error: (error as Error).message });
      continue;
    }
    rows.push({
      organizationId: call.organizationId,
      callId: call.id,
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
    });
  }
  return { rows, failures, categories: mergeCategories(...found) };
}

async function loadCall(db: Database, callId: string): Promise<CallForAnswers | undefined> {
  const [call] = await db
    .select({ id: calls.id, organizationId: calls.organizationId, agentId: calls.agentId, agentVersion: calls.agentVersion, transcript: calls.transcript })
    .from(calls)
    .where(eq(calls.id, callId));
  return call;
}

/** Whether anyone said anything: a call nobody spoke in (unanswered, failed) gets no answers, as the seeded history has none. */
const spoken = (transcript: TranscriptEntry[]) => transcript.some((entry) => entry.content.trim());

/**
 * Answers each active question of the call's agent that has no answer on the call yet. Stored answers
 * are never asked again, and the unique (call, question) index drops a concurrent duplicate, so a
 * retried or doubled job neither repeats work already stored nor stores two answers.
 */
export async function answerPostCallQuestions(db: Database, callId: string, settings: PostCallAnswerSettings = {}): Promise<PostCallAnswersResult> {
  const call = await loadCall(db, callId);
  if (!call) return { answered: 0, skipped: "no_questions", failures: [] };
  if (!spoken(call.transcript)) return { answered: 0, skipped: "no_transcript", failures: [] };
  const questions = await activeQuestions(db, call.organizationId, call.agentId);
  const done = new Set(
    (await db.select({ questionId: callPostCallAnswers.questionId }).from(callPostCallAnswers).where(eq(callPostCallAnswers.callId, callId))).map((row) => row.questionId),
  );
  const pending = questions.filter((question) => !done.has(question.id));
  if (!pending.length) return { answered: 0, skipped: questions.length ? null : "no_questions", failures: [] };
  const { rows, failures, categories } = await askPostCallQuestions(db, call, pending, settings);
  if (categories.length) await db.update(calls).set({ redactedCategories: withCategories(categories) }).where(eq(calls.id, callId));
  let answered = 0;
  for (const row of rows) {
    const inserted = await db
      .insert(callPostCallAnswers)
      .values(row)
      .onConflictDoNothing({ target: [callPostCallAnswers.callId, callPostCallAnswers.questionId] })
      .returning({ id: callPostCallAnswers.id });
    answered += inserted.length;
  }
  return { answered, skipped: null, failures };
}

/**
 * A re-run's answers: every active question of the call's agent asked again (none when nobody spoke).
 * Nothing is stored: the re-run replaces the call's answers with these in one transaction, and only
 * when no question failed.
 */
export async function reanswerPostCallQuestions(
  db: Database,
  call: CallForAnswers,
  settings: PostCallAnswerSettings = {},
  /** The agent's active questions and the version's model, when the caller already has them (a batch of one agent's calls). */
  known?: { questions: Question[]; llm: AgentLlm },
): Promise<AskedQuestions> {
  if (!spoken(call.transcript)) return { rows: [], failures: [], categories: [] };
  const questions = known?.questions ?? (await activeQuestions(db, call.organizationId, call.agentId));
  return askPostCallQuestions(db, call, questions, settings, known?.llm);
}
