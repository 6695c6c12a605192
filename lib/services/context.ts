import type { Database } from "@/lib/db/client";
import { inTransaction } from "@/lib/db/transaction";
import type { AuditActor } from "@/lib/schemas/audit-log";

export type { AuditActor };

/** Where a change came from, as the audit log records it (null outside a request). */
export type RequestOrigin = { requestId: string | null; ip: string | null; userAgent: string | null };

/**
 * Every service call runs for one organization; every query filters by it. `actor` is who the
 * change is made by (the audit log's `actor`; the system when absent), `origin` the request it came with.
 */
export type ServiceContext = { db: Database; organizationId: string; actor?: AuditActor; origin?: RequestOrigin };

/** The service itself: jobs and anything no person or key asked for. */
export const systemActor = (label = "system"): AuditActor => ({ type: "system", id: null, label });

/** Runs `fn` in a transaction, or inside the caller's when `ctx.db` already is one. */
export async function withTransaction<T>(ctx: ServiceContext, fn: (ctx: ServiceContext) => Promise<T>): Promise<T> {
  return inTransaction(ctx.db, (db) => fn({ ...ctx, db }));
}
