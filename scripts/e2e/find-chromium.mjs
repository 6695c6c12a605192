// Finds a Chromium for the browser tests, installing one when none is present, and says which.
// Order: CHROMIUM_PATH, the system's (/usr/bin/chromium …), Playwright's own; then Playwright's
// installer; then Debian's `chromium` package when apt is available. Never returns without one.
import { execFileSync, spawnSync } from "node:child_process";
import { existsSync } from "node:fs";

const SYSTEM_PATHS = ["/usr/bin/chromium", "/usr/bin/chromium-browser", "/usr/lib/chromium/chromium", "/snap/bin/chromium", "/usr/bin/google-chrome"];

function works(path) {
  if (!path || !existsSync(path)) return false;
  const run = spawnSync(path, ["--headless", "--no-sandbox", "--version"], { encoding: "utf8", timeout: 30_000 });
  return run.status === 0;
}

async function playwrightChromium() {
  try {
    const { chromium } = await import("playwright-core");
    const path = chromium.executablePath();
    return works(path) ? path : null;
  } catch {
    return null;
  }
}

function systemChromium() {
  return SYSTEM_PATHS.find(works) ?? null;
}

function run(command, args) {
  console.log(`e2e: running ${command} ${args.join(" ")}`);
  return spawnSync(command, args, { stdio: "inherit" }).status === 0;
}

function aptInstall() {
  if (!existsSync("/usr/bin/apt-get")) return false;
  const root = process.getuid?.() === 0;
  const hasSudo = !root && spawnSync("sudo", ["-n", "true"]).status === 0;
  if (!root && !hasSudo) {
    console.log("e2e: apt-get is here but neither root nor password-less sudo is: cannot install Debian's chromium");
    return false;
  }
  const prefix = root ? [] : ["sudo", "-n"];
  const apt = (...args) => (prefix.length ? run(prefix[0], [...prefix.slice(1), "apt-get", ...args]) : run("apt-get", args));
  return apt("update") && apt("install", "-y", "--no-install-recommends", "chromium");
}

export async function findChromium() {
  const configured = process.env.CHROMIUM_PATH;
  if (configured) {
    if (works(configured)) return { path: configured, how: "CHROMIUM_PATH" };
    throw new Error(`CHROMIUM_PATH=${configured} is not a working Chromium`);
  }
  const system = systemChromium();
  if (system) return { path: system, how: "the system's Chromium" };
  const bundled = await playwrightChromium();
  if (bundled) return { path: bundled, how: "Playwright's Chromium" };

  console.log("e2e: no Chromium found; installing Playwright's (npx playwright install chromium)");
  if (run("npx", ["playwright", "install", "chromium"])) {
    const installed = await playwrightChromium();
    if (installed) return { path: installed, how: "Playwright's Chromium, installed just now" };
  }
  console.log("e2e: Playwright's installer did not give a working Chromium; trying Debian's chromium package");
  if (aptInstall()) {
    const installed = systemChromium();
    if (installed) return { path: installed, how: "Debian's chromium, installed just now" };
  }
  throw new Error("No Chromium could be found or installed. Set CHROMIUM_PATH to a Chromium binary and run again.");
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const found = await findChromium();
  console.log(found.path);
  try {
    console.error(`e2e: ${found.how}: ${execFileSync(found.path, ["--headless", "--no-sandbox", "--version"], { encoding: "utf8" }).trim()}`);
  } catch {
    // the version line is only informative
  }
}
