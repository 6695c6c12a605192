import "server-only";
import { and, asc, count, desc, eq, gte, inArray, lt, sql } from "drizzle-orm";
import { agents, analysisJobCalls, analysisJobs, calls } from "@/lib/db/schema";
import { jobNames, sendAll, type JobQueue } from "@/lib/jobs/queue";
import { DEFAULT_REANALYZE_MAX_CALLS, type AnalysisJob, type ReanalyzeBody, type ReanalyzeResult } from "@/lib/schemas/analysis-jobs";
import { reanalysisParts } from "@/lib/schemas/calls";
import { resolveAnalyticsRange } from "../analytics/analytics-range";
import { change } from "../audit/audit-changes";
import { recordAudit } from "../audit/record-audit";
import { withTransaction, type ServiceContext } from "../context";
import { NotFoundError, ValidationError } from "@/lib/utils/domain-errors";

/** Calls per pg-boss job: small enough that a retried batch redoes little, large enough that 10,000 calls are 1,000 jobs. */
export const REANALYSIS_BATCH_SIZE = 20;

export type ReanalysisBatch = { jobId: string; callIds: string[] };

export type StartReanalysisOptions = { queue: JobQueue; now?: Date; maxCalls?: number };

/**
 * Queues a re-run over the agent's finished calls (ended or failed) that started in the range: the
 * job and its calls are written, and the batches queued, in one transaction. A range of more than
 * `maxCalls` calls is refused (400 naming `from`), so that one request cannot spend an unbounded
 * number of model requests.
 */
export async function startReanalysis(ctx: ServiceContext, agentId: string, body: ReanalyzeBody, options: StartReanalysisOptions): Promise<ReanalyzeResult> {
  const now = options.now ?? new Date();
  const maxCalls = options.maxCalls ?? DEFAULT_REANALYZE_MAX_CALLS;
  const [agent] = await ctx.db
    .select({ id: agents.id })
    .from(agents)
    .where(and(eq(agents.id, agentId), eq(agents.organizationId, ctx.organizationId)));
  if (!agent) throw new NotFoundError("Agent");
  const range = resolveAnalyticsRange({ from: body.from, to: body.to, timezone: body.timezone }, now);
  const include = reanalysisParts.filter((part) => (body.include ?? reanalysisParts).includes(part));

  return withTransaction(ctx, async (tx) => {
    const rows = await tx.db
      .select({ id: calls.id })
      .from(calls)
      .where(
        and(
          eq(calls.organizationId, ctx.organizationId),
          eq(calls.agentId, agentId),
          gte(calls.startTime, range.from),
          lt(calls.startTime, range.to),
          inArray(calls.status, ["ended", "failed"]),
        ),
      )
      .orderBy(asc(calls.startTime), asc(calls.id))
      .limit(maxCalls + 1);
    if (rows.length > maxCalls) {
      throw ValidationError.field("from", `The range holds more than ${maxCalls.toLocaleString("en-US")} finished calls of this agent; a re-run covers at most that many: narrow the range`);
    }
    const ids = rows.map((row) => row.id);
    const [job] = await tx.db
      .insert(analysisJobs)
      .values({
        organizationId: ctx.organizationId,
        agentId,
        rangeFrom: range.from,
        rangeTo: range.to,
        include,
        status: ids.length ? "queued" : "completed",
        createdAt: now,
        updatedAt: now,
        ...(ids.length ? {} : { startedAt: now, finishedAt: now }),
      })
      .returning({ id: analysisJobs.id });
    if (ids.length) {
      await tx.db.execute(sql`insert into analysis_job_calls (job_id, call_id) select ${job.id}::uuid, unnest(${`{${ids.join(",")}}`}::uuid[])`);
      const batches: ReanalysisBatch[] = [];
      for (let i = 0; i < ids.length; i += REANALYSIS_BATCH_SIZE) batches.push({ jobId: job.id, callIds: ids.slice(i, i + REANALYSIS_BATCH_SIZE) });
      await sendAll(options.queue, jobNames.reanalyzeCalls, batches, { db: tx.db, retryLimit: 3, retryDelaySeconds: 15 });
    }
    // Who replaced which calls' analyses and answers, and over what range (the calls themselves are the job's).
    await recordAudit(tx, {
      action: "analysis_job.created",
      resourceType: "analysis_job",
      resourceId: job.id,
      changes: {
        ...change("agent_id", null, agentId),
        ...change("from", null, range.from.toISOString()),
        ...change("to", null, range.to.toISOString()),
        ...change("include", null, include),
        ...change("calls", null, ids.length),
      },
    });
    return { job_id: job.id, calls: ids.length };
  });
}

const ERRORS_SHOWN = 10;

/** A re-run and its progress, counted from its calls. Another organization's job is 404 like a missing one. */
export async function getAnalysisJob(ctx: ServiceContext, jobId: string): Promise<AnalysisJob> {
  const [job] = await ctx.db
    .select()
    .from(analysisJobs)
    .where(and(eq(analysisJobs.id, jobId), eq(analysisJobs.organizationId, ctx.organizationId)));
  if (!job) throw new NotFoundError("Analysis job");
  const [counts, errors] = await Promise.all([
    ctx.db.select({ status: analysisJobCalls.status, calls: count() }).from(analysisJobCalls).where(eq(analysisJobCalls.jobId, jobId)).groupBy(analysisJobCalls.status),
    ctx.db
      .select({ callId: analysisJobCalls.callId, error: analysisJobCalls.error })
      .from(analysisJobCalls)
      .where(and(eq(analysisJobCalls.jobId, jobId), eq(analysisJobCalls.status, "failed")))
      .orderBy(desc(analysisJobCalls.finishedAt), asc(analysisJobCalls.callId))
      .limit(ERRORS_SHOWN),
  ]);
  const of = (status: string) => Number(counts.find((row) => row.status === status)?.calls ?? 0);
  const total = of("pending") + of("done") + of("failed");
  const processed = of("done") + of("failed");
  return {
    id: job.id,
    agent_id: job.agentId,
    status: job.status,
    include: job.include,
    from: job.rangeFrom.toISOString(),
    to: job.rangeTo.toISOString(),
    calls: total,
    processed,
    succeeded: of("done"),
    failed: of("failed"),
    progress: total ? Math.round((processed / total) * 10_000) / 10_000 : 1,
    errors: errors.map((row) => ({ call_id: row.callId, message: row.error ?? "Failed" })),
    created_at: job.createdAt.toISOString(),
    started_at: job.startedAt?.toISOString() ?? null,
    finished_at: job.finishedAt?.toISOString() ?? null,
  };
}
