import "server-only";
import type PgBoss from "pg-boss";
import { startAdminServer } from "@/lib/admin/admin-server";
import { createApiApp, type ApiApp } from "@/lib/api/app";
import { loadConfig, pgliteDirectory, type AppConfig } from "@/lib/config";
import { connectPglite, connectPostgres, type DatabaseConnection } from "@/lib/db/client";
import { lockDataDirectory, type DataDirectoryLock } from "@/lib/db/data-dir-lock";
import { applyMigrations } from "@/lib/db/migrate";
import { demoBanner, seedDemoData } from "@/lib/db/seed/demo";
import { pgBossQueue, startPgBoss } from "@/lib/jobs/pg-boss-queue";
import type { JobQueue } from "@/lib/jobs/queue";
import { startWorkers } from "@/lib/jobs/workers";
import type { BlobStore } from "@/lib/storage/blob-store";
import { createBlobStore } from "@/lib/storage/create-blob-store";
import { createSignedLinks, type SignedLinks } from "@/lib/storage/signed-links";
import { drainSipMedia, startSipMedia } from "./sip-media";

export type AppRuntime = {
  config: AppConfig;
  connection: DatabaseConnection;
  boss: PgBoss;
  queue: JobQueue;
  storage: BlobStore;
  links: SignedLinks;
  api: ApiApp;
  onStop: (fn: () => Promise<void> | void) => void;
  stop: () => Promise<void>;
};


/** Opens the database (owning the data directory when embedded), migrates, and starts the queue and workers. */
export async function bootRuntime(config: AppConfig = loadConfig()): Promise<AppRuntime> {
  let lock: DataDirectoryLock | undefined;
  let connection: DatabaseConnection;
  if (config.databaseUrl) {
    connection = connectPostgres(config.databaseUrl, config.databasePoolSize);
  } else {
    lock = lockDataDirectory(config.dataDir);
    try {
      connection = await connectPglite(pgliteDirectory(config));
    } catch (error) {
      lock.release();
      throw error;
    }
  }
  await applyMigrations(connection);
  const storage = createBlobStore(config.storage, connection.db);
  if (lock && config.seedDemo) await seedDemoOnFirstStart(connection, config, storage);
  const links = await createSignedLinks(connection.db, config.signedLinks);
  const boss = await startPgBoss(connection);
  const workers = config.runWorkers ? await startWorkers(boss, { db: connection.db, telephonyProvider: null, storage, exclusive: Boolean(lock) }) : null;
  const queue = pgBossQueue(boss);
  const sip = await startSipMedia({ connection, boss, queue, storage });
  const api = createApiApp({
    db: connection.db,
    queue,
    storage,
    links,
    settings: {
      rateLimitPerMinute: config.rateLimitPerMinute,
      jsonBodyLimitBytes: config.jsonBodyLimitBytes,
      knowledgeBaseMaxFileBytes: config.knowledgeBase.maxFileBytes,
      knowledgeBaseMaxRequestBytes: config.knowledgeBase.maxRequestBytes,
    },
  });
  const stopHooks: (() => Promise<void> | void)[] = [];
  let stopping: Promise<void> | undefined;
  const runtime: AppRuntime = {
    config,
    connection,
    boss,
    queue,
    storage,
    links,
    api,
    onStop: (fn) => stopHooks.push(fn),
    stop: () =>
      (stopping ??= (async () => {
        for (const hook of stopHooks.reverse()) await hook();
        workers?.stop();
        await boss.stop({ graceful: true, wait: true, timeout: 5000 }).catch(() => undefined);
        await connection.close().catch(() => undefined);
        lock?.release();
      })()),
  };
  // Calls in progress may finish for up to SHUTDOWN_DRAIN_SECONDS (default 30) after SIGTERM.
  if (sip) runtime.onStop(() => drainSipMedia(sip, Number(process.env.SHUTDOWN_DRAIN_SECONDS ?? 30) * 1000));
  if (lock) {
    // Other processes (npm run admin) reach the embedded database through this process only.
    const admin = await startAdminServer(connection.db, config.dataDir);
    runtime.onStop(() => admin.close());
  }
  return runtime;
}

/** Demo data must never keep the server from starting: a failure is reported and retried on the next start. */
async function seedDemoOnFirstStart(connection: DatabaseConnection, config: AppConfig, storage: BlobStore) {
  try {
    const demo = await seedDemoData(connection.db, { storage });
    if (demo) console.log(demoBanner(demo, `http://localhost:${config.port}`));
  } catch (error) {
    console.error("Demo data could not be created:", error instanceof Error ? error.message : error);
  }
}

const RUNTIME_KEY = Symbol.for("voice-agent-service.runtime");
type GlobalWithRuntime = typeof globalThis & { [RUNTIME_KEY]?: Promise<AppRuntime> };

/**
 * The process-wide runtime. Kept on globalThis because Next.js may load this module more than once
 * (instrumentation and route bundles), and two PGlite instances on one directory would corrupt it.
 */
export function getRuntime(): Promise<AppRuntime> {
  const holder = globalThis as GlobalWithRuntime;
  holder[RUNTIME_KEY] ??= bootRuntime().catch((error) => {
    delete holder[RUNTIME_KEY];
    throw error;
  });
  return holder[RUNTIME_KEY];
}
