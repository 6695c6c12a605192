import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { AppRuntime } from "@/lib/server/runtime";

/**
 * The real path of a signed link on the embedded database: the demo data seeded on a first start,
 * the API signing recording_url, and the Next.js route handler reaching the store through getRuntime().
 */
const dataDir = mkdtempSync(path.join(tmpdir(), "files-route-"));
let runtime: AppRuntime;
let apiKey: string;
let route: typeof import("@/app/files/[...path]/route");
const overrides = { DATABASE_URL: "", DATA_DIR: dataDir, SEED_DEMO: "true", RUN_WORKERS: "false", PORT: "3998" };
const saved = Object.fromEntries(Object.keys(overrides).map((name) => [name, process.env[name]]));

describe.runIf(process.env.TEST_DB !== "postgres")("GET /files/... (Next.js route)", () => {
  beforeAll(async () => {
    Object.assign(process.env, overrides);
    const log = vi.spyOn(console, "log").mockImplementation(() => undefined);
    try {
      const { getRuntime } = await import("@/lib/server/runtime");
      runtime = await getRuntime();
      apiKey = /API key\s+(vk_\w+)/.exec(log.mock.calls.map((call) => String(call[0])).join("\n"))![1];
    } finally {
      log.mockRestore();
    }
    route = await import("@/app/files/[...path]/route");
  }, 120_000);
  afterAll(async () => {
    await runtime?.stop();
    for (const [name, value] of Object.entries(saved)) {
      if (value === undefined) delete process.env[name];
      else process.env[name] = value;
    }
    rmSync(dataDir, { recursive: true, force: true });
  });

  it("serves a demo call's recording by its recording_url, without the API key, and refuses a tampered link", async () => {
    const res = await runtime.api.fetch(new Request("http://voice.test/v1/calls?limit=200", { headers: { "X-Api-Key": apiKey } }));
    const calls = (await res.json()).data as { recording_url: string | null; answer_type: string | null }[];
    const recorded = calls.filter((call) => call.recording_url);
    expect(recorded.length).toBeGreaterThan(0);
    expect(recorded.every((call) => call.answer_type === "human")).toBe(true);
    const url = recorded[0].recording_url!;
    expect(url.startsWith("http://voice.test/files/")).toBe(true);

    const audio = await route.GET(new Request(url));
    expect(audio.status).toBe(200);
    expect(audio.headers.get("content-type")).toBe("audio/wav");
    expect(new TextDecoder().decode((await audio.arrayBuffer()).slice(0, 4))).toBe("RIFF");

    const tampered = await route.GET(new Request(url.replace(/signature=./, (match) => (match.endsWith("A") ? "signature=B" : "signature=A"))));
    expect(tampered.status).toBe(403);
  });
});
