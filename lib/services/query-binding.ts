import { sql } from "drizzle-orm";

/**
 * How a query builder takes a value: inline (a query built and run once), or as a named
 * placeholder (a query whose SQL is built once per shape and kept, its values filled per request).
 */
export type Bind = <T>(name: string, value: T) => T;

export const inline: Bind = (_name, value) => value;

// A placeholder stands where the value would: the types say "value", the SQL says "$n, filled later".
export const named: Bind = <T>(name: string) => sql.placeholder(name) as unknown as T;
