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

/** One zone per floor: nothing above it may be imported. */
function floorZones() {
  const zones = floors.slice(1).map((floor, index) => ({
    target: floor,
    from: floors.slice(0, index + 1).flat(),
    message: `${floor.join(", ")} may import only from its own floor or below (README "Layout").`,
  }));
  zones.push({ target: "lib", from: ["app", "components"], message: "lib/ never imports app/ or components/." });
  return zones;
}

const config = [
  ...nextVitals,
  ...nextTypescript,
  { ignores: [".next/**", ".next-*/**", "playwright-report/**", "node_modules/**", ".data/**", "drizzle/**", "next-env.d.ts", "test-results/**"] },
  { files: ["lib/**"], rules: { "import/no-restricted-paths": ["error", { basePath: import.meta.dirname, zones: floorZones() }] } },
];

export default config;
