import "server-only";
import { and, eq, inArray, sql } from "drizzle-orm";
import type { Database } from "@/lib/db/client";
import { calls, campaigns, organizationConcurrency } from "@/lib/db/schema";
import { inTransaction } from "@/lib/db/transaction";
import { DEFAULT_CONCURRENCY_LIMIT } from "@/lib/schemas/campaign-values";
import type { Concurrency, UpdateConcurrencyBody } from "@/lib/schemas/concurrency";
import { fieldChanges } from "../audit/audit-changes";
import { recordAudit } from "../audit/record-audit";
import { withTransaction, type ServiceContext } from "../context";
import { ConcurrencyLimitError, ValidationError } from "@/lib/utils/domain-errors";

/** The statuses in which a phone call holds a slot: from its creation until it ends or fails to connect. */
export const LIVE_CALL_STATUSES = ["created", "ringing", "in_progress"] as const;

/** How long a refused client should wait: calls last minutes, so a slot frees every few seconds at best. */
export const CONCURRENCY_RETRY_AFTER_SECONDS = 5;

export type ConcurrencySettings = { limit: number; inboundReserved: number };

export async function concurrencySettings(db: Database, organizationId: string): Promise<ConcurrencySettings> {
  const [row] = await db.select().from(organizationConcurrency).where(eq(organizationConcurrency.organizationId, organizationId));
  return row ? { limit: row.concurrencyLimit, inboundReserved: row.inboundReserved } : { limit: DEFAULT_CONCURRENCY_LIMIT, inboundReserved: 0 };
}

/**
 * Serializes, per organization, every decision that adds a live call (outbound or inbound, on any
 * instance) until the transaction ends: the count that follows is then exact. Slots are never held
 * anywhere else: a call holds one while its row is live, so whatever ends the call frees it.
 */
export async function lockOrganizationCalls(tx: Database, organizationId: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`calls:${organizationId}`}, 0))`);
}

export async function liveCallCounts(db: Database, organizationId: string): Promise<{ outbound: number; inbound: number }> {
  const rows = await db
    .select({ direction: calls.direction, count: sql<number>`count(*)::int` })
    .from(calls)
    .where(and(eq(calls.organizationId, organizationId), eq(calls.type, "phone_call"), inArray(calls.status, [...LIVE_CALL_STATUSES])))
    .groupBy(calls.direction);
  const count = (direction: string) => Number(rows.find((row) => row.direction === direction)?.count ?? 0);
  return { outbound: count("outbound"), inbound: count("inbound") };
}

/** Outbound calls stop at `limit − inbound_reserved`, and every call at `limit`. */
export function outboundRoom(settings: ConcurrencySettings, live: { outbound: number; inbound: number }): number {
  return Math.max(0, Math.min(settings.limit - settings.inboundReserved - live.outbound, settings.limit - live.outbound - live.inbound));
}

/** How many more outbound calls the organization may start now (call inside a transaction; takes the organization's lock). */
export async function outboundSlotsFree(tx: Database, organizationId: string): Promise<number> {
  await lockOrganizationCalls(tx, organizationId);
  const [settings, live] = await Promise.all([concurrencySettings(tx, organizationId), liveCallCounts(tx, organizationId)]);
  return outboundRoom(settings, live);
}

/** Takes an outbound slot for a call about to be recorded in this transaction, or throws ConcurrencyLimitError (429). */
export async function reserveOutboundSlot(tx: Database, organizationId: string): Promise<void> {
  if ((await outboundSlotsFree(tx, organizationId)) > 0) return;
  const settings = await concurrencySettings(tx, organizationId);
  throw new ConcurrencyLimitError(
    `Your organization has ${settings.limit - settings.inboundReserved} concurrent outbound call slot(s)` +
      `${settings.inboundReserved ? ` (limit ${settings.limit}, ${settings.inboundReserved} reserved for inbound calls)` : ""}` +
      ` and all are in use: try again when a call has ended`,
    CONCURRENCY_RETRY_AFTER_SECONDS,
  );
}

/**
 * Runs `record` (which adds an inbound call) when the organization is below its limit, under its
 * lock; null when every slot is taken (the carrier then refuses the call busy and nothing is recorded).
 */
export async function admitInboundCall<T>(db: Database, organizationId: string, record: (tx: Database) => Promise<T>): Promise<T | null> {
  return inTransaction(db, async (tx) => {
    await lockOrganizationCalls(tx, organizationId);
    const [settings, live] = await Promise.all([concurrencySettings(tx, organizationId), liveCallCounts(tx, organizationId)]);
    if (live.outbound + live.inbound >= settings.limit) return null;
    return record(tx);
  });
}

/** Whether an inbound call would be admitted now (without recording anything). */
export async function inboundSlotFree(db: Database, organizationId: string): Promise<boolean> {
  const [settings, live] = await Promise.all([concurrencySettings(db, organizationId), liveCallCounts(db, organizationId)]);
  return live.outbound + live.inbound < settings.limit;
}

export async function getConcurrency(ctx: ServiceContext): Promise<Concurrency> {
  const [settings, live, byCampaign] = await Promise.all([
    concurrencySettings(ctx.db, ctx.organizationId),
    liveCallCounts(ctx.db, ctx.organizationId),
    ctx.db
      .select({
        campaignId: campaigns.id,
        name: campaigns.name,
        status: campaigns.status,
        pacing: campaigns.pacing,
        inUse: sql<number>`(select count(*)::int from ${calls} where ${calls.campaignId} = ${campaigns.id} and ${calls.status} in ('created', 'ringing', 'in_progress'))`,
      })
      .from(campaigns)
      .where(and(eq(campaigns.organizationId, ctx.organizationId), inArray(campaigns.status, ["scheduled", "running", "paused", "cancelled", "completed"]), sql`(exists (select 1 from ${calls} where ${calls.campaignId} = ${campaigns.id} and ${calls.status} in ('created', 'ringing', 'in_progress')) or ${campaigns.status} in ('running', 'scheduled'))`)),
  ]);
  return {
    limit: settings.limit,
    in_use: live.outbound + live.inbound,
    inbound_reserved: settings.inboundReserved,
    outbound_in_use: live.outbound,
    inbound_in_use: live.inbound,
    by_campaign: byCampaign
      .filter((row) => row.status === "running" || row.status === "scheduled" || Number(row.inUse) > 0)
      .map((row) => ({ campaign_id: row.campaignId, name: row.name, status: row.status, in_use: Number(row.inUse), max_concurrent_calls: row.pacing.max_concurrent_calls })),
  };
}

export async function updateConcurrency(ctx: ServiceContext, body: UpdateConcurrencyBody): Promise<Concurrency> {
  await withTransaction(ctx, async (txCtx) => {
    const tx = txCtx.db;
    await lockOrganizationCalls(tx, ctx.organizationId);
    const current = await concurrencySettings(tx, ctx.organizationId);
    const limit = body.limit ?? current.limit;
    const inboundReserved = body.inbound_reserved ?? current.inboundReserved;
    if (inboundReserved > limit) {
      throw ValidationError.field("inbound_reserved", `Must be at most limit (${limit})`);
    }
    await tx
      .insert(organizationConcurrency)
      .values({ organizationId: ctx.organizationId, concurrencyLimit: limit, inboundReserved, updatedAt: new Date() })
      .onConflictDoUpdate({ target: organizationConcurrency.organizationId, set: { concurrencyLimit: limit, inboundReserved, updatedAt: new Date() } });
    const changes = fieldChanges({ limit: current.limit, inbound_reserved: current.inboundReserved }, { limit, inbound_reserved: inboundReserved });
    if (Object.keys(changes).length) await recordAudit(txCtx, { action: "concurrency.updated", resourceType: "concurrency", resourceId: ctx.organizationId, changes });
  });
  return getConcurrency(ctx);
}
