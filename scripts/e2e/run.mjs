#!/usr/bin/env node
// `npm run test:e2e`: finds (or installs) a Chromium, then runs Playwright against a production
// build that the global setup makes and serves on a free port with a fresh embedded database.
import { spawn } from "node:child_process";
import { findChromium } from "./find-chromium.mjs";

const found = await findChromium().catch((error) => {
  console.error(`e2e: ${error.message}`);
  process.exit(1);
});
console.log(`e2e: browser tests run in ${found.how} (${found.path})`);
const child = spawn("npx", ["playwright", "test", ...process.argv.slice(2)], {
  stdio: "inherit",
  env: { ...process.env, CHROMIUM_PATH: found.path },
});
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => child.kill(signal));
child.on("exit", (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
