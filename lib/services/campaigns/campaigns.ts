import "server-only";
import { and, desc, eq, inArray, sql } from "drizzle-orm";
import type { Database } from "@/lib/db/client";
import { agents, campaignContacts, campaigns, phoneNumbers, type CampaignRow } from "@/lib/db/schema";
import type { JobQueue } from "@/lib/jobs/queue";
import {
  DEFAULT_PACING,
  DEFAULT_RETRY,
  DEFAULT_WINDOWS,
  type CampaignSchedule,
  type CampaignStatus,
  type ContactStatus,
} from "@/lib/schemas/campaign-values";
import type { Campaign, CampaignProgress, CreateCampaignBody, UpdateCampaignBody } from "@/lib/schemas/campaigns";
import { change, fieldChanges } from "../audit/audit-changes";
import { recordAudit } from "../audit/record-audit";
import { withTransaction, type ServiceContext } from "../context";
import { cursorPage, olderThanCursor } from "../cursor-paging";
import { ConflictError, NotFoundError, ValidationError, type FieldProblem } from "@/lib/utils/domain-errors";
import { applyMergePatch } from "@/lib/utils/json-merge-patch";
import { listFields } from "../paging";
import { nudgeCampaign } from "./campaign-ticks";

/** Settings and contacts change only while nothing is being dialled. */
const EDITABLE: CampaignStatus[] = ["draft", "paused", "completed", "cancelled"];

function emptyProgress(): CampaignProgress {
  return { total: 0, pending: 0, dialing: 0, in_progress: 0, retry_scheduled: 0, completed: 0, failed: 0, skipped_dnc: 0, cancelled: 0, calls_placed: 0, scheduled: 0 };
}

/** Contacts by status, counted now (the index on (campaign_id, status) keeps it an index scan). */
export async function campaignProgress(db: Database, rows: Pick<CampaignRow, "id" | "callsPlaced">[]): Promise<Map<string, CampaignProgress>> {
  const progress = new Map(rows.map((row) => [row.id, { ...emptyProgress(), calls_placed: row.callsPlaced }]));
  if (!rows.length) return progress;
  const counts = await db
    .select({ campaignId: campaignContacts.campaignId, status: campaignContacts.status, count: sql<number>`count(*)::int` })
    .from(campaignContacts)
    .where(inArray(campaignContacts.campaignId, rows.map((row) => row.id)))
    .groupBy(campaignContacts.campaignId, campaignContacts.status);
  for (const row of counts) {
    const entry = progress.get(row.campaignId)!;
    const count = Number(row.count);
    entry.total += count;
    const status = row.status as ContactStatus;
    if (status === "scheduled") {
      entry.scheduled += count;
      entry.pending += count;
    } else entry[status] += count;
  }
  return progress;
}

/** A campaign's settings as its audit entries compare them (status, progress and times have entries of their own or none). */
const audited = (row: CampaignRow) => ({
  name: row.name,
  agent_id: row.agentId,
  from_numbers: row.fromNumbers,
  schedule: row.schedule,
  pacing: row.pacing,
  retry: row.retry,
  metadata: row.metadata,
});

function toCampaign(row: CampaignRow, progress: CampaignProgress): Campaign {
  return {
    id: row.id,
    name: row.name,
    agent_id: row.agentId,
    from_numbers: row.fromNumbers,
    status: row.status,
    schedule: row.schedule,
    pacing: row.pacing,
    retry: row.retry,
    metadata: row.metadata,
    progress,
    started_at: row.startedAt?.toISOString() ?? null,
    completed_at: row.completedAt?.toISOString() ?? null,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

async function withProgress(db: Database, row: CampaignRow): Promise<Campaign> {
  return toCampaign(row, (await campaignProgress(db, [row])).get(row.id)!);
}

/** The agent and the numbers must be the organization's own: 400 naming the field otherwise. */
async function checkReferences(ctx: ServiceContext, input: { agent_id?: string; from_numbers?: string[] }): Promise<void> {
  const problems: FieldProblem[] = [];
  if (input.agent_id) {
    const [agent] = await ctx.db.select({ id: agents.id }).from(agents).where(and(eq(agents.id, input.agent_id), eq(agents.organizationId, ctx.organizationId)));
    if (!agent) problems.push({ field: "agent_id", message: "No agent with this id in your organization" });
  }
  if (input.from_numbers?.length) {
    const owned = new Set(
      (
        await ctx.db
          .select({ number: phoneNumbers.number })
          .from(phoneNumbers)
          .where(and(eq(phoneNumbers.organizationId, ctx.organizationId), inArray(phoneNumbers.number, input.from_numbers)))
      ).map((row) => row.number),
    );
    input.from_numbers.forEach((number, index) => {
      if (!owned.has(number)) problems.push({ field: `from_numbers[${index}]`, message: "Not a phone number of your organization" });
    });
  }
  if (problems.length) throw new ValidationError(problems.length === 1 ? `Invalid ${problems[0].field}: ${problems[0].message}` : `Invalid request: ${problems.length} problems`, problems);
}

function schedule(input: CreateCampaignBody["schedule"], base?: CampaignSchedule): CampaignSchedule {
  const merged: CampaignSchedule = {
    start_at: base?.start_at ?? null,
    end_at: base?.end_at ?? null,
    timezone: base?.timezone ?? "UTC",
    windows: base?.windows ?? DEFAULT_WINDOWS,
    recipient_timezone: base?.recipient_timezone ?? true,
  };
  if (!input) return merged;
  if (input.start_at !== undefined) merged.start_at = input.start_at ? new Date(input.start_at).toISOString() : null;
  if (input.end_at !== undefined) merged.end_at = input.end_at ? new Date(input.end_at).toISOString() : null;
  if (input.timezone !== undefined) merged.timezone = input.timezone;
  if (input.windows !== undefined) merged.windows = input.windows;
  if (input.recipient_timezone !== undefined) merged.recipient_timezone = input.recipient_timezone;
  if (merged.start_at && merged.end_at && merged.end_at <= merged.start_at) throw ValidationError.field("schedule.end_at", "Must be later than start_at");
  return merged;
}

export async function createCampaign(ctx: ServiceContext, body: CreateCampaignBody): Promise<Campaign> {
  await checkReferences(ctx, body);
  const row = await withTransaction(ctx, async (tx) => {
    const [created] = await tx.db
      .insert(campaigns)
    .values({
      organizationId: ctx.organizationId,
      name: body.name,
      agentId: body.agent_id,
      fromNumbers: body.from_numbers,
      schedule: schedule(body.schedule),
      pacing: { ...DEFAULT_PACING, ...body.pacing },
      retry: { ...DEFAULT_RETRY, ...body.retry },
      metadata: body.metadata ?? {},
    })
    .returning();
    await recordAudit(tx, { action: "campaign.created", resourceType: "campaign", resourceId: created.id, changes: fieldChanges(null, audited(created)) });
    return created;
  });
  return toCampaign(row, emptyProgress());
}

export async function findCampaignRow(ctx: ServiceContext, id: string, options: { lock?: boolean } = {}): Promise<CampaignRow> {
  const query = ctx.db.select().from(campaigns).where(and(eq(campaigns.id, id), eq(campaigns.organizationId, ctx.organizationId)));
  const [row] = options.lock ? await query.for("update") : await query;
  if (!row) throw new NotFoundError("Campaign");
  return row;
}

export async function getCampaign(ctx: ServiceContext, id: string): Promise<Campaign> {
  return withProgress(ctx.db, await findCampaignRow(ctx, id));
}

export async function listCampaigns(ctx: ServiceContext, input: { status?: CampaignStatus; cursor?: string; limit: number }) {
  const rows = await ctx.db
    .select()
    .from(campaigns)
    .where(and(eq(campaigns.organizationId, ctx.organizationId), input.status ? eq(campaigns.status, input.status) : undefined, olderThanCursor(campaigns.createdAt, campaigns.id, input.cursor)))
    .orderBy(desc(campaigns.createdAt), desc(campaigns.id))
    .limit(input.limit + 1);
  const page = cursorPage(rows, input.limit, (row) => ({ time: row.createdAt, id: row.id }));
  const progress = await campaignProgress(ctx.db, page.items);
  return { items: page.items.map((row) => toCampaign(row, progress.get(row.id)!)), ...listFields({ next_cursor: page.next_cursor }) };
}

function refuseUnlessEditable(row: CampaignRow, what: string): void {
  if (!EDITABLE.includes(row.status)) {
    throw new ConflictError(`A ${row.status} campaign cannot be ${what}: pause it first (or wait until it has finished)`, [
      { field: "status", message: `Is ${row.status}; must be draft, paused, completed or cancelled` },
    ]);
  }
}

export async function updateCampaign(ctx: ServiceContext, id: string, body: UpdateCampaignBody): Promise<Campaign> {
  await checkReferences(ctx, body);
  const row = await withTransaction(ctx, async (tx) => {
    const current = await findCampaignRow(tx, id, { lock: true });
    refuseUnlessEditable(current, "changed");
    const [updated] = await tx.db
      .update(campaigns)
      .set({
        ...(body.name !== undefined ? { name: body.name } : {}),
        ...(body.agent_id !== undefined ? { agentId: body.agent_id } : {}),
        ...(body.from_numbers !== undefined ? { fromNumbers: body.from_numbers } : {}),
        ...(body.schedule !== undefined ? { schedule: schedule(body.schedule, current.schedule) } : {}),
        ...(body.pacing !== undefined ? { pacing: { ...current.pacing, ...body.pacing } } : {}),
        ...(body.retry !== undefined ? { retry: { ...current.retry, ...body.retry } } : {}),
        ...(body.metadata !== undefined ? { metadata: applyMergePatch(current.metadata, body.metadata) as Record<string, unknown> } : {}),
        updatedAt: new Date(),
      })
      .where(eq(campaigns.id, id))
      .returning();
    const changes = fieldChanges(audited(current), audited(updated));
    if (Object.keys(changes).length) await recordAudit(tx, { action: "campaign.updated", resourceType: "campaign", resourceId: id, changes });
    return updated;
  });
  return withProgress(ctx.db, row);
}

/** Deletes the campaign and its contacts; its calls stay (with their campaign_id). */
export async function deleteCampaign(ctx: ServiceContext, id: string): Promise<void> {
  await withTransaction(ctx, async (tx) => {
    const current = await findCampaignRow(tx, id, { lock: true });
    refuseUnlessEditable(current, "deleted");
    const [{ contacts }] = await tx.db.select({ contacts: sql<number>`count(*)::int` }).from(campaignContacts).where(eq(campaignContacts.campaignId, id));
    await tx.db.delete(campaigns).where(eq(campaigns.id, id));
    await recordAudit(tx, {
      action: "campaign.deleted",
      resourceType: "campaign",
      resourceId: id,
      changes: { ...change("name", current.name, null), ...change("status", current.status, null), ...change("contacts", Number(contacts), null) },
    });
  });
}

type Transition = { from: CampaignStatus[]; verb: string };
const TRANSITIONS: Record<"start" | "pause" | "resume" | "cancel", Transition> = {
  start: { from: ["draft"], verb: "started" },
  pause: { from: ["scheduled", "running"], verb: "paused" },
  resume: { from: ["paused"], verb: "resumed" },
  cancel: { from: ["draft", "scheduled", "running", "paused"], verb: "cancelled" },
};

/**
 * Start, pause, resume, cancel. Dispatchers read the status under the campaign's lock before every
 * call they place, so a pause or cancel stops new calls on every instance as soon as it commits;
 * calls in progress finish. Cancel also marks every contact not yet called `cancelled`.
 */
export async function changeCampaignState(ctx: ServiceContext, queue: JobQueue, id: string, action: keyof typeof TRANSITIONS, now = new Date()): Promise<Campaign> {
  const transition = TRANSITIONS[action];
  const row = await withTransaction(ctx, async (tx) => {
    const db = tx.db;
    const current = await findCampaignRow(tx, id, { lock: true });
    if (!transition.from.includes(current.status)) {
      throw new ConflictError(`A ${current.status} campaign cannot be ${transition.verb}`, [{ field: "status", message: `Is ${current.status}; must be ${transition.from.join(" or ")}` }]);
    }
    let status: CampaignStatus;
    if (action === "pause") status = "paused";
    else if (action === "cancel") status = "cancelled";
    else {
      if (action === "start") {
        const [contact] = await db.select({ id: campaignContacts.id }).from(campaignContacts).where(eq(campaignContacts.campaignId, id)).limit(1);
        if (!contact) throw ValidationError.field("contacts", "The campaign has no contacts: add some before starting it");
      }
      const startAt = current.schedule.start_at ? new Date(current.schedule.start_at) : null;
      status = startAt && startAt > now ? "scheduled" : "running";
    }
    const cancelled =
      action === "cancel"
        ? await db
            .update(campaignContacts)
            .set({ status: "cancelled", nextAttemptAt: null, updatedAt: now })
            .where(and(eq(campaignContacts.campaignId, id), inArray(campaignContacts.status, ["pending", "scheduled", "retry_scheduled"])))
            .returning({ id: campaignContacts.id })
        : [];
    const [updated] = await db
      .update(campaigns)
      .set({
        status,
        updatedAt: now,
        ...(action === "start" ? { startedAt: now } : {}),
        ...(action === "cancel" ? { completedAt: now } : {}),
      })
      .where(eq(campaigns.id, id))
      .returning();
    if (status === "running") await nudgeCampaign(queue, id, db);
    await recordAudit(tx, {
      action: `campaign.${transition.verb}`,
      resourceType: "campaign",
      resourceId: id,
      changes: { ...change("status", current.status, status), ...(action === "cancel" ? change("contacts_cancelled", null, cancelled.length) : {}) },
    });
    return updated;
  });
  return withProgress(ctx.db, row);
}
