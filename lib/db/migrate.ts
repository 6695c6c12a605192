import "server-only";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import type { PgliteDatabase } from "drizzle-orm/pglite";
import type { NodePgDatabase } from "drizzle-orm/node-postgres";
import path from "node:path";
import pg from "pg";
import type { DatabaseConnection, Schema } from "./client";

export const migrationsFolder = path.join(process.cwd(), "drizzle");

// Several instances may start at once against one Postgres: one migrates, the others wait.
const MIGRATION_LOCK_ID = 727_001;
// The same for the job queue's own set-up (pg-boss's create_queue deadlocks when two processes run it at once).
const QUEUE_SETUP_LOCK_ID = 727_002;

/**
 * Runs `setUp` while no other process on the same Postgres runs its own: the server processes of a
 * cluster (WEB_CONCURRENCY) all start at once. The lock is held on a connection of its own, so that
 * `setUp` may use every connection of the pool.
 */
export async function whileSettingUpQueue<T>(connection: DatabaseConnection, setUp: () => Promise<T>): Promise<T> {
  if (connection.driver === "pglite") return setUp();
  const client = new pg.Client(connection.pool!.options);
  await client.connect();
  try {
    await client.query("select pg_advisory_lock($1)", [QUEUE_SETUP_LOCK_ID]);
    return await setUp();
  } finally {
    await client.query("select pg_advisory_unlock($1)", [QUEUE_SETUP_LOCK_ID]).catch(() => undefined);
    await client.end().catch(() => undefined);
  }
}

export async function applyMigrations(connection: DatabaseConnection): Promise<void> {
  if (connection.driver === "pglite") {
    await migratePglite(connection.db as unknown as PgliteDatabase<Schema>, { migrationsFolder });
    return;
  }
  const client = await connection.pool!.connect();
  try {
    await client.query("select pg_advisory_lock($1)", [MIGRATION_LOCK_ID]);
    await migratePg(connection.db as unknown as NodePgDatabase<Schema>, { migrationsFolder });
  } finally {
    await client.query("select pg_advisory_unlock($1)", [MIGRATION_LOCK_ID]).catch(() => undefined);
    client.release();
  }
}
