import { spawn } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bistroModel, systemOf } from "../helpers/agent-test-fixtures";
import { startFakeOpenAiServer, type FakeOpenAiServer } from "../helpers/fake-openai-server";

// The README's CI example, run as it is written: scripts/ci/agent-tests.sh starts the service on a
// throwaway embedded database, creates an organization and a key, loads examples/bistro/agent.json
// and runs examples/bistro/tests.yaml against an OpenAI-compatible endpoint (here the fake server of
// tests/helpers, speaking the Chat Completions protocol on loopback).

const root = path.resolve(__dirname, "../..");
let llm: FakeOpenAiServer;
let dir: string;

beforeAll(async () => {
  let callerTurn = 0;
  const lines = ["Hi, I'd like to book a table for 2 tonight", "That works, thank you, goodbye"];
  llm = await startFakeOpenAiServer(
    bistroModel((request) =>
      /You play a caller/.test(systemOf(request)) ? { json: { message: lines[Math.min(callerTurn, 1)], end_call: callerTurn++ >= 1 } } : { json: { verdict: "pass", reason: "It does." } },
    ),
  );
  dir = mkdtempSync(path.join(os.tmpdir(), "agent-tests-ci-"));
});
afterAll(async () => {
  await llm?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

function run(command: string, args: string[], env: Record<string, string>): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd: root, env: { ...process.env, DATABASE_URL: "", OPENAI_API_KEY: "", ...env }, stdio: ["ignore", "pipe", "pipe"] });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (chunk: Buffer) => (stdout += chunk));
    child.stderr.on("data", (chunk: Buffer) => (stderr += chunk));
    child.on("exit", (code) => resolve({ code, stdout, stderr }));
  });
}

const database = process.env.TEST_DATABASE_URL ? "postgres" : "pglite";

describe.runIf(process.env.TEST_DB === database)("the README's CI example", () => {
  it("is in the README as it is in scripts/ci", () => {
    const readme = readFileSync(path.join(root, "README.md"), "utf8");
    const script = readFileSync(path.join(root, "scripts/ci/agent-tests.sh"), "utf8");
    expect(readme).toContain(script.trim());
    expect(readme).toMatch(/run: voice\/scripts\/ci\/agent-tests\.sh agent\.json tests\.yaml --junit/);
  });

  it("starts the service on its embedded database, loads the agent, runs its tests and passes", async () => {
    const junit = path.join(dir, "agent-tests.xml");
    const result = await run("bash", ["scripts/ci/agent-tests.sh", "examples/bistro/agent.json", "examples/bistro/tests.yaml", "--junit", junit], {
      OPENAI_COMPATIBLE_BASE_URL: llm.url,
      TEST_JUDGE_MODEL: "judge",
    });
    expect(result.code, `${result.stdout}\n${result.stderr}`).toBe(0);
    const lines = result.stdout.split("\n");
    expect(lines).toContain("Tests of Bistro Nova synced from tests.yaml: 3 created, 0 updated, 0 unchanged");
    expect(lines).toEqual(expect.arrayContaining(["✓ tells the opening hours  100% (1/1)", "✓ books a table  100% (1/1)", "✓ a regular books by phone  100% (1/1)"]));
    expect(readFileSync(junit, "utf8")).toContain('<testsuites name="agent tests" tests="3" failures="0" errors="0"');
    // The judge answered with the model CI named, through the agent's provider.
    expect(llm.requests.some((request) => request.body.model === "judge" && request.path.endsWith("/chat/completions"))).toBe(true);
  }, 120_000);
});
