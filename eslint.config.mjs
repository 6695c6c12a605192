import { readdirSync } from "node:fs";
import nextVitals from "eslint-config-next/core-web-vitals";
import nextTypescript from "eslint-config-next/typescript";

/**
 * The floors of lib/, top to bottom (README "Layout"): a module imports only from its own floor or
 * below. app/ and components/ sit above all of them; nothing in lib/ imports app/ or components/.
 */
export const floors = [
  ["lib/server", "lib/admin"],
  ["lib/console", "lib/voice-api", "lib/swr", "lib/agent-builder"],
  ["lib/api", "lib/telephony", "lib/agent-tests", "lib/demo"],
  ["lib/media"],
  ["lib/services", "lib/auth"],
  ["lib/webhooks", "lib/jobs", "lib/storage"],
  ["lib/db"],
  ["lib/runtime"],
  ["lib/llm"],
  ["lib/schemas"],
  ["lib/agents", "lib/redaction"],
  ["lib/config.ts"],
  ["lib/net", "lib/utils", "lib/load"],
];

// A folder of lib/ without a floor would escape the rule: name its floor above first.
const unplaced = readdirSync(`${import.meta.dirname}/lib`).filter((entry) => !floors.flat().includes(`lib/${entry}`));
if (unplaced.length) throw new Error(`eslint.config.mjs: give ${unplaced.map((e) => `lib/${e}`).join(", ")} a floor`);

/**
 * The studio's code: pages and their components, and the console floor of lib/. It reaches data only
 * through lib/voice-api (DESIGN.md), and the studio's own accounts through lib/auth; app/ and components/
 * also use lib/server, which wires the session, the database handle and the runtime (next-auth, the
 * console context, /files). Every other folder above the pure leaves is closed to it: lib/services and
 * lib/db above all (not even their errors or types: what both sides need lives on a leaf floor).
 */
export const consoleCode = ["app", "components", ...floors[1]];
const consoleMayImport = ["lib/server", "lib/auth", ...floors[1]];
const pureLeaves = floors.slice(floors.findIndex((floor) => floor.includes("lib/schemas"))).flat();

/** One zone per floor: nothing above it may be imported; and the console's zone. */
function floorZones() {
  const zones = floors.slice(1).map((floor, index) => ({
    target: floor,
    from: floors.slice(0, index + 1).flat(),
    message: `${floor.join(", ")} may import only from its own floor or below (README "Layout").`,
  }));
  zones.push({ target: "lib", from: ["app", "components"], message: "lib/ never imports app/ or components/." });
  zones.push({
    target: consoleCode,
    from: floors.flat().filter((folder) => !consoleMayImport.includes(folder) && !pureLeaves.includes(folder)),
    message: "Studio code reaches data only through lib/voice-api (accounts through lib/auth); shared errors and helpers live on a leaf floor (DESIGN.md, docs/decisions.md).",
  });
  return zones;
}

const config = [
  ...nextVitals,
  ...nextTypescript,
  { ignores: [".next/**", ".next-*/**", "playwright-report/**", "node_modules/**", ".data/**", "drizzle/**", "next-env.d.ts", "test-results/**"] },
  { files: ["lib/**", "app/**", "components/**"], rules: { "import/no-restricted-paths": ["error", { basePath: import.meta.dirname, zones: floorZones() }] } },
];

export default config;
