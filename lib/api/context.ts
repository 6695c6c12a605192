import type { Database } from "@/lib/db/client";
import type { JobQueue } from "@/lib/jobs/queue";

export type ApiSettings = {
  rateLimitPerMinute: number;
  jsonBodyLimitBytes: number;
};

/** What the API needs from the process that runs it; tests pass their own. */
export type ApiDependencies = {
  db: Database;
  queue: JobQueue;
  settings: ApiSettings;
  now?: () => Date;
};

export type ApiEnv = {
  Variables: {
    requestId: string;
    deps: ApiDependencies;
    organizationId: string;
    apiKeyId: string;
  };
};

/** The service context of an authenticated request: its database and its key's organization. */
export function serviceContext(c: { get: <K extends keyof ApiEnv["Variables"]>(key: K) => ApiEnv["Variables"][K] }) {
  return { db: c.get("deps").db, organizationId: c.get("organizationId") };
}
