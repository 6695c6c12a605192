import { readFileSync } from "node:fs";
import http from "node:http";
import { afterAll, describe, expect, it } from "vitest";
import { SERVER_PROCESS_V8_FLAGS, serverProcessEnv } from "@/lib/server/cluster-primary";
import { descendants, startServerProcess, type ServerProcess } from "../helpers/app-server-process";

// Several server processes need the Postgres server (the embedded database is owned by one process).
const onPostgres = process.env.TEST_DB === "postgres";

let server: ServerProcess | undefined;
afterAll(async () => {
  await server?.cleanUp();
});

async function until(check: () => boolean | Promise<boolean>, timeoutMs: number, what: string): Promise<void> {
  for (const deadline = Date.now() + timeoutMs; !(await Promise.resolve(check()).catch(() => false)); ) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

/** The cluster's server processes (not what they start, such as the esbuild service tsx runs while its cache is cold). */
const serverProcesses = (primary: number) =>
  descendants(primary).filter((pid) => {
    try {
      return readFileSync(`/proc/${pid}/cmdline`, "utf8").includes("scripts/server.ts");
    } catch {
      return false;
    }
  });

type Health = { status: string; load: { live_calls: number; accepting_calls: boolean; loop_delay_p99_ms: number; processes: { pid: number; accepting_calls: boolean }[] } };

/** Each check on a connection of its own (no keep-alive): the primary hands every new connection to the next process. */
function health(port: number): Promise<Health> {
  return new Promise((resolve, reject) => {
    http
      .get({ host: "127.0.0.1", port, path: "/api/health", agent: false }, (response) => {
        let body = "";
        response.on("data", (chunk) => (body += chunk));
        response.on("end", () => resolve(JSON.parse(body) as Health));
      })
      .on("error", reject);
  });
}

describe("the server processes' environment", () => {
  it("glibc maps blocks of 16 KiB and more on their own, unless the operator chose a threshold", () => {
    expect(serverProcessEnv({})).toEqual({ MALLOC_MMAP_THRESHOLD_: "16384" });
    expect(serverProcessEnv({ MALLOC_MMAP_THRESHOLD_: "65536" })).toEqual({});
  });
});

describe.skipIf(!onPostgres)("WEB_CONCURRENCY=2: two server processes on one port", () => {
  it("serves from both processes, each health answer reports the whole instance's load, and SIGTERM to the primary drains both and exits 0", async () => {
    server = await startServerProcess({ WEB_CONCURRENCY: "2", SHUTDOWN_DRAIN_SECONDS: "3" });
    const { child, port, apiKey } = server;
    expect(server.output()).toMatch(/> Ready on .*2 server processes: \d+, \d+\)/);
    const workers = serverProcesses(child.pid!);
    expect(workers).toHaveLength(2);
    // Each process runs with the collector settings measured in docs/performance.md (capacity runs 4 and 7).
    for (const pid of workers) {
      const argv = readFileSync(`/proc/${pid}/cmdline`, "utf8").split("\0");
      for (const flag of SERVER_PROCESS_V8_FLAGS) expect(argv).toContain(flag);
      const env = readFileSync(`/proc/${pid}/environ`, "utf8").split("\0");
      expect(env).toContain(`MALLOC_MMAP_THRESHOLD_=${process.env.MALLOC_MMAP_THRESHOLD_ ?? "16384"}`);
    }

    // Every answer, whichever process gives it, lists both processes (their reports are relayed by the primary).
    await until(async () => (await health(port)).load.processes.length === 2, 15_000, "both processes in the health load");
    const pidsSeen = new Set<number>();
    for (let i = 0; i < 20; i++) {
      const body = await health(port);
      expect(body.status).toBe("ok");
      expect(body.load).toMatchObject({ live_calls: 0, accepting_calls: true });
      expect(body.load.processes.map((each) => each.pid).sort()).toEqual([...workers].sort());
      pidsSeen.add(body.load.processes[0].pid); // the answering process's own report comes first
    }
    // The primary hands connections round robin: both processes answered.
    expect(pidsSeen.size).toBe(2);
    // The API works through either.
    for (let i = 0; i < 4; i++) expect((await fetch(`http://127.0.0.1:${port}/v1/agents`, { headers: { "x-api-key": apiKey } })).status).toBe(200);

    child.kill("SIGTERM");
    expect(await server.exited).toEqual({ code: 0, signal: null });
    expect(workers.filter(alive)).toEqual([]);
    expect(server.output()).toMatch(/SIGTERM received: draining 2 server process/);
    await server.cleanUp();
  }, 120_000);

  it("a server process that dies is replaced, and the instance keeps serving", async () => {
    await server?.cleanUp(); // the first test's, had it failed before its own clean-up
    server = await startServerProcess({ WEB_CONCURRENCY: "2" });
    const [first, second] = serverProcesses(server.child.pid!);
    process.kill(first, "SIGKILL");
    await until(() => serverProcesses(server!.child.pid!).length === 2 && !serverProcesses(server!.child.pid!).includes(first), 30_000, "a new server process");
    expect(serverProcesses(server.child.pid!)).toContain(second);
    await until(async () => (await health(server!.port)).load.processes.length === 2, 30_000, "the new process reporting");
    expect(server.output()).toMatch(new RegExp(`server process \\d \\(pid ${first}\\) exited \\(SIGKILL\\): starting another`));
  }, 120_000);
});
