// A worker process for the crash test (tests/api/job-recovery.test.ts), run with tsx. It prints one
// JSON line per event on stdout. `first`: seeds a webhook delivery to CRASH_RECEIVER and a PDF source,
// then works them with a blob store that never answers (so the ingestion stays in flight) until it is
// killed. `second`: works the queue as a restarted process would and reports when both are done.
import { eq } from "drizzle-orm";
import { createApiApp } from "@/lib/api/app";
import { createApiKey } from "@/lib/auth/api-keys";
import { createOrganization } from "@/lib/auth/organizations";
import { connectPglite, connectPostgres, type DatabaseConnection } from "@/lib/db/client";
import { lockDataDirectory } from "@/lib/db/data-dir-lock";
import { applyMigrations } from "@/lib/db/migrate";
import { knowledgeBaseSources, webhookDeliveries } from "@/lib/db/schema";
import { pgBossQueue, startPgBoss } from "@/lib/jobs/pg-boss-queue";
import { startWorkers } from "@/lib/server/workers";
import { createSafeFetch } from "@/lib/net/safe-fetch";
import type { BlobStore } from "@/lib/storage/blob-store";
import { postgresBlobStore } from "@/lib/storage/postgres-blob-store";
import { enqueueWebhookEvent } from "@/lib/webhooks/enqueue-webhook-event";
import { insertAgent, insertCall } from "./fixtures";
import { makePdf } from "./pdf";

const say = (event: string, fields: Record<string, unknown> = {}) => console.log(JSON.stringify({ event, at: Date.now(), ...fields }));

async function open(): Promise<{ connection: DatabaseConnection; exclusive: boolean }> {
  const target = process.env.CRASH_DB ?? "";
  if (target.startsWith("postgres")) return { connection: connectPostgres(target, 5), exclusive: false };
  lockDataDirectory(target);
  return { connection: await connectPglite(`${target}/pglite`), exclusive: true };
}

async function seed(connection: DatabaseConnection) {
  const db = connection.db;
  const organization = await createOrganization(db, "Crash");
  const key = await createApiKey({ db, organizationId: organization.id }, { name: "crash" });
  const agentId = await insertAgent(db, organization.id);
  const callId = await insertCall(db, organization.id, agentId);
  const boss = await startPgBoss(connection);
  const queue = pgBossQueue(boss);
  const { deliveryId } = await enqueueWebhookEvent(db, queue, {
    organizationId: organization.id,
    callId,
    url: process.env.CRASH_RECEIVER!,
    eventType: "event_all_variables_resolved",
    payload: { call_id: callId, agent_id: agentId, variable_values: [] },
  });
  const app = createApiApp({ db, queue, settings: { rateLimitPerMinute: 1000, jsonBodyLimitBytes: 1 << 20 } });
  const headers = { "x-api-key": key.apiKey };
  const base = await (await app.request("/v1/knowledge-bases", { method: "POST", headers: { ...headers, "content-type": "application/json" }, body: JSON.stringify({ name: "Manuals" }) })).json();
  const upload = new FormData();
  upload.append("file_sources.0.items", new Blob([makePdf([["Opening hours: nine to five."]]) as BlobPart]), "hours.pdf");
  const added = await (await app.request(`/v1/knowledge-bases/${base.data.id}/sources`, { method: "POST", headers, body: upload })).json();
  return { boss, deliveryId, sourceId: added.data.sources[0].id as string };
}

async function main() {
  const mode = process.argv[2];
  const { connection, exclusive } = await open();
  await applyMigrations(connection);
  const fetch = createSafeFetch({ allowlist: ["127.0.0.1"] });
  const store = postgresBlobStore(connection.db);
  if (mode === "first") {
    const { boss, deliveryId, sourceId } = await seed(connection);
    say("seeded", { deliveryId, sourceId });
    const stalled: BlobStore = { ...store, get: () => (say("ingestion-started"), new Promise<never>(() => undefined)) };
    await startWorkers(boss, { db: connection.db, telephonyProvider: null, storage: stalled, webhooks: { fetch }, exclusive });
    return;
  }
  const boss = await startPgBoss(connection);
  await startWorkers(boss, { db: connection.db, telephonyProvider: null, storage: store, webhooks: { fetch }, exclusive });
  say("ready");
  const [delivery] = await connection.db.select({ id: webhookDeliveries.id }).from(webhookDeliveries);
  const [source] = await connection.db.select({ id: knowledgeBaseSources.id }).from(knowledgeBaseSources);
  const reported = new Set<string>();
  const poll = setInterval(async () => {
    const [d] = await connection.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.id, delivery.id));
    const [s] = await connection.db.select().from(knowledgeBaseSources).where(eq(knowledgeBaseSources.id, source.id));
    if (d.status !== "pending" && !reported.has("delivery")) {
      reported.add("delivery");
      say("delivery", { status: d.status, attempts: d.attempts, log: d.attemptLog });
    }
    if (s.status !== "processing" && !reported.has("source")) {
      reported.add("source");
      say("source", { status: s.status, reason: s.failureReason });
    }
  }, 200);
  process.once("SIGTERM", async () => {
    clearInterval(poll);
    await boss.stop({ graceful: false, wait: true, timeout: 2000 }).catch(() => undefined);
    await connection.close();
    process.exit(0);
  });
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
