import openapiTS, { astToString } from "openapi-typescript";

/** Where the published TypeScript client lives (see its README). */
export const CLIENT_DIR = "clients/typescript";

const HEADER = "// Generated from the OpenAPI document by `npm run client:generate`; do not edit.\n\n";

/** The client's generated files for an OpenAPI document: the document itself and its TypeScript types. */
export async function clientFiles(document: unknown): Promise<{ "openapi.json": string; "schema.d.ts": string }> {
  const types = astToString(await openapiTS(document as Parameters<typeof openapiTS>[0]));
  return { "openapi.json": `${JSON.stringify(document, null, 2)}\n`, "schema.d.ts": HEADER + types };
}
