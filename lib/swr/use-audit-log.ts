import type { AuditEntry, AuditLogFilters, AuditVerification } from "@/lib/voice-api/audit-log";
import { useEnvelope } from "./use-envelope";

export const AUDIT_PAGE_SIZE = 50;

export function auditLogKey(filters: AuditLogFilters, cursor: string | undefined, limit = AUDIT_PAGE_SIZE): string {
  const search = new URLSearchParams({ limit: String(limit) });
  for (const [key, value] of Object.entries(filters)) if (value) search.set(key, value);
  if (cursor) search.set("cursor", cursor);
  return `/v1/audit-log?${search}`;
}

/** One cursor page of the audit log (GET /v1/audit-log). */
export function useAuditLog(filters: AuditLogFilters, cursor: string | undefined) {
  return useEnvelope<AuditEntry[]>(auditLogKey(filters, cursor), { keepPreviousData: true, revalidateOnFocus: false });
}

/** The chain's verification, when asked for (GET /v1/audit-log/verify). */
export function useAuditVerification(asked: boolean) {
  return useEnvelope<AuditVerification>(asked ? "/v1/audit-log/verify" : null, { revalidateOnFocus: false });
}
