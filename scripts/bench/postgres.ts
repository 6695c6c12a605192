import { execFile } from "node:child_process";
import { chmodSync, mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import pg from "pg";
import { createApiKey } from "@/lib/auth/api-keys";
import { createOrganization } from "@/lib/auth/organizations";
import { connectPostgres } from "@/lib/db/client";
import { applyMigrations } from "@/lib/db/migrate";
import { freePort } from "./server";

const run = promisify(execFile);

/** What scripts/ci/start-postgres.sh starts by default (and CI uses). */
export const DEFAULT_SERVER_URL = "postgres://postgres@127.0.0.1:54329/postgres";

export type PostgresServer = { url: string; started: boolean; stop: () => Promise<void> };

async function reachable(url: string): Promise<string | null> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 3000 });
  try {
    await client.connect();
    await client.query("select 1");
    return null;
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  } finally {
    await client.end().catch(() => undefined);
  }
}

/**
 * BENCH_DATABASE_URL when set (it must answer); otherwise the default loopback server; otherwise a
 * throwaway one started with scripts/ci/start-postgres.sh in a temp directory, stopped by `stop`.
 */
export async function postgresServer(root: string, log: (line: string) => void): Promise<PostgresServer> {
  const given = process.env.BENCH_DATABASE_URL;
  if (given) {
    const problem = await reachable(given);
    if (problem) throw new Error(`BENCH_DATABASE_URL does not answer: ${problem}`);
    return { url: given, started: false, stop: async () => undefined };
  }
  if (!(await reachable(DEFAULT_SERVER_URL))) return { url: DEFAULT_SERVER_URL, started: false, stop: async () => undefined };

  const dir = mkdtempSync(path.join(os.tmpdir(), "bench-postgres-"));
  chmodSync(dir, 0o755); // the server runs as the postgres user when we are root
  const dataDir = path.join(dir, "data");
  const port = await freePort();
  log(`No Postgres at ${DEFAULT_SERVER_URL}: starting one in ${dataDir} on port ${port}`);
  const script = path.join(root, "scripts", "ci", "start-postgres.sh");
  const stopScript = path.join(root, "scripts", "ci", "stop-postgres.sh");
  const stop = async () => {
    await run("bash", [stopScript, dataDir], { timeout: 60_000 }).catch(() => undefined);
    rmSync(dir, { recursive: true, force: true });
  };
  try {
    const { stdout } = await run("bash", [script, dataDir, String(port)], { timeout: 15 * 60_000, maxBuffer: 16 * 1024 * 1024 });
    const url = stdout.trim().split("\n").at(-1)!;
    const problem = await reachable(url);
    if (problem) throw new Error(`the started Postgres does not answer: ${problem}`);
    return { url, started: true, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}

export function databaseUrl(serverUrl: string, database: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${database}`;
  return url.toString();
}

async function onServer(serverUrl: string, text: string): Promise<void> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end().catch(() => undefined);
  }
}

const quoted = (name: string) => {
  if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`Unexpected database name ${name}`);
  return `"${name}"`;
};

export async function createDatabase(serverUrl: string, name: string): Promise<string> {
  await onServer(serverUrl, `create database ${quoted(name)}`);
  return databaseUrl(serverUrl, name);
}

export async function dropDatabase(serverUrl: string, name: string): Promise<void> {
  await onServer(serverUrl, `drop database if exists ${quoted(name)} with (force)`);
}

/** Migrates a new database and makes an organization with an API key in it: what a bench's calls need. */
export async function benchOrganization(url: string, name: string): Promise<{ apiKey: string }> {
  const connection = connectPostgres(url, 2);
  try {
    await applyMigrations(connection);
    const org = await createOrganization(connection.db, name);
    const { apiKey } = await createApiKey({ db: connection.db, organizationId: org.id }, { name: "bench" });
    return { apiKey };
  } finally {
    await connection.close();
  }
}
