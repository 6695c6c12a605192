import "server-only";
import type PgBoss from "pg-boss";
import { startAdminServer } from "@/lib/admin/admin-server";
import { createApiApp, type ApiApp } from "@/lib/api/app";
import { loadConfig, pgliteDirectory, type AppConfig } from "@/lib/config";
import { connectPglite, connectPostgres, type DatabaseConnection } from "@/lib/db/client";
import { lockDataDirectory, type DataDirectoryLock } from "@/lib/db/data-dir-lock";
import { applyMigrations } from "@/lib/db/migrate";
import { demoBanner, seedDemoData } from "@/lib/demo/demo";
import { pgBossQueue, startPgBoss, stopPgBoss } from "@/lib/jobs/pg-boss-queue";
import type { JobQueue } from "@/lib/jobs/queue";
import { RateLimiter } from "@/lib/services/rate-limits/rate-limiter";
import type { BlobStore } from "@/lib/storage/blob-store";
import { createBlobStore } from "@/lib/storage/create-blob-store";
import { createSignedLinks, type SignedLinks } from "@/lib/storage/signed-links";
import { carrierDialer } from "@/lib/telephony/carrier-dialer";
import { telephonySettingsFromEnv } from "@/lib/telephony/carrier-directory";
import { MediaInstance } from "@/lib/media/media-instance";
import { hangUpOrphanedCarrierCalls } from "@/lib/telephony/phone-call-control";
import { drainSipMedia, startSipMedia } from "./sip-media";
import { startWorkers } from "./workers";
import { LoadView } from "./load-view";
import { ProcessLoad } from "@/lib/load/process-load";
import { observePacing } from "@/lib/media/clock";
import { warmUpCallPath } from "./warm-up";

export type AppRuntime = {
  config: AppConfig;
  connection: DatabaseConnection;
  boss: PgBoss;
  queue: JobQueue;
  storage: BlobStore;
  links: SignedLinks;
  api: ApiApp;
  rateLimiter: RateLimiter;
  /** Set when the process starts to shut down: health answers 503 and new calls are refused. */
  lifecycle: { draining: boolean };
  onStop: (fn: () => Promise<void> | void) => void;
  /** Job workers take no new jobs; held ones may finish within `timeoutMs`, then are failed (pg-boss retries them elsewhere). */
  stopWorkers: (timeoutMs: number) => Promise<void>;
  /** Phone calls whose media this process holds (SIP): no new ones, those in progress may finish within `timeoutMs` (stop hangs up the rest). */
  drainCalls: (timeoutMs: number) => Promise<void>;
  /** This process as the holder of its live calls' media: they name it, it beats, and it ends the calls of holders that died. */
  mediaInstance: MediaInstance;
  /** This process's load (event-loop delay, media tick lateness, live calls): past its limits it takes no new calls. */
  load: ProcessLoad;
  /** The instance's load for `GET /api/health`: this process's and, in a cluster, the other server processes'. */
  loadView: LoadView;
  /** Ends every live call held here as `server_shutdown` (the drain ran out), waiting at most `graceMs` for their ends to be stored. */
  endLiveCalls: (graceMs: number) => Promise<void>;
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
  // Not worth failing a boot over: without it the first calls only start a little less smoothly.
  const warmedUp = warmUpCallPath().catch((error) => console.warn(`call path warm-up skipped: ${error instanceof Error ? error.message : String(error)}`));
  await applyMigrations(connection);
  await warmedUp;
  const storage = createBlobStore(config.storage, connection.db);
  if (lock && config.seedDemo) await seedDemoOnFirstStart(connection, config, storage);
  const links = await createSignedLinks(connection.db, config.signedLinks);
  const boss = await startPgBoss(connection);
  const queue = pgBossQueue(boss);
  const telephonySettings = telephonySettingsFromEnv();
  const mediaInstance = await MediaInstance.start(connection.db, queue, {
    ...config.instances,
    // Owning the embedded database, no earlier process can still be running: its calls end now.
    exclusive: Boolean(lock),
    onOrphans: (calls) => hangUpOrphanedCarrierCalls(connection.db, telephonySettings, calls),
  });
  const load = new ProcessLoad({ limits: config.load, liveCalls: () => mediaInstance.liveCalls }).start();
  // Every call's frame pacing reports how late it ran: the lateness limit's measure.
  observePacing((ms) => load.recordFrameLateness(ms));
  const admission = () => load.admission();
  const sip = await startSipMedia({ connection, boss, queue, storage, instance: mediaInstance, admission });
  const telephonyProvider = carrierDialer(connection.db, queue, telephonySettings);
  const workers = config.runWorkers ? await startWorkers(boss, { db: connection.db, telephonyProvider, storage, exclusive: Boolean(lock), admission }) : null;
  const rateLimiter = new RateLimiter(connection.db);
  const lifecycle = { draining: false };
  const api = createApiApp({
    db: connection.db,
    queue,
    storage,
    links,
    rateLimiter,
    isDraining: () => lifecycle.draining,
    admission,
    settings: {
      rateLimitPerMinute: config.rateLimitPerMinute,
      jsonBodyLimitBytes: config.jsonBodyLimitBytes,
      knowledgeBaseMaxFileBytes: config.knowledgeBase.maxFileBytes,
      knowledgeBaseMaxRequestBytes: config.knowledgeBase.maxRequestBytes,
      reanalyzeMaxCalls: config.reanalyzeMaxCalls,
    },
  });
  const stopHooks: (() => Promise<void> | void)[] = [];
  let stoppingWorkers: Promise<void> | undefined;
  let stopping: Promise<void> | undefined;
  const runtime: AppRuntime = {
    config,
    connection,
    boss,
    queue,
    storage,
    links,
    api,
    rateLimiter,
    lifecycle,
    onStop: (fn) => stopHooks.push(fn),
    drainCalls: (timeoutMs) => (sip ? drainSipMedia(sip, timeoutMs) : Promise.resolve()),
    mediaInstance,
    load,
    loadView: new LoadView(load),
    endLiveCalls: (graceMs) => mediaInstance.endAll("server_shutdown", graceMs),
    stopWorkers: (timeoutMs) =>
      (stoppingWorkers ??= (async () => {
        await stopPgBoss(boss, { graceful: true, timeoutMs }).catch((error) => console.error("job queue stop failed:", error));
        // Only now: the heartbeat tells other processes that the jobs held until here were still ours.
        workers?.stop();
      })()),
    stop: () =>
      (stopping ??= (async () => {
        for (const hook of stopHooks.reverse()) await hook();
        await mediaInstance.stop();
        await runtime.stopWorkers(5000);
        await rateLimiter.stop().catch((error) => console.error("rate limit sync failed:", error));
        await connection.close().catch(() => undefined);
        load.stop();
        observePacing(null);
        lock?.release();
      })()),
  };
  // SIP calls still up after the drain (or without one) are hung up; the sockets close last.
  if (sip) runtime.onStop(() => sip.close(2_000));
  rateLimiter.start();
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
 * The process-wide runtime, booted by the server (lib/server/start-app-server.ts) before it listens.
 * Kept on globalThis because Next.js bundles its own copy of this module for the studio's pages and
 * route handlers, which must reach the same runtime (two PGlite instances on one directory would corrupt it).
 */
export function getRuntime(): Promise<AppRuntime> {
  const holder = globalThis as GlobalWithRuntime;
  holder[RUNTIME_KEY] ??= bootRuntime().catch((error) => {
    delete holder[RUNTIME_KEY];
    throw error;
  });
  return holder[RUNTIME_KEY];
}
