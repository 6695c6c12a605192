// `npm run client:generate`: writes the OpenAPI document and the TypeScript client's types into
// clients/typescript (a test fails when they differ from what the API serves).
import { writeFileSync } from "node:fs";
import path from "node:path";
import { createApiApp } from "@/lib/api/app";
import type { Database } from "@/lib/db/client";
import { CLIENT_DIR, clientFiles } from "./client-files";

async function main() {
  // The document needs no database: only its route answers, before any authentication.
  const app = createApiApp({ db: undefined as unknown as Database, queue: { send: async () => undefined }, settings: { rateLimitPerMinute: 1, jsonBodyLimitBytes: 1 } });
  const document = await (await app.request("http://localhost:3000/v1/openapi.json")).json();
  for (const [name, contents] of Object.entries(await clientFiles(document))) {
    writeFileSync(path.join(CLIENT_DIR, name), contents);
    console.log(`wrote ${CLIENT_DIR}/${name}`);
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
