import type { Database } from "@/lib/db/client";

/** Every service call runs for one organization; every query filters by it. */
export type ServiceContext = { db: Database; organizationId: string };

/** Runs `fn` in a transaction, or inside the caller's when `ctx.db` already is one. */
export async function withTransaction<T>(ctx: ServiceContext, fn: (ctx: ServiceContext) => Promise<T>): Promise<T> {
  if (isTransaction(ctx.db)) return fn(ctx);
  return ctx.db.transaction((tx) => fn({ ...ctx, db: tx }));
}

function isTransaction(db: Database): boolean {
  return typeof (db as { rollback?: unknown }).rollback === "function";
}
