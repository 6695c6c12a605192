import "server-only";
import type { Database } from "@/lib/db/client";
import { getRuntime } from "./runtime";

/** The process's database handle, for the studio's own domain (accounts); everything else goes through /v1. */
export async function studioDatabase(): Promise<Database> {
  return (await getRuntime()).connection.db;
}
