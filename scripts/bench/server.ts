import { spawn, type ChildProcess } from "node:child_process";
import { createWriteStream, existsSync, readFileSync } from "node:fs";
import net from "node:net";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { KeepAliveClient } from "./http-client";

/** A port that was free a moment ago on 127.0.0.1. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.on("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      server.close(() => (address && typeof address === "object" ? resolve(address.port) : reject(new Error("no port"))));
    });
  });
}

export type RunningServer = { port: number; pid: number; logFile: string; stop: () => Promise<void> };

export type ServerOptions = {
  root: string;
  /** DATABASE_URL or DATA_DIR and anything else for this server. */
  env: Record<string, string>;
  logFile: string;
  /** A request that answers 200 once the server is up (the runtime boots before the first request is served). */
  readyPath: string;
  headers: Record<string, string>;
  startTimeoutMs?: number;
};

function logTail(file: string, lines = 30): string {
  try {
    return readFileSync(file, "utf8").trimEnd().split("\n").slice(-lines).join("\n");
  } catch {
    return "(no log)";
  }
}

/** The app's server (`npm start`: lib/server with the production build in .next), loopback only, in its own process group. */
export async function startAppServer(options: ServerOptions): Promise<RunningServer> {
  const distDir = process.env.NEXT_DIST_DIR || ".next";
  if (!existsSync(path.join(options.root, distDir, "BUILD_ID"))) {
    throw new Error(`No production build in ${distDir}: run \`npm run build\` first (the benchmark measures the production server).`);
  }
  return startServer("the app server", ["--conditions=react-server", "--import", "tsx", "scripts/server.ts"], options);
}

/** The bare node:http + pg floor (scripts/bench/floor-server.ts) the API is measured against under load. */
export function startFloorServer(options: ServerOptions): Promise<RunningServer> {
  return startServer("the floor server", ["--conditions=react-server", "--import", "tsx", "scripts/bench/floor-server.ts"], options);
}

async function startServer(label: string, args: string[], options: ServerOptions): Promise<RunningServer> {
  const port = await freePort();
  const log = createWriteStream(options.logFile, { flags: "a" });
  const env: NodeJS.ProcessEnv = { ...process.env, ...options.env, PORT: String(port), HOST: "127.0.0.1", NEXT_TELEMETRY_DISABLED: "1" };
  // The benchmark's own choice of database wins over whatever the caller's shell has set.
  if (options.env.DATABASE_URL === undefined) delete env.DATABASE_URL;
  const child: ChildProcess = spawn(process.execPath, args, {
    cwd: options.root,
    env,
    detached: true,
    stdio: ["ignore", "pipe", "pipe"],
  });
  child.stdout?.pipe(log);
  child.stderr?.pipe(log);
  let exited: { code: number | null; signal: NodeJS.Signals | null } | null = null;
  const exit = new Promise<void>((resolve) =>
    child.once("exit", (code, signal) => {
      exited = { code, signal };
      resolve();
    }),
  );
  const pid = child.pid!;

  const stop = async () => {
    if (exited) return;
    try {
      process.kill(-pid, "SIGTERM");
    } catch {
      return;
    }
    const stopped = await Promise.race([exit.then(() => true), sleep(15_000).then(() => false)]);
    if (!stopped) {
      try {
        process.kill(-pid, "SIGKILL");
      } catch {
        // already gone
      }
      await Promise.race([exit, sleep(5_000)]);
    }
  };

  const client = new KeepAliveClient(port, options.headers, 10_000);
  const deadline = Date.now() + (options.startTimeoutMs ?? 120_000);
  try {
    for (;;) {
      if (exited) {
        const { code, signal } = exited as { code: number | null; signal: NodeJS.Signals | null };
        throw new Error(`${label} exited (code ${code}, signal ${signal}) before answering. Log tail:\n${logTail(options.logFile)}`);
      }
      try {
        const result = await client.get(options.readyPath);
        if (result.status === 200) break;
        if (result.status !== 500 && result.status !== 503 && result.status !== 502) {
          throw new Error(`${options.readyPath} answered ${result.status}: ${result.body.toString("utf8").slice(0, 300)}`);
        }
      } catch (error) {
        if (error instanceof Error && /answered/.test(error.message)) throw error;
        // not listening yet
      }
      if (Date.now() > deadline) throw new Error(`${label} did not answer within the timeout. Log tail:\n${logTail(options.logFile)}`);
      await sleep(250);
    }
  } catch (error) {
    client.close();
    await stop();
    throw error;
  }
  client.close();
  return { port, pid, logFile: options.logFile, stop };
}
