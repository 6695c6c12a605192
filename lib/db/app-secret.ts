import "server-only";
import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import type { Database } from "./client";
import { appSettings } from "./schema";

/**
 * A random secret kept in app_settings under `key`, created on first use, so every instance on the
 * database agrees without configuration. Concurrent first calls agree on one (insert-or-nothing, then read).
 */
export async function loadOrCreateSecret(db: Database, key: string): Promise<string> {
  const read = async () => {
    const [row] = await db.select({ value: appSettings.value }).from(appSettings).where(eq(appSettings.key, key)).limit(1);
    const secret = (row?.value as { secret?: unknown } | undefined)?.secret;
    return typeof secret === "string" ? secret : null;
  };
  const existing = await read();
  if (existing) return existing;
  await db
    .insert(appSettings)
    .values({ key, value: { secret: randomBytes(32).toString("base64url") } })
    .onConflictDoNothing({ target: appSettings.key });
  const created = await read();
  if (!created) throw new Error(`The secret ${key} could not be stored in app_settings`);
  return created;
}
