import { index, jsonb, pgTable, primaryKey, text, uuid } from "drizzle-orm/pg-core";
import { organizations } from "./accounts";
import { createdAt, id, timestampMs, updatedAt } from "./columns";
import { analysisJobStatuses, analysisJobCallStatuses } from "@/lib/schemas/analysis-jobs";
import type { ReanalysisPart } from "@/lib/schemas/calls";

/**
 * A re-run of the analysis and/or post-call answers over an agent's calls of a range
 * (`POST /v1/agents/{agent_id}/reanalyze`). The calls it covers are fixed when it is created; the work
 * is done by pg-boss jobs of a few calls each. No foreign key to the agent: the record outlives it.
 */
export const analysisJobs = pgTable(
  "analysis_jobs",
  {
    id: id(),
    organizationId: uuid("organization_id")
      .notNull()
      .references(() => organizations.id, { onDelete: "cascade" }),
    agentId: uuid("agent_id").notNull(),
    rangeFrom: timestampMs("range_from").notNull(),
    rangeTo: timestampMs("range_to").notNull(),
    include: jsonb("include").$type<ReanalysisPart[]>().notNull(),
    status: text("status", { enum: analysisJobStatuses }).notNull().default("queued"),
    createdAt: createdAt(),
    startedAt: timestampMs("started_at"),
    finishedAt: timestampMs("finished_at"),
    updatedAt: updatedAt(),
  },
  (table) => [index("analysis_jobs_org_created_idx").on(table.organizationId, table.createdAt)],
);

/** Each call of a re-run and how it went: what makes a retried batch skip the calls it already did, and the job's progress. */
export const analysisJobCalls = pgTable(
  "analysis_job_calls",
  {
    jobId: uuid("job_id")
      .notNull()
      .references(() => analysisJobs.id, { onDelete: "cascade" }),
    callId: uuid("call_id").notNull(),
    status: text("status", { enum: analysisJobCallStatuses }).notNull().default("pending"),
    error: text("error"),
    finishedAt: timestampMs("finished_at"),
  },
  (table) => [primaryKey({ columns: [table.jobId, table.callId] }), index("analysis_job_calls_job_status_idx").on(table.jobId, table.status)],
);
