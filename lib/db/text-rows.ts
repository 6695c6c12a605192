import "server-only";
import type { PGlite } from "@electric-sql/pglite";
import pg from "pg";
import type { Database } from "./client";

/** Rows as Postgres sends them: each value its text form (JSON as JSON text, timestamps as text), or null. */
export type TextRows = { columns: Map<string, number>; rows: (string | null)[][] };

const asText = (value: string) => value;
const pgTextTypes = { getTypeParser: () => asText };
const pgliteTextParsers = new WeakMap<PGlite, Record<number, (value: string) => string>>();

function textParsersOf(pglite: PGlite): Record<number, (value: string) => string> {
  let parsers = pgliteTextParsers.get(pglite);
  if (!parsers) {
    parsers = Object.fromEntries(Object.keys(pglite.parsers).map((oid) => [Number(oid), asText]));
    pgliteTextParsers.set(pglite, parsers);
  }
  return parsers;
}

/**
 * Runs a query (e.g. a Drizzle query's `.toSQL()`) and keeps every value as text, for answers that
 * are written as JSON without parsing and re-serializing what Postgres already formatted. Null when
 * `db` is not a root handle (a transaction), whose client cannot be reached this way.
 */
export async function queryTextRows(db: Database, query: { sql: string; params: unknown[] }): Promise<TextRows | null> {
  const client = (db as Database & { $client?: unknown }).$client;
  let fields: string[];
  let rows: (string | null)[][];
  if (client instanceof pg.Pool) {
    const result = await client.query<(string | null)[]>({ text: query.sql, values: query.params, rowMode: "array", types: pgTextTypes });
    fields = result.fields.map((field) => field.name);
    rows = result.rows;
  } else if (client && typeof (client as PGlite).query === "function" && "parsers" in (client as PGlite)) {
    const pglite = client as PGlite;
    const result = await pglite.query<(string | null)[]>(query.sql, query.params, { rowMode: "array", parsers: textParsersOf(pglite) });
    fields = result.fields.map((field) => field.name);
    rows = result.rows;
  } else {
    return null;
  }
  return { columns: new Map(fields.map((name, index) => [name, index])), rows };
}
