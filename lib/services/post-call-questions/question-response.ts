import type { postCallQuestionOptions, postCallQuestions } from "@/lib/db/schema";
import type { PostCallQuestion } from "@/lib/schemas/post-call-questions";

export type QuestionRow = typeof postCallQuestions.$inferSelect;
export type OptionRow = typeof postCallQuestionOptions.$inferSelect;

/** A stored question and its options (in order) as the API returns it. */
export function toPostCallQuestion(row: QuestionRow, options: OptionRow[]): PostCallQuestion {
  return {
    id: row.id,
    agent_id: row.agentId,
    name: row.name,
    description: row.description,
    type: row.type,
    optional: row.optional,
    model: row.model,
    examples: row.examples,
    options: options.map((option) => ({ id: option.id, value: option.value, created_at: option.createdAt.toISOString() })),
    is_active: row.isActive,
    question_origin: row.questionOrigin,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}
