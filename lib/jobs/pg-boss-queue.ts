import "server-only";
import PgBoss from "pg-boss";
import type { DatabaseConnection } from "@/lib/db/client";
import { executeOn } from "@/lib/db/raw-sql";
import { jobNames, type JobQueue } from "./queue";

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
  });
  boss.on("error", (error) => console.error("job queue error:", error));
  await boss.start();
  for (const name of Object.values(jobNames)) await boss.createQueue(name);
  return boss;
}

export function pgBossQueue(boss: PgBoss): JobQueue {
  return {
    async send(name, data, options) {
      const db = options?.db;
      await boss.send(name, data, {
        retryLimit: options?.retryLimit ?? 3,
        retryBackoff: true,
        ...(options?.retryDelaySeconds !== undefined ? { retryDelay: options.retryDelaySeconds } : {}),
        ...(options?.startAfter ? { startAfter: options.startAfter } : {}),
        ...(db ? { db: { executeSql: (text: string, values: unknown[]) => executeOn(db, text, values) } } : {}),
      });
    },
  };
}
