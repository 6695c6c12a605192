import "server-only";
import { createHash } from "node:crypto";
import { canonicalJson } from "../canonical-json";
import { and, eq, lt, sql } from "drizzle-orm";
import { agents, callEvents, calls, idempotencyKeys, phoneNumbers, type PhoneNumberType } from "@/lib/db/schema";
import { jobNames, type JobQueue } from "@/lib/jobs/queue";
import type { CallStarter } from "@/lib/schemas/call-values";
import type { ServiceContext } from "../context";
import { withTransaction } from "../context";
import { change } from "../audit/audit-changes";
import { recordAudit } from "../audit/record-audit";
import { ConflictError, ValidationError, type FieldProblem } from "@/lib/utils/domain-errors";
import { liveSipInstances } from "../telephony/sip-media-instances";
import { reserveOutboundSlot } from "../concurrency/concurrency";
import { assertCallable } from "../do-not-call/do-not-call";

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

export async function validateReferences(ctx: ServiceContext, input: Pick<StartPhoneCallInput, "agent_id" | "from_number">): Promise<{ agentVersion: number; numberType: PhoneNumberType }> {
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

/** What a campaign adds to a call: its campaign and contact, the call's id chosen beforehand, and how it is dialled. */
export type OutboundCallOptions = {
  now: Date;
  callId?: string;
  metadata?: Record<string, unknown>;
  campaign?: { campaignId: string; contactId: string };
  /**
   * "checked": the caller already counted the organization's slots in this transaction (a campaign).
   * Otherwise a call past the organization's outbound slots is refused (429).
   */
  slots?: "check" | "checked";
  /** The dial job not before this time (a campaign dials at once in its own process; the job is the backstop). */
  dialAfter?: Date;
  /** The number was checked against the do-not-call list in this transaction already (a campaign's claim). */
  doNotCallChecked?: boolean;
  /** The references as the caller read them in this transaction (a campaign placing several calls). */
  references?: { agentVersion: number; numberType: PhoneNumberType };
  /** Who started it through /v1 (a studio member or an API key); a campaign's calls carry their campaign instead. */
  startedBy?: CallStarter | null;
};

export type OutboundCallRecord = { callId: string; numberType: PhoneNumberType; failed: boolean };

/**
 * Records an outbound phone call in the caller's transaction and queues its dial: the references are
 * checked, a number on the do-not-call list is refused (400 `do_not_call`), a call past the
 * organization's slots is refused (429), all before anything is dialled. The API and campaigns share it.
 */
export async function recordOutboundPhoneCall(tx: ServiceContext, queue: JobQueue, input: StartPhoneCallInput, options: OutboundCallOptions): Promise<OutboundCallRecord> {
  const { now } = options;
  const { agentVersion, numberType } = options.references ?? (await validateReferences(tx, input));
  if (!options.doNotCallChecked) await assertCallable(tx.db, tx.organizationId, input.to_number);
  if (options.slots !== "checked") await reserveOutboundSlot(tx.db, tx.organizationId);
  // A SIP number's call is placed by a process running the SIP user agent; with none alive it fails visibly now.
  const sipUnavailable = numberType === "sip" && (await liveSipInstances(tx.db, now)).length === 0;
  const [call] = await tx.db
    .insert(calls)
    .values({
      ...(options.callId ? { id: options.callId } : {}),
      organizationId: tx.organizationId,
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
      ...(options.metadata ? { metadata: options.metadata } : {}),
      ...(options.campaign ? { campaignId: options.campaign.campaignId, campaignContactId: options.campaign.contactId } : {}),
      startedBy: options.startedBy ?? null,
      createdAt: now,
      updatedAt: now,
    })
    .returning({ id: calls.id });
  if (sipUnavailable) {
    await tx.db.insert(callEvents).values({
      organizationId: tx.organizationId,
      callId: call.id,
      type: "dial_failed",
      payload: { reason: "no_telephony_provider", message: NO_SIP_PROCESS_MESSAGE },
      occurredAt: now,
    });
  } else {
    const dialAfter = numberType === "sip" ? undefined : options.dialAfter;
    await queue.send(numberType === "sip" ? jobNames.dialSipCall : jobNames.dialCall, { callId: call.id }, { db: tx.db, ...(dialAfter ? { startAfter: dialAfter } : {}) });
  }
  return { callId: call.id, numberType, failed: sipUnavailable };
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
      const call = await recordOutboundPhoneCall(tx, queue, input, { now, startedBy });
      if (idempotencyKey) {
        // An expired key is taken over; a live one held by a concurrent request makes us replay it.
        const claimed = await tx.db
          .insert(idempotencyKeys)
          .values({ organizationId: ctx.organizationId, key: idempotencyKey, requestHash, callId: call.callId, createdAt: now })
          .onConflictDoUpdate({
            target: [idempotencyKeys.organizationId, idempotencyKeys.key],
            set: { requestHash, callId: call.callId, createdAt: now },
            setWhere: lt(idempotencyKeys.createdAt, sql`${new Date(now.getTime() - IDEMPOTENCY_WINDOW_MS).toISOString()}::timestamptz`),
          })
          .returning({ callId: idempotencyKeys.callId });
        if (claimed.length === 0) throw new ConcurrentIdempotentRequest();
      }
      // No phone numbers in the entry: the log cannot be edited, and an erasure must leave a caller's number nowhere.
      await recordAudit(tx, {
        action: "call.created",
        resourceType: "call",
        resourceId: call.callId,
        changes: { ...change("call_type", null, "phone_call"), ...change("agent_id", null, input.agent_id), ...change("direction", null, "outbound") },
      });
      return { callId: call.callId, replayed: false };
    });
  } catch (error) {
    if (error instanceof ConcurrentIdempotentRequest) {
      const first = await replay();
      if (first) return first;
    }
    throw error;
  }
}
