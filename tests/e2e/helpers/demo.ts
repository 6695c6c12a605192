import { readFileSync } from "node:fs";

export type DemoCredentials = { email: string; password: string; apiKey: string };

/** The demo organization's owner sign-in and API key, as the server printed them on its first start. */
export function demoCredentials(): DemoCredentials {
  const file = process.env.E2E_DEMO_FILE;
  if (!file) throw new Error("E2E_DEMO_FILE is not set: run the browser tests with `npm run test:e2e` (the global setup sets it)");
  return JSON.parse(readFileSync(file, "utf8")) as DemoCredentials;
}
