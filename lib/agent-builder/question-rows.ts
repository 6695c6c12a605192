import { choiceTypes } from "@/lib/schemas/post-call-question-rules";
import type { BatchItemError, PostCallQuestion, PostCallQuestionItem, QuestionType } from "@/lib/voice-api/post-call-questions";

export { choiceTypes };

/** A question as the form edits it; `key` is stable across saves (the id once it has one). */
export type QuestionRow = {
  key: string;
  id: string | null;
  name: string;
  description: string;
  type: QuestionType;
  optional: boolean;
  /** "" = the organization's default model. */
  model: string;
  examples: string[];
  options: { option_id?: string; value: string }[];
  is_active: boolean;
};

export function rowFromQuestion(question: PostCallQuestion): QuestionRow {
  return {
    key: question.id,
    id: question.id,
    name: question.name,
    description: question.description,
    type: question.type,
    optional: question.optional,
    model: question.model ?? "",
    examples: [...question.examples],
    options: question.options.map((option) => ({ option_id: option.id, value: option.value })),
    is_active: question.is_active,
  };
}

export function itemFromRow(row: QuestionRow): PostCallQuestionItem {
  const choice = choiceTypes.includes(row.type);
  return {
    ...(row.id ? { id: row.id } : {}),
    name: row.name,
    description: row.description,
    type: row.type,
    optional: row.optional,
    model: row.model.trim() ? row.model.trim() : null,
    examples: row.examples.filter((example) => example.trim()),
    // Other types take no options; leaving the field out keeps (or, on a type change, drops) them.
    ...(choice ? { options: row.options.map((option) => (row.id && option.option_id ? option : { value: option.value })) } : {}),
  };
}

const comparable = (row: QuestionRow) => JSON.stringify(itemFromRow(row));

/** Rows new or changed since the saved questions, in row order: what the batch upsert sends. */
export function changedRows(rows: QuestionRow[], saved: PostCallQuestion[]): QuestionRow[] {
  const byId = new Map(saved.map((question) => [question.id, comparable(rowFromQuestion(question))]));
  return rows.filter((row) => !row.id || byId.get(row.id) !== comparable(row));
}

/** The batch's per-item errors by the key of the row each item came from; the field path loses its `questions[i].` prefix. */
export function errorsByRow(sent: QuestionRow[], errors: BatchItemError[]): Record<string, { field: string; message: string }[]> {
  const out: Record<string, { field: string; message: string }[]> = {};
  for (const error of errors) {
    const row = sent[error.index];
    if (!row) continue;
    const field = error.field.replace(/^questions\[\d+\]\.?/, "");
    (out[row.key] ??= []).push({ field, message: error.message });
  }
  return out;
}
