import { spawn, type ChildProcess } from "node:child_process";
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
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
  /** Where its data lives: the Postgres database's URL, or the embedded database's directory. */
  databaseUrl: string | undefined;
  dataDir: string;
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

export type ServerMode = "api-only" | "studio";

/**
 * `scripts/server.ts --api-only` (the real server: runtime, /v1, health, WebSockets, draining, no
 * studio pages) in a child process (with `viaNpm`, as `npm start -- --api-only`: npm is the child) on a free loopback port, on a fresh database with one
 * organization and API key: on TEST_DATABASE_URL's server with TEST_DB=postgres, else embedded.
 * `mode: "studio"`: the normal mode, with Next.js loaded: as `--dev` (tests run before any production
 * build exists; ~15 s to start), in `.next/dev`, so only one such server per checkout at a time (a
 * build directory of its own would make Next.js rewrite tsconfig.json).
 * `shareWith`: another instance on the same data (its Postgres database; or its embedded directory,
 * once that process has ended): the first process's cleanUp removes the data, so clean this one up first.
 */
export async function startServerProcess(env: Record<string, string> = {}, options: { mode?: ServerMode; shareWith?: ServerProcess; viaNpm?: boolean } = {}): Promise<ServerProcess> {
  const studio = options.mode === "studio";
  const port = await freePort();
  const shared = options.shareWith;
  const dataDir = shared?.dataDir ?? mkdtempSync(path.join(tmpdir(), "voice-server-"));
  let database: Awaited<ReturnType<typeof createTestDatabase>> | undefined;
  let apiKey: string;
  if (shared) {
    apiKey = shared.apiKey;
  } else if (process.env.TEST_DB === "postgres") {
    database = await createTestDatabase();
    const org = await createOrganization(database.db, "Server process");
    apiKey = (await createApiKey({ db: database.db, organizationId: org.id }, { name: "server test" })).apiKey;
  } else {
    const embedded = await embeddedTemplate();
    cpSync(embedded.dataDir, dataDir, { recursive: true });
    apiKey = embedded.apiKey;
  }
  const mode = studio ? "--dev" : "--api-only";
  const command: [string, string[]] = options.viaNpm
    ? ["npm", ["start", "--silent", "--", mode]]
    : [process.execPath, ["--conditions=react-server", "--import", "tsx", "scripts/server.ts", mode]];
  const child = spawn(command[0], command[1], {
    cwd: process.cwd(),
    env: {
      ...process.env,
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      DATABASE_URL: shared?.databaseUrl ?? database?.url ?? "",
      SEED_DEMO: "false",
      npm_config_update_notifier: "false",
      ...(studio ? { NEXT_DIST_DIR: "" } : {}),
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
    // npm in a process group of its own, as a terminal's job or a service manager's unit is.
    detached: options.viaNpm,
  });
  let output = "";
  child.stdout!.on("data", (chunk) => (output += chunk));
  child.stderr!.on("data", (chunk) => (output += chunk));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once("exit", (code, signal) => resolve({ code, signal })),
  );
  let cleaning: Promise<void> | undefined;
  // Once: a test may clean up a server its afterAll cleans up again.
  const cleanUp = () => (cleaning ??= stop());
  const stop = async () => {
    if (options.viaNpm) {
      try {
        process.kill(-child.pid!, "SIGKILL"); // whatever npm started too
      } catch {
        // the group is gone
      }
    } else if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
    await exited;
    if (shared) return;
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
  return { child, port: Number(env.PORT ?? port), apiKey, databaseUrl: shared?.databaseUrl ?? database?.url, dataDir, output: () => output, exited, cleanUp };
}

/** Every process below `pid` (Linux: the parent of each in /proc/<pid>/stat): npm's node, a cluster's server processes. */
export function descendants(pid: number): number[] {
  const children = new Map<number, number[]>();
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, "utf8");
      const parent = Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]);
      children.set(parent, [...(children.get(parent) ?? []), Number(entry)]);
    } catch {
      // gone meanwhile
    }
  }
  const out: number[] = [];
  for (let queue = [pid]; queue.length; ) {
    const next = children.get(queue.shift()!) ?? [];
    out.push(...next);
    queue.push(...next);
  }
  return out;
}
