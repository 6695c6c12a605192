import { eq, sql } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import { findActiveApiKey } from "@/lib/auth/api-keys";
import { createOrganization } from "@/lib/auth/organizations";
import { verifyPassword } from "@/lib/auth/passwords";
import type { DatabaseConnection } from "@/lib/db/client";
import { getDashboardQuality } from "@/lib/services/analytics/analytics-quality";
import { agents, agentVersions, calls, phoneNumbers, postCallQuestionOptions, postCallQuestions, users } from "@/lib/db/schema";
import { DEMO_EMAIL, demoBanner, seedDemoData } from "@/lib/demo/demo";
import { getCallTotals, getDurationHistogram } from "@/lib/services/analytics/analytics";
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

    // One consistent story: answers only to the questions of the call's own agent, and the dashboard's
    // figures are what the calls themselves give under the labels' definitions.
    const rows = async (query: ReturnType<typeof sql>) => ((await connection!.db.execute(query)) as unknown as { rows: Record<string, unknown>[] }).rows;
    const [foreign] = await rows(sql`select count(*)::int as n from call_post_call_answers a join calls c on c.id = a.call_id
      left join post_call_questions q on q.id = a.question_id and q.agent_id = c.agent_id where q.id is null`);
    expect(foreign.n).toBe(0);
    const [truth] = await rows(sql`select count(*)::int as calls,
        round(avg(duration_seconds) filter (where answered_at is not null), 2)::float8 as average_duration,
        round(avg(cost) filter (where cost > 0), 6)::float8 as average_cost,
        count(*) filter (where answered_at is not null and duration_seconds < 30)::int as under_30s,
        count(*) filter (where answered_at is null)::int as unanswered
      from calls where organization_id = ${demo!.organizationId}::uuid`);
    expect(truth.unanswered).toBeGreaterThan(0);
    const filter = { from: new Date(Date.now() - 100 * 86_400_000), to: new Date(Date.now() + 86_400_000), timezone: "UTC" };
    const ctx = { db: connection.db, organizationId: demo!.organizationId };
    const totals = await getCallTotals(ctx, filter);
    expect(totals).toMatchObject({ calls: 3000, average_duration_seconds: truth.average_duration, average_cost: truth.average_cost });
    const histogram = await getDurationHistogram(ctx, filter);
    expect(histogram.buckets[0].calls).toBe(truth.under_30s);
    expect(histogram.calls_without_duration).toBe(truth.unanswered);

    // Analyses as the job would have made them: skipped exactly by its rules, the revised agents' calls
    // split between their two versions at the revision, and the quality figures what the calls give.
    const [analysed] = await rows(sql`select
        count(*) filter (where analysis is not null and (answered_at is null or jsonb_array_length(jsonb_path_query_array(transcript, '$[*] ? (@.role == "user")')) < 2))::int as wrongly_analysed,
        count(*) filter (where answered_at is null and analysis_skipped is distinct from 'not_answered_by_human')::int as unanswered_not_skipped,
        count(*) filter (where analysis is not null)::int as analysed,
        count(*) filter (where analysis #>> '{success,verdict}' = 'success')::int as successes,
        count(distinct agent_version) filter (where agent_id = ${(await connection.db.select({ id: agents.id }).from(agents).where(eq(agents.name, "Appointment booking")))[0].id}::uuid)::int as appointment_versions
      from calls where organization_id = ${demo!.organizationId}::uuid`);
    expect(analysed).toMatchObject({ wrongly_analysed: 0, unanswered_not_skipped: 0, appointment_versions: 2 });
    expect(analysed.analysed).toBeGreaterThan(1500);
    const quality = await getDashboardQuality(ctx, filter);
    expect(quality).toMatchObject({ calls: 3000, analyzed_calls: analysed.analysed, verdicts: { success: analysed.successes } });
    expect(quality.turn_latency_p50_ms).toBeGreaterThan(500);

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
