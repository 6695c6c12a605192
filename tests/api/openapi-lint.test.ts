import { execFile } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, expect, it } from "vitest";
import { createTestApi, type TestApi } from "../helpers/test-api";

/** The OpenAPI document passes Spectral's OpenAPI rules (.spectral.yaml) with nothing to report, not even a hint. */
const root = path.resolve(__dirname, "../..");
const spectral = path.join(root, "node_modules", "@stoplight", "spectral-cli", "dist", "index.js");
let api: TestApi;
let dir: string;

beforeAll(async () => {
  api = await createTestApi();
  dir = mkdtempSync(path.join(os.tmpdir(), "openapi-lint-"));
});
afterAll(async () => {
  await api?.close();
  rmSync(dir, { recursive: true, force: true });
});

it("is clean under Spectral's OpenAPI rules", async () => {
  const document = await (await api.app.request("http://localhost:3000/v1/openapi.json")).text();
  const file = path.join(dir, "openapi.json");
  const report = path.join(dir, "report.json");
  writeFileSync(file, document);
  const code = await new Promise<number>((resolve) =>
    execFile(process.execPath, [spectral, "lint", file, "-r", path.join(root, ".spectral.yaml"), "-f", "json", "-o", report, "--fail-severity", "hint"], { cwd: root, timeout: 120_000 }, (error) =>
      resolve(error ? Number(error.code ?? 1) : 0),
    ),
  );
  const results = JSON.parse(readFileSync(report, "utf8")) as { code: string; message: string; path: string[] }[];
  expect(results.map((r) => `${r.code}: ${r.message} at ${r.path.join(".")}`)).toEqual([]);
  expect(code).toBe(0);
}, 120_000);
