#!/usr/bin/env node
// The npm registry mirror of these machines has no builds for other platforms (macOS, Windows…),
// so `npm install` records them in package-lock.json as optional dependencies without an entry,
// and `npm ci` then refuses the lock file. This drops those dangling optional names from the lock
// (never from package.json), so `npm ci` works here. Run it after changing dependencies:
// `npm install && npm run lock:prune`.
import { readFileSync, writeFileSync } from "node:fs";

const file = new URL("../../package-lock.json", import.meta.url);
const lock = JSON.parse(readFileSync(file, "utf8"));
const present = new Set(Object.keys(lock.packages));
let pruned = 0;

for (const [location, entry] of Object.entries(lock.packages)) {
  if (!entry.optionalDependencies) continue;
  for (const name of Object.keys(entry.optionalDependencies)) {
    // Node resolves from the package's own node_modules up to the root one.
    const candidates = [];
    let base = location;
    for (;;) {
      candidates.push(`${base ? `${base}/` : ""}node_modules/${name}`);
      const cut = base.lastIndexOf("node_modules/");
      if (cut < 0) break;
      base = base.slice(0, Math.max(0, cut - 1));
    }
    if (candidates.some((candidate) => present.has(candidate))) continue;
    delete entry.optionalDependencies[name];
    pruned++;
  }
  if (Object.keys(entry.optionalDependencies).length === 0) delete entry.optionalDependencies;
}

writeFileSync(file, `${JSON.stringify(lock, null, 2)}\n`);
console.log(`package-lock.json: dropped ${pruned} optional dependencies that this registry does not serve`);
