import { createRoute } from "@hono/zod-openapi";
import { getAnalysisJob, startReanalysis } from "@/lib/services/analysis/reanalysis-jobs";
import { AgentIdParamSchema } from "@/lib/schemas/agents";
import { AnalysisJobIdParamSchema, AnalysisJobSchema, ReanalyzeBodySchema, ReanalyzeResultSchema, type ReanalyzeBody } from "@/lib/schemas/analysis-jobs";
import { serviceContext } from "../context";
import { envelope, jsonContent, ok, standardErrorResponses } from "../envelope";
import { extension } from "../openapi-document";
import { createRouter } from "../router";

const reanalyzeRoute = extension(
  createRoute({
    method: "post",
    path: "/agents/{agent_id}/reanalyze",
    operationId: "reanalyzeAgentCalls",
    tags: ["Agents"],
    summary: "Re-run the analysis and post-call answers of an agent's calls",
    description:
      "Queues the agent's finished calls (ended or failed) that started in the range, by `start_time`, to be analysed and/or " +
      "have their post-call questions answered again, with the agent's current success rubric and active questions. " +
      "Each call's analysis and answers are replaced only when its re-run succeeds; what they replace is kept in the call's " +
      "`analysis_history` (the last 5). Range rules as in the analytics: dates or date-times, `timezone`, default the last 30 days, " +
      "at most 366 days; at most REANALYZE_MAX_CALLS calls (10,000 by default, else 400 naming `from`). Answers 202 with the " +
      "job's id and how many calls it covers; follow it with `GET /v1/analysis-jobs/{job_id}`. In the studio, for members, admins and owners.",
    request: { params: AgentIdParamSchema, body: { required: false, content: { "application/json": { schema: ReanalyzeBodySchema } } } },
    responses: { 202: jsonContent(envelope(ReanalyzeResultSchema, "ReanalyzeResponse"), "The re-run is queued"), ...standardErrorResponses },
  }),
);

const getJobRoute = extension(
  createRoute({
    method: "get",
    path: "/analysis-jobs/{job_id}",
    operationId: "getAnalysisJob",
    tags: ["Agents"],
    summary: "Get a re-run's progress",
    description: "Status, how many calls are done, succeeded and failed (with the latest reasons), and when it started and finished.",
    request: { params: AnalysisJobIdParamSchema },
    responses: { 200: jsonContent(envelope(AnalysisJobSchema, "AnalysisJobResponse"), "The re-run"), ...standardErrorResponses },
  }),
);

export function analysisJobRoutes() {
  const router = createRouter();

  router.openapi(reanalyzeRoute, async (c) => {
    const { agent_id: agentId } = c.req.valid("param");
    // An absent body skips validation: every field takes its default.
    const body: ReanalyzeBody = c.req.valid("json") ?? {};
    const deps = c.get("deps");
    const result = await startReanalysis(serviceContext(c), agentId, body, {
      queue: deps.queue,
      now: deps.now?.(),
      maxCalls: deps.settings.reanalyzeMaxCalls,
    });
    return ok(c, result, { message: `Re-run of ${result.calls} call${result.calls === 1 ? "" : "s"} queued`, status: 202 });
  });

  router.openapi(getJobRoute, async (c) => {
    const { job_id: jobId } = c.req.valid("param");
    return ok(c, await getAnalysisJob(serviceContext(c), jobId), { message: "Analysis job retrieved" });
  });

  return router;
}
