import type { Database } from "./client";

/** Runs `fn` in a transaction, or inside the caller's when `db` already is one. */
export async function inTransaction<T>(db: Database, fn: (tx: Database) => Promise<T>): Promise<T> {
  if (isTransaction(db)) return fn(db);
  return db.transaction((tx) => fn(tx));
}

function isTransaction(db: Database): boolean {
  return typeof (db as { rollback?: unknown }).rollback === "function";
}
