import { spawn } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { stringify } from "yaml";
import { bistroAgent, bistroModel } from "../helpers/agent-test-fixtures";
import { startFakeOpenAiServer, type FakeOpenAiServer } from "../helpers/fake-openai-server";
import { startInProcessServer, type InProcessServer } from "../helpers/in-process-server";
import { createTestApi, type TestApi } from "../helpers/test-api";

// The agent-test CLI as CI runs it: a child process talking HTTP to the server (the in-process
// server, its job workers and a fake OpenAI-compatible model), syncing tests from a file, printing
// one line per test, writing JUnit XML and exiting 0, 1 or 2.

const root = path.resolve(__dirname, "../..");
let api: TestApi;
let llm: FakeOpenAiServer;
let server: InProcessServer;
let baseUrl: string;
let org: { apiKey: string; organizationId: string };
let agentId: string;
let dir: string;

beforeAll(async () => {
  llm = await startFakeOpenAiServer(bistroModel());
  api = await createTestApi({ workers: true, runtime: { env: llm.env() }, agentTests: { env: llm.env() } });
  server = await startInProcessServer(api);
  baseUrl = `http://127.0.0.1:${server.port}`;
  org = await api.createOrganization();
  agentId = (await (await api.request("POST", "/v1/agents", { apiKey: org.apiKey, body: bistroAgent() })).json()).data.id;
  dir = mkdtempSync(path.join(os.tmpdir(), "agent-test-cli-"));
});
afterAll(async () => {
  await server?.close();
  await api?.close();
  await llm?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

function cli(args: string[], onStdout?: (stdout: string, child: ReturnType<typeof spawn>) => void): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ["--import", "tsx", "scripts/agent-test.ts", ...args], { cwd: root, stdio: ["ignore", "pipe", "pipe"] });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (chunk: Buffer) => {
      stdout += chunk;
      onStdout?.(stdout, child);
    });
    child.stderr.on("data", (chunk: Buffer) => (stderr += chunk));
    child.on("exit", (code) => resolve({ code, stdout, stderr }));
  });
}

const connection = () => ["--base-url", baseUrl, "--api-key", org.apiKey, "--agent", agentId];
const file = (name: string, tests: unknown, format: "yaml" | "json" | "raw" = "yaml") => {
  const target = path.join(dir, name);
  writeFileSync(target, format === "yaml" ? stringify(tests) : format === "json" ? JSON.stringify(tests) : String(tests));
  return target;
};
const listNames = async () => ((await (await api.request("GET", `/v1/agents/${agentId}/tests`, { apiKey: org.apiKey })).json()).data as { name: string }[]).map((test) => test.name).sort();

const hours = { name: "tells the hours", type: "scripted", tags: ["smoke"], turns: [{ user: "What are your hours?", expect: [{ type: "agent_says", match: "contains", value: "noon" }] }] };
const booking = {
  name: "books a table",
  type: "scripted",
  tool_mocks: [{ tool_name: "check_availability", response: { slot: "20:00" } }],
  turns: [{ user: "I'd like to book a table for 2", expect: [{ type: "state", state_name: "booking" }, { type: "variable", name: "slot", value: "21:00" }] }],
};

// The CLI does not care which database the server runs on: once, on the real Postgres when there is one.
const database = process.env.TEST_DATABASE_URL ? "postgres" : "pglite";

describe.runIf(process.env.TEST_DB === database)("npm run agent-test", () => {
  it("syncs a YAML file, runs it, prints a line per test, writes JUnit, and exits 1 when a test fails", async () => {
    const junit = path.join(dir, "reports", "agent-tests.xml");
    const result = await cli([...connection(), "--file", file("tests.yaml", [hours, booking]), "--junit", junit]);
    expect(result.code, result.stderr).toBe(1);
    expect(result.stdout).toContain("Tests of Bistro Nova synced from tests.yaml: 2 created, 0 updated, 0 unchanged");
    const lines = result.stdout.split("\n");
    expect(lines).toContain("✓ tells the hours  100% (1/1)");
    expect(lines).toContain('✗ books a table  0% (0/1)  turn 0 variable: expected "21:00", actual "20:00"');
    expect(result.stdout).toMatch(/1\/2 passed, 1 failed, 0 errored — run [0-9a-f-]+ failed \(agent version 1\)/);
    expect(await listNames()).toEqual(["books a table", "tells the hours"]);

    const xml = readFileSync(junit, "utf8");
    expect(xml).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?>\n<testsuites name="agent tests" tests="2" failures="1" errors="0" skipped="0"/);
    expect(xml).toContain('<testsuite name="Bistro Nova (version 1)" tests="2" failures="1" errors="0"');
    expect(xml.match(/<testcase /g)).toHaveLength(2);
    expect(xml).toContain('<testcase name="tells the hours" classname="agent-tests.Bistro Nova"');
    expect(xml).toContain('<failure message="turn 0 variable: expected &quot;21:00&quot;, actual &quot;20:00&quot;" type="assertion">');
    expect(xml).toContain("slot is &quot;20:00&quot;, not &quot;21:00&quot;");
    expect(xml).toContain("<system-out>agent: Hello, Bistro Nova, how can I help?\nuser: What are your hours?");
    expect((xml.match(/<testcase /g) ?? []).length).toBe((xml.match(/<\/testcase>/g) ?? []).length);
  }, 60_000);

  it("updates a changed test, prunes the ones the file dropped, and exits 0 when all pass (JSON, repeat)", async () => {
    const fixed = { ...booking, turns: [{ ...booking.turns[0], expect: [{ type: "variable", name: "slot", value: "20:00" }] }] };
    const junit = path.join(dir, "pass.xml");
    const result = await cli([...connection(), "--file", file("tests.json", [fixed], "json"), "--prune", "--repeat", "2", "--junit", junit]);
    expect(result.code, result.stdout + result.stderr).toBe(0);
    expect(result.stdout).toContain("synced from tests.json: 0 created, 1 updated, 0 unchanged, 1 deleted");
    expect(result.stdout.split("\n")).toContain("✓ books a table  100% (2/2)");
    expect(await listNames()).toEqual(["books a table"]);
    const xml = readFileSync(junit, "utf8");
    expect(xml).toContain('tests="2" failures="0" errors="0"');
    expect(xml).toContain('<testcase name="books a table #1"');
    expect(xml).toContain('<testcase name="books a table #2"');

    // The same file again changes nothing.
    const again = await cli([...connection(), "--file", path.join(dir, "tests.json"), "--prune"]);
    expect(again.code).toBe(0);
    expect(again.stdout).toContain("0 created, 0 updated, 1 unchanged, 0 deleted");
  }, 60_000);

  it("runs the tagged tests only, and exits 1 when one errors", async () => {
    const broken = { name: "model down", type: "scripted", tags: ["broken"], turns: [{ user: "this will fail" }] };
    const result = await cli([...connection(), "--file", file("tagged.yaml", [hours, broken]), "--tags", "broken"]);
    expect(result.code).toBe(1);
    expect(result.stdout).toMatch(/✗ model down {2}0% \(0\/1\) {2}error \(repetition 1\): The agent's model failed: The model answered 500/);
    expect(result.stdout).not.toContain("tells the hours  ");
  }, 60_000);

  it("cancels the run on the server when interrupted, reports it, and exits 1", async () => {
    llm.setHandler((request) => (/takes its time/.test(JSON.stringify(request.body.messages)) ? { text: "Still thinking.", delayMs: 20_000 } : bistroModel()(request)));
    try {
      const slow = { name: "slow answer", type: "scripted", tags: ["slow"], turns: [{ user: "This takes its time" }] };
      let signalled = false;
      const result = await cli([...connection(), "--file", file("slow.yaml", [slow]), "--tags", "slow"], (stdout, child) => {
        if (!signalled && /Running 1 test conversation/.test(stdout)) {
          signalled = true;
          child.kill("SIGINT");
        }
      });
      expect(result.code, result.stderr).toBe(1);
      expect(result.stderr).toContain("Interrupted (SIGINT): the run was cancelled");
      const runId = /run ([0-9a-f-]{36})/.exec(result.stdout)![1];
      const run = await (await api.request("GET", `/v1/test-runs/${runId}`, { apiKey: org.apiKey })).json();
      expect(run.data.status).toBe("cancelled");
      expect(result.stdout).toMatch(/cancelled/);
    } finally {
      llm.setHandler(bistroModel());
    }
  }, 60_000);

  it("exits 2 on usage and connection errors, saying what is wrong", async () => {
    const cases: [string[], RegExp][] = [
      [["--agent", agentId], /Missing --base-url, --api-key/],
      [[...connection(), "--repeat", "11"], /--repeat must be a whole number from 1 to 10/],
      [[...connection(), "--prune"], /--prune needs --file/],
      [["--base-url", baseUrl, "--api-key", "vk_wrong", "--agent", agentId], /refused the API key \(401 authentication_error/],
      [["--base-url", baseUrl, "--api-key", org.apiKey, "--agent", "00000000-0000-4000-8000-000000000000"], /Cannot read the agent .*404 not_found/],
      [["--base-url", "http://127.0.0.1:1", "--api-key", org.apiKey, "--agent", agentId], /Cannot reach the service/],
      [[...connection(), "--file", path.join(dir, "missing.yaml")], /Cannot read .*missing\.yaml/],
      [[...connection(), "--file", file("broken.yaml", "{ not: [yaml", "raw")], /is not valid YAML or JSON/],
      [[...connection(), "--file", file("scalar.yaml", "just text", "raw")], /must hold a list of tests/],
      [[...connection(), "--file", file("dupes.yaml", [hours, hours])], /two tests are named "tells the hours"/],
      [
        [...connection(), "--file", file("invalid.yaml", [{ name: "bad regex", type: "scripted", turns: [{ user: "x", expect: [{ type: "agent_says", match: "regex", value: "book(" }] }] }])],
        /refused the test "bad regex": 400 generic_error[\s\S]*turns\[0\]\.expect\[0\]\.value: Not a valid JavaScript regular expression/,
      ],
    ];
    const results = await Promise.all(cases.map(([args]) => cli(args)));
    cases.forEach(([args, message], index) => {
      expect(results[index].code, `${args.join(" ")}\n${results[index].stderr}`).toBe(2);
      expect(results[index].stderr).toMatch(message);
    });
  }, 120_000);
});
