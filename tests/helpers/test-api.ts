import type PgBoss from "pg-boss";
import { createApiApp } from "@/lib/api/app";
import type { ApiSettings } from "@/lib/api/context";
import { createApiKey } from "@/lib/auth/api-keys";
import { createOrganization } from "@/lib/auth/organizations";
import type { Database, DatabaseConnection } from "@/lib/db/client";
import { pgBossQueue, startPgBoss } from "@/lib/jobs/pg-boss-queue";
import { startWorkers } from "@/lib/jobs/workers";
import { createTestDatabase } from "./test-database";

export type TestApi = {
  db: Database;
  connection: DatabaseConnection;
  boss: PgBoss;
  app: ReturnType<typeof createApiApp>;
  /** Sends a request to the in-process app; `body` objects are sent as JSON. */
  request: (method: string, path: string, options?: RequestOptions) => Promise<Response>;
  /** A new organization with one API key. */
  createOrganization: (name?: string) => Promise<{ organizationId: string; apiKey: string; apiKeyId: string }>;
  close: () => Promise<void>;
};

export type RequestOptions = { apiKey?: string; body?: unknown; rawBody?: string; headers?: Record<string, string> };

export async function createTestApi(options: { settings?: Partial<ApiSettings>; workers?: boolean } = {}): Promise<TestApi> {
  const connection = await createTestDatabase();
  const boss = await startPgBoss(connection);
  if (options.workers) await startWorkers(boss, { db: connection.db, telephonyProvider: null });
  const app = createApiApp({
    db: connection.db,
    queue: pgBossQueue(boss),
    settings: { rateLimitPerMinute: 100_000, jsonBodyLimitBytes: 1024 * 1024, ...options.settings },
  });
  return {
    db: connection.db,
    connection,
    boss,
    app,
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
      const key = await createApiKey(connection.db, { organizationId: org.id, name: "test key" });
      return { organizationId: org.id, apiKey: key.apiKey, apiKeyId: key.id };
    },
    close: async () => {
      await boss.stop({ graceful: false, wait: true, timeout: 2000 }).catch(() => undefined);
      await connection.close();
    },
  };
}
