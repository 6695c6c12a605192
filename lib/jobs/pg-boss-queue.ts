import "server-only";
import PgBoss from "pg-boss";
import type { DatabaseConnection } from "@/lib/db/client";
import { executeOn } from "@/lib/db/raw-sql";
import { whileSettingUpQueue } from "@/lib/db/migrate";
import { jobExpirySeconds, jobNames, type JobName, type JobQueue } from "./queue";

/** How often the queue looks for expired jobs (pg-boss's default is every 2 minutes). */
const MAINTENANCE_INTERVAL_SECONDS = 15;

/** pg-boss on the app's own connection: the pg pool on Postgres, the single PGlite handle when embedded. */
export async function startPgBoss(connection: DatabaseConnection): Promise<PgBoss> {
  const boss = new PgBoss({
    db: {
      executeSql: async (text: string, values: unknown[]) => {
        // PGlite runs several statements only without parameters, through exec.
        if (connection.driver === "pglite" && (!values || values.length === 0)) {
          const results = await connection.pglite!.exec(text);
          return { rows: results.at(-1)?.rows ?? [] };
        }
        return connection.query(text, values);
      },
    },
    schedule: false,
    maintenanceIntervalSeconds: MAINTENANCE_INTERVAL_SECONDS,
  });
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

export function pgBossQueue(boss: PgBoss): JobQueue {
  return {
    async send(name, data, options) {
      const db = options?.db;
      await boss.send(name, data, {
        retryLimit: options?.retryLimit ?? 3,
        retryBackoff: true,
        expireInSeconds: jobExpirySeconds[name],
        ...(options?.retryDelaySeconds !== undefined ? { retryDelay: options.retryDelaySeconds } : {}),
        ...(options?.startAfter ? { startAfter: options.startAfter } : {}),
        ...(options?.singletonKey ? { singletonKey: options.singletonKey } : {}),
        ...(db ? { db: { executeSql: (text: string, values: unknown[]) => executeOn(db, text, values) } } : {}),
      });
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
