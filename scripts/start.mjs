#!/usr/bin/env node
// `npm start`: builds first when there is no production build yet (so `npm install && npm start`
// works on a fresh clone), then serves on $PORT (default 3000). Migrations, the job workers and
// the first-start demo data run inside the server process (instrumentation.ts).
import { spawn, spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const nextBin = path.join(root, "node_modules", "next", "dist", "bin", "next");
// Next.js would try to send anonymous telemetry; self-hosted installs are often offline.
const env = { NEXT_TELEMETRY_DISABLED: "1", ...process.env };

const distDir = process.env.NEXT_DIST_DIR || ".next";
if (!existsSync(path.join(root, distDir, "BUILD_ID"))) {
  console.log("No production build yet: running `next build` first (this takes a few minutes once).");
  const build = spawnSync(process.execPath, [nextBin, "build"], { cwd: root, env, stdio: "inherit" });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

const args = [nextBin, "start", "--port", process.env.PORT || "3000"];
if (process.env.HOST) args.push("--hostname", process.env.HOST);
const server = spawn(process.execPath, args, { cwd: root, env, stdio: "inherit" });
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => server.kill(signal));
server.on("exit", (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
