import { eq, sql } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import { findActiveApiKey } from "@/lib/auth/api-keys";
import { createOrganization } from "@/lib/auth/organizations";
import { verifyPassword } from "@/lib/auth/passwords";
import type { DatabaseConnection } from "@/lib/db/client";
import { agents, agentVersions, calls, phoneNumbers, postCallQuestionOptions, postCallQuestions, users } from "@/lib/db/schema";
import { DEMO_EMAIL, demoBanner, seedDemoData } from "@/lib/db/seed/demo";
import { createTestDatabase } from "../helpers/test-database";

let connection: DatabaseConnection | undefined;
afterEach(async () => {
  await connection?.close();
  connection = undefined;
});

const count = async (table: typeof calls | typeof agents | typeof phoneNumbers, organizationId: string) => {
  const [row] = await connection!.db
    .select({ total: sql<number>`count(*)::int` })
    .from(table)
    .where(eq(table.organizationId, organizationId));
  return row.total;
};

describe("seedDemoData", () => {
  it("creates a demo organization one can sign in to and call the API of, once", async () => {
    connection = await createTestDatabase();
    const demo = await seedDemoData(connection.db);
    expect(demo).not.toBeNull();

    const [owner] = await connection.db.select().from(users).where(eq(users.email, DEMO_EMAIL));
    expect(await verifyPassword(owner.passwordHash!, demo!.password)).toBe(true);
    expect(await findActiveApiKey(connection.db, demo!.apiKey)).toMatchObject({ organizationId: demo!.organizationId });

    expect(await count(agents, demo!.organizationId)).toBe(3);
    expect(await count(phoneNumbers, demo!.organizationId)).toBe(3);
    expect(await count(calls, demo!.organizationId)).toBe(3000);

    const configs = await connection.db.select({ config: agentVersions.config }).from(agentVersions);
    const tools = configs.flatMap(({ config }) => (config.states as { tools: { type: string; response_mapping?: unknown[] }[] }[]).flatMap((s) => s.tools));
    expect(tools.some((tool) => tool.type === "custom_function" && (tool.response_mapping?.length ?? 0) > 0)).toBe(true);
    expect(tools.some((tool) => tool.type === "hang_up")).toBe(true);

    const questions = await connection.db.select().from(postCallQuestions).where(eq(postCallQuestions.organizationId, demo!.organizationId));
    expect(new Set(questions.map((question) => question.type))).toEqual(new Set(["boolean", "single_choice", "text"]));
    const choice = questions.find((question) => question.type === "single_choice")!;
    const options = await connection.db.select().from(postCallQuestionOptions).where(eq(postCallQuestionOptions.questionId, choice.id));
    expect(options.length).toBeGreaterThanOrEqual(3);

    expect(demoBanner(demo!, "http://localhost:3000")).toContain(demo!.apiKey);
    expect(await seedDemoData(connection.db)).toBeNull();
    expect(await count(calls, demo!.organizationId)).toBe(3000);
  }, 120_000);

  it("leaves an installation that already has an organization alone", async () => {
    connection = await createTestDatabase();
    await createOrganization(connection.db, "Real organization");
    expect(await seedDemoData(connection.db)).toBeNull();
    const [{ total }] = await connection.db.select({ total: sql<number>`count(*)::int` }).from(calls);
    expect(total).toBe(0);
  });
});
