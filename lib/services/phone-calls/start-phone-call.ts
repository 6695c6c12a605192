import "server-only";
import { createHash } from "node:crypto";
import { canonicalJson } from "../canonical-json";
import { and, eq, lt, sql } from "drizzle-orm";
import { agents, callEvents, calls, idempotencyKeys, phoneNumbers, type PhoneNumberType } from "@/lib/db/schema";
import { jobNames, type JobQueue } from "@/lib/jobs/queue";
import type { CallStarter } from "@/lib/schemas/call-values";
import type { ServiceContext } from "../context";
import { withTransaction } from "../context";
import { ConflictError, ValidationError, type FieldProblem } from "@/lib/utils/domain-errors";
import { liveSipInstances } from "../telephony/sip-media-instances";

export const NO_SIP_PROCESS_MESSAGE =
  "No process is running the SIP user agent (start the server with SIP_PORT set), so the call could not be placed through the number's SIP trunk.";

export type StartPhoneCallInput = {
  from_number: string;
  to_number: string;
  agent_id: string;
  dynamic_variables_values?: Record<string, unknown>;
  custom_headers?: Record<string, string>;
};

export type StartPhoneCallResult = { callId: string; replayed: boolean };

/** Idempotency keys are honoured for a day, as payment APIs do. */
const IDEMPOTENCY_WINDOW_MS = 24 * 60 * 60 * 1000;

class ConcurrentIdempotentRequest extends Error {}

/** Key order is not meaning: the same body with its keys reordered (at any depth) is the same request. */
function fingerprint(input: StartPhoneCallInput): string {
  return createHash("sha256").update(canonicalJson(input)).digest("hex");
}

async function validateReferences(ctx: ServiceContext, input: StartPhoneCallInput): Promise<{ agentVersion: number; numberType: PhoneNumberType }> {
  const [[agent], [number]] = await Promise.all([
    ctx.db
      .select({ version: agents.publishedVersion })
      .from(agents)
      .where(and(eq(agents.id, input.agent_id), eq(agents.organizationId, ctx.organizationId)))
      .limit(1),
    ctx.db
      .select({ id: phoneNumbers.id, type: phoneNumbers.type })
      .from(phoneNumbers)
      .where(and(eq(phoneNumbers.number, input.from_number), eq(phoneNumbers.organizationId, ctx.organizationId)))
      .limit(1),
  ]);
  const problems: FieldProblem[] = [];
  if (!agent) problems.push({ field: "agent_id", message: "No agent with this id in your organization" });
  if (!number) problems.push({ field: "from_number", message: "Not a phone number of your organization" });
  if (problems.length) throw new ValidationError(problems.map((p) => `${p.field}: ${p.message}`).join("; "), problems);
  return { agentVersion: agent.version, numberType: number.type };
}

/**
 * Records the call and hands it to the dialer in one transaction. A repeated Idempotency-Key
 * with the same body returns the first call; with another body it is a conflict.
 */
export async function startPhoneCall(
  ctx: ServiceContext,
  queue: JobQueue,
  input: StartPhoneCallInput,
  idempotencyKey?: string,
  now = new Date(),
  /** Who started it (a studio member or an API key), kept on the call. */
  startedBy: CallStarter | null = null,
): Promise<StartPhoneCallResult> {
  const requestHash = fingerprint(input);
  const replay = async (): Promise<StartPhoneCallResult | null> => {
    if (!idempotencyKey) return null;
    const [previous] = await ctx.db
      .select()
      .from(idempotencyKeys)
      .where(and(eq(idempotencyKeys.organizationId, ctx.organizationId), eq(idempotencyKeys.key, idempotencyKey)))
      .limit(1);
    if (!previous || now.getTime() - previous.createdAt.getTime() > IDEMPOTENCY_WINDOW_MS) return null;
    if (previous.requestHash !== requestHash) {
      throw new ConflictError("This Idempotency-Key was already used with a different request body", [
        { field: "Idempotency-Key", message: "Reused with a different body" },
      ]);
    }
    return { callId: previous.callId, replayed: true };
  };

  const earlier = await replay();
  if (earlier) return earlier;
  try {
    return await withTransaction(ctx, async (tx) => {
      const { agentVersion, numberType } = await validateReferences(tx, input);
      // A SIP number's call is placed by a process running the SIP user agent; with none alive it fails visibly now.
      const sipUnavailable = numberType === "sip" && (await liveSipInstances(tx.db, now)).length === 0;
      const [call] = await tx.db
        .insert(calls)
        .values({
          organizationId: ctx.organizationId,
          agentId: input.agent_id,
          agentVersion,
          type: "phone_call",
          status: sipUnavailable ? "failed" : "created",
          ...(sipUnavailable ? { endReason: "no_telephony_provider" as const, endTime: now, durationSeconds: 0 } : {}),
          direction: "outbound",
          fromNumber: input.from_number,
          toNumber: input.to_number,
          startTime: now,
          dynamicVariablesValues: input.dynamic_variables_values ?? null,
          customHeaders: input.custom_headers ?? null,
          startedBy,
          createdAt: now,
          updatedAt: now,
        })
        .returning({ id: calls.id });
      if (idempotencyKey) {
        // An expired key is taken over; a live one held by a concurrent request makes us replay it.
        const claimed = await tx.db
          .insert(idempotencyKeys)
          .values({ organizationId: ctx.organizationId, key: idempotencyKey, requestHash, callId: call.id, createdAt: now })
          .onConflictDoUpdate({
            target: [idempotencyKeys.organizationId, idempotencyKeys.key],
            set: { requestHash, callId: call.id, createdAt: now },
            setWhere: lt(idempotencyKeys.createdAt, sql`${new Date(now.getTime() - IDEMPOTENCY_WINDOW_MS).toISOString()}::timestamptz`),
          })
          .returning({ callId: idempotencyKeys.callId });
        if (claimed.length === 0) throw new ConcurrentIdempotentRequest();
      }
      if (sipUnavailable) {
        await tx.db.insert(callEvents).values({
          organizationId: ctx.organizationId,
          callId: call.id,
          type: "dial_failed",
          payload: { reason: "no_telephony_provider", message: NO_SIP_PROCESS_MESSAGE },
          occurredAt: now,
        });
      } else await queue.send(numberType === "sip" ? jobNames.dialSipCall : jobNames.dialCall, { callId: call.id }, { db: tx.db });
      return { callId: call.id, replayed: false };
    });
  } catch (error) {
    if (error instanceof ConcurrentIdempotentRequest) {
      const first = await replay();
      if (first) return first;
    }
    throw error;
  }
}
