import { sql, type SQL } from "drizzle-orm";
import type { Database } from "./client";

/** `select $1, $2` with values → a Drizzle SQL object, so driver-level SQL can run inside a Drizzle transaction. */
export function positionalSql(text: string, values: readonly unknown[] = []): SQL {
  const parts = text.split(/\$(\d+)/);
  const chunks: SQL[] = [sql.raw(parts[0])];
  for (let i = 1; i < parts.length; i += 2) {
    chunks.push(sql`${sql.param(values[Number(parts[i]) - 1])}`, sql.raw(parts[i + 1]));
  }
  return sql.join(chunks, sql.raw(""));
}

export async function executeOn(db: Database, text: string, values: readonly unknown[] = []) {
  const result = (await db.execute(positionalSql(text, values))) as unknown as { rows: Record<string, unknown>[] };
  return { rows: result.rows };
}
