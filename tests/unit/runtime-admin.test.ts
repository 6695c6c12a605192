import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it, vi } from "vitest";
import { findOwnerEndpoint, sendAdminCommand } from "@/lib/admin/admin-client";
import { loadConfig } from "@/lib/config";
import { bootRuntime } from "@/lib/server/runtime";

const dataDir = mkdtempSync(path.join(tmpdir(), "runtime-admin-"));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

describe.runIf(process.env.TEST_DB !== "postgres")("embedded runtime", () => {
  it("seeds the demo once, serves admin commands while up, and cleans up when stopped", async () => {
    const config = loadConfig({ ...process.env, DATABASE_URL: "", DATA_DIR: dataDir, SEED_DEMO: "true", RUN_WORKERS: "false", PORT: "3999" });
    const log = vi.spyOn(console, "log").mockImplementation(() => undefined);
    try {
      const first = await bootRuntime(config);
      const banner = log.mock.calls.map((call) => String(call[0])).find((line) => line.includes("demo@example.com"));
      expect(banner).toContain("http://localhost:3999/docs");

      const endpoint = await findOwnerEndpoint(dataDir, 0);
      expect(endpoint?.pid).toBe(process.pid);
      const [{ organization_id: organizationId }] = (await first.connection.query("select id as organization_id from organizations")).rows;
      expect(await sendAdminCommand(endpoint!, "create-api-key", { org: String(organizationId) })).toMatchObject({ api_key: expect.any(String) });

      await first.stop();
      expect(existsSync(path.join(dataDir, "admin.json"))).toBe(false);
      expect(existsSync(path.join(dataDir, "owner.lock"))).toBe(false);

      log.mockClear();
      const second = await bootRuntime(config);
      expect(log.mock.calls.some((call) => String(call[0]).includes("demo@example.com"))).toBe(false);
      await second.stop();
    } finally {
      log.mockRestore();
    }
  }, 120_000);
});
