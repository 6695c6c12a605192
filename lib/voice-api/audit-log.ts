import type { AuditEntry, AuditSettings, AuditVerification } from "@/lib/schemas/audit-log";
import type { DataErasureResult } from "@/lib/schemas/data-erasure";
import type { VoiceApiClient } from "./client";

export type { AuditEntry, AuditSettings, AuditVerification, DataErasureResult };

/** The list's filters as the page holds them (the API checks them). */
export type AuditLogFilters = { action?: string; resource_type?: string; resource_id?: string; actor_id?: string; from?: string; to?: string };

/** Resource types the log names, for the filter's choices. */
export const AUDIT_RESOURCE_TYPES = [
  "agent",
  "api_key",
  "audit_log",
  "call",
  "invitation",
  "knowledge_base",
  "member",
  "organization",
  "phone_number",
  "post_call_question",
  "pricing",
  "telephony_provider",
  "user",
  "webhook_delivery",
  "webhook_secret",
] as const;

export const getAuditSettings = (api: VoiceApiClient) => api.get<AuditSettings>("/audit-log/settings");
