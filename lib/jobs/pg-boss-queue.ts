import "server-only";
import PgBoss from "pg-boss";
import type { DatabaseConnection } from "@/lib/db/client";
import { executeOn } from "@/lib/db/raw-sql";
import { whileSettingUpQueue } from "@/lib/db/migrate";
import { jobExpirySeconds, jobNames, type JobName, type JobOptions, type JobQueue } from "./queue";

/** How often the queue looks for expired jobs (pg-boss's default is every 2 minutes). */
const MAINTENANCE_INTERVAL_SECONDS = 15;

/** What stopping the queue must wait for or drop: the queries pg-boss has in flight on our connection. */
type QueueLifecycle = { stopped: boolean; inFlight: Set<Promise<unknown>> };
const lifecycles = new WeakMap<PgBoss, QueueLifecycle>();

/** pg-boss on the app's own connection: the pg pool on Postgres, the single PGlite handle when embedded. */
export async function startPgBoss(connection: DatabaseConnection): Promise<PgBoss> {
  const lifecycle: QueueLifecycle = { stopped: false, inFlight: new Set() };
  const run = async (text: string, values: unknown[]) => {
    // PGlite runs several statements only without parameters, through exec.
    if (connection.driver === "pglite" && (!values || values.length === 0)) {
      const results = await connection.pglite!.exec(text);
      return { rows: results.at(-1)?.rows ?? [] };
    }
    return connection.query(text, values);
  };
  const boss = new PgBoss({
    db: {
      executeSql: (text: string, values: unknown[]) => {
        // pg-boss reports a job's end (complete, fail) without awaiting it. Once the queue has stopped, a
        // handler that outlived the stop would report on a closed connection: an unhandled rejection. Its
        // job was already failed at the stop ("shut down while active", retried by its own rules), so
        // the late report is dropped; `{}` (no rows) is what pg-boss reads as "nothing affected".
        if (lifecycle.stopped) {
          console.error(`job queue: a query after the queue stopped was dropped (${text.trim().split(/\s+/).slice(0, 4).join(" ")} …)`);
          return Promise.resolve({} as { rows: unknown[] });
        }
        const query = run(text, values);
        lifecycle.inFlight.add(query);
        const settled = () => lifecycle.inFlight.delete(query);
        query.then(settled, settled);
        return query;
      },
    },
    schedule: false,
    maintenanceIntervalSeconds: MAINTENANCE_INTERVAL_SECONDS,
  });
  lifecycles.set(boss, lifecycle);
  boss.on("error", (error) => console.error("job queue error:", error));
  await whileSettingUpQueue(connection, async () => {
    await boss.start();
    for (const name of Object.values(jobNames)) {
      // Campaign ticks: "short" keeps one queued job per campaign (a wake-up sent while one waits is the same wake-up).
      await boss.createQueue(name, name === jobNames.campaignTick ? { name, policy: "short" } : undefined);
    }
  });
  return boss;
}

const jobSettings = (name: JobName, options: JobOptions | undefined) => ({
  retryLimit: options?.retryLimit ?? 3,
  retryBackoff: true,
  expireInSeconds: jobExpirySeconds[name],
  ...(options?.retryDelaySeconds !== undefined ? { retryDelay: options.retryDelaySeconds } : {}),
  ...(options?.startAfter ? { startAfter: options.startAfter } : {}),
  ...(options?.singletonKey ? { singletonKey: options.singletonKey } : {}),
});

const connectionOf = (db: JobOptions["db"]) => (db ? { db: { executeSql: (text: string, values: unknown[]) => executeOn(db, text, values) } } : {});
/**
 * Stops the queue before its connection closes: no new job is fetched, running handlers get up to
 * `timeoutMs` to finish and report (`graceful`), the rest are failed for a retry; then the queries
 * pg-boss still has in flight settle. Only after this may the caller close the connection.
 */
export async function stopPgBoss(boss: PgBoss, options: { graceful: boolean; timeoutMs: number }): Promise<void> {
  const lifecycle = lifecycles.get(boss);
  try {
    await boss.stop({ graceful: options.graceful, wait: true, timeout: options.timeoutMs });
  } finally {
    if (lifecycle) {
      lifecycle.stopped = true;
      while (lifecycle.inFlight.size) await Promise.allSettled([...lifecycle.inFlight]);
    }
  }
}

export function pgBossQueue(boss: PgBoss): JobQueue {
  return {
    async send(name, data, options) {
      await boss.send(name, data, { ...jobSettings(name, options), ...connectionOf(options?.db) });
    },
    async sendMany(name, data, options) {
      if (!data.length) return;
      await boss.insert(
        data.map((item) => ({ name, data: item, ...jobSettings(name, options) })),
        connectionOf(options?.db),
      );
    },
  };
}

export type OrphanOutcome = { outcome: "retry" | "failed" | "not_active"; data: Record<string, unknown> | null };

/**
 * Hands back a job whose worker process is gone: pg-boss fails it by its own rules (retried while
 * attempts remain, else failed), and a retry is due at once rather than after the backoff delay.
 */
export async function handBackOrphanedJob(boss: PgBoss, queue: JobName, jobId: string): Promise<OrphanOutcome> {
  const db = boss.getDb();
  const { rows } = await db.executeSql(`select state, data from pgboss.job where name = $1 and id = $2`, [queue, jobId]);
  const row = rows[0] as { state: string; data: Record<string, unknown> | null } | undefined;
  if (!row || row.state !== "active") return { outcome: "not_active", data: row?.data ?? null };
  await boss.fail(queue, jobId, { message: "The worker process running this job is gone (crashed or killed)" });
  const retried = await db.executeSql(
    `update pgboss.job set start_after = now() where name = $1 and id = $2 and state = 'retry' returning id`,
    [queue, jobId],
  );
  return { outcome: retried.rows.length ? "retry" : "failed", data: row.data };
}
