import { spawn, type ChildProcess } from "node:child_process";
import { cpSync, mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { createApiKey } from "@/lib/auth/api-keys";
import { createOrganization } from "@/lib/auth/organizations";
import { connectPglite } from "@/lib/db/client";
import { applyMigrations } from "@/lib/db/migrate";
import { createTestDatabase } from "./test-database";

export type ServerProcess = {
  child: ChildProcess;
  port: number;
  apiKey: string;
  /** Everything the process printed so far. */
  output: () => string;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  /** Kills what is left and removes the process's database. */
  cleanUp: () => Promise<void>;
};

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

/** A migrated embedded database with one organization and key, made once per test file and copied for each server. */
let template: Promise<{ dataDir: string; apiKey: string }> | undefined;
function embeddedTemplate() {
  return (template ??= (async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), "voice-server-template-"));
    process.once("exit", () => rmSync(dataDir, { recursive: true, force: true }));
    const connection = await connectPglite(path.join(dataDir, "pglite"));
    try {
      await applyMigrations(connection);
      const org = await createOrganization(connection.db, "Server process");
      return { dataDir, apiKey: (await createApiKey({ db: connection.db, organizationId: org.id }, { name: "server test" })).apiKey };
    } finally {
      await connection.close();
    }
  })());
}

/**
 * `scripts/server.ts --api-only` (the real server: runtime, /v1, health, WebSockets, draining, no
 * studio pages) in a child process on a free loopback port, on a fresh database with one
 * organization and API key: on TEST_DATABASE_URL's server with TEST_DB=postgres, else embedded.
 */
export async function startServerProcess(env: Record<string, string> = {}): Promise<ServerProcess> {
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(tmpdir(), "voice-server-"));
  let database: Awaited<ReturnType<typeof createTestDatabase>> | undefined;
  let apiKey: string;
  if (process.env.TEST_DB === "postgres") {
    database = await createTestDatabase();
    const org = await createOrganization(database.db, "Server process");
    apiKey = (await createApiKey({ db: database.db, organizationId: org.id }, { name: "server test" })).apiKey;
  } else {
    const embedded = await embeddedTemplate();
    cpSync(embedded.dataDir, dataDir, { recursive: true });
    apiKey = embedded.apiKey;
  }
  const child = spawn(process.execPath, ["--conditions=react-server", "--import", "tsx", "scripts/server.ts", "--api-only"], {
    cwd: process.cwd(),
    env: {
      ...process.env,
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      DATABASE_URL: database?.url ?? "",
      SEED_DEMO: "false",
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout!.on("data", (chunk) => (output += chunk));
  child.stderr!.on("data", (chunk) => (output += chunk));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once("exit", (code, signal) => resolve({ code, signal })),
  );
  const cleanUp = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
    await exited;
    await database?.close();
    rmSync(dataDir, { recursive: true, force: true });
  };
  const deadline = Date.now() + 90_000;
  while (!/> Ready on /.test(output)) {
    if (child.exitCode !== null || Date.now() > deadline) {
      await cleanUp();
      throw new Error(`the server did not start:\n${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return { child, port, apiKey, output: () => output, exited, cleanUp };
}
