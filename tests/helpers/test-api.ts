import type PgBoss from "pg-boss";
import { createApiApp } from "@/lib/api/app";
import type { ApiSettings, RuntimeSettings } from "@/lib/api/context";
import { createApiKey } from "@/lib/auth/api-keys";
import { createOrganization } from "@/lib/auth/organizations";
import type { Database, DatabaseConnection } from "@/lib/db/client";
import { pgBossQueue, startPgBoss, stopPgBoss } from "@/lib/jobs/pg-boss-queue";
import type { AgentTestSettings } from "@/lib/agent-tests/test-environment";
import { startWorkers, type WorkerDependencies } from "@/lib/server/workers";
import type { Admission } from "@/lib/load/load-limits";
import type { BlobStore } from "@/lib/storage/blob-store";
import { postgresBlobStore } from "@/lib/storage/postgres-blob-store";
import { createSignedLinks, type SignedLinks } from "@/lib/storage/signed-links";
import type { TelephonySettings } from "@/lib/telephony/carrier-directory";
import { carrierDialer } from "@/lib/telephony/carrier-dialer";
import { createTestDatabase } from "./test-database";

export type TestApi = {
  db: Database;
  connection: DatabaseConnection;
  boss: PgBoss;
  app: ReturnType<typeof createApiApp>;
  storage: BlobStore;
  links: SignedLinks;
  /** Sends a request to the in-process app; `body` objects are sent as JSON. */
  request: (method: string, path: string, options?: RequestOptions) => Promise<Response>;
  /** A new organization with one API key. */
  createOrganization: (name?: string) => Promise<{ organizationId: string; apiKey: string; apiKeyId: string }>;
  /** Subscribes workers on this app's queue and database with `deps`; `close` stops their timers before the pool closes. */
  startWorkers: (deps: Omit<WorkerDependencies, "db">) => Promise<void>;
  close: () => Promise<void>;
};

export type RequestOptions = { apiKey?: string; body?: unknown; rawBody?: BodyInit; headers?: Record<string, string> };

export type TestApiOptions = {
  settings?: Partial<ApiSettings>;
  workers?: boolean;
  /** Blob storage (default: the Postgres store on the test database). */
  storage?: (db: Database) => BlobStore;
  /** Signed links: lifetime (default 3600 s), clock, public base URL. */
  links?: { ttlSeconds?: number; now?: () => Date; publicBaseUrl?: string };
  /** Web calls: model, outbound HTTP, LLM environment (e.g. a fake OpenAI server's). */
  runtime?: RuntimeSettings;
  /** Carriers (PUBLIC_BASE_URL, environment accounts, API base URLs); with workers, phone calls are dialled through them. */
  telephony?: TelephonySettings;
  /** This process's answer to "a new call now?" (lib/load): web calls refused with 503, dials waiting. */
  admission?: () => Admission;
  /** How long closing waits for running jobs to finish (default 1000 ms, pg-boss's least: a campaign tick runs for 15 s and is failed, not awaited). */
  shutdownTimeoutMs?: number;
  /** Agent test runs (with workers): models, HTTP, environment; by default the runtime's env with the AI SDK. */
  agentTests?: AgentTestSettings;
};

export async function createTestApi(options: TestApiOptions = {}): Promise<TestApi> {
  const connection = await createTestDatabase();
  const storage = options.storage?.(connection.db) ?? postgresBlobStore(connection.db);
  const links = await createSignedLinks(connection.db, { ttlSeconds: 3600, ...options.links });
  const boss = await startPgBoss(connection);
  const telephonyProvider = options.telephony ? carrierDialer(connection.db, pgBossQueue(boss), options.telephony) : null;
  const agentTests = options.agentTests ?? { env: options.runtime?.env, llm: options.runtime?.llm, http: options.runtime?.http };
  const workers: { stop: () => void }[] = [];
  if (options.workers) workers.push(await startWorkers(boss, { db: connection.db, telephonyProvider, storage, agentTests, admission: options.admission }));
  const app = createApiApp({
    db: connection.db,
    queue: pgBossQueue(boss),
    storage,
    links,
    runtime: options.runtime,
    telephony: options.telephony ?? { publicBaseUrl: undefined, env: {} },
    admission: options.admission,
    settings: { rateLimitPerMinute: 100_000, jsonBodyLimitBytes: 1024 * 1024, ...options.settings },
  });
  return {
    db: connection.db,
    connection,
    boss,
    app,
    storage,
    links,
    request: (method, path, { apiKey, body, rawBody, headers = {} } = {}) => {
      const init: RequestInit = { method, headers: { ...(apiKey ? { "X-Api-Key": apiKey } : {}), ...headers } };
      if (rawBody !== undefined) init.body = rawBody;
      else if (body !== undefined) {
        init.body = JSON.stringify(body);
        (init.headers as Record<string, string>)["Content-Type"] ??= "application/json";
      }
      return Promise.resolve(app.request(path, init));
    },
    createOrganization: async (name = "Test Organization") => {
      const org = await createOrganization(connection.db, name);
      const key = await createApiKey({ db: connection.db, organizationId: org.id }, { name: "test key" });
      return { organizationId: org.id, apiKey: key.apiKey, apiKeyId: key.id };
    },
    startWorkers: async (deps) => {
      workers.push(await startWorkers(boss, { db: connection.db, ...deps }));
    },
    close: async () => {
      // Timers first (they queue jobs), then the queue (running jobs finish and report, or are failed),
      // and the connection only once pg-boss has nothing in flight on it.
      for (const handle of workers) handle.stop();
      await stopPgBoss(boss, { graceful: true, timeoutMs: options.shutdownTimeoutMs ?? 1000 }).catch(() => undefined);
      await connection.close();
    },
  };
}
