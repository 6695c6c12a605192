import { describe, expect, it } from "vitest";
import { canonicalJson } from "@/lib/services/canonical-json";
import { chainHash, GENESIS_HASH } from "@/lib/services/audit/audit-chain";
import { fieldChanges } from "@/lib/services/audit/audit-changes";

describe("an audit entry's changes", () => {
  it("lists changed fields as dotted paths, arrays whole, and leaves unchanged ones out", () => {
    const changes = fieldChanges({ name: "A", voice: { speed: 1, name: "alloy" }, tags: ["x"] }, { name: "B", voice: { speed: 1.2, name: "alloy" }, tags: ["x"] });
    expect(changes).toEqual({ name: { from: "A", to: "B" }, "voice.speed": { from: 1, to: 1.2 } });
  });

  it("shows credentials as [redacted] at any depth: secret-like keys and a tool's Authorization header", () => {
    const before = { sip_trunk: { auth_password: null }, states: [{ tools: [{ headers: [{ name: "Authorization", value: "Bearer old-token" }, { name: "Accept", value: "json" }] }] }] };
    const after = { sip_trunk: { auth_password: "hunter2" }, states: [{ tools: [{ headers: [{ name: "Authorization", value: "Bearer new-token" }, { name: "Accept", value: "json" }] }] }] };
    const changes = fieldChanges(before, after);
    expect(changes["sip_trunk.auth_password"]).toEqual({ from: null, to: "[redacted]" });
    expect(JSON.stringify(changes)).not.toMatch(/token|hunter2/);
    expect(JSON.stringify(changes)).toContain('"value":"json"');
  });

  it("hashes the previous hash and the entry's canonical JSON", () => {
    const content = { id: "x", at: "2026-01-01T00:00:00.000Z", organization_id: "o", actor: { type: "system" as const, id: null, label: "system" }, action: "a.b", resource_type: "a", resource_id: null, changes: {}, request_id: null, ip: null, user_agent: null };
    const text = canonicalJson(content);
    expect(text.startsWith('{"action":"a.b","actor":{"id":null,"label":"system","type":"system"},"at":')).toBe(true);
    expect(chainHash(GENESIS_HASH, content)).toMatch(/^[0-9a-f]{64}$/);
    expect(chainHash(GENESIS_HASH, { ...content, action: "a.c" })).not.toBe(chainHash(GENESIS_HASH, content));
  });
});
