import { sql } from "drizzle-orm";
import { boolean, index, integer, jsonb, pgTable, primaryKey, text, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { organizations } from "./accounts";
import { createdAt, id, timestampMs, updatedAt } from "./columns";
import {
  campaignStatuses,
  contactStatuses,
  type CampaignPacing,
  type CampaignRetry,
  type CampaignSchedule,
} from "@/lib/schemas/campaign-values";

/** A list of numbers an agent calls, with its schedule, pacing and retries. */
export const campaigns = pgTable(
  "campaigns",
  {
    id: id(),
    organizationId: uuid("organization_id")
      .notNull()
      .references(() => organizations.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    // No foreign key: a campaign keeps its agent_id after the agent is deleted (its calls would fail visibly).
    agentId: uuid("agent_id").notNull(),
    fromNumbers: jsonb("from_numbers").$type<string[]>().notNull(),
    status: text("status", { enum: campaignStatuses }).notNull().default("draft"),
    schedule: jsonb("schedule").$type<CampaignSchedule>().notNull(),
    pacing: jsonb("pacing").$type<CampaignPacing>().notNull(),
    retry: jsonb("retry").$type<CampaignRetry>().notNull(),
    metadata: jsonb("metadata").$type<Record<string, unknown>>().notNull().default({}),
    /** Calls created for the campaign, ever (also which from_number the next one uses). */
    callsPlaced: integer("calls_placed").notNull().default(0),
    /** The pacing bucket (GCRA): the earliest time the next call may be placed, shared by every instance. */
    pacingNextAt: timestampMs("pacing_next_at"),
    /** The instance dispatching the campaign holds it until then (one dispatcher at a time; a dead one's lease runs out). */
    dispatchLeaseUntil: timestampMs("dispatch_lease_until"),
    dispatchLeaseOwner: uuid("dispatch_lease_owner"),
    startedAt: timestampMs("started_at"),
    completedAt: timestampMs("completed_at"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    index("campaigns_org_created_idx").on(table.organizationId, table.createdAt.desc().nullsFirst(), table.id.desc().nullsFirst()),
    index("campaigns_active_idx").on(table.status).where(sql`${table.status} in ('scheduled', 'running')`),
  ],
);

/** One number of a campaign's list, its variables and how calling it went. */
export const campaignContacts = pgTable(
  "campaign_contacts",
  {
    id: id(),
    organizationId: uuid("organization_id").notNull(),
    campaignId: uuid("campaign_id")
      .notNull()
      .references(() => campaigns.id, { onDelete: "cascade" }),
    /** Import order: contacts are called in it. */
    position: integer("position").notNull(),
    phoneNumber: text("phone_number").notNull(),
    /** The contact's own zone (given, or from its number); null: the campaign's. */
    timezone: text("timezone"),
    dynamicVariablesValues: jsonb("dynamic_variables_values").$type<Record<string, unknown>>().notNull().default({}),
    metadata: jsonb("metadata").$type<Record<string, unknown>>().notNull().default({}),
    status: text("status", { enum: contactStatuses }).notNull().default("pending"),
    attempts: integer("attempts").notNull().default(0),
    nextAttemptAt: timestampMs("next_attempt_at"),
    /** False while next_attempt_at is the bare retry delay, before it is moved into the contact's calling window. */
    nextAttemptInWindow: boolean("next_attempt_in_window").notNull().default(true),
    lastCallId: uuid("last_call_id"),
    /** The last call's end_reason, or `voicemail` when a machine answered. */
    outcome: text("outcome"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    uniqueIndex("campaign_contacts_campaign_number_unique").on(table.campaignId, table.phoneNumber),
    index("campaign_contacts_campaign_position_idx").on(table.campaignId, table.position),
    index("campaign_contacts_campaign_status_idx").on(table.campaignId, table.status),
    // The dispatcher's claim: due contacts of a campaign in order (a small partial index of what is left to call).
    index("campaign_contacts_due_idx")
      .on(table.campaignId, sql`coalesce(${table.nextAttemptAt}, '-infinity'::timestamptz)`, table.position)
      .where(sql`${table.status} in ('pending', 'scheduled', 'retry_scheduled')`),
    index("campaign_contacts_org_number_idx").on(table.organizationId, table.phoneNumber),
  ],
);

/** Numbers an organization never calls. */
export const doNotCallNumbers = pgTable(
  "do_not_call_numbers",
  {
    id: id(),
    organizationId: uuid("organization_id")
      .notNull()
      .references(() => organizations.id, { onDelete: "cascade" }),
    /** E.164; null once the person's data was erased (the entry then keeps only the number's keyed hash). */
    phoneNumber: text("phone_number"),
    /** An erased person's number as HMAC-SHA256 (services/phone-number-hash.ts): still refused, found by no one. */
    phoneNumberHash: text("phone_number_hash"),
    reason: text("reason"),
    /** api, studio, agent (the add_to_do_not_call tool during a call), or erasure (kept when a person's data was erased). */
    source: text("source").notNull().default("api"),
    callId: uuid("call_id"),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex("do_not_call_org_number_unique").on(table.organizationId, table.phoneNumber),
    uniqueIndex("do_not_call_org_hash_unique").on(table.organizationId, table.phoneNumberHash).where(sql`${table.phoneNumberHash} is not null`),
    index("do_not_call_org_created_idx").on(table.organizationId, table.createdAt.desc().nullsFirst(), table.id.desc().nullsFirst()),
  ],
);

/** An organization's concurrent phone calls: the limit and the slots kept for inbound calls. */
export const organizationConcurrency = pgTable(
  "organization_concurrency",
  {
    organizationId: uuid("organization_id")
      .notNull()
      .references(() => organizations.id, { onDelete: "cascade" }),
    concurrencyLimit: integer("concurrency_limit").notNull(),
    inboundReserved: integer("inbound_reserved").notNull().default(0),
    updatedAt: updatedAt(),
  },
  (table) => [primaryKey({ columns: [table.organizationId] })],
);

export type CampaignRow = typeof campaigns.$inferSelect;
export type CampaignContactRow = typeof campaignContacts.$inferSelect;
