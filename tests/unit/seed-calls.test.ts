import { and, eq, inArray, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createOrganization } from "@/lib/auth/organizations";
import type { DatabaseConnection } from "@/lib/db/client";
import { agents, callPostCallAnswers, calls, postCallQuestionOptions, postCallQuestions } from "@/lib/db/schema";
import { seedCalls } from "@/lib/db/seed/calls";
import { surveyAgent } from "@/lib/db/seed/demo-agents";
import { insertDemoAgent } from "@/lib/db/seed/insert-agent";
import { NotFoundError } from "@/lib/services/errors";
import { insertAgent, insertPhoneNumber } from "../helpers/fixtures";
import { createTestDatabase } from "../helpers/test-database";

let connection: DatabaseConnection;
beforeAll(async () => {
  connection = await createTestDatabase();
});
afterAll(async () => connection?.close());

const DAY_MS = 86_400_000;
const now = new Date("2025-06-15T12:00:00.000Z");

function groupBy<T>(items: T[], key: (item: T) => string): Record<string, T[]> {
  const groups: Record<string, T[]> = {};
  for (const item of items) (groups[key(item)] ??= []).push(item);
  return groups;
}

async function organizationCalls(organizationId: string) {
  return connection.db.select().from(calls).where(eq(calls.organizationId, organizationId));
}

describe("seedCalls", () => {
  it("spreads finished calls of both types over the last 90 days, with transcripts, variables, answers and costs", async () => {
    const org = await createOrganization(connection.db, "Spread");
    const agentA = await insertAgent(connection.db, org.id, "Agent A");
    const agentB = await insertAgent(connection.db, org.id, "Agent B");
    await insertPhoneNumber(connection.db, org.id, "+14155550170");
    await insertPhoneNumber(connection.db, org.id, "+14155550171");

    const result = await seedCalls(connection.db, { organizationId: org.id, count: 400, now, seed: 7, batchSize: 150 });
    expect(result).toEqual({ created: 400 });

    const rows = await organizationCalls(org.id);
    expect(rows).toHaveLength(400);
    expect(new Set(rows.map((row) => row.type))).toEqual(new Set(["phone_call", "web_call"]));
    expect(new Set(rows.map((row) => row.agentId))).toEqual(new Set([agentA, agentB]));
    for (const row of rows) {
      expect(row.startTime.getTime()).toBeGreaterThanOrEqual(now.getTime() - 90 * DAY_MS);
      expect(row.endTime!.getTime()).toBeLessThanOrEqual(now.getTime());
      expect(row.endTime!.getTime()).toBeGreaterThanOrEqual(row.startTime.getTime());
      expect(row.costBreakdown).toMatchObject({ telephony: expect.any(Number), llm: expect.any(Number) });
    }

    const byReason = groupBy(rows, (row) => row.endReason ?? "none");
    expect(Object.keys(byReason)).toEqual(expect.arrayContaining(["completed", "agent_hangup", "user_hangup", "no_answer", "error"]));
    expect(byReason.error!.every((row) => row.status === "failed")).toBe(true);
    expect(byReason.no_answer!.every((row) => row.status === "ended" && row.durationSeconds === 0 && row.transcript.length === 0)).toBe(true);

    const talked = [...byReason.completed!, ...byReason.agent_hangup!, ...byReason.user_hangup!];
    for (const row of talked) {
      expect(row.status).toBe("ended");
      expect(row.transcript.length).toBeGreaterThanOrEqual(2);
      expect(row.transcript[0]).toMatchObject({ role: "agent", content: expect.any(String), start_time: expect.any(String) });
      expect(row.durationSeconds).toBeGreaterThan(0);
      expect(row.cost).toBeGreaterThan(0);
    }
    expect(talked.some((row) => row.variableValues.some((value) => value.name === "customer_name" && typeof value.value === "string"))).toBe(true);

    // Phone calls use the organization's numbers on the organization's side.
    const phoneCalls = rows.filter((row) => row.type === "phone_call");
    for (const row of phoneCalls) {
      const ours = row.direction === "outbound" ? row.fromNumber : row.toNumber;
      expect(["+14155550170", "+14155550171"]).toContain(ours);
    }
    expect(rows.filter((row) => row.type === "web_call").every((row) => row.fromNumber === null)).toBe(true);

    // Agents without questions get the built-in set: a boolean, a text and a single choice per talked call.
    const answers = await connection.db.select().from(callPostCallAnswers).where(eq(callPostCallAnswers.organizationId, org.id));
    expect(new Set(answers.map((answer) => answer.callId)).size).toBe(talked.length);
    const byType = groupBy(answers, (answer) => answer.questionType);
    expect(byType.boolean!.some((answer) => answer.answerBoolean !== null)).toBe(true);
    expect(byType.text!.some((answer) => (answer.answerText ?? "").length > 10)).toBe(true);
    expect(byType.single_choice!.some((answer) => answer.selectedOptions[0]?.option.value === "Positive")).toBe(true);
    expect(new Set(answers.map((answer) => answer.questionId)).size).toBe(3);
  });

  it("starts every call at exactly --start-time", async () => {
    const org = await createOrganization(connection.db, "Fixed time");
    await insertAgent(connection.db, org.id);
    const startTime = new Date("2025-03-01T09:30:00.000Z");
    await seedCalls(connection.db, { organizationId: org.id, count: 50, startTime, seed: 3 });
    const rows = await organizationCalls(org.id);
    expect(rows).toHaveLength(50);
    expect(rows.every((row) => row.startTime.getTime() === startTime.getTime())).toBe(true);
  });

  it("answers an agent's own post-call questions with its own options", async () => {
    const org = await createOrganization(connection.db, "Questions");
    const survey = await insertDemoAgent(connection.db, org.id, surveyAgent);
    await insertAgent(connection.db, org.id, "Other agent");
    await seedCalls(connection.db, { organizationId: org.id, count: 120, agentId: survey, now, seed: 11 });

    const rows = await organizationCalls(org.id);
    expect(rows.every((row) => row.agentId === survey)).toBe(true);
    const questions = await connection.db.select().from(postCallQuestions).where(eq(postCallQuestions.agentId, survey));
    const options = await connection.db
      .select()
      .from(postCallQuestionOptions)
      .where(inArray(postCallQuestionOptions.questionId, questions.map((question) => question.id)));
    const answers = await connection.db.select().from(callPostCallAnswers).where(eq(callPostCallAnswers.organizationId, org.id));
    expect(new Set(answers.map((answer) => answer.questionId))).toEqual(new Set(questions.map((question) => question.id)));
    const choices = answers.filter((answer) => answer.questionType === "single_choice" && answer.hasAnswer);
    expect(choices.length).toBeGreaterThan(0);
    for (const answer of choices) {
      const option = options.find((candidate) => candidate.id === answer.selectedOptions[0].option.id);
      expect(option?.value).toBe(answer.selectedOptions[0].option.value);
    }
    expect(rows.some((row) => row.variableValues.some((value) => value.name === "issue_resolved" && typeof value.value === "boolean"))).toBe(
      true,
    );
  });

  it("creates one demo agent for an organization without agents", async () => {
    const org = await createOrganization(connection.db, "No agents");
    await seedCalls(connection.db, { organizationId: org.id, count: 10, seed: 5 });
    const created = await connection.db.select().from(agents).where(eq(agents.organizationId, org.id));
    expect(created).toHaveLength(1);
    const [{ total }] = await connection.db
      .select({ total: sql<number>`count(*)::int` })
      .from(calls)
      .where(and(eq(calls.organizationId, org.id), eq(calls.agentId, created[0].id)));
    expect(total).toBe(10);
  });

  it("refuses an agent of another organization", async () => {
    const org = await createOrganization(connection.db, "Mine");
    const other = await createOrganization(connection.db, "Theirs");
    const theirAgent = await insertAgent(connection.db, other.id);
    await expect(seedCalls(connection.db, { organizationId: org.id, count: 5, agentId: theirAgent })).rejects.toBeInstanceOf(NotFoundError);
    expect(await organizationCalls(org.id)).toHaveLength(0);
  });
});
