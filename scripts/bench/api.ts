/**
 * `npm run bench:api`: GET /v1/calls over HTTP against the production build, next to the very same
 * SQL run straight through the driver, on Postgres (1,000,000 calls) and on PGlite (100,000 calls).
 * See docs/performance.md. Everything runs on 127.0.0.1 and every loop has a fixed count.
 */
import { and, eq, isNull, sql } from "drizzle-orm";
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { hashApiKey } from "@/lib/auth/api-key-token";
import { createApiKey } from "@/lib/auth/api-keys";
import { createOrganization } from "@/lib/auth/organizations";
import { connectPglite, connectPostgres, type DatabaseConnection } from "@/lib/db/client";
import { lockDataDirectory } from "@/lib/db/data-dir-lock";
import { applyMigrations } from "@/lib/db/migrate";
import { apiKeys, rateLimitCounters } from "@/lib/db/schema";
import { seedCalls } from "@/lib/demo/calls";
import { demoAgents } from "@/lib/demo/demo-agents";
import { insertDemoAgent } from "@/lib/demo/insert-agent";
import { analyticsMarkdown, analyticsScenarios, dashboardPageRanges, measureAnalytics, printAnalytics } from "./analytics";
import { measureDashboardPage } from "./dashboard-page";
import { KeepAliveClient } from "./http-client";
import { apiSide, measure, measureRoundTrips, sqlSide, type Counts, type Measured } from "./measure";
import { createDatabase, dropDatabase, postgresServer } from "./postgres";
import { markdown, printText, resultRow, type DatabaseReport, type ResultRow } from "./report";
import { buildScenarios, describeData, scenarioData, type Scenario, type ScenarioData } from "./scenarios";
import { measureLoad } from "./load";
import { startAppServer, startFloorServer, type RunningServer } from "./server";
import { formatCount, formatDuration, summarize } from "./stats";

const USAGE = `Usage: npm run bench:api -- [options]
  --pg-calls N            calls seeded into Postgres (default 1000000)
  --pglite-calls N        calls seeded into PGlite (default 100000)
  --requests N            timed requests per scenario (default 200)
  --warmup N              untimed requests per scenario first (default 20)
  --scenario-seconds S    time budget per side of a scenario, so a slow query cannot run for hours (default 20)
  --skip-pglite           only Postgres
  --analytics-only        only the /v1/analytics scenarios (on Postgres), not GET /v1/calls
  --load-seconds S        the load test (GET /v1/calls?limit=50, 50 connections, API and the bare floor
                          alternating, two rounds): seconds per side and round (default 15)
  --skip-load             no load test
  --skip-postgres         only PGlite
  --keep                  keep the bench database (and the PGlite directory) afterwards
  --reuse-database URL    measure a database kept by an earlier --keep run instead of seeding one (never dropped)
  --timeout-minutes N     stop (and clean up) after this long whatever happens (default 120)
Env: BENCH_DATABASE_URL   a Postgres server URL to create the bench database on (default
                          postgres://postgres@127.0.0.1:54329/postgres; when none answers, a throwaway
                          server is started with scripts/ci/start-postgres.sh and stopped at the end).`;

const { values: flags } = parseArgs({
  options: {
    "pg-calls": { type: "string", default: "1000000" },
    "pglite-calls": { type: "string", default: "100000" },
    requests: { type: "string", default: "200" },
    warmup: { type: "string", default: "20" },
    "scenario-seconds": { type: "string", default: "20" },
    "reuse-database": { type: "string" },
    "skip-pglite": { type: "boolean", default: false },
    "skip-postgres": { type: "boolean", default: false },
    "analytics-only": { type: "boolean", default: false },
    "load-seconds": { type: "string", default: "15" },
    "skip-load": { type: "boolean", default: false },
    keep: { type: "boolean", default: false },
    "timeout-minutes": { type: "string", default: "120" },
    help: { type: "boolean", default: false },
  },
  strict: true,
});

function count(name: string, value: string | undefined, min: number): number {
  const parsed = Number(value);
  if (!Number.isInteger(parsed) || parsed < min) {
    console.error(`--${name} must be an integer of at least ${min}\n\n${USAGE}`);
    process.exit(2);
  }
  return parsed;
}

const options = {
  pgCalls: count("pg-calls", flags["pg-calls"], 1000),
  pgliteCalls: count("pglite-calls", flags["pglite-calls"], 1000),
  counts: {
    requests: count("requests", flags.requests, 1),
    warmup: count("warmup", flags.warmup, 0),
    seconds: count("scenario-seconds", flags["scenario-seconds"], 1),
  } satisfies Counts,
  reuseDatabase: flags["reuse-database"],
  skipPglite: flags["skip-pglite"]!,
  skipPostgres: flags["skip-postgres"]!,
  analyticsOnly: flags["analytics-only"]!,
  loadSeconds: count("load-seconds", flags["load-seconds"], 1),
  skipLoad: flags["skip-load"]!,
  keep: flags.keep!,
  timeoutMinutes: count("timeout-minutes", flags["timeout-minutes"], 1),
};

const root = process.cwd();
const log = (line: string) => console.log(`[bench ${new Date().toISOString().slice(11, 19)}] ${line}`);

/** Undone in reverse order at the end, on an error, on Ctrl-C or at the timeout. */
const cleanups: { name: string; run: () => Promise<void> | void }[] = [];
let cleaning: Promise<void> | undefined;
function cleanUp(): Promise<void> {
  return (cleaning ??= (async () => {
    while (cleanups.length) {
      const step = cleanups.pop()!;
      try {
        await step.run();
      } catch (error) {
        console.error(`cleanup (${step.name}) failed:`, error instanceof Error ? error.message : error);
      }
    }
  })());
}
/** Runs the named cleanup step now instead of at the end. */
async function release(name: string): Promise<void> {
  const index = cleanups.findLastIndex((step) => step.name === name);
  if (index < 0) return;
  const [step] = cleanups.splice(index, 1);
  await step.run();
}

for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.once(signal, () => {
    console.error(`\n${signal}: cleaning up`);
    void cleanUp().finally(() => process.exit(130));
  });
}

const LOAD_CONNECTIONS = 50;

const BENCH_SERVER_ENV = {
  RUN_WORKERS: "false",
  SEED_DEMO: "false",
  API_RATE_LIMIT_PER_MINUTE: "1000000000",
  NEXT_TELEMETRY_DISABLED: "1",
  SHUTDOWN_DRAIN_SECONDS: "5",
};

/** An organization with the three demo agents and an API key, then `calls` calls spread over 90 days. */
async function seed(connection: DatabaseConnection, calls: number) {
  const org = await createOrganization(connection.db, "Benchmark");
  const key = await createApiKey({ db: connection.db, organizationId: org.id }, { name: "benchmark" });
  for (const agent of demoAgents) await insertDemoAgent(connection.db, org.id, agent);

  log(`seeding ${formatCount(calls)} calls (${connection.driver})`);
  const started = Date.now();
  let nextReport = 0;
  await seedCalls(connection.db, {
    organizationId: org.id,
    count: calls,
    seed: 20_260_101,
    onProgress: (created, total) => {
      if (created < nextReport && created < total) return;
      nextReport = created + Math.max(1, Math.floor(total / 10));
      const seconds = (Date.now() - started) / 1000;
      log(`  ${formatCount(created)}/${formatCount(total)} (${Math.round((created / total) * 100)}%), ${formatCount(Math.round(created / seconds))} calls/s`);
    },
  });
  const seedMs = Date.now() - started;
  const rate = Math.round(calls / (seedMs / 1000));
  log(`seeded ${formatCount(calls)} calls in ${formatDuration(seedMs)} (${formatCount(rate)} calls/s)`);

  // Analyze for the planner; vacuum too, so autovacuum of the fresh rows does not run during the timings.
  const analyzeStarted = Date.now();
  await connection.exec("vacuum (analyze) calls, call_post_call_answers, call_stats_15m, answer_stats_15m, answer_option_stats_15m");
  log(`vacuum (analyze) calls, answers and analytics rollups: ${formatDuration(Date.now() - analyzeStarted)}`);
  return { organizationId: org.id, apiKey: key.apiKey, seedMs, rate };
}

/** The statements every API request runs besides the list query: the key lookup and the rate-limit upsert. */
function perRequestStatements(connection: DatabaseConnection, apiKey: string) {
  const lookup = connection.db
    .select({ id: apiKeys.id, organizationId: apiKeys.organizationId, lastUsedAt: apiKeys.lastUsedAt })
    .from(apiKeys)
    .where(and(eq(apiKeys.keyHash, hashApiKey(apiKey)), isNull(apiKeys.revokedAt)))
    .limit(1)
    .toSQL();
  const now = Date.now();
  const upsert = connection.db
    .insert(rateLimitCounters)
    .values({ bucket: "benchmark:probe", windowStart: new Date(now - (now % 60_000)), count: 1 })
    .onConflictDoUpdate({
      target: [rateLimitCounters.bucket, rateLimitCounters.windowStart],
      set: { count: sql`${rateLimitCounters.count} + 1` },
    })
    .returning({ count: rateLimitCounters.count })
    .toSQL();
  return [
    { name: "select 1", sql: "select 1", params: [] },
    { name: "API key lookup", sql: lookup.sql, params: lookup.params },
    { name: "rate-limit upsert", sql: upsert.sql, params: upsert.params },
  ];
}

function seedNotes(calls: number, seeded: { seedMs: number; rate: number }, data: ScenarioData): string[] {
  if (Number.isNaN(seeded.seedMs)) return [`Database seeded by an earlier run (--reuse-database), analyzed again`, ...describeData(data)];
  return [
    `Seeded ${formatCount(calls)} calls in ${formatDuration(seeded.seedMs)} (${formatCount(seeded.rate)} calls/s) with seedCalls, then vacuum (analyze) calls`,
    ...describeData(data),
  ];
}

function row(scenario: Scenario, api: Measured, raw: Measured, floor?: Measured): ResultRow {
  const result = resultRow(scenario, api, raw, floor);
  const fmt = (value: number) => value.toFixed(2);
  log(
    `  ${scenario.name}: API p50 ${fmt(result.api.p50)} p99 ${fmt(result.api.p99)} | SQL p50 ${fmt(result.sql.p50)} p99 ${fmt(result.sql.p99)} | ${result.ratio.toFixed(2)}×` +
      (result.floor ? ` | floor p50 ${fmt(result.floor.p50)}` : ""),
  );
  return result;
}

async function startServer(env: Record<string, string>, apiKey: string, logFile: string): Promise<{ server: RunningServer; client: KeepAliveClient }> {
  log(`starting the app server (npm start, production build), log in ${logFile}`);
  const started = Date.now();
  const headers = { "x-api-key": apiKey, accept: "application/json" };
  const server = await startAppServer({ root, env: { ...BENCH_SERVER_ENV, ...env }, logFile, readyPath: "/v1/calls?limit=1", headers });
  cleanups.push({ name: "server", run: () => server.stop() });
  log(`server ready on 127.0.0.1:${server.port} (pid ${server.pid}) after ${formatDuration(Date.now() - started)}`);
  const client = new KeepAliveClient(server.port, headers);
  cleanups.push({ name: "client", run: () => client.close() });
  return { server, client };
}

/** A new bench_<timestamp> database on the server (dropped at the end unless --keep), or the one given to --reuse-database. */
async function benchDatabase(): Promise<string> {
  if (options.reuseDatabase) return options.reuseDatabase;
  const pgServer = await postgresServer(root, log);
  if (pgServer.started) {
    cleanups.push({
      name: "postgres server",
      run: () => (options.keep ? log(`--keep: the throwaway Postgres server stays up at ${pgServer.url}`) : pgServer.stop()),
    });
  }
  const stamp = new Date().toISOString().replace(/\D/g, "").slice(0, 14);
  const name = `bench_${stamp}`;
  const url = await createDatabase(pgServer.url, name);
  log(`created database ${name} on ${new URL(pgServer.url).host}`);
  cleanups.push({
    name: "bench database",
    run: () => (options.keep ? log(`--keep: kept database ${url}`) : dropDatabase(pgServer.url, name).then(() => log(`dropped database ${name}`))),
  });
  return url;
}

/** The organization an earlier run seeded, with a new key (only its hash is stored, so the old one is unknown). */
async function reuseSeeded(connection: DatabaseConnection) {
  const [org] = (await connection.query("select id from organizations where name = 'Benchmark' order by created_at desc limit 1")).rows;
  if (!org) throw new Error(`No Benchmark organization in ${options.reuseDatabase}`);
  const organizationId = org.id as string;
  const key = await createApiKey({ db: connection.db, organizationId }, { name: "benchmark (reused)" });
  await connection.exec("analyze calls, call_post_call_answers, call_stats_15m, answer_stats_15m, answer_option_stats_15m");
  log(`reusing ${options.reuseDatabase} (organization ${organizationId}), analyze calls done`);
  return { organizationId, apiKey: key.apiKey, seedMs: Number.NaN, rate: Number.NaN };
}

async function benchPostgres(workDir: string): Promise<DatabaseReport> {
  const url = await benchDatabase();
  const connection = connectPostgres(url, 2);
  cleanups.push({ name: "postgres connection", run: () => connection.close() });
  let seeded: Awaited<ReturnType<typeof seed>>;
  if (options.reuseDatabase) {
    seeded = await reuseSeeded(connection);
  } else {
    await applyMigrations(connection);
    seeded = await seed(connection, options.pgCalls);
  }
  const data = await scenarioData(connection.query, seeded.organizationId);
  const scenarios = buildScenarios(data);
  const [version] = (
    await connection.query(
      `select current_setting('server_version') as version, pg_size_pretty(pg_total_relation_size('calls')) as size,
              current_setting('shared_buffers') as shared_buffers, current_setting('fsync') as fsync,
              current_setting('synchronous_commit') as synchronous_commit`,
    )
  ).rows;

  const { server, client } = await startServer({ DATABASE_URL: url }, seeded.apiKey, path.join(workDir, "postgres-server.log"));
  const floor = options.analyticsOnly ? undefined : await startFloor(url, seeded.apiKey, path.join(workDir, "floor-server.log"));
  log(`measuring ${scenarios.length} scenarios: ${options.counts.warmup} warm-up + ${options.counts.requests} timed requests each, API and raw SQL alternating (and the floor on first pages)`);
  const rows: ResultRow[] = [];
  for (const scenario of options.analyticsOnly ? [] : scenarios) {
    const sides = [apiSide(client, scenario), sqlSide(connection.db, connection.query, seeded.organizationId, scenario)];
    // The floor serves only the plain first page: the reference for what any HTTP server adds to the query.
    const plain = !scenario.cursor && !scenario.walkPages && !scenario.includeTranscript && Object.keys(scenario.filters).length === 0;
    if (floor && plain) sides.push(apiSide(floor.client, scenario));
    const [api, raw, bare] = await measure(sides, scenario, options.counts);
    rows.push(row(scenario, api, raw, bare));
  }
  const trips = options.analyticsOnly ? [] : await measureRoundTrips(connection.query, perRequestStatements(connection, seeded.apiKey), options.counts);
  const load = floor && !options.skipLoad ? await loadTest(server.port, floor.server.port, seeded.apiKey) : undefined;
  await release("floor client");
  await release("floor server");
  log("measuring /v1/analytics: API, the service in-process, and plain aggregates without the rollups");
  const analytics = await measureAnalytics(
    client,
    connection.db,
    connection.query,
    seeded.organizationId,
    analyticsScenarios(data.newest, data.agentId),
    options.counts,
    log,
  );
  log("measuring the studio's dashboard page (GET /dashboard with a session cookie, whole streamed HTML)");
  const dashboardPage = await measureDashboardPage(server.port, connection.db, seeded.organizationId, dashboardPageRanges(data.newest, data.agentId), options.counts);
  for (const page of dashboardPage) log(`  ${page.name}: p50 ${page.summary.p50.toFixed(1)} ms, p99 ${page.summary.p99.toFixed(1)} ms (${page.calls} calls shown)`);
  await release("client");
  await release("server");

  return {
    title: `Postgres ${String(version.version).split(" ")[0]}`,
    driver: "postgres",
    calls: data.total,
    requests: options.counts.requests,
    notes: [...seedNotes(data.total, seeded, data), `calls table with indexes and TOAST: ${String(version.size)}`,
      `Server settings: shared_buffers ${String(version.shared_buffers)}, fsync ${String(version.fsync)}, synchronous_commit ${String(version.synchronous_commit)}`,
    ],
    rows,
    roundTrips: trips.map((trip) => ({ name: trip.name, summary: summarize(trip.samples) })),
    analytics,
    dashboardPage,
    load,
  };
}

/** The bare node:http + pg floor on the same database (same pool size), with a kept-alive client of its own. */
async function startFloor(url: string, apiKey: string, logFile: string) {
  const headers = { "x-api-key": apiKey };
  const server = await startFloorServer({ root, env: { DATABASE_URL: url }, logFile, readyPath: "/v1/calls?limit=1", headers });
  cleanups.push({ name: "floor server", run: () => server.stop() });
  const client = new KeepAliveClient(server.port, headers);
  cleanups.push({ name: "floor client", run: () => client.close() });
  log(`floor (bare node:http + pg) ready on 127.0.0.1:${server.port}`);
  return { server, client };
}

/** GET /v1/calls?limit=50 under load, the API against the floor. */
async function loadTest(apiPort: number, floorPort: number, apiKey: string) {
  log(`load: GET /v1/calls?limit=50, ${LOAD_CONNECTIONS} connections, ${options.loadSeconds} s per side, 2 rounds`);
  return measureLoad(
    [
      { name: "API", port: apiPort },
      { name: "floor", port: floorPort },
    ],
    { path: "/v1/calls?limit=50", headers: { "x-api-key": apiKey }, connections: LOAD_CONNECTIONS, seconds: options.loadSeconds, rounds: 2, log },
  );
}

async function benchPglite(workDir: string): Promise<DatabaseReport> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "bench-pglite-"));
  cleanups.push({
    name: "pglite directory",
    run: () => (options.keep ? log(`--keep: kept DATA_DIR ${dataDir}`) : rmSync(dataDir, { recursive: true, force: true })),
  });

  // PGlite allows one process per directory: seed and time the raw SQL with it open here, close it, then serve it.
  const lock = lockDataDirectory(dataDir);
  const connection = await connectPglite(path.join(dataDir, "pglite"));
  cleanups.push({ name: "pglite", run: async () => { await connection.close(); lock.release(); } });
  await applyMigrations(connection);
  const seeded = await seed(connection, options.pgliteCalls);
  const data = await scenarioData(connection.query, seeded.organizationId);
  const scenarios = buildScenarios(data);
  log(`measuring raw SQL in-process: ${scenarios.length} scenarios, ${options.counts.warmup} warm-up + ${options.counts.requests} timed each`);
  const raw = new Map<Scenario, Measured>();
  for (const scenario of scenarios) {
    const [measured] = await measure([sqlSide(connection.db, connection.query, seeded.organizationId, scenario)], scenario, options.counts);
    raw.set(scenario, measured);
  }
  const trips = await measureRoundTrips(connection.query, perRequestStatements(connection, seeded.apiKey), options.counts);
  await release("pglite");

  const { client } = await startServer({ DATA_DIR: dataDir }, seeded.apiKey, path.join(workDir, "pglite-server.log"));
  log(`measuring the API: ${scenarios.length} scenarios`);
  const rows: ResultRow[] = [];
  for (const scenario of scenarios) {
    const [api] = await measure([apiSide(client, scenario)], scenario, options.counts);
    rows.push(row(scenario, api, raw.get(scenario)!));
  }
  await release("client");
  await release("server");

  return {
    title: "PGlite (embedded)",
    driver: "pglite",
    calls: data.total,
    requests: options.counts.requests,
    notes: [...seedNotes(data.total, seeded, data), "Raw SQL timed in the benchmark process with the directory opened directly, before the server opened it"],
    rows,
    roundTrips: trips.map((trip) => ({ name: trip.name, summary: summarize(trip.samples) })),
  };
}

async function main() {
  if (flags.help) {
    console.log(USAGE);
    return;
  }
  const watchdog = setTimeout(() => {
    console.error(`\nThe benchmark ran past --timeout-minutes ${options.timeoutMinutes}: cleaning up and stopping`);
    void cleanUp().finally(() => process.exit(1));
  }, options.timeoutMinutes * 60_000);
  watchdog.unref();

  const workDir = mkdtempSync(path.join(os.tmpdir(), "bench-api-"));
  const startedAt = new Date();
  const machine = `${os.cpus().length} CPUs (${os.cpus()[0]?.model.trim() ?? "unknown"}), ${(os.totalmem() / 2 ** 30).toFixed(0)} GiB RAM, Node ${process.version}, ${os.platform()} ${os.release()}`;
  log(`machine: ${machine}`);
  const reports: DatabaseReport[] = [];
  try {
    if (!options.skipPostgres) {
      const report = await benchPostgres(workDir);
      printText(report);
      if (report.analytics) printAnalytics(report.analytics, report.dashboardPage ?? []);
      reports.push(report);
    }
    if (!options.skipPglite && !options.analyticsOnly) {
      const report = await benchPglite(workDir);
      printText(report);
      reports.push(report);
    }
  } finally {
    await cleanUp();
  }
  rmSync(workDir, { recursive: true, force: true });

  console.log("\n----- markdown -----\n");
  console.log(`## GET /v1/calls benchmark, ${startedAt.toISOString().slice(0, 10)}\n`);
  console.log(`Machine: ${machine}. Run: \`npm run bench:api${process.argv.slice(2).length ? ` -- ${process.argv.slice(2).join(" ")}` : ""}\`, ${formatDuration(Date.now() - startedAt.getTime())}.\n`);
  for (const report of reports) {
    console.log(markdown(report));
    if (report.analytics) console.log(analyticsMarkdown(report.analytics, report.dashboardPage ?? []));
  }
}

main().then(
  () => process.exit(0),
  async (error: unknown) => {
    console.error("\nbench:api failed:", error instanceof Error ? (error.stack ?? error.message) : error);
    await cleanUp();
    process.exit(1);
  },
);
