import "server-only";
import { sql } from "drizzle-orm";
import type { Database } from "@/lib/db/client";
import { appSettings, organizations } from "@/lib/db/schema";
import type { BlobStore } from "@/lib/storage/blob-store";
import { applyCallRetention } from "./call-retention";
import { trimAuditLog } from "./audit-retention";

const LAST_RUN = "retention_last_run";

/** Every organization: agents' call retention, then the audit log's. Errors of one organization do not stop the others. */
export async function applyRetention(db: Database, storage: BlobStore, now = new Date()): Promise<{ calls: number; auditEntries: number }> {
  const orgs = await db.select({ id: organizations.id }).from(organizations);
  let callsRemoved = 0;
  let entries = 0;
  for (const org of orgs) {
    const ctx = { db, organizationId: org.id };
    try {
      for (const result of await applyCallRetention(ctx, storage, now)) callsRemoved += result.calls;
      entries += (await trimAuditLog(ctx, now)).removed;
    } catch (error) {
      console.error(`retention of organization ${org.id} failed:`, error);
    }
  }
  return { calls: callsRemoved, auditEntries: entries };
}

/**
 * The daily retention job: whichever worker process asks first on a UTC day claims the day
 * (compare-and-set on app_settings) and runs it; the others find it claimed.
 */
export async function runDailyRetention(db: Database, storage: BlobStore, now = new Date()): Promise<boolean> {
  const day = now.toISOString().slice(0, 10);
  const claimed = await db
    .insert(appSettings)
    .values({ key: LAST_RUN, value: { day }, updatedAt: now })
    .onConflictDoUpdate({ target: appSettings.key, set: { value: { day }, updatedAt: now }, setWhere: sql`${appSettings.value}->>'day' < ${day}` })
    .returning({ key: appSettings.key });
  if (claimed.length === 0) return false;
  const result = await applyRetention(db, storage, now);
  if (result.calls || result.auditEntries) console.error(`retention: ${result.calls} call(s) and ${result.auditEntries} audit entr(ies) removed`);
  return true;
}
