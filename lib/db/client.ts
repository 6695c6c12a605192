import "server-only";
import { PGlite } from "@electric-sql/pglite";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { mkdirSync } from "node:fs";
import pg from "pg";
import { pgliteChangeFeed, postgresChangeFeed, type ChangeFeed } from "./change-feed";
import * as schema from "./schema";

export type Schema = typeof schema;
/** One handle type for both drivers (a union of the two breaks `.returning()` typing). */
export type Database = PgDatabase<PgQueryResultHKT, Schema>;

export type RawQuery = (text: string, values?: unknown[]) => Promise<{ rows: Record<string, unknown>[] }>;

export type DatabaseConnection = {
  db: Database;
  driver: "pglite" | "postgres";
  /** Runs SQL text directly on the driver: pg-boss and the benchmark's raw baseline use it. */
  query: RawQuery;
  /** Runs several statements without parameters (PGlite's `exec`, or a simple query on Postgres). */
  exec: (text: string) => Promise<void>;
  close: () => Promise<void>;
  /** LISTEN/NOTIFY for this process (one listening connection, opened on first use). */
  changes: ChangeFeed;
  pglite?: PGlite;
  pool?: pg.Pool;
};

const feeds = new WeakMap<Database, ChangeFeed>();

/** The change feed of the connection `db` belongs to (none for a handle made elsewhere). */
export function changeFeedOf(db: Database): ChangeFeed | undefined {
  return feeds.get(db);
}

export type DatabaseOptions = { databaseUrl?: string; dataDir?: string; poolSize?: number };

// Dates, numerics and big integers come back as the API shows them, the same on both drivers.
pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number(value));

export function connectPostgres(url: string, poolSize = 10): DatabaseConnection {
  const pool = new pg.Pool({ connectionString: url, max: poolSize });
  pool.on("error", (error) => console.error("postgres pool error:", error.message));
  const db = drizzlePg(pool, { schema }) as unknown as Database;
  const changes = postgresChangeFeed(url);
  feeds.set(db, changes);
  return {
    db,
    driver: "postgres",
    pool,
    changes,
    query: async (text, values) => {
      const result = await pool.query(text, values as unknown[]);
      return { rows: result.rows };
    },
    exec: async (text) => {
      await pool.query(text);
    },
    close: async () => {
      await changes.close();
      await pool.end();
    },
  };
}

/** `dataDir` undefined means an in-memory database (tests). */
export async function connectPglite(dataDir?: string): Promise<DatabaseConnection> {
  if (dataDir) mkdirSync(dataDir, { recursive: true });
  const pglite = dataDir ? new PGlite(dataDir) : new PGlite();
  await pglite.waitReady;
  const db = drizzlePglite(pglite, { schema }) as unknown as Database;
  const changes = pgliteChangeFeed(pglite);
  feeds.set(db, changes);
  return {
    db,
    driver: "pglite",
    pglite,
    changes,
    query: async (text, values) => {
      const result = await pglite.query<Record<string, unknown>>(text, values as unknown[]);
      return { rows: result.rows };
    },
    exec: async (text) => {
      await pglite.exec(text);
    },
    close: async () => {
      await changes.close();
      await pglite.close();
    },
  };
}
