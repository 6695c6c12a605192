import "server-only";
import { randomBytes } from "node:crypto";
import { sql } from "drizzle-orm";
import type { AuditChanges } from "@/lib/schemas/audit-log";
import { systemActor, type ServiceContext } from "../context";
import { canonicalContent, type AuditContent } from "./audit-chain";

export type AuditEvent = {
  /** `<resource>.<verb>`, e.g. `agent.updated`. */
  action: string;
  resourceType: string;
  resourceId: string | null;
  /** `{field: {from, to}}`, built with `fieldChanges` or `change` (secrets redacted there). */
  changes?: AuditChanges;
};

/** RFC 9562 UUIDv7: the time in its first 48 bits, so entries' ids index in the order they are written. */
function uuidV7(at: Date): string {
  const bytes = randomBytes(16);
  const ms = BigInt(at.getTime());
  for (let i = 0; i < 6; i++) bytes[i] = Number((ms >> BigInt(8 * (5 - i))) & 0xffn);
  bytes[6] = (bytes[6] & 0x0f) | 0x70;
  bytes[8] = (bytes[8] & 0x3f) | 0x80;
  const hex = bytes.toString("hex");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

const clip = (value: string | null | undefined, max: number) => (value ? value.slice(0, max) : null);

/**
 * Records one change in the organization's audit log, made by `ctx.actor` (the system when absent)
 * with `ctx.origin`'s request id, address and user agent. Call it inside the service's transaction,
 * after the change (the statement holds the organization's chain head until the transaction ends):
 * the entry is kept exactly when the change is.
 *
 * One statement, the database's `audit_append` (drizzle/0017): it moves the chain head (seq + 1,
 * hash = SHA-256 of the previous hash and this entry's canonical JSON) and inserts the entry.
 */
export async function recordAudit(ctx: ServiceContext, event: AuditEvent, at = new Date()): Promise<string> {
  const actor = ctx.actor ?? systemActor();
  const content: AuditContent = {
    id: uuidV7(at),
    at: at.toISOString(),
    organization_id: ctx.organizationId,
    actor: { type: actor.type, id: actor.id, label: actor.label },
    action: event.action,
    resource_type: event.resourceType,
    resource_id: event.resourceId,
    changes: event.changes ?? {},
    request_id: clip(ctx.origin?.requestId, 200),
    ip: clip(ctx.origin?.ip, 100),
    user_agent: clip(ctx.origin?.userAgent, 512),
  };
  const canonical = canonicalContent(content);
  await ctx.db.execute(
    sql`select audit_append(${content.id}, ${content.organization_id}, ${content.at}::timestamptz, ${actor.type}, ${actor.id}, ${actor.label}, ${content.action},
      ${content.resource_type}, ${content.resource_id}, ${JSON.stringify(content.changes)}::jsonb, ${content.request_id}, ${content.ip}, ${content.user_agent}, ${canonical})`,
  );
  return content.id;
}
