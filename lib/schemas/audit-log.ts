import { z } from "@hono/zod-openapi";
import { cursorQuery, isoDateTime, limitQuery } from "./common";

export const auditActorTypes = ["user", "api_key", "system", "admin_cli"] as const;
export type AuditActorType = (typeof auditActorTypes)[number];

/** What a secret's old and new values read as in `changes`. */
export const REDACTED = "[redacted]";

export const AUDIT_RETENTION_DEFAULT_DAYS = 365;
export const AUDIT_RETENTION_MIN_DAYS = 30;
export const AUDIT_RETENTION_MAX_DAYS = 3650;

export const AuditActorSchema = z
  .object({
    type: z.enum(auditActorTypes).openapi({
      description:
        "`user` (a person in the studio, or signing in), `api_key` (a request with one of your API keys), `admin_cli` (the operator's `npm run admin`), `system` (the service itself: jobs such as retention).",
    }),
    id: z.string().nullable().openapi({ description: "The user's or API key's id; null for the admin CLI and the system." }),
    label: z.string().openapi({ description: "The user's email, the key's prefix, or what the system or CLI was doing.", example: "ada@example.com" }),
  })
  .openapi("AuditActor");
export type AuditActor = z.infer<typeof AuditActorSchema>;

export const AuditChangeSchema = z
  .object({ from: z.unknown().openapi({ description: "The value before (null when created)." }), to: z.unknown().openapi({ description: "The value after (null when deleted)." }) })
  .openapi("AuditChange");
export type AuditChanges = Record<string, { from: unknown; to: unknown }>;

export const AuditEntrySchema = z
  .object({
    id: z.uuid(),
    at: isoDateTime.openapi({ description: "When the change was made (ISO 8601, UTC, milliseconds)." }),
    organization_id: z.uuid(),
    actor: AuditActorSchema,
    action: z.string().openapi({ description: "`<resource>.<verb>`, e.g. agent.updated, api_key.created, member.role_changed, data.erased.", example: "agent.updated" }),
    resource_type: z.string().openapi({ example: "agent" }),
    resource_id: z.string().nullable().openapi({ description: "The resource's id (a UUID, or a carrier's name); null for organization-wide actions." }),
    changes: z.record(z.string(), AuditChangeSchema).openapi({
      description: 'What changed, field by field (nested fields as dotted paths): `{field: {from, to}}`. Secrets read "[redacted]".',
    }),
    request_id: z.string().nullable().openapi({ description: "The request's X-Request-Id (also in its response); null outside a request." }),
    ip: z.string().nullable().openapi({ description: "The client's address; null outside a request." }),
    user_agent: z.string().nullable(),
    hash: z.string().openapi({ description: "Extension: hex SHA-256 of `previous_hash` followed by this entry's canonical JSON (the fields above, keys sorted, no spaces)." }),
    previous_hash: z.string().openapi({ description: "Extension: the hash of the organization's previous entry (64 zeros for the first)." }),
  })
  .openapi("AuditEntry");
export type AuditEntry = z.infer<typeof AuditEntrySchema>;

const auditDate = (description: string) =>
  z.iso
    .datetime({ offset: true, message: "Must be an ISO 8601 date-time such as 2026-01-31T12:00:00Z" })
    .optional()
    .openapi({ description, example: "2026-01-31T00:00:00Z" });

export const ListAuditLogQuerySchema = z.object({
  limit: limitQuery,
  cursor: cursorQuery,
  actor_id: z.string().trim().min(1, "Must not be empty").max(200, "At most 200 characters").optional().openapi({ description: "Only entries by this user or API key id." }),
  action: z
    .string()
    .trim()
    .regex(/^[a-z_]+(\.[a-z_]+)?$/, "Must be an action such as agent.updated, or a resource type such as agent")
    .optional()
    .openapi({ description: "Only this action (`agent.updated`), or every action of a resource type when no dot (`agent`)." }),
  resource_type: z.string().trim().min(1, "Must not be empty").max(100, "At most 100 characters").optional().openapi({ description: "Only entries about this kind of resource." }),
  resource_id: z.string().trim().min(1, "Must not be empty").max(200, "At most 200 characters").optional().openapi({ description: "Only entries about this resource." }),
  from: auditDate("Only entries at or after this time."),
  to: auditDate("Only entries before this time."),
});
export type ListAuditLogQuery = z.infer<typeof ListAuditLogQuerySchema>;

export const AuditVerificationSchema = z
  .object({
    valid: z.boolean().openapi({ description: "True when every entry's hash matches its content and links to the entry before it." }),
    entries: z.number().int().openapi({ description: "How many entries were checked (the whole log kept for your organization)." }),
    first_broken_id: z.uuid().nullable().openapi({
      description: "The first entry (oldest first) whose content or link does not match: changed, or following a removed entry. Null when valid.",
    }),
  })
  .openapi("AuditVerification");
export type AuditVerification = z.infer<typeof AuditVerificationSchema>;

export const AuditSettingsSchema = z
  .object({
    audit_retention_days: z.number().int().openapi({ description: `Entries older than this many days are removed by the daily retention job (default ${AUDIT_RETENTION_DEFAULT_DAYS}, at least ${AUDIT_RETENTION_MIN_DAYS}).` }),
  })
  .openapi("AuditSettings");
export type AuditSettings = z.infer<typeof AuditSettingsSchema>;

export const UpdateAuditSettingsBodySchema = z
  .strictObject({
    audit_retention_days: z
      .number({ message: `Must be an integer from ${AUDIT_RETENTION_MIN_DAYS} to ${AUDIT_RETENTION_MAX_DAYS}` })
      .int(`Must be an integer from ${AUDIT_RETENTION_MIN_DAYS} to ${AUDIT_RETENTION_MAX_DAYS}`)
      .min(AUDIT_RETENTION_MIN_DAYS, `Must be at least ${AUDIT_RETENTION_MIN_DAYS}`)
      .max(AUDIT_RETENTION_MAX_DAYS, `Must be at most ${AUDIT_RETENTION_MAX_DAYS}`),
  })
  .openapi("UpdateAuditSettingsRequest");
