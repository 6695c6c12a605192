/**
 * Where the time of one GET /v1/calls goes, layer by layer, on a database seeded by
 * `npm run bench:api -- --keep`:
 *
 *   npx tsx --conditions=react-server scripts/bench/breakdown.ts DATABASE_URL [PORT]
 *
 * raw SQL (pg) → the same query through Drizzle → listCalls (+ mapping) → + JSON.stringify →
 * listCallsJson (what the API runs: the rows as text, written as JSON) → the Hono app in-process
 * (request id, cached key look-up, rate limit, validation) → over HTTP
 * through the server (`npm start`, when PORT of a server on that database is given). Postgres only.
 */
import { createApiApp } from "@/lib/api/app";
import { createApiKey, findActiveApiKey } from "@/lib/auth/api-keys";
import { connectPostgres } from "@/lib/db/client";
import type { JobQueue } from "@/lib/jobs/queue";
import { listCallsJson } from "@/lib/services/calls/call-list-json";
import { cursorPageQuery, listCalls } from "@/lib/services/calls/calls";
import { addToRateLimitWindows } from "@/lib/services/rate-limits/rate-limits";
import { KeepAliveClient } from "./http-client";
import { apiPath, buildScenarios, listInput, pageSql, scenarioData } from "./scenarios";
import { elapsedMs, formatMs, summarize, textTable } from "./stats";

const [url, portArg] = process.argv.slice(2);
if (!url) {
  console.error("Usage: tsx --conditions=react-server scripts/bench/breakdown.ts DATABASE_URL [PORT]");
  process.exit(2);
}
const WARMUP = 10;
const REQUESTS = Number(process.env.BREAKDOWN_REQUESTS ?? 100);

async function p50(fn: () => Promise<unknown>): Promise<number> {
  for (let i = 0; i < WARMUP; i++) await fn();
  const samples: number[] = [];
  for (let i = 0; i < REQUESTS; i++) {
    const start = process.hrtime.bigint();
    await fn();
    samples.push(elapsedMs(start));
  }
  return summarize(samples).p50;
}

async function main() {
  const connection = connectPostgres(url, 10);
  try {
    const [org] = (await connection.query("select id from organizations where name = 'Benchmark' order by created_at desc limit 1")).rows;
    const organizationId = org.id as string;
    const { apiKey } = await createApiKey({ db: connection.db, organizationId }, { name: "breakdown" });
    const data = await scenarioData(connection.query, organizationId);
    const wanted = ["limit 1 (per-request floor)", "limit 50, no filter", "limit 50, cursor 200 pages deep", "limit 1000, no filter", "limit 1000, include_transcript=true"];
    const scenarios = buildScenarios(data).filter((scenario) => wanted.includes(scenario.name));

    const queue = {} as JobQueue; // listing calls enqueues nothing
    const app = createApiApp({ db: connection.db, queue, settings: { rateLimitPerMinute: 1_000_000_000, jsonBodyLimitBytes: 1 << 20 } });
    const headers = { "x-api-key": apiKey };
    const http = portArg ? new KeepAliveClient(Number(portArg), headers) : undefined;
    const ctx = { db: connection.db, organizationId };

    const now = () => new Date();
    const key = (await findActiveApiKey(connection.db, apiKey))!;
    const perRequest = [
      ["findActiveApiKey", formatMs(await p50(() => findActiveApiKey(connection.db, apiKey)))],
      ["rate-limit upsert", formatMs(await p50(() => addToRateLimitWindows(connection.db, [{ bucket: `api_key:${key.id}:probe`, windowStart: now(), count: 1 }])))],
    ];
    console.log(`Per request (p50 ms, ${REQUESTS} runs): ${perRequest.map(([name, ms]) => `${name} ${ms}`).join(", ")}\n`);

    const rows: string[][] = [];
    for (const scenario of scenarios) {
      const { sql, params } = pageSql(connection.db, organizationId, scenario);
      const input = listInput(scenario);
      const path = apiPath(scenario);
      const raw = await p50(() => connection.query(sql, params));
      const drizzle = await p50(async () => await cursorPageQuery(ctx, input));
      const service = await p50(() => listCalls(ctx, input));
      const json = await p50(async () => {
        const { items, ...paging } = await listCalls(ctx, input);
        return JSON.stringify({ data: items, message: "Calls retrieved successfully", error: null, status: 200, ...paging });
      });
      const asText = await p50(() => listCallsJson(ctx, input));
      const hono = await p50(async () => {
        const response = await app.fetch(new Request(`http://127.0.0.1${path}`, { headers }));
        if (response.status !== 200) throw new Error(`${path}: ${response.status}`);
        return response.text();
      });
      const overHttp = http ? await p50(() => http.getOk(path)) : Number.NaN;
      rows.push([scenario.name, ...[raw, drizzle, service, json, asText, hono, overHttp].map(formatMs)]);
    }
    http?.close();
    console.log(
      textTable(
        ["scenario (p50 ms)", "raw SQL", "Drizzle", "listCalls", "+ JSON", "listCallsJson", "Hono in-process", "HTTP (npm start)"],
        rows,
        [false, true, true, true, true, true, true, true],
      ),
    );
  } finally {
    await connection.close();
  }
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
