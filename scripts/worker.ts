// `npm run worker`: a process that only runs background jobs (dialer, maintenance, and later
// webhooks and ingestion), for deployments on a Postgres server with several app instances.
import { loadConfig } from "@/lib/config";
import { connectPostgres } from "@/lib/db/client";
import { applyMigrations } from "@/lib/db/migrate";
import { pgBossQueue, startPgBoss, stopPgBoss } from "@/lib/jobs/pg-boss-queue";
import { carrierDialer } from "@/lib/telephony/carrier-dialer";
import { telephonySettingsFromEnv } from "@/lib/telephony/carrier-directory";
import { onStopSignals } from "@/lib/server/stop-signals";
import { startWorkers } from "@/lib/server/workers";
import { startMediaInstanceSweep } from "@/lib/media/media-instance";
import { hangUpOrphanedCarrierCalls } from "@/lib/telephony/phone-call-control";

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
  const telephonySettings = telephonySettingsFromEnv();
  const telephonyProvider = carrierDialer(connection.db, pgBossQueue(boss), telephonySettings);
  const workers = await startWorkers(boss, { db: connection.db, telephonyProvider });
  // The live calls of a server that died end here too, even when no other server is left to notice.
  const sweep = startMediaInstanceSweep(connection.db, pgBossQueue(boss), {
    ...config.instances,
    onOrphans: (calls) => hangUpOrphanedCarrierCalls(connection.db, telephonySettings, calls),
  });
  console.log("worker: processing jobs");
  // As the server drains: no new jobs; held ones may finish within SHUTDOWN_DRAIN_SECONDS, then pg-boss fails them back to the queue.
  onStopSignals((signal) => {
    console.log(`worker: ${signal} received: finishing held jobs for up to ${config.shutdownDrainSeconds} s; send it again to exit at once`);
    void (async () => {
      await stopPgBoss(boss, { graceful: true, timeoutMs: config.shutdownDrainSeconds * 1000 });
      workers.stop(); // the heartbeat last: until here the held jobs were still this process's
      sweep.stop();
      await connection.close();
      process.exit(0);
    })();
  });
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
