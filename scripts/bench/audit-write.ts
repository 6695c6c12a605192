/**
 * `npm run bench:audit`: what writing the audit entry adds to a write request. Side by side in one
 * run, interleaved so that load on the machine falls on both alike: the transaction of
 * PATCH /v1/calls/{id} (lock the call, merge its metadata, update it) with its `recordAudit`, and
 * the same transaction without it; the whole request through the API for scale. On embedded
 * PGlite and on a Postgres server (BENCH_DATABASE_URL, else the loopback default, else one started
 * here). Target: the audit write adds ≤ 0.5 ms at p50. See docs/performance.md.
 */
import { randomUUID } from "node:crypto";
import { availableParallelism, loadavg } from "node:os";
import { and, eq } from "drizzle-orm";
import { parseArgs } from "node:util";
import { createApiApp } from "@/lib/api/app";
import { createApiKey } from "@/lib/auth/api-keys";
import { createOrganization } from "@/lib/auth/organizations";
import { connectPglite, connectPostgres, type DatabaseConnection } from "@/lib/db/client";
import { applyMigrations } from "@/lib/db/migrate";
import { agents, agentVersions, calls } from "@/lib/db/schema";
import { fieldChanges } from "@/lib/services/audit/audit-changes";
import { recordAudit } from "@/lib/services/audit/record-audit";
import { withTransaction, type ServiceContext } from "@/lib/services/context";
import { applyMergePatch } from "@/lib/utils/json-merge-patch";
import { createDatabase, dropDatabase, postgresServer } from "./postgres";
import { elapsedMs, formatMs, markdownTable, summarize } from "./stats";

const { values: flags } = parseArgs({ options: { iterations: { type: "string", default: "3000" } }, strict: true });
const iterations = Number(flags.iterations);
const log = (line: string) => console.log(`[audit ${new Date().toISOString().slice(11, 19)}] ${line}`);

/** PATCH /v1/calls/{id}'s transaction (lib/services/calls/calls.ts), with or without its audit entry. */
async function metadataWrite(ctx: ServiceContext, callId: string, n: number, audited: boolean): Promise<number> {
  let auditMs = 0;
  await withTransaction(ctx, async (tx) => {
    const [current] = await tx.db
      .select({ metadata: calls.metadata })
      .from(calls)
      .where(and(eq(calls.id, callId), eq(calls.organizationId, ctx.organizationId)))
      .for("update");
    const metadata = applyMergePatch(current.metadata, { ticket: `T-${n}` }) as Record<string, unknown>;
    await tx.db.update(calls).set({ metadata, updatedAt: new Date() }).where(eq(calls.id, callId));
    if (!audited) return;
    const start = process.hrtime.bigint();
    await recordAudit(tx, { action: "call.updated", resourceType: "call", resourceId: callId, changes: fieldChanges({ metadata: current.metadata }, { metadata }) });
    auditMs = elapsedMs(start);
  });
  return auditMs;
}

async function measure(name: string, connection: DatabaseConnection) {
  await applyMigrations(connection);
  const db = connection.db;
  const org = await createOrganization(db, "Audit bench");
  const actor = { type: "api_key" as const, id: randomUUID(), label: "vk_benchmk" };
  const ctx: ServiceContext = { db, organizationId: org.id, actor, origin: { requestId: "bench", ip: "203.0.113.9", userAgent: "bench" } };
  const key = await createApiKey(ctx, { name: "bench" });
  const [agent] = await db.insert(agents).values({ organizationId: org.id, name: "Bench", publishedVersion: 1, latestVersion: 1 }).returning({ id: agents.id });
  await db.insert(agentVersions).values({ agentId: agent.id, version: 1, config: { name: "Bench", initial_state_name: "main", states: [{ name: "main", prompt: "Hi." }] } });
  // Two calls, so the two variants never wait on each other's row.
  const callIds: string[] = [];
  for (let i = 0; i < 3; i++) {
    const [call] = await db.insert(calls).values({ organizationId: org.id, agentId: agent.id, type: "phone_call", status: "ended", direction: "outbound", fromNumber: "+14155550100", toNumber: "+14155550123" }).returning({ id: calls.id });
    callIds.push(call.id);
  }
  const app = createApiApp({ db, queue: { send: async () => undefined }, settings: { rateLimitPerMinute: 10_000_000, jsonBodyLimitBytes: 1_048_576 } });
  const request = (n: number) =>
    app.request(`/v1/calls/${callIds[2]}`, { method: "PATCH", headers: { "X-Api-Key": key.apiKey, "Content-Type": "application/json" }, body: JSON.stringify({ metadata: { ticket: `T-${n}` } }) });

  for (let i = 0; i < 300; i++) {
    await metadataWrite(ctx, callIds[0], i, true);
    await metadataWrite(ctx, callIds[1], i, false);
    await (await request(i)).text();
  }
  const withAudit: number[] = [];
  const without: number[] = [];
  const statement: number[] = [];
  const requests: number[] = [];
  for (let i = 0; i < iterations; i++) {
    // Alternate which goes first, so neither always follows the other's commit.
    const order = i % 2 === 0 ? [true, false] : [false, true];
    for (const audited of order) {
      const start = process.hrtime.bigint();
      const auditMs = await metadataWrite(ctx, callIds[audited ? 0 : 1], i, audited);
      (audited ? withAudit : without).push(elapsedMs(start));
      if (audited) statement.push(auditMs);
    }
    const start = process.hrtime.bigint();
    await (await request(i)).text();
    requests.push(elapsedMs(start));
  }
  const a = summarize(withAudit);
  const b = summarize(without);
  const r = summarize(requests);
  return { name, a, b, r, s: summarize(statement) };
}

async function main() {
  const results = [];
    log(`machine load (1-minute average) at the start: ${loadavg()[0].toFixed(1)} on ${availableParallelism()} cores`);
  {
    log("PGlite (in-memory)");
    const connection = await connectPglite();
    try {
      results.push(await measure("PGlite", connection));
    } finally {
      await connection.close();
    }
  }
  {
    const server = await postgresServer(process.cwd(), log);
    const name = `audit_bench_${randomUUID().replaceAll("-", "").slice(0, 12)}`;
    const url = await createDatabase(server.url, name);
    log(`Postgres (${new URL(server.url).host})`);
    const connection = connectPostgres(url, 4);
    try {
      results.push(await measure("Postgres", connection));
    } finally {
      await connection.close();
      await dropDatabase(server.url, name);
      await server.stop();
    }
  }

  console.log(`\nthe audit entry's cost in a write request: ${iterations.toLocaleString("en-US")} interleaved iterations per database\n`);
  console.log(
    markdownTable(
      ["database", "write without audit p50", "write with audit p50", "added p50", "audit statement p50", "audit statement p99", "whole PATCH /v1/calls/{id} p50", "target"],
      results.map(({ name, a, b, r, s }) => [
        name,
        formatMs(b.p50),
        formatMs(a.p50),
        formatMs(a.p50 - b.p50),
        formatMs(s.p50),
        formatMs(s.p99),
        formatMs(r.p50),
        `added ≤ 0.5 ms: ${a.p50 - b.p50 <= 0.5 ? "met" : "MISSED"}`,
      ]),
      [false, true, true, true, true, true, true, false],
    ),
  );
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
