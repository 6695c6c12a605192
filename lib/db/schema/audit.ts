import { bigint, index, jsonb, pgTable, text, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { organizations } from "./accounts";
import { timestampMs } from "./columns";
import type { AuditChanges } from "@/lib/schemas/audit-log";

/**
 * Who changed what, per organization, append-only: a trigger refuses UPDATE and DELETE (except the
 * retention job's own session setting, and an organization's own removal). Each entry's `hash` is
 * SHA-256 of `prev_hash` followed by the entry's canonical JSON; `seq` orders the chain.
 */
export const auditLog = pgTable(
  "audit_log",
  {
    id: uuid("id").primaryKey(),
    organizationId: uuid("organization_id")
      .notNull()
      .references(() => organizations.id, { onDelete: "cascade" }),
    seq: bigint("seq", { mode: "number" }).notNull(),
    at: timestampMs("at").notNull(),
    actorType: text("actor_type").notNull(),
    actorId: text("actor_id"),
    actorLabel: text("actor_label").notNull(),
    action: text("action").notNull(),
    resourceType: text("resource_type").notNull(),
    resourceId: text("resource_id"),
    changes: jsonb("changes").$type<AuditChanges>().notNull(),
    requestId: text("request_id"),
    ip: text("ip"),
    userAgent: text("user_agent"),
    prevHash: text("prev_hash").notNull(),
    hash: text("hash").notNull(),
  },
  // Few indexes, each filled in time order (ids are UUIDv7): every write of the API carries an entry.
  // Filters by action or actor read the time index of the organization's entries.
  (table) => [
    uniqueIndex("audit_log_org_seq_unique").on(table.organizationId, table.seq),
    index("audit_log_org_at_idx").on(table.organizationId, table.at.desc().nullsFirst(), table.id.desc().nullsFirst()),
    index("audit_log_org_resource_idx").on(table.organizationId, table.resourceType, table.resourceId, table.at.desc().nullsFirst()),
  ],
);

/**
 * The end of each organization's chain: its last seq and hash. Writers update it in the statement
 * that inserts the entry, so its row lock orders one organization's entries (a row per organization,
 * made with the organization by a trigger).
 */
export const auditChainHeads = pgTable("audit_chain_heads", {
  organizationId: uuid("organization_id")
    .primaryKey()
    .references(() => organizations.id, { onDelete: "cascade" }),
  lastSeq: bigint("last_seq", { mode: "number" }).notNull().default(0),
  lastHash: text("last_hash").notNull(),
  /** The hash before the last one: the statement that moves the head returns it as the new entry's `prev_hash`. */
  prevHash: text("prev_hash").notNull(),
});
