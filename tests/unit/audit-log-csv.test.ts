import { describe, expect, it } from "vitest";
import { auditCsvHeader, auditEntriesToCsv, describeChange } from "@/components/audit-log/audit-log-csv";
import type { AuditEntry } from "@/lib/voice-api/audit-log";

const entry: AuditEntry = {
  id: "0b9f6c1e-2c5a-4bd3-9d8c-3f1f2f2a7d10",
  at: "2026-01-31T12:00:00.000Z",
  organization_id: "5c2e0f4e-8f4b-4a53-9a68-2d1f3e6b9c11",
  actor: { type: "user", id: "8d0b6d6a-1f1e-4c7b-8b3a-0f9e8d7c6b5a", label: "=cmd@example.com" },
  action: "agent.updated",
  resource_type: "agent",
  resource_id: "1a2b3c4d-0000-4000-8000-000000000001",
  changes: { name: { from: "Front desk", to: 'Reception, "main"' } },
  request_id: "req-1",
  ip: "203.0.113.9",
  user_agent: "Mozilla/5.0",
  hash: "a".repeat(64),
  previous_hash: "0".repeat(64),
};

describe("the audit log's CSV export", () => {
  it("writes one quoted RFC 4180 line per entry under the header, formulas defused", () => {
    expect(auditCsvHeader()).toBe("id,at,actor_type,actor_id,actor_label,action,resource_type,resource_id,changes,request_id,ip,user_agent,hash,previous_hash\r\n");
    const line = auditEntriesToCsv([entry]);
    expect(line.endsWith("\r\n")).toBe(true);
    expect(line).toContain(",'=cmd@example.com,agent.updated,");
    expect(line).toContain(`"{""name"":{""from"":""Front desk"",""to"":""Reception, \\""main\\""""}}"`);
  });

  it("describes a change in one line, shortened", () => {
    expect(describeChange("name", { from: "Front desk", to: "Reception" })).toBe("name: Front desk → Reception");
    expect(describeChange("states", { from: null, to: "x".repeat(100) })).toBe(`states: — → ${"x".repeat(57)}…`);
  });
});
