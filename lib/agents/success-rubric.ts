import { z } from "zod";

/** How the success of a call is judged: pass or fail, a score from 0 to 10, or the share of a checklist met. */
export const successRubricTypes = ["pass_fail", "score", "checklist"] as const;
export type SuccessRubricType = (typeof successRubricTypes)[number];

export const MAX_RUBRIC_CRITERIA = 20;
export const MAX_RUBRIC_CRITERION_LENGTH = 500;

/**
 * The agent extension field `success_rubric`: what a successful call of this agent is. Each finished
 * call's analysis judges the call against it; without one, a call's success is `unknown`.
 */
export const SuccessRubricSchema = z
  .strictObject({
    type: z.enum(successRubricTypes, { message: "Must be pass_fail, score or checklist" }).meta({
      description:
        "pass_fail: the call succeeded or failed against the criteria (score null). score: a score from 0 to 10 against the criteria. " +
        "checklist: each criterion is met or not; the score is the share of criteria met, times 10, and the call succeeds when every one is met.",
    }),
    criteria: z
      .array(
        z
          .string()
          .trim()
          .min(1, "Must not be empty")
          .max(MAX_RUBRIC_CRITERION_LENGTH, `At most ${MAX_RUBRIC_CRITERION_LENGTH} characters`),
      )
      .min(1, "At least one criterion")
      .max(MAX_RUBRIC_CRITERIA, `At most ${MAX_RUBRIC_CRITERIA} criteria`)
      .superRefine((criteria, ctx) => {
        const seen = new Set<string>();
        criteria.forEach((criterion, index) => {
          const key = criterion.trim().toLowerCase();
          if (seen.has(key)) ctx.addIssue({ code: "custom", path: [index], message: "The same criterion twice" });
          seen.add(key);
        });
      })
      .meta({ description: `1 to ${MAX_RUBRIC_CRITERIA} criteria, each 1 to ${MAX_RUBRIC_CRITERION_LENGTH} characters.`, example: ["The caller's table is booked", "The agent confirmed the date and time"] }),
  })
  .meta({
    id: "AgentSuccessRubric",
    description:
      "Extension: what makes a call of this agent a success, judged in each finished call's `analysis` (structured output, temperature 0). " +
      "null (the default): no rubric, every call's success is `unknown`.",
  });
export type SuccessRubric = z.infer<typeof SuccessRubricSchema>;
