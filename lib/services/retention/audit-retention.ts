import "server-only";
import { and, asc, eq, gte, lte, sql } from "drizzle-orm";
import { auditLog, organizations } from "@/lib/db/schema";
import { change } from "../audit/audit-changes";
import { TRIM_ACTION } from "../audit/audit-log";
import { GENESIS_HASH } from "../audit/audit-chain";
import { recordAudit } from "../audit/record-audit";
import { systemActor, withTransaction, type ServiceContext } from "../context";
import { NotFoundError } from "@/lib/utils/domain-errors";

const DAY_MS = 86_400_000;

/**
 * Ages out the organization's audit log: the oldest entries, up to the first one younger than
 * `audit_retention_days`, are deleted (the trigger lets only this transaction's setting through),
 * and an `audit_log.trimmed` anchor entry records what was cut and where the kept chain now starts
 * (its first seq and the hash that entry links to), so the chain still verifies.
 */
export async function trimAuditLog(ctx: ServiceContext, now = new Date()): Promise<{ removed: number }> {
  return withTransaction({ ...ctx, actor: systemActor("retention job") }, async (tx) => {
    const [org] = await tx.db.select({ days: organizations.auditRetentionDays }).from(organizations).where(eq(organizations.id, ctx.organizationId));
    if (!org) throw new NotFoundError("Organization");
    const cutoff = new Date(now.getTime() - org.days * DAY_MS);
    const scope = eq(auditLog.organizationId, ctx.organizationId);
    const [bounds] = await tx.db
      .select({
        first: sql<string | number | null>`min(${auditLog.seq})`,
        total: sql<number>`count(*)::int`,
        firstYoung: sql<string | number | null>`min(${auditLog.seq}) filter (where ${auditLog.at} >= ${cutoff.toISOString()}::timestamptz)`,
        last: sql<string | number | null>`max(${auditLog.seq})`,
      })
      .from(auditLog)
      .where(scope);
    if (!bounds.total) return { removed: 0 };
    const first = Number(bounds.first);
    const last = Number(bounds.last);
    // Only a run of the oldest entries is cut, so what is kept is still one chain.
    const through = (bounds.firstYoung === null ? last + 1 : Number(bounds.firstYoung)) - 1;
    if (through < first) return { removed: 0 };
    const [oldestKept] = await tx.db.select({ prevHash: auditLog.prevHash }).from(auditLog).where(scope).orderBy(asc(auditLog.seq)).limit(1);
    const [lastCut] = await tx.db.select({ hash: auditLog.hash }).from(auditLog).where(and(scope, eq(auditLog.seq, through)));
    await tx.db.execute(sql`set local audit.retention_job = 'on'`);
    const removed = await tx.db.delete(auditLog).where(and(scope, lte(auditLog.seq, through))).returning({ seq: auditLog.seq });
    await tx.db.execute(sql`set local audit.retention_job = 'off'`);
    const [{ kept }] = await tx.db.select({ kept: sql<number>`count(*)::int` }).from(auditLog).where(and(scope, gte(auditLog.seq, through + 1)));
    await recordAudit(tx, {
      action: TRIM_ACTION,
      resourceType: "audit_log",
      resourceId: null,
      changes: {
        ...change("entries", bounds.total, kept + 1),
        ...change("first_seq", first, through + 1),
        ...change("first_previous_hash", oldestKept?.prevHash ?? GENESIS_HASH, lastCut?.hash ?? GENESIS_HASH),
        ...change("older_than", null, cutoff),
        ...change("audit_retention_days", null, org.days),
      },
    });
    return { removed: removed.length };
  });
}
