import "server-only";
import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import type { AuditChanges } from "@/lib/schemas/audit-log";
import { selectRows } from "../analytics/analytics-source";
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

const clip = (value: string | null | undefined, max: number) => (value ? value.slice(0, max) : null);

/**
 * Records one change in the organization's audit log, made by `ctx.actor` (the system when absent)
 * with `ctx.origin`'s request id, address and user agent. Call it inside the service's transaction,
 * after the change (the statement holds the organization's chain head until the transaction ends):
 * the entry is kept exactly when the change is.
 *
 * One statement: it moves the chain head (seq + 1, hash = SHA-256 of the previous hash and this
 * entry's canonical JSON) and inserts the entry with both hashes.
 */
export async function recordAudit(ctx: ServiceContext, event: AuditEvent, at = new Date()): Promise<string> {
  const actor = ctx.actor ?? systemActor();
  const content: AuditContent = {
    id: randomUUID(),
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
  const rows = await selectRows<{ seq: unknown }>(
    ctx.db,
    sql`with head as (
      update audit_chain_heads
      set last_seq = last_seq + 1, prev_hash = last_hash, last_hash = encode(sha256(convert_to(last_hash || ${canonical}, 'UTF8')), 'hex')
      where organization_id = ${content.organization_id}
      returning last_seq, prev_hash, last_hash
    )
    insert into audit_log (id, organization_id, seq, at, actor_type, actor_id, actor_label, action, resource_type, resource_id, changes, request_id, ip, user_agent, prev_hash, hash)
    select ${content.id}, ${content.organization_id}, head.last_seq, ${content.at}::timestamptz, ${actor.type}, ${actor.id}, ${actor.label}, ${content.action},
      ${content.resource_type}, ${content.resource_id}, ${JSON.stringify(content.changes)}::jsonb, ${content.request_id}, ${content.ip}, ${content.user_agent},
      head.prev_hash, head.last_hash
    from head
    returning seq`,
  );
  if (rows.length === 0) throw new Error(`recordAudit: organization ${ctx.organizationId} has no audit chain (is it deleted?)`);
  return content.id;
}
