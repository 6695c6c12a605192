import { execFile } from "node:child_process";
import { randomUUID } from "node:crypto";
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync } from "node:fs";
import { connect } from "node:net";
import { networkInterfaces, tmpdir } from "node:os";
import path from "node:path";
import { eq, sql } from "drizzle-orm";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startAdminServer } from "@/lib/admin/admin-server";
import { createApiApp } from "@/lib/api/app";
import { findActiveApiKey } from "@/lib/auth/api-keys";
import { connectPglite, connectPostgres, type DatabaseConnection } from "@/lib/db/client";
import { lockDataDirectory, type DataDirectoryLock } from "@/lib/db/data-dir-lock";
import { applyMigrations } from "@/lib/db/migrate";
import { callPostCallAnswers, calls, users } from "@/lib/db/schema";

const root = process.cwd();
const tsx = path.join(root, "node_modules", ".bin", "tsx");
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const CLI_TIMEOUT = 180_000;

type Run = { code: number; stdout: string; stderr: string };

function runTsx(args: string[], env: Record<string, string>): Promise<Run> {
  return new Promise((resolve) => {
    execFile(
      tsx,
      ["--conditions=react-server", ...args],
      { cwd: root, env: { ...process.env, DATABASE_URL: "", ...env }, timeout: CLI_TIMEOUT },
      (error, stdout, stderr) => resolve({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr }),
    );
  });
}

/** Runs the CLI and parses its stdout, which must be exactly one JSON object. */
async function admin(args: string[], env: Record<string, string>): Promise<{ json: Record<string, unknown>; stderr: string }> {
  const run = await runTsx(["scripts/admin.ts", ...args], env);
  expect(run.code, run.stderr).toBe(0);
  return { json: JSON.parse(run.stdout), stderr: run.stderr };
}

function countCalls(connection: DatabaseConnection, organizationId: string) {
  return connection.db
    .select({ total: sql<number>`count(*)::int`, types: sql<number>`count(distinct ${calls.type})::int` })
    .from(calls)
    .where(eq(calls.organizationId, organizationId))
    .then(([row]) => row);
}

function canConnect(host: string, port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect({ host, port, timeout: 2000 });
    const done = (connected: boolean) => {
      socket.destroy();
      resolve(connected);
    };
    socket.once("connect", () => done(true));
    socket.once("error", () => done(false));
    socket.once("timeout", () => done(false));
  });
}

const embedded = process.env.TEST_DB !== "postgres";

describe.runIf(embedded)("admin CLI on the embedded database, no server running", () => {
  let dataDir: string;
  beforeAll(() => {
    dataDir = mkdtempSync(path.join(tmpdir(), "admin-cli-"));
  });
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it(
    "creates an organization, a key, a number and calls, each printing one JSON object, and the key works",
    async () => {
      const env = { DATA_DIR: dataDir };
      const org = await admin(["create-org", "--name", "CLI Org", "--owner-email", "cli@example.com", "--owner-password", "long enough"], env);
      expect(org.json).toEqual({ organization_id: expect.stringMatching(UUID), user_id: expect.stringMatching(UUID) });
      const organizationId = org.json.organization_id as string;

      const key = await admin(["create-api-key", "--org", organizationId, "--name", "ops"], env);
      expect(key.json).toEqual({ id: expect.stringMatching(UUID), api_key: expect.stringMatching(/^vk_/) });

      const number = await admin(["create-phone-number", "--org", organizationId, "--number", "+14155550150", "--name", "Main"], env);
      expect(number.json).toMatchObject({ id: expect.stringMatching(UUID), number: "+14155550150", name: "Main", type: "pstn" });

      const seeded = await admin(["seed-calls", "--org", organizationId, "--count", "200"], env);
      expect(seeded.json).toEqual({ created: 200 });

      // The CLI released the directory: open it here and call the API with the new key.
      const lock = lockDataDirectory(dataDir);
      const connection = await connectPglite(path.join(dataDir, "pglite"));
      try {
        const api = createApiApp({
          db: connection.db,
          queue: { send: async () => undefined },
          settings: { rateLimitPerMinute: 1000, jsonBodyLimitBytes: 1024 * 1024 },
        });
        const response = await api.request("/v1/calls?limit=1000", { headers: { "X-Api-Key": key.json.api_key as string } });
        expect(response.status).toBe(200);
        const body = (await response.json()) as { data: { from_number: string | null; to_number: string | null }[] };
        expect(body.data).toHaveLength(200);
        expect(body.data.some((call) => call.from_number === "+14155550150" || call.to_number === "+14155550150")).toBe(true);
        expect(await countCalls(connection, organizationId)).toEqual({ total: 200, types: 2 });
      } finally {
        await connection.close();
        lock.release();
      }
    },
    CLI_TIMEOUT,
  );

  it(
    "reports an unknown organization on stderr with exit code 1 and nothing on stdout",
    async () => {
      const run = await runTsx(["scripts/admin.ts", "create-api-key", "--org", randomUUID()], { DATA_DIR: dataDir });
      expect(run.code).toBe(1);
      expect(run.stdout).toBe("");
      expect(run.stderr).toMatch(/Organization .* not found/);
    },
    CLI_TIMEOUT,
  );
});

describe.runIf(embedded)("admin CLI while a server owns the data directory", () => {
  let dataDir: string;
  let lock: DataDirectoryLock;
  let connection: DatabaseConnection;
  let server: { close(): Promise<void> };

  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), "admin-owner-"));
    lock = lockDataDirectory(dataDir);
    connection = await connectPglite(path.join(dataDir, "pglite"));
    await applyMigrations(connection);
    server = await startAdminServer(connection.db, dataDir);
  });
  afterAll(async () => {
    await server?.close();
    await connection?.close();
    lock?.release();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it(
    "runs commands in the owning process, whose database then holds the rows",
    async () => {
      const env = { DATA_DIR: dataDir };
      const org = await admin(["create-org", "--name", "Served", "--owner-email", "served@example.com", "--owner-password", "long enough"], env);
      expect(org.stderr).toContain(`in process ${process.pid}`);
      const organizationId = org.json.organization_id as string;
      const startTime = "2025-02-03T04:05:06.789Z";
      const seeded = await admin(["seed-calls", "--org", organizationId, "--count", "60", "--start-time", startTime], env);
      expect(seeded.json).toEqual({ created: 60 });

      const [owner] = await connection.db.select().from(users).where(eq(users.email, "served@example.com"));
      expect(owner).toBeDefined();
      const rows = await connection.db.select({ startTime: calls.startTime }).from(calls).where(eq(calls.organizationId, organizationId));
      expect(rows).toHaveLength(60);
      expect(rows.every((row) => row.startTime.toISOString() === startTime)).toBe(true);
      const [{ answers }] = await connection.db
        .select({ answers: sql<number>`count(*)::int` })
        .from(callPostCallAnswers)
        .where(eq(callPostCallAnswers.organizationId, organizationId));
      expect(answers).toBeGreaterThan(0);
    },
    CLI_TIMEOUT,
  );

  it(
    "makes a second process that opens the directory directly fail fast, naming the owner",
    async () => {
      const started = Date.now();
      const run = await runTsx(["-e", `require("./lib/db/data-dir-lock.ts").lockDataDirectory(${JSON.stringify(dataDir)})`], {});
      expect(run.code).not.toBe(0);
      expect(run.stderr).toContain(`already in use by process ${process.pid}`);
      expect(run.stderr).toContain("npm run admin");
      expect(Date.now() - started).toBeLessThan(30_000);
    },
    CLI_TIMEOUT,
  );

  it("publishes its endpoint to this user only, listens on loopback only, and refuses a wrong token", async () => {
    const file = path.join(dataDir, "admin.json");
    expect(statSync(file).mode & 0o777).toBe(0o600);
    const endpoint = JSON.parse(readFileSync(file, "utf8")) as { port: number; token: string; pid: number };
    expect(endpoint.pid).toBe(process.pid);
    expect(endpoint.token).toMatch(/^[0-9a-f]{64}$/);

    const url = `http://127.0.0.1:${endpoint.port}/commands`;
    const body = JSON.stringify({ command: "create-api-key", args: { org: randomUUID() } });
    expect((await fetch(url, { method: "POST", body })).status).toBe(401);
    expect((await fetch(url, { method: "POST", body, headers: { Authorization: `Bearer ${"0".repeat(64)}` } })).status).toBe(401);

    const authorized = { Authorization: `Bearer ${endpoint.token}` };
    const missing = await fetch(url, { method: "POST", body, headers: authorized });
    expect(missing.status).toBe(404);
    expect(await missing.json()).toMatchObject({ error: { type: "not_found" } });
    expect((await fetch(url, { headers: authorized })).status).toBe(405);
    const usage = await fetch(url, { method: "POST", headers: authorized, body: JSON.stringify({ command: "drop-everything" }) });
    expect(usage.status).toBe(400);

    const external = Object.values(networkInterfaces())
      .flat()
      .find((address) => address && address.family === "IPv4" && !address.internal);
    if (external) expect(await canConnect(external.address, endpoint.port)).toBe(false);
  });

  it("removes its endpoint file when it closes", async () => {
    const otherDir = mkdtempSync(path.join(tmpdir(), "admin-close-"));
    try {
      const other = await startAdminServer(connection.db, otherDir);
      expect(existsSync(path.join(otherDir, "admin.json"))).toBe(true);
      await other.close();
      expect(existsSync(path.join(otherDir, "admin.json"))).toBe(false);
    } finally {
      rmSync(otherDir, { recursive: true, force: true });
    }
  });
});

describe.runIf(process.env.TEST_DB === "postgres")("admin CLI on Postgres (DATABASE_URL)", () => {
  const serverUrl = process.env.TEST_DATABASE_URL!;
  const name = `admin_cli_${randomUUID().replaceAll("-", "").slice(0, 12)}`;
  let databaseUrl: string;
  let dataDir: string;

  beforeAll(async () => {
    const client = new pg.Client({ connectionString: serverUrl });
    await client.connect();
    await client.query(`create database ${name}`);
    await client.end();
    const url = new URL(serverUrl);
    url.pathname = `/${name}`;
    databaseUrl = url.toString();
    dataDir = mkdtempSync(path.join(tmpdir(), "admin-pg-"));
  });
  afterAll(async () => {
    const client = new pg.Client({ connectionString: serverUrl });
    await client.connect();
    await client.query(`drop database if exists ${name} with (force)`);
    await client.end();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it(
    "migrates a fresh database and runs every command on it",
    async () => {
      const env = { DATABASE_URL: databaseUrl, DATA_DIR: dataDir };
      const org = await admin(["create-org", "--name", "PG Org", "--owner-email", "pg@example.com", "--owner-password", "long enough"], env);
      const organizationId = org.json.organization_id as string;
      const key = await admin(["create-api-key", "--org", organizationId], env);
      const number = await admin(
        ["create-phone-number", "--org", organizationId, "--number", "+14155550160", "--type", "sip", "--sip-termination-uri", "sip:pbx.example.com"],
        env,
      );
      expect(number.json).toMatchObject({ type: "sip", sip_trunk: { termination_uri: "sip:pbx.example.com" } });
      const startTime = "2025-01-01T00:00:00.000Z";
      expect((await admin(["seed-calls", "--org", organizationId, "--count", "200", "--start-time", startTime], env)).json).toEqual({
        created: 200,
      });

      expect(existsSync(path.join(dataDir, "pglite"))).toBe(false);
      const connection = connectPostgres(databaseUrl, 2);
      try {
        expect(await findActiveApiKey(connection.db, key.json.api_key as string)).toMatchObject({ organizationId });
        expect(await countCalls(connection, organizationId)).toEqual({ total: 200, types: 2 });
        const rows = await connection.db.select({ startTime: calls.startTime, transcript: calls.transcript }).from(calls);
        expect(rows.every((row) => row.startTime.toISOString() === startTime)).toBe(true);
        expect(rows.some((row) => row.transcript.length > 0)).toBe(true);
      } finally {
        await connection.close();
      }
    },
    CLI_TIMEOUT,
  );
});
