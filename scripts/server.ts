// `npm start` (production) and `npm run dev` (`--dev`): the one HTTP server of lib/server. In
// production it builds first when there is no build yet (so `npm install && npm start` works on a
// fresh clone), in NEXT_DIST_DIR when set. `--api-only` serves /v1 and WebSockets without the studio.
import { spawnSync } from "node:child_process";
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
  if (!dev && !apiOnly) ensureProductionBuild();
  const { startAppServer } = await import("@/lib/server/start-app-server");
  await startAppServer({ dev, dir: root, studio: !apiOnly });
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
