/**
 * `npm run bench:search`: transcript search and the call count on a large calls table (Postgres,
 * 1,000,000 calls by default). Times the service functions the API runs (`listCalls`, `countCalls`)
 * against a baseline in the same run: the same search without the index (a substring scan of the
 * transcripts). Also times what the migrations cost on that table. See docs/performance.md.
 */
import { sql } from "drizzle-orm";
import { parseArgs } from "node:util";
import { createApiKey } from "@/lib/auth/api-keys";
import { createOrganization } from "@/lib/auth/organizations";
import { connectPostgres } from "@/lib/db/client";
import { applyMigrations } from "@/lib/db/migrate";
import { seedCalls } from "@/lib/demo/calls";
import { demoAgents } from "@/lib/demo/demo-agents";
import { insertDemoAgent } from "@/lib/demo/insert-agent";
import { countCalls, listCalls, type CallFilterInput } from "@/lib/services/calls/calls";
import { createDatabase, dropDatabase, postgresServer } from "./postgres";
import { elapsedMs, formatCount, formatDuration, markdownTable, summarize } from "./stats";

const { values: flags } = parseArgs({
  options: {
    calls: { type: "string", default: "1000000" },
    requests: { type: "string", default: "30" },
    "baseline-requests": { type: "string", default: "3" },
    "reuse-database": { type: "string" },
    keep: { type: "boolean", default: false },
    "skip-migrations": { type: "boolean", default: false },
  },
  strict: true,
});

const callsWanted = Number(flags.calls);
const requests = Number(flags.requests);
const baselineRequests = Number(flags["baseline-requests"]);
const log = (line: string) => console.log(`[search ${new Date().toISOString().slice(11, 19)}] ${line}`);

type Scenario = { name: string; filters: CallFilterInput; like?: string };

/** Words of the seeded scripts, from rare to common, and a word no call has. */
const scenarios = (agentId: string): Scenario[] => [
  { name: "no match (xylophone)", filters: { search: "xylophone" }, like: "xylophone" },
  { name: 'rare: "Kwame Tanaka"', filters: { search: '"Kwame Tanaka"' }, like: "Kwame Tanaka" },
  { name: "a last name (Andersen)", filters: { search: "Andersen" }, like: "Andersen" },
  { name: "mid: leaking", filters: { search: "leaking" }, like: "leaking" },
  { name: 'phrase: "book a cleaning"', filters: { search: '"book a cleaning"' }, like: "book a cleaning" },
  { name: "common: appointment", filters: { search: "appointment" }, like: "appointment" },
  { name: "two words: survey resolved", filters: { search: "survey resolved" } },
  { name: "search + agent", filters: { search: "cleaning", agentId } },
  { name: "search + status failed (none)", filters: { search: "cleaning", status: "failed" } },
];

async function time(run: () => Promise<unknown>, count: number): Promise<number[]> {
  const samples: number[] = [];
  for (let i = 0; i < count; i++) {
    const start = process.hrtime.bigint();
    await run();
    samples.push(elapsedMs(start));
  }
  return samples;
}

function printTable(table: string[][], plain: number, agentOnly: number) {
  const header = ["search", "matches", "page", "cursor p50", "cursor p99", "count p50", "page mode p50", "scan p50", "scan/index"];
  console.log(`\n${markdownTable(header, table, [false, true, true, true, true, true, true, true, true])}`);
  console.log(`\ncount with no filter (rollups) p50 ${plain.toFixed(1)} ms; agent only p50 ${agentOnly.toFixed(1)} ms`);
}

async function main() {
  const server = await postgresServer(process.cwd(), log);
  const stamp = new Date().toISOString().replace(/\D/g, "").slice(0, 14);
  const name = `bench_search_${stamp}`;
  const url = flags["reuse-database"] ?? (await createDatabase(server.url, name));
  const connection = connectPostgres(url, 4);
  const rows = async (query: ReturnType<typeof sql>) => ((await connection.db.execute(query)) as unknown as { rows: Record<string, unknown>[] }).rows;
  try {
    let organizationId: string;
    if (flags["reuse-database"]) {
      [{ id: organizationId }] = (await rows(sql`select id from organizations where name = 'Search benchmark' limit 1`)) as { id: string }[];
      await applyMigrations(connection);
      await connection.exec("analyze calls");
    } else {
      await applyMigrations(connection);
      const org = await createOrganization(connection.db, "Search benchmark");
      organizationId = org.id;
      await createApiKey({ db: connection.db, organizationId }, { name: "bench" });
      for (const agent of demoAgents) await insertDemoAgent(connection.db, organizationId, agent);
      log(`seeding ${formatCount(callsWanted)} calls`);
      const started = Date.now();
      await seedCalls(connection.db, { organizationId, count: callsWanted, seed: 20_260_101, maxRecordings: 0 });
      log(`seeded in ${formatDuration(Date.now() - started)}`);
      await connection.exec("vacuum (analyze) calls, call_stats_15m");
    }
    const [{ agent_id: agentId }] = (await rows(sql`select agent_id from calls where organization_id = ${organizationId}::uuid limit 1`)) as { agent_id: string }[];
    const ctx = { db: connection.db, organizationId };
    const [size] = await rows(sql`select count(*)::int as calls, pg_size_pretty(pg_relation_size('calls_transcript_search_idx')) as gin,
      pg_size_pretty(pg_total_relation_size('calls')) as total from calls`);
    log(`calls: ${formatCount(Number(size.calls))}, GIN index ${String(size.gin)}, calls table with indexes ${String(size.total)}`);

    const table: string[][] = [];
    for (const scenario of scenarios(agentId)) {
      const list = (page: boolean) =>
        listCalls(ctx, { ...scenario.filters, page: 1, limit: 50, useCursor: !page, includeTranscript: false, includeVariableValues: false });
      const first = await list(false);
      const count = await countCalls(ctx, scenario.filters);
      await time(() => list(false), 3);
      const cursor = summarize(await time(() => list(false), requests));
      const counted = summarize(await time(() => countCalls(ctx, scenario.filters), requests));
      const paged = summarize(await time(() => list(true), Math.ceil(requests / 2)));
      let baseline = "";
      if (scenario.like) {
        const pattern = `%${scenario.like}%`;
        const scan = () =>
          rows(sql`select id from calls where organization_id = ${organizationId}::uuid
            and jsonb_path_query_array(transcript, '$[*].content')::text ilike ${pattern} order by start_time desc, id desc limit 50`);
        baseline = summarize(await time(scan, baselineRequests)).p50.toFixed(0);
      }
      const row = [
        scenario.name,
        `${count.exact ? "" : "≈"}${formatCount(count.total)}`,
        String(first.items.length),
        cursor.p50.toFixed(1),
        cursor.p99.toFixed(1),
        counted.p50.toFixed(1),
        paged.p50.toFixed(1),
        baseline,
        baseline ? `${(Number(baseline) / cursor.p50).toFixed(0)}×` : "",
      ];
      log(row.join(" | "));
      table.push(row);
    }
    const plain = summarize(await time(() => countCalls(ctx, {}), requests));
    const agentOnly = summarize(await time(() => countCalls(ctx, { agentId }), requests));
    log(`count, no filter (rollups): p50 ${plain.p50.toFixed(1)} ms; agent only: p50 ${agentOnly.p50.toFixed(1)} ms`);

    // What migration 0009 costs on this table: the generated column and its GIN index.
    if (flags["skip-migrations"]) return printTable(table, plain.p50, agentOnly.p50);
    const dropStart = process.hrtime.bigint();
    await connection.exec("alter table calls drop column transcript_search");
    const addStart = process.hrtime.bigint();
    await connection.exec(
      `ALTER TABLE "calls" ADD COLUMN "transcript_search" "tsvector" GENERATED ALWAYS AS (to_tsvector('english', jsonb_path_query_array(transcript, '$[*].content'))) STORED NOT NULL`,
    );
    const indexStart = process.hrtime.bigint();
    await connection.exec(`CREATE INDEX "calls_transcript_search_idx" ON "calls" USING gin ("transcript_search")`);
    const added = elapsedMs(addStart) - elapsedMs(indexStart);
    const indexed = elapsedMs(indexStart);
    log(`migration 0009 on this table: add the generated column ${formatDuration(added)}, GIN index ${formatDuration(indexed)} (drop took ${formatDuration(elapsedMs(dropStart) - elapsedMs(addStart))})`);

    printTable(table, plain.p50, agentOnly.p50);
  } finally {
    await connection.close();
    if (!flags["reuse-database"] && !flags.keep) await dropDatabase(server.url, name);
    else log(`kept ${url}`);
    await server.stop();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
