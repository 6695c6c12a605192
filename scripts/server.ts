// `npm start` (production) and `npm run dev` (`--dev`): the one HTTP server of lib/server. In
// production it builds first when there is no build yet (so `npm install && npm start` works on a
// fresh clone), in NEXT_DIST_DIR when set. `--api-only` serves /v1 and WebSockets without the studio.
// With WEB_CONCURRENCY > 1 (the default on a Postgres server: one per core) this process is the
// cluster's primary and runs that many server processes on the port (lib/server/cluster-primary.ts).
import { spawnSync } from "node:child_process";
import cluster from "node:cluster";
import { existsSync } from "node:fs";
import path from "node:path";

const root = path.resolve(__dirname, "..");
const dev = process.argv.includes("--dev");
const apiOnly = process.argv.includes("--api-only");
// Set before Next.js loads: it picks its development or production build of React by it.
Object.assign(process.env, { NODE_ENV: dev ? "development" : "production" });
// Next.js would try to send anonymous telemetry; self-hosted installs are often offline.
process.env.NEXT_TELEMETRY_DISABLED ??= "1";

function ensureProductionBuild() {
  const distDir = process.env.NEXT_DIST_DIR || ".next";
  if (existsSync(path.join(root, distDir, "BUILD_ID"))) return;
  console.log("No production build yet: running `next build` first (this takes a few minutes once).");
  const nextBin = path.join(root, "node_modules", "next", "dist", "bin", "next");
  const build = spawnSync(process.execPath, [nextBin, "build"], { cwd: root, stdio: "inherit" });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

async function main() {
  if (cluster.isPrimary) {
    if (!dev && !apiOnly) ensureProductionBuild();
    const { loadConfig } = await import("@/lib/config");
    const config = loadConfig();
    if (dev && config.webConcurrency > 1 && process.env.WEB_CONCURRENCY) console.log("npm run dev runs one server process (WEB_CONCURRENCY applies to npm start)");
    if (!dev && config.webConcurrency > 1) {
      const { runClusterPrimary } = await import("@/lib/server/cluster-primary");
      return runClusterPrimary({ workers: config.webConcurrency, drainSeconds: config.shutdownDrainSeconds, mode: "production" });
    }
  }
  const { startAppServer } = await import("@/lib/server/start-app-server");
  await startAppServer({ dev, dir: root, studio: !apiOnly });
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
