import "server-only";
import { and, asc, desc, eq, gt, gte, like, lt, sql, type SQL } from "drizzle-orm";
import { auditChainHeads, auditLog, organizations } from "@/lib/db/schema";
import type { AuditEntry, AuditSettings, AuditVerification, ListAuditLogQuery } from "@/lib/schemas/audit-log";
import { withTransaction, type ServiceContext } from "../context";
import { cursorPage, olderThanCursor } from "../cursor-paging";
import { NotFoundError } from "@/lib/utils/domain-errors";
import { listFields } from "../paging";
import { change } from "./audit-changes";
import { chainHash, GENESIS_HASH, type AuditContent } from "./audit-chain";
import { recordAudit } from "./record-audit";

type Row = typeof auditLog.$inferSelect;

/** The action of the entry that starts the chain again after the retention job removed older entries. */
export const TRIM_ACTION = "audit_log.trimmed";

function contentOf(row: Row): AuditContent {
  return {
    id: row.id,
    at: row.at.toISOString(),
    organization_id: row.organizationId,
    actor: { type: row.actorType as AuditContent["actor"]["type"], id: row.actorId, label: row.actorLabel },
    action: row.action,
    resource_type: row.resourceType,
    resource_id: row.resourceId,
    changes: row.changes,
    request_id: row.requestId,
    ip: row.ip,
    user_agent: row.userAgent,
  };
}

const toEntry = (row: Row): AuditEntry => ({ ...contentOf(row), hash: row.hash, previous_hash: row.prevHash });

function filters(ctx: ServiceContext, input: Omit<ListAuditLogQuery, "limit" | "cursor">): (SQL | undefined)[] {
  const action = input.action;
  return [
    eq(auditLog.organizationId, ctx.organizationId),
    input.actor_id ? eq(auditLog.actorId, input.actor_id) : undefined,
    action ? (action.includes(".") ? eq(auditLog.action, action) : like(auditLog.action, `${action}.%`)) : undefined,
    input.resource_type ? eq(auditLog.resourceType, input.resource_type) : undefined,
    input.resource_id ? eq(auditLog.resourceId, input.resource_id) : undefined,
    input.from ? gte(auditLog.at, new Date(input.from)) : undefined,
    input.to ? lt(auditLog.at, new Date(input.to)) : undefined,
  ];
}

/** Newest first, in cursor pages (`next_cursor` as every cursor list of the API). */
export async function listAuditLog(ctx: ServiceContext, input: ListAuditLogQuery) {
  const rows = await ctx.db
    .select()
    .from(auditLog)
    .where(and(...filters(ctx, input), olderThanCursor(auditLog.at, auditLog.id, input.cursor)))
    .orderBy(desc(auditLog.at), desc(auditLog.id))
    .limit(input.limit + 1);
  const page = cursorPage(rows, input.limit, (row) => ({ time: row.at, id: row.id }));
  return { items: page.items.map(toEntry), ...listFields({ next_cursor: page.next_cursor }) };
}

const VERIFY_BATCH = 2000;

/** Where the kept chain starts: after the last entries the retention job removed (its newest anchor says so), else at the beginning. */
async function chainStart(ctx: ServiceContext): Promise<{ seq: number; previousHash: string }> {
  const [anchor] = await ctx.db
    .select({ changes: auditLog.changes })
    .from(auditLog)
    .where(and(eq(auditLog.organizationId, ctx.organizationId), eq(auditLog.action, TRIM_ACTION)))
    .orderBy(desc(auditLog.seq))
    .limit(1);
  const seq = Number(anchor?.changes.first_seq?.to);
  const previousHash = anchor?.changes.first_previous_hash?.to;
  if (anchor && Number.isSafeInteger(seq) && typeof previousHash === "string") return { seq, previousHash };
  return { seq: 1, previousHash: GENESIS_HASH };
}

/**
 * Walks the organization's chain oldest first: each entry must follow the one before it (seq + 1,
 * `prev_hash` equal to its hash) and its hash must be SHA-256 of that and its own canonical JSON; the
 * last must be the chain's recorded head. The first entry that fails is named; an entry removed from
 * the end is reported on the last one kept.
 */
export async function verifyAuditChain(ctx: ServiceContext): Promise<AuditVerification> {
  const [head] = await ctx.db
    .select({ lastSeq: auditChainHeads.lastSeq, lastHash: auditChainHeads.lastHash })
    .from(auditChainHeads)
    .where(eq(auditChainHeads.organizationId, ctx.organizationId));
  const start = await chainStart(ctx);
  let expectedSeq = start.seq;
  let expectedPrevious = start.previousHash;
  let checked = 0;
  let lastId: string | null = null;
  let afterSeq = -1;
  for (;;) {
    const rows = await ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.organizationId, ctx.organizationId), gt(auditLog.seq, afterSeq)))
      .orderBy(asc(auditLog.seq))
      .limit(VERIFY_BATCH);
    for (const row of rows) {
      checked += 1;
      if (row.seq !== expectedSeq || row.prevHash !== expectedPrevious || row.hash !== chainHash(expectedPrevious, contentOf(row))) {
        return { valid: false, entries: checked, first_broken_id: row.id };
      }
      expectedSeq += 1;
      expectedPrevious = row.hash;
      lastId = row.id;
    }
    if (rows.length < VERIFY_BATCH) break;
    afterSeq = rows[rows.length - 1].seq;
  }
  const intact = head ? head.lastSeq === expectedSeq - 1 && head.lastHash === expectedPrevious : checked === 0;
  return intact ? { valid: true, entries: checked, first_broken_id: null } : { valid: false, entries: checked, first_broken_id: lastId };
}

export async function getAuditSettings(ctx: ServiceContext): Promise<AuditSettings> {
  const [row] = await ctx.db.select({ days: organizations.auditRetentionDays }).from(organizations).where(eq(organizations.id, ctx.organizationId));
  if (!row) throw new NotFoundError("Organization");
  return { audit_retention_days: row.days };
}

export async function updateAuditSettings(ctx: ServiceContext, input: AuditSettings): Promise<AuditSettings> {
  return withTransaction(ctx, async (tx) => {
    const before = await getAuditSettings(tx);
    if (before.audit_retention_days === input.audit_retention_days) return before;
    await tx.db.update(organizations).set({ auditRetentionDays: input.audit_retention_days, updatedAt: new Date() }).where(eq(organizations.id, ctx.organizationId));
    await recordAudit(tx, {
      action: "audit_settings.updated",
      resourceType: "organization",
      resourceId: ctx.organizationId,
      changes: change("audit_retention_days", before.audit_retention_days, input.audit_retention_days),
    });
    return { audit_retention_days: input.audit_retention_days };
  });
}

/** Counts entries per organization (tests and the benchmark use it). */
export async function countAuditEntries(ctx: ServiceContext, action?: string): Promise<number> {
  const [row] = await ctx.db
    .select({ count: sql<number>`count(*)::int` })
    .from(auditLog)
    .where(and(eq(auditLog.organizationId, ctx.organizationId), action ? eq(auditLog.action, action) : undefined));
  return row.count;
}
