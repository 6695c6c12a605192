import { ESLint } from "eslint";
import { beforeAll, describe, expect, it } from "vitest";

/**
 * The studio's floor (DESIGN.md "Layout", eslint.config.mjs): pages, components and the console floor
 * of lib/ reach data only through lib/voice-api and accounts through lib/auth. An import of lib/services
 * or lib/db from any of them fails `npm run lint`. No database: it runs once, on the PGlite project.
 */
describe.runIf(process.env.TEST_DB !== "postgres")("the studio's import floor", () => {
  let eslint: ESLint;
  beforeAll(() => {
    eslint = new ESLint({ cwd: process.cwd() });
  });

  async function refusals(filePath: string, code: string): Promise<string[]> {
    const [result] = await eslint.lintText(code, { filePath });
    return result.messages.filter((message) => message.ruleId === "import/no-restricted-paths").map((message) => /"([^"]+)"/.exec(message.message)![1]);
  }

  it.each([
    ["app/(console)/calls/probe/page.tsx", "@/lib/services/calls/calls"],
    ["app/(console)/calls/probe/page.tsx", "@/lib/db/schema"],
    ["app/api/console/probe/route.ts", "@/lib/services/phone-numbers/phone-numbers"],
    ["components/calls/probe.tsx", "@/lib/services/calls/calls"],
    ["components/usage/probe.ts", "@/lib/db/client"],
    ["lib/console/probe.ts", "@/lib/db/schema"],
    ["lib/swr/probe.ts", "@/lib/services/agents"],
    ["lib/agent-builder/probe.ts", "@/lib/db/client"],
    ["lib/voice-api/probe.ts", "@/lib/storage/blob-store"],
  ])("refuses %s importing %s", async (file, path) => {
    const code = `import * as reached from "${path}";\nexport const probe = reached;\n`;
    expect(await refusals(file, code)).toEqual([path]);
  });

  it("refuses a type-only import of the database too", async () => {
    const code = `import type { Database } from "@/lib/db/client";\nexport type Probe = Database;\n`;
    expect(await refusals("lib/console/probe.ts", code)).toEqual(["@/lib/db/client"]);
  });

  it("lets pages use the API client, accounts, the server's wiring and the shared leaves", async () => {
    const code = [
      `import { listCalls } from "@/lib/voice-api/calls";`,
      `import { listMembers } from "@/lib/auth/memberships";`,
      `import { requireConsoleContext } from "@/lib/server/console-session";`,
      `import { ValidationError } from "@/lib/utils/domain-errors";`,
      `import { applyMergePatch } from "@/lib/utils/json-merge-patch";`,
      `import { CallSchema } from "@/lib/schemas/calls";`,
      `export const probe = [listCalls, listMembers, requireConsoleContext, ValidationError, applyMergePatch, CallSchema];`,
    ].join("\n");
    expect(await refusals("app/(console)/calls/probe/page.tsx", code)).toEqual([]);
  });
});
