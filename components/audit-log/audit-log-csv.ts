import { csvField } from "@/components/calls/calls-csv";
import type { AuditEntry } from "@/lib/voice-api/audit-log";

const COLUMNS: { header: string; value: (entry: AuditEntry) => unknown; freeText?: boolean }[] = [
  { header: "id", value: (entry) => entry.id },
  { header: "at", value: (entry) => entry.at },
  { header: "actor_type", value: (entry) => entry.actor.type },
  { header: "actor_id", value: (entry) => entry.actor.id },
  { header: "actor_label", value: (entry) => entry.actor.label, freeText: true },
  { header: "action", value: (entry) => entry.action },
  { header: "resource_type", value: (entry) => entry.resource_type },
  { header: "resource_id", value: (entry) => entry.resource_id },
  { header: "changes", value: (entry) => (Object.keys(entry.changes).length ? entry.changes : null), freeText: true },
  { header: "request_id", value: (entry) => entry.request_id },
  { header: "ip", value: (entry) => entry.ip },
  { header: "user_agent", value: (entry) => entry.user_agent, freeText: true },
  { header: "hash", value: (entry) => entry.hash },
  { header: "previous_hash", value: (entry) => entry.previous_hash },
];

export const auditCsvHeader = () => `${COLUMNS.map((column) => column.header).join(",")}\r\n`;

/** Entries as RFC 4180 lines (CRLF), free text guarded against spreadsheet formulas. */
export function auditEntriesToCsv(entries: AuditEntry[]): string {
  return entries.map((entry) => `${COLUMNS.map((column) => csvField(column.value(entry), { freeText: column.freeText })).join(",")}\r\n`).join("");
}

/** A change as one line for the table: `field: from → to`, values shortened. */
export function describeChange(field: string, change: { from: unknown; to: unknown }): string {
  const show = (value: unknown) => {
    if (value === null || value === undefined) return "—";
    const text = typeof value === "string" ? value : JSON.stringify(value);
    return text.length > 60 ? `${text.slice(0, 57)}…` : text;
  };
  return `${field}: ${show(change.from)} → ${show(change.to)}`;
}
