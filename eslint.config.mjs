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
  ["lib/api", "lib/telephony", "lib/demo"],
  ["lib/media"],
  ["lib/services", "lib/auth"],
  ["lib/webhooks", "lib/jobs", "lib/storage"],
  ["lib/db"],
  ["lib/runtime"],
  ["lib/llm"],
  ["lib/schemas"],
  ["lib/agents"],
  ["lib/config.ts"],
  ["lib/net", "lib/utils"],
];

/**
 * PENDING (issue 11): upward imports that the branches shapes-calls and shapes-resources are removing
 * (lib/schemas must not reach services, db, telephony or webhooks; lib/runtime takes its value types
 * from lib/schemas). File → the modules it may still import; the lead deletes each entry on merging.
 */
const pending = {
  "lib/schemas/analytics.ts": ["lib/services/analytics/analytics-range.ts"],
  "lib/schemas/calls.ts": ["lib/db/schema", "lib/telephony/sip/custom-headers.ts"],
  "lib/schemas/common.ts": ["lib/services/phone-numbers/phone-number-format.ts"],
  "lib/schemas/phone-numbers.ts": ["lib/db/schema"],
  "lib/schemas/post-call-questions.ts": ["lib/db/schema", "lib/services/post-call-questions/post-call-questions.ts"],
  "lib/schemas/pricing.ts": ["lib/services/pricing.ts"],
  "lib/schemas/telephony.ts": ["lib/db/schema"],
  "lib/schemas/webhooks.ts": [
    "lib/services/webhooks/webhook-deliveries.ts",
    "lib/services/webhooks/webhook-secret.ts",
    "lib/webhooks/webhook-payloads.ts",
  ],
  "lib/runtime/custom-function.ts": ["lib/db/schema"],
  "lib/runtime/engine.ts": ["lib/db/schema"],
  "lib/runtime/initial-snapshot.ts": ["lib/db/schema"],
  "lib/runtime/prompt.ts": ["lib/db/schema"],
  "lib/runtime/types.ts": ["lib/db/schema"],
  "lib/runtime/variable-values.ts": ["lib/db/schema"],
};

// A folder of lib/ without a floor would escape the rule: name its floor above first.
const unplaced = readdirSync("lib").filter((entry) => !floors.flat().includes(`lib/${entry}`));
if (unplaced.length) throw new Error(`eslint.config.mjs: give ${unplaced.map((e) => `lib/${e}`).join(", ")} a floor`);

/** One zone per floor: nothing above it may be imported, but the modules in `allowed` (pending). */
function floorZones(allowed = []) {
  const zones = floors.slice(1).flatMap((floor, index) => {
    const message = `${floor.join(", ")} may import only from its own floor or below (README "Layout").`;
    const above = floors.slice(0, index + 1).flat();
    const excepted = (from) => allowed.filter((module) => module.startsWith(`${from}/`)).map((module) => module.slice(from.length + 1));
    const plain = above.filter((from) => excepted(from).length === 0);
    const lifted = above.filter((from) => excepted(from).length > 0).map((from) => ({ target: floor, from, except: excepted(from), message }));
    return [{ target: floor, from: plain, message }, ...lifted];
  });
  zones.push({ target: "lib", from: ["app", "components"], message: "lib/ never imports app/ or components/." });
  return zones;
}

const config = [
  ...nextVitals,
  ...nextTypescript,
  { ignores: [".next/**", ".next-*/**", "playwright-report/**", "node_modules/**", ".data/**", "drizzle/**", "next-env.d.ts", "test-results/**"] },
  { files: ["lib/**"], rules: { "import/no-restricted-paths": ["error", { basePath: import.meta.dirname, zones: floorZones() }] } },
  ...Object.entries(pending).map(([file, allowed]) => ({
    files: [file],
    rules: { "import/no-restricted-paths": ["error", { basePath: import.meta.dirname, zones: floorZones(allowed) }] },
  })),
];

export default config;
