import "server-only";
import { and, eq, inArray } from "drizzle-orm";
import type { Database } from "@/lib/db/client";
import { agents, calls, phoneNumbers, type SipTrunkSettings } from "@/lib/db/schema";
import { admitInboundCall } from "../concurrency/concurrency";

export type CalledSipNumber = {
  id: string;
  organizationId: string;
  number: string;
  inboundAgentId: string | null;
  redirect: boolean;
  redirectPhoneNumber: string | null;
  trunk: SipTrunkSettings;
};

/** SIP numbers equal to any of `numbers`, in every organization (routing narrows them down by trunk). */
export async function findCalledSipNumbers(db: Database, numbers: string[]): Promise<CalledSipNumber[]> {
  const wanted = [...new Set(numbers.filter(Boolean))];
  if (!wanted.length) return [];
  const rows = await db
    .select()
    .from(phoneNumbers)
    .where(and(eq(phoneNumbers.type, "sip"), inArray(phoneNumbers.number, wanted)));
  return rows.flatMap((row) =>
    row.sipTrunk
      ? [{ id: row.id, organizationId: row.organizationId, number: row.number, inboundAgentId: row.inboundAgentId, redirect: row.redirect, redirectPhoneNumber: row.redirectPhoneNumber, trunk: row.sipTrunk }]
      : [],
  );
}

/**
 * Records a call answered on a number: `inbound`, in progress from `answeredAt`, with the agent's
 * published version. Null when the agent is gone (deleted since the number named it).
 */
export async function createInboundPhoneCall(
  db: Database,
  input: { organizationId: string; agentId: string; fromNumber: string; toNumber: string; answeredAt: Date },
): Promise<string | null> {
  const [agent] = await db
    .select({ version: agents.publishedVersion })
    .from(agents)
    .where(and(eq(agents.id, input.agentId), eq(agents.organizationId, input.organizationId)))
    .limit(1);
  if (!agent) return null;
  // Under the organization's lock, so that two calls answered at once cannot both take its last slot.
  const call = await admitInboundCall(db, input.organizationId, async (tx) => {
    const [row] = await tx
    .insert(calls)
    .values({
      organizationId: input.organizationId,
      agentId: input.agentId,
      agentVersion: agent.version,
      type: "phone_call",
      status: "in_progress",
      direction: "inbound",
      fromNumber: input.fromNumber,
      toNumber: input.toNumber,
      startTime: input.answeredAt,
      answeredAt: input.answeredAt,
      createdAt: input.answeredAt,
      updatedAt: input.answeredAt,
    })
    .returning({ id: calls.id });
    return row;
  });
  return call?.id ?? null;
}
