import "server-only";
import { and, asc, eq, gt, max, sql } from "drizzle-orm";
import { campaignContacts, type CampaignContactRow } from "@/lib/db/schema";
import type { JobQueue } from "@/lib/jobs/queue";
import type { ContactStatus } from "@/lib/schemas/campaign-values";
import { ContactInputSchema, type AddContactsResult, type CampaignContact } from "@/lib/schemas/campaigns";
import { change } from "../audit/audit-changes";
import { recordAudit } from "../audit/record-audit";
import { withTransaction, type ServiceContext } from "../context";
import { listedNumbers } from "../do-not-call/do-not-call";
import { ConflictError } from "@/lib/utils/domain-errors";
import { findCampaignRow } from "./campaigns";
import { nudgeCampaign } from "./campaign-ticks";
import { isTimeZone, normalizePhoneNumber, timezoneOfNumber } from "./phone-number-facts";

/** A contact as read from a request (a JSON item or a CSV row), before it is checked. */
export type ContactDraft = {
  /** How the answer names the row: the JSON index, or the CSV row as a spreadsheet numbers it. */
  row: number;
  phone_number: unknown;
  timezone?: unknown;
  dynamic_variables_values?: unknown;
  metadata?: unknown;
  /** Read from a CSV: every value is text, so only the number and the zone need checking. */
  fromCsv?: boolean;
};

export type RejectedRow = AddContactsResult["rejected"][number];

type Accepted = { phoneNumber: string; timezone: string | null; dynamicVariablesValues: Record<string, unknown>; metadata: Record<string, unknown> };

const INSERT_CHUNK = 20_000;

function formatPath(path: readonly PropertyKey[]): string {
  return path.reduce<string>((out, part) => (typeof part === "number" ? `${out}[${part}]` : out ? `${out}.${String(part)}` : String(part)), "");
}

/** Checks one contact: its number normalised by libphonenumber, its zone an IANA name, its values JSON objects. */
function checkContact(draft: ContactDraft, defaultCountry: string | undefined, rejected: RejectedRow[]): Accepted | null {
  if (draft.fromCsv) return checkCsvContact(draft, defaultCountry, rejected);
  const shaped = ContactInputSchema.safeParse(Object.fromEntries(Object.entries(draft).filter(([key, value]) => key !== "row" && value !== undefined)));
  if (!shaped.success) {
    for (const issue of shaped.error.issues) {
      if (issue.code === "unrecognized_keys") for (const key of issue.keys) rejected.push({ row: draft.row, field: formatPath([...issue.path, key]), message: `Unknown field "${key}"` });
      else {
        const message = issue.code === "invalid_type" && /received undefined/.test(issue.message) ? "Required" : issue.message.replace(/^Invalid input: /, "");
        rejected.push({ row: draft.row, field: formatPath(issue.path) || "contact", message });
      }
    }
    return null;
  }
  const number = normalizePhoneNumber(shaped.data.phone_number, defaultCountry);
  if (!number.ok) {
    rejected.push({ row: draft.row, field: "phone_number", message: number.message });
    return null;
  }
  const given = shaped.data.timezone;
  if (given !== undefined && !isTimeZone(given)) {
    rejected.push({ row: draft.row, field: "timezone", message: `"${given}" is not an IANA time zone` });
    return null;
  }
  return {
    phoneNumber: number.e164,
    timezone: given ?? timezoneOfNumber(number.e164),
    dynamicVariablesValues: shaped.data.dynamic_variables_values ?? {},
    metadata: shaped.data.metadata ?? {},
  };
}

/** A CSV row is text only (its shape is known): the number and the zone are what can be wrong. */
function checkCsvContact(draft: ContactDraft, defaultCountry: string | undefined, rejected: RejectedRow[]): Accepted | null {
  const number = normalizePhoneNumber(String(draft.phone_number ?? ""), defaultCountry);
  if (!number.ok) {
    rejected.push({ row: draft.row, field: "phone_number", message: number.message });
    return null;
  }
  const given = typeof draft.timezone === "string" ? draft.timezone : undefined;
  if (given !== undefined && !isTimeZone(given)) {
    rejected.push({ row: draft.row, field: "timezone", message: `"${given}" is not an IANA time zone` });
    return null;
  }
  return {
    phoneNumber: number.e164,
    timezone: given ?? timezoneOfNumber(number.e164),
    dynamicVariablesValues: (draft.dynamic_variables_values as Record<string, unknown>) ?? {},
    metadata: (draft.metadata as Record<string, unknown>) ?? {},
  };
}

/**
 * Adds contacts to a campaign: each row checked on its own (a bad row is listed in `rejected`, the
 * others are added), numbers normalised to E.164, a number the campaign (or an earlier row) already
 * has dropped as a duplicate, numbers on the do-not-call list kept as `skipped_dnc`.
 */
export async function addCampaignContacts(
  ctx: ServiceContext,
  queue: JobQueue,
  campaignId: string,
  drafts: ContactDraft[],
  options: { defaultCountry?: string; rejected?: RejectedRow[]; format?: "json" | "csv" } = {},
): Promise<AddContactsResult> {
  const campaign = await findCampaignRow(ctx, campaignId);
  if (campaign.status === "completed" || campaign.status === "cancelled") {
    throw new ConflictError(`A ${campaign.status} campaign takes no more contacts`, [{ field: "status", message: `Is ${campaign.status}` }]);
  }
  const rejected: RejectedRow[] = [...(options.rejected ?? [])];
  const seen = new Set<string>();
  const accepted: Accepted[] = [];
  let duplicates = 0;
  for (const draft of drafts) {
    const contact = checkContact(draft, options.defaultCountry, rejected);
    if (!contact) continue;
    if (seen.has(contact.phoneNumber)) {
      duplicates++;
      continue;
    }
    seen.add(contact.phoneNumber);
    accepted.push(contact);
  }
  const listed = await listedNumbers(ctx.db, ctx.organizationId, accepted.map((contact) => contact.phoneNumber));
  let added = 0;
  let skipped = 0;
  await withTransaction(ctx, async (txCtx) => {
    const tx = txCtx.db;
    // Positions continue after the campaign's last contact (concurrent imports of one campaign take turns here).
    await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`campaign-contacts:${campaignId}`}, 0))`);
    const [{ last }] = await tx.select({ last: max(campaignContacts.position) }).from(campaignContacts).where(eq(campaignContacts.campaignId, campaignId));
    let position = (last ?? 0) + 1;
    for (let i = 0; i < accepted.length; i += INSERT_CHUNK) {
      const chunk = accepted.slice(i, i + INSERT_CHUNK).map((contact) => ({
        p: position++,
        n: contact.phoneNumber,
        tz: contact.timezone,
        v: contact.dynamicVariablesValues,
        m: contact.metadata,
        s: listed.has(contact.phoneNumber) ? "skipped_dnc" : "pending",
      }));
      // One statement per chunk, its rows as one JSON parameter: far faster than thousands of bound values.
      const result = (await tx.execute(sql`
        insert into ${campaignContacts} (organization_id, campaign_id, position, phone_number, timezone, dynamic_variables_values, metadata, status)
        select ${ctx.organizationId}::uuid, ${campaignId}::uuid, r.p, r.n, r.tz, r.v, r.m, r.s
          from jsonb_to_recordset(${JSON.stringify(chunk)}::jsonb) as r(p int, n text, tz text, v jsonb, m jsonb, s text)
        on conflict (campaign_id, phone_number) do nothing
        returning status`)) as unknown as { rows: { status: string }[] };
      added += result.rows.length;
      skipped += result.rows.filter((row) => row.status === "skipped_dnc").length;
      duplicates += chunk.length - result.rows.length;
    }
    if (added > 0 && (campaign.status === "running" || campaign.status === "scheduled")) await nudgeCampaign(queue, campaignId, tx);
    // Counts only: the log cannot be edited, and an erasure must leave a contact's number (and variables) nowhere.
    if (added > 0) {
      await recordAudit(txCtx, {
        action: "campaign.contacts_imported",
        resourceType: "campaign",
        resourceId: campaignId,
        changes: {
          ...change("added", null, added),
          ...change("duplicates", null, duplicates),
          ...change("rejected", null, rejected.length),
          ...change("skipped_dnc", null, skipped),
          ...(options.format ? change("format", null, options.format) : {}),
        },
      });
    }
  });
  rejected.sort((a, b) => a.row - b.row);
  return { added, duplicates, rejected, skipped_dnc: skipped };
}

function toContact(row: CampaignContactRow): CampaignContact {
  return {
    id: row.id,
    phone_number: row.phoneNumber,
    status: row.status,
    attempts: row.attempts,
    next_attempt_at: row.nextAttemptAt?.toISOString() ?? null,
    last_call_id: row.lastCallId,
    outcome: row.outcome,
    dynamic_variables_values: row.dynamicVariablesValues,
    metadata: row.metadata,
    timezone: row.timezone,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

/** A campaign's contacts in import order, in cursor pages (`p<position>`). */
export async function listCampaignContacts(ctx: ServiceContext, campaignId: string, input: { status?: ContactStatus; outcome?: string; cursor?: string; limit: number }) {
  await findCampaignRow(ctx, campaignId);
  const after = input.cursor ? Number(input.cursor.slice(1)) : undefined;
  const rows = await ctx.db
    .select()
    .from(campaignContacts)
    .where(
      and(
        eq(campaignContacts.campaignId, campaignId),
        input.status ? eq(campaignContacts.status, input.status) : undefined,
        input.outcome ? eq(campaignContacts.outcome, input.outcome) : undefined,
        after !== undefined ? gt(campaignContacts.position, after) : undefined,
      ),
    )
    .orderBy(asc(campaignContacts.position))
    .limit(input.limit + 1);
  const items = rows.slice(0, input.limit);
  const next = rows.length > input.limit ? `p${items.at(-1)!.position}` : null;
  return { items: items.map(toContact), next_cursor: next, current_page: null, total_pages: null, total_items: null };
}
