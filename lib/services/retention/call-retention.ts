import "server-only";
import { and, eq, inArray, lt } from "drizzle-orm";
import type { CreateAgentInput } from "@/lib/agents/document-schema";
import { agents, agentVersions, calls, campaignContacts, campaigns } from "@/lib/db/schema";
import type { ContactStatus } from "@/lib/schemas/campaign-values";
import type { BlobStore } from "@/lib/storage/blob-store";
import { change } from "../audit/audit-changes";
import { recordAudit } from "../audit/record-audit";
import { systemActor, withTransaction, type ServiceContext } from "../context";
import { deleteCallsWithContent } from "./delete-calls";

const DAY_MS = 86_400_000;

/** A contact in one of these states will not be called again: its number, variables and metadata are only a record. */
const SETTLED: ContactStatus[] = ["completed", "failed", "skipped_dnc", "cancelled"];

/**
 * The agent's campaigns' contacts that were settled longer ago than the cutoff (their number, variables,
 * metadata and outcome). Contacts still to be called are the campaign's work, not a record, and stay.
 */
async function deleteSettledContacts(ctx: ServiceContext, agentId: string, cutoff: Date): Promise<number> {
  const removed = await ctx.db
    .delete(campaignContacts)
    .where(
      and(
        eq(campaignContacts.organizationId, ctx.organizationId),
        inArray(campaignContacts.campaignId, ctx.db.select({ id: campaigns.id }).from(campaigns).where(and(eq(campaigns.organizationId, ctx.organizationId), eq(campaigns.agentId, agentId)))),
        inArray(campaignContacts.status, SETTLED),
        lt(campaignContacts.updatedAt, cutoff),
      ),
    )
    .returning({ id: campaignContacts.id });
  return removed.length;
}

/**
 * Each agent with `retention_days` (its published version's) loses the calls that started longer ago
 * than that (record, transcript, recording, events) and its campaigns' contacts settled longer ago than
 * that. One audit entry per agent that lost any.
 */
export async function applyCallRetention(
  ctx: ServiceContext,
  storage: BlobStore,
  now = new Date(),
): Promise<{ agentId: string; calls: number; recordings: number; contacts: number }[]> {
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
    const contacts = await deleteSettledContacts(job, row.id, cutoff);
    const removed = await deleteCallsWithContent(job, storage, and(eq(calls.agentId, row.id), lt(calls.startTime, cutoff))!);
    if (removed.calls === 0 && contacts === 0) continue;
    await withTransaction(job, (tx) =>
      recordAudit(tx, {
        action: "call.retention_deleted",
        resourceType: "agent",
        resourceId: row.id,
        changes: {
          ...change("calls", removed.calls, 0),
          ...change("recordings", removed.recordings, 0),
          ...change("campaign_contacts", contacts, 0),
          ...change("started_before", null, cutoff),
          ...change("retention_days", null, days),
        },
      }),
    );
    results.push({ agentId: row.id, ...removed, contacts });
  }
  return results;
}
