import "server-only";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import type { PgliteDatabase } from "drizzle-orm/pglite";
import type { NodePgDatabase } from "drizzle-orm/node-postgres";
import path from "node:path";
import type { DatabaseConnection, Schema } from "./client";

export const migrationsFolder = path.join(process.cwd(), "drizzle");

// Several instances may start at once against one Postgres: one migrates, the others wait.
const MIGRATION_LOCK_ID = 727_001;

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
