/**
 * Runs an agent's tests against a deployment, for CI: `npm run agent-test -- --base-url URL
 * --api-key KEY --agent ID [--file tests.yaml] [--prune] [--tags a,b] [--repeat N] [--junit report.xml]`.
 * With --file it first makes the agent's tests equal to the file (matched by name), then runs them.
 * One line per test on stdout; exit 0 when all passed, 1 when any failed or errored, 2 on a usage or
 * connection error. It uses the generated typed client (clients/typescript), as any user's script would.
 */
import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import { parseArgs } from "node:util";
import { call, connect, describeRefusal, UsageError, type TestRun } from "./agent-test/api";
import { junitXml } from "./agent-test/junit";
import { summaryLine, testLines } from "./agent-test/report";
import { syncTests } from "./agent-test/sync-tests";
import { readTestFile } from "./agent-test/test-file";

const USAGE = `Usage: npm run agent-test -- --base-url URL --api-key KEY --agent ID [options]

  --base-url URL      the deployment (e.g. http://localhost:3000)
  --api-key KEY       an API key of the agent's organization (vk_…)
  --agent ID          the agent whose tests run
  --file PATH         a YAML or JSON list of tests (the API's shape): the agent's tests are made equal
                      to it first (matched by name: created, updated), then these tests run
  --prune             with --file: also delete the agent's tests the file does not have
  --tags a,b          only tests with any of these tags
  --repeat N          run each test N times (1-10); the pass rate is over them
  --concurrency N     conversations at once (1-20, default 4)
  --version N         the agent version to test (default: the published one)
  --junit PATH        also write the results as JUnit XML
  --timeout SECONDS   give up (and cancel the run) after this long (default 1800)

Interrupted (Ctrl-C, or SIGTERM from a cancelled CI job) while the run is going, it cancels the run
on the server, reports what finished, and exits 1; a second interrupt exits at once.

Exit status: 0 all tests passed, 1 a test failed or errored, 2 usage or connection error.`;

type Options = {
  baseUrl: string;
  apiKey: string;
  agent: string;
  file?: string;
  prune: boolean;
  tags?: string[];
  repeat?: number;
  concurrency?: number;
  version?: number;
  junit?: string;
  timeoutS: number;
};

function integer(name: string, raw: string | undefined, min: number, max: number): number | undefined {
  if (raw === undefined) return undefined;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < min || value > max) throw new UsageError(`--${name} must be a whole number from ${min} to ${max}, not "${raw}"`);
  return value;
}

function options(argv: string[]): Options | null {
  let parsed;
  try {
    parsed = parseArgs({
      args: argv,
      options: {
        "base-url": { type: "string" },
        "api-key": { type: "string" },
        agent: { type: "string" },
        file: { type: "string" },
        prune: { type: "boolean", default: false },
        tags: { type: "string" },
        repeat: { type: "string" },
        concurrency: { type: "string" },
        version: { type: "string" },
        junit: { type: "string" },
        timeout: { type: "string" },
        help: { type: "boolean", short: "h", default: false },
      },
      strict: true,
      allowPositionals: false,
    });
  } catch (error) {
    throw new UsageError(error instanceof Error ? error.message : String(error));
  }
  const values = parsed.values;
  if (values.help) return null;
  const missing = (["base-url", "api-key", "agent"] as const).filter((name) => !values[name]);
  if (missing.length) throw new UsageError(`Missing ${missing.map((name) => `--${name}`).join(", ")}`);
  let baseUrl: URL;
  try {
    baseUrl = new URL(values["base-url"]!);
    if (!/^https?:$/.test(baseUrl.protocol)) throw new Error("not http(s)");
  } catch {
    throw new UsageError(`--base-url must be an http(s) URL, not "${values["base-url"]}"`);
  }
  if (!/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(values.agent!)) throw new UsageError(`--agent must be an agent's id (a UUID), not "${values.agent}"`);
  if (values.prune && !values.file) throw new UsageError("--prune needs --file (it deletes the tests the file does not have)");
  const tags = values.tags
    ?.split(",")
    .map((tag) => tag.trim())
    .filter(Boolean);
  if (values.tags !== undefined && !tags?.length) throw new UsageError("--tags needs at least one tag");
  return {
    baseUrl: baseUrl.toString(),
    apiKey: values["api-key"]!,
    agent: values.agent!,
    file: values.file,
    prune: values.prune ?? false,
    tags,
    repeat: integer("repeat", values.repeat, 1, 10),
    concurrency: integer("concurrency", values.concurrency, 1, 20),
    version: integer("version", values.version, 1, 1_000_000),
    junit: values.junit,
    timeoutS: integer("timeout", values.timeout, 1, 86_400) ?? 1800,
  };
}

/** Waits `ms`, or less when `signal` aborts. */
const sleep = (ms: number, signal?: AbortSignal) =>
  new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener("abort", () => (clearTimeout(timer), resolve()), { once: true });
  });

async function main(argv: string[]): Promise<number> {
  const opts = options(argv);
  if (!opts) {
    console.log(USAGE);
    return 0;
  }
  const client = connect(opts.baseUrl, opts.apiKey);
  const agent = await call("read the agent", () => client.GET("/v1/agents/{agent_id}", { params: { path: { agent_id: opts.agent } } }));
  if (!agent.data) throw new UsageError(`Cannot read the agent ${opts.agent}: ${describeRefusal(agent.status, agent.error)}`);
  const agentName = agent.data.data.name;

  let testIds: string[] | undefined;
  if (opts.file) {
    const tests = await readTestFile(opts.file);
    const synced = await syncTests(client, opts.agent, tests, opts.prune);
    const counts = [`${synced.created.length} created`, `${synced.updated.length} updated`, `${synced.unchanged.length} unchanged`];
    if (opts.prune) counts.push(`${synced.deleted.length} deleted`);
    console.log(`Tests of ${agentName} synced from ${path.basename(opts.file)}: ${counts.join(", ")}`);
    const chosen = opts.tags ? tests.filter((test) => (test.tags ?? []).some((tag) => opts.tags!.includes(tag))) : tests;
    testIds = chosen.map((test) => synced.ids.get(test.name.trim())!);
    if (testIds.length === 0) throw new UsageError(opts.tags ? `No test in ${opts.file} has any of the tags ${opts.tags.join(", ")}` : `${opts.file} holds no tests`);
  }

  const created = await call("start the run", () =>
    client.POST("/v1/agents/{agent_id}/test-runs", {
      params: { path: { agent_id: opts.agent } },
      body: {
        ...(testIds ? { test_ids: testIds } : opts.tags ? { tags: opts.tags } : {}),
        ...(opts.repeat ? { repeat: opts.repeat } : {}),
        ...(opts.concurrency ? { concurrency: opts.concurrency } : {}),
        ...(opts.version ? { version: opts.version } : {}),
      } as never,
    }),
  );
  if (!created.data) throw new UsageError(`The service refused the run: ${describeRefusal(created.status, created.error)}`);
  let run: TestRun = created.data.data;
  // An interrupted CLI does not leave the run going on the server: the loop cancels it (a second signal exits at once).
  // Listening before the run is announced: a Ctrl-C right after the line must cancel it, not kill the CLI.
  let interrupted: NodeJS.Signals | null = null;
  const wake = new AbortController();
  const onSignal = (signal: NodeJS.Signals) => {
    if (interrupted) process.exit(signal === "SIGINT" ? 130 : 143);
    interrupted = signal;
    wake.abort();
  };
  process.on("SIGINT", onSignal);
  process.on("SIGTERM", onSignal);
  console.log(`Running ${run.summary.total} test conversation${run.summary.total === 1 ? "" : "s"} of ${agentName} (version ${run.agent_version}), run ${run.id}`);

  const deadline = Date.now() + opts.timeoutS * 1000;
  let reported = 0;
  while (run.status === "queued" || run.status === "running") {
    if (interrupted || Date.now() > deadline) {
      const cancelled = await call("cancel the run", () => client.POST("/v1/test-runs/{run_id}/cancel", { params: { path: { run_id: run.id } } }));
      if (cancelled.data) {
        console.error(interrupted ? `Interrupted (${interrupted}): the run was cancelled` : `Gave up after ${opts.timeoutS} s: the run was cancelled`);
        run = cancelled.data.data;
      } else {
        // It finished meanwhile (409): report it as it ended.
        const polled = await call("read the run", () => client.GET("/v1/test-runs/{run_id}", { params: { path: { run_id: run.id } } }));
        if (!polled.data) throw new UsageError(`Cannot read the run: ${describeRefusal(polled.status, polled.error)}`);
        run = polled.data.data;
      }
      break;
    }
    await sleep(500, wake.signal);
    const polled = await call("read the run", () => client.GET("/v1/test-runs/{run_id}", { params: { path: { run_id: run.id } } }));
    if (!polled.data) throw new UsageError(`Cannot read the run: ${describeRefusal(polled.status, polled.error)}`);
    run = polled.data.data;
    const done = run.summary.passed + run.summary.failed + run.summary.errored;
    if (done > reported) {
      reported = done;
      console.error(`  ${done}/${run.summary.total} finished`);
    }
  }

  for (const line of testLines(run)) console.log(line);
  console.log(summaryLine(run));
  if (opts.junit) {
    await mkdir(path.dirname(path.resolve(opts.junit)), { recursive: true });
    await writeFile(opts.junit, junitXml(run, agentName));
    console.log(`JUnit report: ${opts.junit}`);
  }
  const allPassed = run.status === "passed" && run.summary.passed === run.summary.total;
  return allPassed ? 0 : 1;
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    if (error instanceof UsageError) {
      console.error(`agent-test: ${error.message}`);
      if (/^Missing|must be|needs|Unknown option|Unexpected argument/.test(error.message)) console.error(`\n${USAGE}`);
      process.exit(2);
    }
    console.error("agent-test:", error);
    process.exit(2);
  },
);
