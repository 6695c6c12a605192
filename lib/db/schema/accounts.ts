import { sql } from "drizzle-orm";
import { index, integer, jsonb, pgTable, text, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { createdAt, id, timestampMs, updatedAt } from "./columns";

export const organizations = pgTable("organizations", {
  id: id(),
  name: text("name").notNull(),
  /** Standard Webhooks signing secret (`whsec_…`); the previous one stays valid while a secret rotates. */
  webhookSecret: text("webhook_secret").notNull(),
  previousWebhookSecret: text("previous_webhook_secret"),
  /** Deliveries stop signing with the previous secret after this time. */
  previousWebhookSecretExpiresAt: timestampMs("previous_webhook_secret_expires_at"),
  /** The studio's server-held key for /v1, encrypted at rest; never sent to a browser. */
  consoleApiKeyCiphertext: text("console_api_key_ciphertext"),
  /** Base URL of a remote deployment the studio manages instead of this one (optional). */
  remoteApiUrl: text("remote_api_url"),
  /** The remote deployment's API key an owner entered, encrypted at rest like the console key. */
  remoteApiKeyCiphertext: text("remote_api_key_ciphertext"),
  /** Per-organization price table used to compute call cost (USD); null uses the defaults. */
  pricing: jsonb("pricing").$type<Record<string, number>>(),
  /** The daily retention job removes audit entries older than this many days (at least 30). */
  auditRetentionDays: integer("audit_retention_days").notNull().default(365),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export const users = pgTable(
  "users",
  {
    id: id(),
    email: text("email").notNull(),
    name: text("name"),
    passwordHash: text("password_hash"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [uniqueIndex("users_email_unique").on(sql`lower(${table.email})`)],
);

export const memberRoles = ["owner", "admin", "member", "viewer"] as const;
export type MemberRole = (typeof memberRoles)[number];

export const memberships = pgTable(
  "memberships",
  {
    organizationId: uuid("organization_id")
      .notNull()
      .references(() => organizations.id, { onDelete: "cascade" }),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    role: text("role", { enum: memberRoles }).notNull(),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex("memberships_org_user_unique").on(table.organizationId, table.userId),
    index("memberships_user_idx").on(table.userId),
  ],
);

export const invitations = pgTable(
  "invitations",
  {
    id: id(),
    organizationId: uuid("organization_id")
      .notNull()
      .references(() => organizations.id, { onDelete: "cascade" }),
    role: text("role", { enum: memberRoles }).notNull(),
    tokenHash: text("token_hash").notNull(),
    createdByUserId: uuid("created_by_user_id").references(() => users.id, { onDelete: "set null" }),
    expiresAt: timestampMs("expires_at").notNull(),
    acceptedAt: timestampMs("accepted_at"),
    createdAt: createdAt(),
  },
  (table) => [uniqueIndex("invitations_token_hash_unique").on(table.tokenHash)],
);

export const apiKeys = pgTable(
  "api_keys",
  {
    id: id(),
    organizationId: uuid("organization_id")
      .notNull()
      .references(() => organizations.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    /** First characters of the key, shown in lists so a key can be recognised. */
    prefix: text("prefix").notNull(),
    /** SHA-256 of the whole key, hex. */
    keyHash: text("key_hash").notNull(),
    /** `user` keys are made by people; the `console` key is the studio's own. */
    kind: text("kind", { enum: ["user", "console"] })
      .notNull()
      .default("user"),
    createdByUserId: uuid("created_by_user_id").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    lastUsedAt: timestampMs("last_used_at"),
    revokedAt: timestampMs("revoked_at"),
  },
  (table) => [
    uniqueIndex("api_keys_key_hash_unique").on(table.keyHash),
    index("api_keys_org_idx").on(table.organizationId, table.createdAt),
  ],
);
