import { z } from "@hono/zod-openapi";

// A finished call's built-in analysis (summary, sentiment, success against the agent's rubric): the
// database column, the analysis job and the API's Call share these.

export const callSentiments = ["positive", "neutral", "negative"] as const;
export type CallSentiment = (typeof callSentiments)[number];

export const successVerdicts = ["success", "failure", "unknown"] as const;
export type SuccessVerdict = (typeof successVerdicts)[number];

/** Why a finished call has no analysis. */
export const analysisSkipReasons = ["not_answered_by_human", "too_few_caller_turns"] as const;
export type AnalysisSkipReason = (typeof analysisSkipReasons)[number];

/** Analysed: at least this many caller turns with words in them. */
export const MIN_CALLER_TURNS = 2;
export const MAX_SUMMARY_SENTENCES = 3;

export const CallSuccessSchema = z
  .object({
    verdict: z.enum(successVerdicts).openapi({ description: "success or failure against the agent's `success_rubric`; unknown without a rubric, or when the transcript cannot tell." }),
    score: z
      .number()
      .min(0)
      .max(10)
      .nullable()
      .openapi({ description: "0 to 10: the rubric's score (type `score`), or the share of criteria met times 10 (type `checklist`, 2 decimals); null for `pass_fail` and without a rubric." }),
    reason: z.string().openapi({ description: "Why, in a sentence or two." }),
  })
  .openapi("CallSuccess");

export const ChecklistItemSchema = z.object({ criterion: z.string(), met: z.boolean() }).openapi("CallChecklistItem");

export const CallAnalysisSchema = z
  .object({
    summary: z.string().openapi({ description: `What happened, in at most ${MAX_SUMMARY_SENTENCES} sentences.` }),
    sentiment: z.enum(callSentiments).openapi({ description: "How the caller felt." }),
    success: CallSuccessSchema,
    criteria: z
      .array(ChecklistItemSchema)
      .nullable()
      .openapi({ description: "A checklist rubric's criteria, each met or not, in the rubric's order; null for other rubrics." }),
    analyzed_at: z.string().openapi({ format: "date-time" }),
    model: z.string().openapi({ description: "The model that analysed the call.", example: "gpt-4o-mini" }),
  })
  .openapi("CallAnalysis", {
    description:
      "Extension: the built-in analysis of a finished call, made after it ends from the transcript as stored (structured output, temperature 0) " +
      "with the post-call model (POST_CALL_MODEL, else the model of the agent version that handled the call) through the agent's provider. " +
      "Success is judged against the agent's current `success_rubric`.",
  });
export type CallAnalysis = z.infer<typeof CallAnalysisSchema>;
export type CallSuccess = z.infer<typeof CallSuccessSchema>;
