import "server-only";
import { randomUUID } from "node:crypto";
import { and, asc, desc, eq, gte, inArray, isNull, lt, or, sql } from "drizzle-orm";
import type { Database } from "@/lib/db/client";
import { calls, campaignContacts, campaigns, type CampaignContactRow, type CampaignRow, type PhoneNumberType } from "@/lib/db/schema";
import { inTransaction } from "@/lib/db/transaction";
import type { JobQueue } from "@/lib/jobs/queue";
import { change } from "../audit/audit-changes";
import { recordAudit } from "../audit/record-audit";
import { LIVE_CALL_STATUSES, outboundSlotsFree } from "../concurrency/concurrency";
import { systemActor } from "../context";
import { listedNumbers } from "../do-not-call/do-not-call";
import { ValidationError } from "@/lib/utils/domain-errors";
import { recordOutboundPhoneCall, validateReferences } from "../phone-calls/start-phone-call";
import { insideWindows, nextWindowStart } from "./calling-windows";
import { nudgeCampaign } from "./campaign-ticks";
import { DialPacer } from "./dial-pacer";

/** A dispatcher holds its campaign this long past its last step; a dead instance's hold runs out. */
export const DISPATCH_LEASE_MS = 20_000;
/** One tick dispatches this long, then hands over to the next tick (any instance). */
export const TICK_MS = 15_000;
/** The dial job of a campaign call, should the dispatching process die before dialling it itself. */
export const DIAL_BACKSTOP_MS = 60_000;
/** How often a dispatcher waiting for a free slot looks again. */
const SLOT_POLL_MS = 200;
const CLAIM_BATCH = 25;
/** Calls one step may place at once when dispatching fell behind its pacing (the per-second cap still holds). */
const BURST = 10;

export type PlacedCall = { callId: string; numberType: PhoneNumberType; failed: boolean };

export type DispatchStep =
  /** Calls recorded in this step; the next may be placed `waitMs` later (the pacing). */
  | { kind: "placed"; calls: PlacedCall[]; waitMs: number; perSecond: number; spacingMs: number; recentStarts: number[] }
  /** Something frees soon (a pacing token, a slot, a contact's window): try again after `ms`. */
  | { kind: "wait"; ms: number; why: "pacing" | "campaign_slots" | "organization_slots" | "rescheduled" }
  /** Nothing is due now. */
  | { kind: "idle" }
  /** The campaign is not running (paused, cancelled, completed, deleted, or not started yet). */
  | { kind: "stopped" };

const zoneOf = (campaign: CampaignRow, contact: Pick<CampaignContactRow, "timezone">) =>
  campaign.schedule.recipient_timezone ? (contact.timezone ?? campaign.schedule.timezone) : campaign.schedule.timezone;

async function databaseNow(db: Database): Promise<Date> {
  const result = (await db.execute(sql`select date_trunc('milliseconds', clock_timestamp()) as now`)) as unknown as { rows: { now: string | Date }[] };
  return new Date(result.rows[0].now);
}

/** Contacts not called yet, and retries not yet made, once the schedule has ended: they never will be. */
async function finishAtEnd(db: Database, campaign: CampaignRow, now: Date): Promise<void> {
  await db
    .update(campaignContacts)
    .set({ status: "cancelled", nextAttemptAt: null, updatedAt: now })
    .where(and(eq(campaignContacts.campaignId, campaign.id), inArray(campaignContacts.status, ["pending", "scheduled", "retry_scheduled"])));
  await db.update(campaigns).set({ status: "completed", completedAt: now, updatedAt: now }).where(eq(campaigns.id, campaign.id));
}

async function completeIfDone(db: Database, campaign: CampaignRow, now: Date): Promise<boolean> {
  const [left] = await db
    .select({ id: campaignContacts.id })
    .from(campaignContacts)
    .where(and(eq(campaignContacts.campaignId, campaign.id), inArray(campaignContacts.status, ["pending", "scheduled", "dialing", "in_progress", "retry_scheduled"])))
    .limit(1);
  if (left) return false;
  await db.update(campaigns).set({ status: "completed", completedAt: now, updatedAt: now }).where(eq(campaigns.id, campaign.id));
  return true;
}

/** Retries the end of a call scheduled after the bare delay: moved to the first moment inside the contact's windows. */
async function fitRetriesIntoWindows(db: Database, campaign: CampaignRow, now: Date): Promise<void> {
  const rows = await db
    .select({ id: campaignContacts.id, timezone: campaignContacts.timezone, nextAttemptAt: campaignContacts.nextAttemptAt })
    .from(campaignContacts)
    .where(and(eq(campaignContacts.campaignId, campaign.id), eq(campaignContacts.status, "retry_scheduled"), eq(campaignContacts.nextAttemptInWindow, false)))
    .limit(500);
  for (const row of rows) {
    const due = row.nextAttemptAt ?? now;
    const next = nextWindowStart(due, campaign.schedule.windows, zoneOf(campaign, row)) ?? due;
    await db.update(campaignContacts).set({ nextAttemptAt: next, nextAttemptInWindow: true }).where(eq(campaignContacts.id, row.id));
  }
}

/**
 * One step of a campaign's dispatch, in one transaction under the campaign's row lock (every instance
 * serializes here): the status, the schedule, the pacing bucket and sliding second, the campaign's and
 * the organization's slots (counted from live calls, under the organization's lock), then one due
 * contact inside its calling window (claimed with SKIP LOCKED) becomes one call.
 */
export async function dispatchStep(db: Database, queue: JobQueue, campaignId: string, options: { owner: string; fitRetries?: boolean }): Promise<DispatchStep> {
  return inTransaction(db, async (tx) => {
    const [campaign] = await tx.select().from(campaigns).where(eq(campaigns.id, campaignId)).for("update");
    if (!campaign) return { kind: "stopped" };
    const now = await databaseNow(tx);
    if (campaign.dispatchLeaseOwner !== options.owner && campaign.dispatchLeaseUntil && campaign.dispatchLeaseUntil > now) return { kind: "stopped" };
    const lease = { dispatchLeaseOwner: options.owner, dispatchLeaseUntil: new Date(now.getTime() + DISPATCH_LEASE_MS) };
    let status = campaign.status;
    if (status === "scheduled" && (!campaign.schedule.start_at || new Date(campaign.schedule.start_at) <= now)) {
      status = "running";
      await tx.update(campaigns).set({ status, updatedAt: now }).where(eq(campaigns.id, campaignId));
    }
    if (status !== "running") return { kind: "stopped" };
    if (campaign.schedule.end_at && new Date(campaign.schedule.end_at) <= now) {
      await finishAtEnd(tx, campaign, now);
      return { kind: "stopped" };
    }
    if (!campaign.dispatchLeaseUntil || campaign.dispatchLeaseUntil.getTime() - now.getTime() < DISPATCH_LEASE_MS - 2000 || campaign.dispatchLeaseOwner !== options.owner) {
      await tx.update(campaigns).set(lease).where(eq(campaigns.id, campaignId));
    }
    if (options.fitRetries) await fitRetriesIntoWindows(tx, campaign, now);

    // Pacing: a token bucket (evenly spaced calls, a burst of BURST at most to catch up after a slow step),
    // and never more than calls_per_second in any second (the sliding count, exact whatever the timing).
    const rate = campaign.pacing.calls_per_second;
    const spacingMs = 1000 / rate;
    if (campaign.pacingNextAt && campaign.pacingNextAt > now) return { kind: "wait", ms: campaign.pacingNextAt.getTime() - now.getTime(), why: "pacing" };
    // GCRA: the theoretical time of the next call, never further back than a burst's worth.
    const scheduled = Math.max(campaign.pacingNextAt?.getTime() ?? now.getTime(), now.getTime() - (BURST - 1) * spacingMs);
    const tokens = Math.min(BURST, 1 + Math.floor((now.getTime() - scheduled) / spacingMs));
    const perSecond = Math.max(1, Math.floor(rate + 1e-9));
    const recent = await tx
      .select({ startTime: calls.startTime })
      .from(calls)
      .where(and(eq(calls.organizationId, campaign.organizationId), eq(calls.campaignId, campaignId), gte(calls.startTime, new Date(now.getTime() - 1000))))
      .orderBy(desc(calls.startTime))
      .limit(perSecond);
    if (recent.length >= perSecond) return { kind: "wait", ms: recent[perSecond - 1].startTime.getTime() + 1001 - now.getTime(), why: "pacing" };

    const [{ live }] = await tx
      .select({ live: sql<number>`count(*)::int` })
      .from(calls)
      .where(and(eq(calls.campaignId, campaignId), inArray(calls.status, [...LIVE_CALL_STATUSES])));
    const campaignRoom = campaign.pacing.max_concurrent_calls - Number(live);
    if (campaignRoom <= 0) return { kind: "wait", ms: SLOT_POLL_MS, why: "campaign_slots" };
    const organizationRoom = await outboundSlotsFree(tx, campaign.organizationId);
    if (organizationRoom <= 0) return { kind: "wait", ms: SLOT_POLL_MS, why: "organization_slots" };
    const room = Math.min(tokens, perSecond - recent.length, campaignRoom, organizationRoom);

    const due = sql`coalesce(${campaignContacts.nextAttemptAt}, '-infinity'::timestamptz)`;
    const candidates = await tx
      .select()
      .from(campaignContacts)
      .where(and(eq(campaignContacts.campaignId, campaignId), inArray(campaignContacts.status, ["pending", "scheduled", "retry_scheduled"]), sql`${due} <= ${now.toISOString()}::timestamptz`))
      .orderBy(asc(due), asc(campaignContacts.position))
      .limit(CLAIM_BATCH)
      .for("update", { skipLocked: true });
    if (!candidates.length) return (await completeIfDone(tx, campaign, now)) ? { kind: "stopped" } : { kind: "idle" };
    const listed = await listedNumbers(tx, campaign.organizationId, candidates.map((contact) => contact.phoneNumber));
    const chosen: CampaignContactRow[] = [];
    for (const contact of candidates) {
      if (chosen.length >= room) break;
      if (listed.has(contact.phoneNumber)) {
        await tx.update(campaignContacts).set({ status: "skipped_dnc", nextAttemptAt: null, updatedAt: now }).where(eq(campaignContacts.id, contact.id));
        continue;
      }
      const zone = zoneOf(campaign, contact);
      if (insideWindows(now, campaign.schedule.windows, zone)) {
        chosen.push(contact);
        continue;
      }
      const next = nextWindowStart(now, campaign.schedule.windows, zone);
      const pastEnd = !next || (campaign.schedule.end_at !== null && next >= new Date(campaign.schedule.end_at));
      await tx
        .update(campaignContacts)
        .set(pastEnd ? { status: "cancelled", nextAttemptAt: null, updatedAt: now } : { status: contact.status === "pending" ? "scheduled" : contact.status, nextAttemptAt: next, nextAttemptInWindow: true, updatedAt: now })
        .where(eq(campaignContacts.id, contact.id));
    }
    if (!chosen.length) return { kind: "wait", ms: 0, why: "rescheduled" };

    const placed: PlacedCall[] = [];
    const references = new Map<string, Awaited<ReturnType<typeof validateReferences>>>();
    for (const contact of chosen) {
      const callId = randomUUID();
      const fromNumber = campaign.fromNumbers[(campaign.callsPlaced + placed.length) % campaign.fromNumbers.length];
      await tx
        .update(campaignContacts)
        .set({ status: "dialing", attempts: contact.attempts + 1, lastCallId: callId, nextAttemptAt: null, nextAttemptInWindow: true, outcome: null, updatedAt: now })
        .where(eq(campaignContacts.id, contact.id));
      const ctx = { db: tx, organizationId: campaign.organizationId };
      try {
        if (!references.has(fromNumber)) references.set(fromNumber, await validateReferences(ctx, { agent_id: campaign.agentId, from_number: fromNumber }));
        const record = await recordOutboundPhoneCall(
          ctx,
          queue,
          { from_number: fromNumber, to_number: contact.phoneNumber, agent_id: campaign.agentId, dynamic_variables_values: contact.dynamicVariablesValues },
          {
            now,
            callId,
            metadata: contact.metadata,
            campaign: { campaignId, contactId: contact.id },
            slots: "checked",
            doNotCallChecked: true,
            references: references.get(fromNumber),
            dialAfter: new Date(now.getTime() + DIAL_BACKSTOP_MS),
          },
        );
        placed.push({ callId: record.callId, numberType: record.numberType, failed: record.failed });
      } catch (error) {
        if (!(error instanceof ValidationError)) throw error;
        // The agent or a number is no longer the organization's: no call of this campaign can be placed until it is fixed.
        throw new CampaignBlockedError(campaignId, error.message);
      }
    }
    const nextAt = new Date(Math.ceil(scheduled + placed.length * spacingMs));
    await tx
      .update(campaigns)
      .set({ callsPlaced: sql`${campaigns.callsPlaced} + ${placed.length}`, pacingNextAt: nextAt, ...lease, updatedAt: now })
      .where(eq(campaigns.id, campaignId));
    return {
      kind: "placed",
      calls: placed,
      waitMs: Math.max(0, nextAt.getTime() - now.getTime()),
      perSecond,
      spacingMs,
      recentStarts: recent.map((row) => row.startTime.getTime()).reverse(),
    };
  });
}

export class CampaignBlockedError extends Error {
  constructor(
    readonly campaignId: string,
    readonly reason: string,
  ) {
    super(`Campaign ${campaignId} cannot place calls: ${reason}`);
    this.name = "CampaignBlockedError";
  }
}

/**
 * Pauses a campaign that cannot place calls (its agent or a number is gone), so that a person sees it
 * and fixes it; the audit log says the dispatcher did it, and why.
 */
async function pauseBlocked(db: Database, error: CampaignBlockedError): Promise<void> {
  await inTransaction(db, async (tx) => {
    const [paused] = await tx
      .update(campaigns)
      .set({ status: "paused", updatedAt: new Date() })
      .where(and(eq(campaigns.id, error.campaignId), eq(campaigns.status, "running")))
      .returning({ organizationId: campaigns.organizationId });
    if (!paused) return;
    await recordAudit(
      { db: tx, organizationId: paused.organizationId, actor: systemActor("campaign dispatcher") },
      { action: "campaign.paused", resourceType: "campaign", resourceId: error.campaignId, changes: { ...change("status", "running", "paused"), ...change("reason", null, error.reason) } },
    );
  });
}

export type TickDependencies = {
  db: Database;
  queue: JobQueue;
  /** Dials a call just recorded (carriers: in this process, at once, so that the pacing holds at the carrier). */
  dial: (callId: string, numberType: PhoneNumberType) => Promise<void>;
  sleep?: (ms: number) => Promise<void>;
  tickMs?: number;
};

const defaultSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * A campaign tick: dispatches for up to TICK_MS, then hands over (a new tick job, any instance) while
 * there is work. Dials run concurrently; the tick waits for them before it ends.
 */
export async function runCampaignTick(deps: TickDependencies, campaignId: string, owner = randomUUID()): Promise<DispatchStep["kind"]> {
  const sleep = deps.sleep ?? defaultSleep;
  const deadline = Date.now() + (deps.tickMs ?? TICK_MS);
  const dials = new Set<Promise<void>>();
  let last: DispatchStep = { kind: "idle" };
  let lastFit = 0;
  const stats = { steps: 0, stepMs: 0, placed: 0, waits: {} as Record<string, number> };
  let pacer: DialPacer | undefined;
  try {
    while (Date.now() < deadline) {
      const fitRetries = Date.now() - lastFit > 2000;
      if (fitRetries) lastFit = Date.now();
      try {
        const began = performance.now();
        last = await dispatchStep(deps.db, deps.queue, campaignId, { owner, fitRetries });
        stats.steps++;
        stats.stepMs += performance.now() - began;
        if (last.kind === "placed") stats.placed += last.calls.length;
        if (last.kind === "wait") stats.waits[last.why] = (stats.waits[last.why] ?? 0) + 1;
      } catch (error) {
        if (!(error instanceof CampaignBlockedError)) throw error;
        console.warn(`campaigns: ${error.message}; paused`);
        await pauseBlocked(deps.db, error);
        return "stopped";
      }
      if (last.kind === "placed") {
        pacer ??= new DialPacer(last.perSecond, last.spacingMs * 0.9, 100, last.recentStarts);
        for (const placed of last.calls) {
          if (placed.failed) continue;
          const delay = pacer.next(Date.now()) - Date.now();
          const dial = (delay > 0 ? sleep(delay) : Promise.resolve())
            .then(() => deps.dial(placed.callId, placed.numberType))
            .catch((error) => console.error(`campaigns: dialling call ${placed.callId} failed:`, error));
          dials.add(dial);
          void dial.finally(() => dials.delete(dial));
        }
        // The next call is due after the pacing interval: wait here rather than ask the database.
        if (last.waitMs > 0) await sleep(Math.min(last.waitMs, Math.max(0, deadline - Date.now())));
        continue;
      }
      if (last.kind === "wait") {
        await sleep(Math.max(0, Math.min(last.ms, Math.max(0, deadline - Date.now()))));
        continue;
      }
      break;
    }
  } finally {
    await deps.db
      .update(campaigns)
      .set({ dispatchLeaseUntil: null, dispatchLeaseOwner: null })
      .where(and(eq(campaigns.id, campaignId), eq(campaigns.dispatchLeaseOwner, owner)))
      .catch(() => undefined);
    await Promise.allSettled([...dials]);
    if (process.env.CAMPAIGN_TICK_STATS) console.log(`campaign ${campaignId} tick: ${stats.steps} steps, ${(stats.stepMs / Math.max(1, stats.steps)).toFixed(1)} ms each, ${stats.placed} calls, waits ${JSON.stringify(stats.waits)}`);
  }
  if (last.kind === "placed" || last.kind === "wait") await nudgeCampaign(deps.queue, campaignId);
  return last.kind;
}

/**
 * Campaigns that have work and no dispatcher: running (or scheduled and due) with a due contact, a
 * retry to fit into its windows, or a schedule that has ended, and no live lease. Every worker
 * process looks every few seconds; each found campaign gets a tick (deduplicated per campaign).
 */
export async function campaignsNeedingDispatch(db: Database, now = new Date()): Promise<string[]> {
  const nowSql = sql`${now.toISOString()}::timestamptz`;
  const rows = await db
    .select({ id: campaigns.id })
    .from(campaigns)
    .where(
      and(
        or(eq(campaigns.status, "running"), and(eq(campaigns.status, "scheduled"), sql`coalesce((${campaigns.schedule}->>'start_at')::timestamptz, '-infinity') <= ${nowSql}`)),
        or(isNull(campaigns.dispatchLeaseUntil), lt(campaigns.dispatchLeaseUntil, now)),
        or(
          eq(campaigns.status, "scheduled"),
          sql`(${campaigns.schedule}->>'end_at')::timestamptz <= ${nowSql}`,
          sql`exists (select 1 from ${campaignContacts} where ${campaignContacts.campaignId} = ${campaigns.id}
                and ${campaignContacts.status} in ('pending', 'scheduled', 'retry_scheduled')
                and (coalesce(${campaignContacts.nextAttemptAt}, '-infinity'::timestamptz) <= ${nowSql} or not ${campaignContacts.nextAttemptInWindow}))`,
          sql`not exists (select 1 from ${campaignContacts} where ${campaignContacts.campaignId} = ${campaigns.id}
                and ${campaignContacts.status} in ('pending', 'scheduled', 'dialing', 'in_progress', 'retry_scheduled'))`,
        ),
      ),
    )
    .limit(500);
  return rows.map((row) => row.id);
}
