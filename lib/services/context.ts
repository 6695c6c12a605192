import type { Database } from "@/lib/db/client";
import { inTransaction } from "@/lib/db/transaction";

/** Every service call runs for one organization; every query filters by it. */
export type ServiceContext = { db: Database; organizationId: string };

/** Runs `fn` in a transaction, or inside the caller's when `ctx.db` already is one. */
export async function withTransaction<T>(ctx: ServiceContext, fn: (ctx: ServiceContext) => Promise<T>): Promise<T> {
  return inTransaction(ctx.db, (db) => fn({ ...ctx, db }));
}
