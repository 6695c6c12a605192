import { and, eq, inArray, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createOrganization } from "@/lib/auth/organizations";
import type { DatabaseConnection } from "@/lib/db/client";
import { agents, callPostCallAnswers, calls, postCallQuestionOptions, postCallQuestions } from "@/lib/db/schema";
import { seedCalls } from "@/lib/demo/calls";
import { surveyAgent } from "@/lib/demo/demo-agents";
import { insertDemoAgent } from "@/lib/demo/insert-agent";
import { NotFoundError } from "@/lib/utils/domain-errors";
import type { BlobStore } from "@/lib/storage/blob-store";
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
    // Never answered: no answer time, no duration, no transcript, nothing billed.
    for (const row of [...byReason.no_answer!, ...byReason.error!]) {
      expect(row).toMatchObject({ answeredAt: null, durationSeconds: null, transcript: [], cost: 0, answerType: null });
    }

    const talked = [...byReason.completed!, ...byReason.agent_hangup!, ...byReason.user_hangup!];
    for (const row of talked) {
      expect(row.status).toBe("ended");
      expect(row.transcript.length).toBeGreaterThanOrEqual(2);
      expect(row.transcript[0]).toMatchObject({ role: "agent", content: expect.any(String), start_time: expect.any(String) });
      expect(row.durationSeconds).toBeGreaterThan(0);
      expect(row.cost).toBeGreaterThan(0);
      // The duration runs from answer to end and holds the whole transcript.
      expect(row.endTime!.getTime() - row.answeredAt!.getTime()).toBe(row.durationSeconds! * 1000);
      const lastLine = row.transcript.at(-1)!;
      expect(Date.parse(lastLine.start_time) + (lastLine.content.length / 13) * 1000).toBeLessThanOrEqual(row.endTime!.getTime());
      expect(Date.parse(row.transcript[0].start_time)).toBe(row.answeredAt!.getTime());
    }
    expect(talked.some((row) => row.variableValues.some((value) => value.name === "customer_name" && typeof value.value === "string"))).toBe(true);

    // Phone calls use the organization's numbers on the organization's side.
    const phoneCalls = rows.filter((row) => row.type === "phone_call");
    for (const row of phoneCalls) {
      const ours = row.direction === "outbound" ? row.fromNumber : row.toNumber;
      expect(["+14155550170", "+14155550171"]).toContain(ours);
    }
    expect(rows.filter((row) => row.type === "web_call").every((row) => row.fromNumber === null)).toBe(true);

    // Agents without post-call questions get no answers: only questions an agent has are ever answered.
    const answers = await connection.db.select().from(callPostCallAnswers).where(eq(callPostCallAnswers.organizationId, org.id));
    expect(answers).toEqual([]);
  });

  it("records as long as the call, lined up with the transcript, for at most maxRecordings calls", async () => {
    const org = await createOrganization(connection.db, "Recordings");
    await insertAgent(connection.db, org.id);
    const store = new Map<string, Uint8Array>();
    const storage = { put: async (key: string, body: Uint8Array) => void store.set(key, body) } as unknown as BlobStore;
    await seedCalls(connection.db, { organizationId: org.id, count: 400, now, seed: 9, storage, recordingShare: 1, maxRecordings: 6 });
    const recorded = (await organizationCalls(org.id)).filter((row) => row.recordingBlobKey);
    expect(recorded).toHaveLength(6);
    expect(store.size).toBe(6);
    for (const row of recorded) {
      const wav = store.get(row.recordingBlobKey!)!;
      expect(row.recordingBlobKey).toContain(row.id);
      const samples = new DataView(wav.buffer, wav.byteOffset).getUint32(40, true);
      expect(samples / 8000).toBe(row.durationSeconds);
      // Sound (the agent's first line) right at the start, silence in the pause before the second line.
      const at = (ms: number) => Math.abs(wav[44 + Math.round(ms * 8)] - 128);
      const loud = (fromMs: number, toMs: number) => Math.max(...Array.from({ length: toMs - fromMs }, (_, i) => at(fromMs + i)));
      const second = Date.parse(row.transcript[1].start_time) - row.answeredAt!.getTime();
      expect(loud(20, 400)).toBeGreaterThan(20);
      expect(loud(second - 150, second - 5)).toBe(0);
      expect(loud(second + 20, second + 400)).toBeGreaterThan(20);
    }
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

    // Answers say what the caller said: the score spoken is the satisfaction recorded, the issue as the caller put it.
    const byQuestion = new Map(questions.map((question) => [question.id, question.name]));
    const said = (callId: string, pattern: RegExp) => rows.find((row) => row.id === callId)!.transcript.some((line) => line.role === "user" && pattern.test(line.content));
    const scoreOf = { "Very satisfied": /^Five\b/, Satisfied: /^Four\b/, Neutral: /^Three\b/, Dissatisfied: /^Two\b/, "Very dissatisfied": /^One\b/ };
    let checked = 0;
    for (const answer of answers.filter((candidate) => candidate.hasAnswer)) {
      const name = byQuestion.get(answer.questionId);
      if (name === "satisfaction") {
        const value = answer.selectedOptions[0].option.value as keyof typeof scoreOf;
        expect(said(answer.callId, scoreOf[value]), `${value} in call ${answer.callId}`).toBe(true);
        checked++;
      }
      if (name === "issue_resolved") {
        expect(said(answer.callId, answer.answerBoolean ? /^Yes, the connection/ : /^Not completely/)).toBe(true);
        const variable = rows.find((row) => row.id === answer.callId)!.variableValues.find((value) => value.name === "issue_resolved");
        expect(variable?.value).toBe(answer.answerBoolean);
      }
    }
    expect(checked).toBeGreaterThan(20);
    // A caller who hung up before the score was asked has no satisfaction answer.
    for (const answer of answers.filter((candidate) => byQuestion.get(candidate.questionId) === "satisfaction" && !candidate.hasAnswer)) {
      expect(said(answer.callId, /^(Five|Four|Three|Two|One)\b/)).toBe(false);
    }
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
