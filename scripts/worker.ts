// `npm run worker`: a process that only runs background jobs (dialer, maintenance, and later
// webhooks and ingestion), for deployments on a Postgres server with several app instances.
import { loadConfig } from "@/lib/config";
import { connectPostgres } from "@/lib/db/client";
import { applyMigrations } from "@/lib/db/migrate";
import { pgBossQueue, startPgBoss } from "@/lib/jobs/pg-boss-queue";
import { carrierDialer } from "@/lib/telephony/carrier-dialer";
import { telephonySettingsFromEnv } from "@/lib/telephony/carrier-directory";
import { startWorkers } from "@/lib/jobs/workers";

async function main() {
  const config = loadConfig();
  if (!config.databaseUrl) {
    console.error(
      "npm run worker needs DATABASE_URL (a Postgres server). With the embedded database, `npm start` runs the workers itself.",
    );
    process.exit(1);
  }
  const connection = connectPostgres(config.databaseUrl, config.databasePoolSize);
  await applyMigrations(connection);
  const boss = await startPgBoss(connection);
  const telephonyProvider = carrierDialer(connection.db, pgBossQueue(boss), telephonySettingsFromEnv());
  const workers = await startWorkers(boss, { db: connection.db, telephonyProvider });
  console.log("worker: processing jobs");
  const stop = async () => {
    workers.stop();
    await boss.stop({ graceful: true, wait: true, timeout: 10_000 });
    await connection.close();
    process.exit(0);
  };
  process.once("SIGTERM", stop);
  process.once("SIGINT", stop);
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
