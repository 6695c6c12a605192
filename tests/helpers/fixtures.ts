import type { Database } from "@/lib/db/client";
import { agents, agentVersions, callPostCallAnswers, calls, phoneNumbers } from "@/lib/db/schema";

/** A minimal valid agent document, inserted directly (the agents API comes with its own tests). */
export async function insertAgent(db: Database, organizationId: string, name = "Test agent"): Promise<string> {
  const [agent] = await db
    .insert(agents)
    .values({ organizationId, name, publishedVersion: 1, latestVersion: 1 })
    .returning({ id: agents.id });
  await db.insert(agentVersions).values({
    agentId: agent.id,
    version: 1,
    config: {
      name,
      initial_state_name: "main",
      states: [{ name: "main", prompt: "Help the caller.", tools: [{ type: "hang_up", description: "End the call" }] }],
    },
  });
  return agent.id;
}

export async function insertPhoneNumber(
  db: Database,
  organizationId: string,
  number: string,
  extra: Partial<typeof phoneNumbers.$inferInsert> = {},
): Promise<string> {
  const [row] = await db
    .insert(phoneNumbers)
    .values({ organizationId, number, name: `Line ${number}`, ...extra })
    .returning({ id: phoneNumbers.id });
  return row.id;
}

export async function insertCall(
  db: Database,
  organizationId: string,
  agentId: string,
  extra: Partial<typeof calls.$inferInsert> = {},
): Promise<string> {
  const startTime = extra.startTime ?? new Date("2026-03-01T10:00:00.000Z");
  // A call with a duration was answered (at its start, unless the test says otherwise).
  const answeredAt = "answeredAt" in extra ? extra.answeredAt : extra.durationSeconds === null ? null : startTime;
  const [row] = await db
    .insert(calls)
    .values({
      organizationId,
      agentId,
      type: "phone_call",
      status: "ended",
      direction: "outbound",
      fromNumber: "+14155550100",
      toNumber: "+14155550123",
      startTime,
      answeredAt,
      endTime: new Date("2026-03-01T10:02:00.000Z"),
      durationSeconds: 120,
      cost: 0.42,
      endReason: "completed",
      transcript: [
        { role: "agent", content: "Hello, how can I help?", start_time: "2026-03-01T10:00:01.000Z" },
        { role: "user", content: "I'd like to book a table.", start_time: "2026-03-01T10:00:04.000Z" },
      ],
      variableValues: [{ name: "party_size", type: "string", value: "4", timestamp: "2026-03-01T10:00:20.000Z" }],
      ...extra,
    })
    .returning({ id: calls.id });
  return row.id;
}

export async function insertPostCallAnswer(
  db: Database,
  organizationId: string,
  callId: string,
  answer: Omit<Partial<typeof callPostCallAnswers.$inferInsert>, "organizationId" | "callId"> &
    Pick<typeof callPostCallAnswers.$inferInsert, "questionId" | "questionName" | "questionType" | "hasAnswer">,
): Promise<string> {
  const [row] = await db
    .insert(callPostCallAnswers)
    .values({ organizationId, callId, ...answer })
    .returning({ id: callPostCallAnswers.id });
  return row.id;
}
