import { createHash } from "node:crypto";
import type { AuditActor, AuditChanges } from "@/lib/schemas/audit-log";
import { canonicalJson } from "../canonical-json";

/** The previous hash of an organization's first entry. */
export const GENESIS_HASH = "0".repeat(64);

/** What an entry's hash covers: every field the API shows except the two hashes. */
export type AuditContent = {
  id: string;
  at: string;
  organization_id: string;
  actor: AuditActor;
  action: string;
  resource_type: string;
  resource_id: string | null;
  changes: AuditChanges;
  request_id: string | null;
  ip: string | null;
  user_agent: string | null;
};

/** The entry's canonical JSON: keys sorted at every level, no spaces (the text that is hashed). */
export const canonicalContent = (content: AuditContent): string => canonicalJson(content);

/** SHA-256 (hex) of the previous entry's hash followed by this entry's canonical JSON, as the database computes it on insert. */
export function chainHash(previousHash: string, content: AuditContent): string {
  return createHash("sha256").update(previousHash + canonicalContent(content), "utf8").digest("hex");
}
