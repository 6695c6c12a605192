import { z } from "@hono/zod-openapi";
import { uuidPathParam } from "./common";
import { batchNameProblems, QUESTION_LIMITS as LIMITS, questionInputProblems, questionTypes } from "./post-call-question-rules";

export { choiceTypes, questionTypes, type QuestionType } from "./post-call-question-rules";

const atMost = (n: number) => `At most ${n} characters`;
const nonEmpty = "Must not be empty";
const BATCH_MESSAGE = `Must hold 1 to ${LIMITS.batch} questions`;
const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === "object" && value !== null && !Array.isArray(value);

export const PostCallQuestionOptionInputSchema = z
  .strictObject({
    value: z.string().trim().min(1, nonEmpty).max(LIMITS.optionValue, atMost(LIMITS.optionValue)).openapi({ example: "Dinner" }),
    option_id: z
      .uuid("Must be a UUID")
      .optional()
      .openapi({
        description:
          "PATCH of an existing question only: the id of one of its options, which keeps that id and takes `value` " +
          "(a rename). Not accepted when creating a question.",
      }),
  })
  .openapi("PostCallQuestionOptionInput");

const itemShape = {
  id: z
    .uuid("Must be a UUID")
    .optional()
    .openapi({
      description:
        "PATCH: the id of a question of this agent, which the item updates; an id that is not one is an error of the item " +
        "(it does not create a question with that id). POST: not accepted (400), ids are assigned by the server.",
    }),
  name: z
    .string()
    .trim()
    .min(1, nonEmpty)
    .max(LIMITS.name, atMost(LIMITS.name))
    .optional()
    .openapi({ description: "Required when creating. Unique among the agent's questions, ignoring case.", example: "Booking confirmed" }),
  description: z
    .string()
    .max(LIMITS.description, atMost(LIMITS.description))
    .optional()
    .openapi({ description: "What to ask about the call; the model reads it. Default empty.", default: "", example: "Did the caller confirm a table booking?" }),
  type: z
    .enum(questionTypes, { message: `Must be one of ${questionTypes.join(", ")}` })
    .optional()
    .openapi({ description: "Required when creating. single_choice and multi_choice need options; the other types take none." }),
  optional: z
    .boolean()
    .optional()
    .openapi({ description: "When true, an answer may be left empty (has_answer false). Default false.", default: false }),
  model: z
    .string()
    .trim()
    .min(1, nonEmpty)
    .max(LIMITS.model, atMost(LIMITS.model))
    .nullable()
    .optional()
    .openapi({ description: "Model that answers the question; null (default) uses your organization's default model.", default: null, example: "gpt-4o-mini" }),
  examples: z
    .array(z.string().trim().min(1, nonEmpty).max(LIMITS.example, atMost(LIMITS.example)))
    .max(LIMITS.examples, `At most ${LIMITS.examples} examples`)
    .optional()
    .openapi({ description: "Example answers that guide the model. Default [].", default: [], example: ["yes", "no"] }),
  options: z
    .array(PostCallQuestionOptionInputSchema)
    .max(LIMITS.options, `At most ${LIMITS.options} options`)
    .optional()
    .openapi({
      description:
        "single_choice and multi_choice: required when creating, at least one, values unique ignoring case. Refused (400) for other " +
        "types, except an empty list. On update, when sent, it is the whole new list: an entry keeps the id of the option named by " +
        "its `option_id`, else of a not yet matched option with the same value (ignoring case); options left out are removed, so " +
        "answers that refer to a kept option keep their meaning. Omitted on update: the options are kept (removed when the type " +
        "changes to one without options).",
    }),
};

/** The item rules zod cannot see field by field run beside its checks, so one request reports every problem. */
const itemRules = (mode: "create" | "upsert") => (value: unknown, ctx: z.RefinementCtx) => {
  for (const problem of questionInputProblems(value, mode)) ctx.addIssue({ code: "custom", path: problem.path, message: problem.message });
};
const always = { when: () => true };

/** A POST item: `id` and `option_id` are refused; name and type (and options for choice types) are required. */
export const PostCallQuestionInputSchema = z
  .strictObject(itemShape)
  .superRefine(itemRules("create"), always)
  .openapi("PostCallQuestionInput", {
    description:
      "A question to create or update. Creating: name and type are required (and options for single_choice and multi_choice); " +
      "the other fields take their defaults. Updating (PATCH with `id`): every field is optional and omitted fields keep their values.",
  });

/** A PATCH item, validated one by one so that an invalid item is reported in `errors` instead of failing the request. */
export const UpsertPostCallQuestionItemSchema = z.strictObject(itemShape).superRefine(itemRules("upsert"), always);

/** One batch item as the API accepts it (trimmed). Without `id` it creates; with one (PATCH only) it updates. */
export type PostCallQuestionItem = z.infer<typeof UpsertPostCallQuestionItemSchema>;

export const CreatePostCallQuestionsBodySchema = z
  .strictObject({
    questions: z
      .array(PostCallQuestionInputSchema)
      .min(1, BATCH_MESSAGE)
      .max(LIMITS.batch, BATCH_MESSAGE)
      .openapi({ description: `1 to ${LIMITS.batch} questions.` }),
  })
  .superRefine((body, ctx) => {
    if (!isRecord(body) || !Array.isArray(body.questions)) return;
    for (const { index, problem } of batchNameProblems(body.questions)) {
      ctx.addIssue({ code: "custom", path: ["questions", index, ...problem.path], message: problem.message });
    }
  }, always)
  .openapi("PostCallQuestionBatch");

/** The PATCH body's frame; its items are checked one by one with `UpsertPostCallQuestionItemSchema`. */
export const UpsertPostCallQuestionsFrameSchema = z.strictObject({
  questions: z.array(z.unknown()).min(1, BATCH_MESSAGE).max(LIMITS.batch, BATCH_MESSAGE),
});

const dateTime = z.string().openapi({ format: "date-time", example: "2026-01-31T12:00:00.000Z" });

export const PostCallQuestionOptionSchema = z
  .object({ id: z.uuid(), value: z.string().openapi({ example: "Dinner" }), created_at: dateTime })
  .openapi("PostCallQuestionOption", { description: "An option keeps its id across updates that keep it, renamed or moved." });

export const PostCallQuestionSchema = z
  .object({
    id: z.uuid(),
    agent_id: z.uuid(),
    name: z.string().openapi({ example: "Booking confirmed" }),
    description: z.string(),
    type: z.enum(questionTypes),
    optional: z.boolean(),
    model: z.string().nullable().openapi({ description: "null: your organization's default model." }),
    examples: z.array(z.string()),
    options: z.array(PostCallQuestionOptionSchema).openapi({ description: "In order; empty for types without options." }),
    is_active: z.boolean().openapi({ description: "Inactive questions are kept but not asked after calls." }),
    question_origin: z.string().openapi({ description: "`system` for questions configured through the API.", example: "system" }),
    created_at: dateTime,
    updated_at: dateTime,
  })
  .openapi("PostCallQuestion");

export const PostCallQuestionBatchErrorSchema = z
  .object({
    index: z.number().int().openapi({ description: "Position of the item in `questions` (from 0).", example: 3 }),
    field: z.string().openapi({
      description: "Full path of the offending field in the request body, as in `error.details` of a 400; `questions[i]` for the item as a whole.",
      example: "questions[3].options[0].option_id",
    }),
    message: z.string().openapi({ example: "Not an option of this question" }),
  })
  .openapi("PostCallQuestionBatchError");

export const PostCallQuestionUpsertResultSchema = z
  .object({
    created: z.array(PostCallQuestionSchema),
    updated: z.array(PostCallQuestionSchema),
    errors: z.array(PostCallQuestionBatchErrorSchema).openapi({ description: "One entry per problem; an item may have several. Empty when every item was applied." }),
  })
  .openapi("PostCallQuestionUpsertResult");

export type PostCallQuestionOption = z.infer<typeof PostCallQuestionOptionSchema>;
export type PostCallQuestion = z.infer<typeof PostCallQuestionSchema>;
/** A problem of one PATCH item; `field` is the full path in the body, e.g. `questions[3].options[0].option_id`. */
export type BatchItemError = z.infer<typeof PostCallQuestionBatchErrorSchema>;
export type UpsertResult = z.infer<typeof PostCallQuestionUpsertResultSchema>;

export const AgentIdParamSchema = uuidPathParam("agent_id", "The agent's id");
export const QuestionIdParamsSchema = AgentIdParamSchema.extend(uuidPathParam("question_id", "The question's id").shape);
