import "server-only";
import { and, eq, lt } from "drizzle-orm";
import type { CreateAgentInput } from "@/lib/agents/document-schema";
import { agents, agentVersions, calls } from "@/lib/db/schema";
import type { BlobStore } from "@/lib/storage/blob-store";
import { change } from "../audit/audit-changes";
import { recordAudit } from "../audit/record-audit";
import { systemActor, withTransaction, type ServiceContext } from "../context";
import { deleteCallsWithContent } from "./delete-calls";

const DAY_MS = 86_400_000;

/**
 * Each agent with `retention_days` (its published version's) loses the calls that started longer ago
 * than that: record, transcript, recording, events. One audit entry per agent that lost calls.
 */
export async function applyCallRetention(ctx: ServiceContext, storage: BlobStore, now = new Date()): Promise<{ agentId: string; calls: number; recordings: number }[]> {
  const rows = await ctx.db
    .select({ id: agents.id, config: agentVersions.config })
    .from(agents)
    .innerJoin(agentVersions, and(eq(agentVersions.agentId, agents.id), eq(agentVersions.version, agents.publishedVersion)))
    .where(eq(agents.organizationId, ctx.organizationId));
  const job = { ...ctx, actor: systemActor("retention job") };
  const results = [];
  for (const row of rows) {
    const days = (row.config as Partial<CreateAgentInput>).retention_days;
    if (typeof days !== "number" || days < 1) continue;
    const cutoff = new Date(now.getTime() - days * DAY_MS);
    const removed = await deleteCallsWithContent(job, storage, and(eq(calls.agentId, row.id), lt(calls.startTime, cutoff))!);
    if (removed.calls === 0) continue;
    await withTransaction(job, (tx) =>
      recordAudit(tx, {
        action: "call.retention_deleted",
        resourceType: "agent",
        resourceId: row.id,
        changes: { ...change("calls", removed.calls, 0), ...change("recordings", removed.recordings, 0), ...change("started_before", null, cutoff), ...change("retention_days", null, days) },
      }),
    );
    results.push({ agentId: row.id, ...removed });
  }
  return results;
}
