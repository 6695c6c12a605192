import { z } from "@hono/zod-openapi";
import { reanalysisParts } from "./calls";
import { uuidPathParam } from "./common";

export const analysisJobStatuses = ["queued", "running", "completed"] as const;
export type AnalysisJobStatus = (typeof analysisJobStatuses)[number];
export const analysisJobCallStatuses = ["pending", "done", "failed"] as const;

/** The most calls one re-run may cover by default (REANALYZE_MAX_CALLS). */
export const DEFAULT_REANALYZE_MAX_CALLS = 10_000;

export const ReanalyzeBodySchema = z
  .strictObject({
    from: z.string().optional().openapi({
      description: "Start of the range (inclusive): an ISO 8601 date-time with an offset, or a date (the start of that day in `timezone`). Default: 30 days before `to`.",
      example: "2026-03-01",
    }),
    to: z.string().optional().openapi({
      description: "End of the range: a date-time (exclusive) or a date (that whole day included). Default: the end of today in `timezone`. At most 366 days after `from`.",
      example: "2026-03-31",
    }),
    timezone: z.string().optional().openapi({ description: "IANA time zone of date bounds (default UTC).", example: "Europe/Berlin" }),
    include: z
      .array(z.enum(reanalysisParts, { message: "Must be analysis or post_call_answers" }))
      .min(1, "At least one of analysis and post_call_answers")
      .refine((parts) => new Set(parts).size === parts.length, "Each part at most once")
      .optional()
      .openapi({ description: "What to redo: the built-in `analysis`, the `post_call_answers`, or both (the default)." }),
  })
  .openapi("ReanalyzeRequest");
export type ReanalyzeBody = z.infer<typeof ReanalyzeBodySchema>;

export const ReanalyzeResultSchema = z
  .object({
    job_id: z.uuid().openapi({ description: "Follow it with `GET /v1/analysis-jobs/{job_id}`." }),
    calls: z.number().int().openapi({ description: "The finished calls of the range queued for the re-run." }),
  })
  .openapi("ReanalyzeResult");
export type ReanalyzeResult = z.infer<typeof ReanalyzeResultSchema>;

export const AnalysisJobSchema = z
  .object({
    id: z.uuid(),
    agent_id: z.uuid(),
    status: z.enum(analysisJobStatuses).openapi({ description: "queued → running → completed (also when some calls failed: see `failed`)." }),
    include: z.array(z.enum(reanalysisParts)),
    from: z.string().openapi({ format: "date-time", description: "The range's start (inclusive), UTC." }),
    to: z.string().openapi({ format: "date-time", description: "The range's end (exclusive), UTC." }),
    calls: z.number().int().openapi({ description: "Calls the re-run covers." }),
    processed: z.number().int().openapi({ description: "Calls done so far, successfully or not." }),
    succeeded: z.number().int().openapi({ description: "Calls whose answers were replaced (or found still not analysable)." }),
    failed: z.number().int().openapi({ description: "Calls whose re-run failed; they keep what they had." }),
    progress: z.number().openapi({ description: "processed / calls, 0 to 1 (1 for a re-run of no calls)." }),
    errors: z
      .array(z.object({ call_id: z.uuid(), message: z.string() }))
      .openapi({ description: "Why calls failed, the latest 10." }),
    created_at: z.string().openapi({ format: "date-time" }),
    started_at: z.string().nullable().openapi({ format: "date-time" }),
    finished_at: z.string().nullable().openapi({ format: "date-time" }),
  })
  .openapi("AnalysisJob");
export type AnalysisJob = z.infer<typeof AnalysisJobSchema>;

export const AnalysisJobIdParamSchema = uuidPathParam("job_id", "The re-run's id (`job_id` from POST /v1/agents/{agent_id}/reanalyze)");
