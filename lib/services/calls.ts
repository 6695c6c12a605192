import "server-only";
import { and, asc, count, desc, eq, fillPlaceholders, gt, inArray, lt, type SQL } from "drizzle-orm";
import { callEvents, callPostCallAnswers, calls, type CallType } from "@/lib/db/schema";
import { toCallResponse, toPostCallAnswerResponse, type CallResponse } from "./call-records";
import type { ServiceContext } from "./context";
import { withTransaction } from "./context";
import { NotFoundError, ValidationError } from "./errors";
import { sendCallFinished } from "./finished-call";
import type { JobQueue } from "@/lib/jobs/queue";
import { applyMergePatch } from "./json-merge-patch";
import { cursorPage, olderThan } from "./cursor-paging";
import { listFields, pageInfo, parseCursor, type Cursor } from "./paging";
import { inline, named, type Bind } from "./query-binding";
import type { LinkSigner } from "@/lib/storage/signed-links";

export type ListCallsInput = {
  agentId?: string;
  callType?: CallType;
  fromNumber?: string;
  toNumber?: string;
  startTimeGt?: Date;
  startTimeLt?: Date;
  cursor?: string;
  page: number;
  limit: number;
  useCursor: boolean;
  includeTranscript: boolean;
  includeVariableValues: boolean;
};

export type ListCallsResult = { items: CallResponse[] } & ReturnType<typeof listFields>;

/** A request's context, with the signer of its `recording_url` links (none: the links are null). */
export type CallsContext = ServiceContext & { links?: LinkSigner };

const summaryColumns = {
  id: calls.id,
  organizationId: calls.organizationId,
  agentId: calls.agentId,
  agentVersion: calls.agentVersion,
  type: calls.type,
  status: calls.status,
  direction: calls.direction,
  fromNumber: calls.fromNumber,
  toNumber: calls.toNumber,
  metadata: calls.metadata,
  startTime: calls.startTime,
  endTime: calls.endTime,
  durationSeconds: calls.durationSeconds,
  redirectDurationSeconds: calls.redirectDurationSeconds,
  cost: calls.cost,
  costBreakdown: calls.costBreakdown,
  answerType: calls.answerType,
  endReason: calls.endReason,
  dynamicVariablesValues: calls.dynamicVariablesValues,
  customHeaders: calls.customHeaders,
  recordingBlobKey: calls.recordingBlobKey,
  secureRecordingUrl: calls.secureRecordingUrl,
};

function filters(ctx: ServiceContext, input: ListCallsInput, bind: Bind = inline): SQL[] {
  const where: SQL[] = [eq(calls.organizationId, bind("organizationId", ctx.organizationId))];
  if (input.agentId) where.push(eq(calls.agentId, bind("agentId", input.agentId)));
  if (input.callType) where.push(eq(calls.type, bind("callType", input.callType)));
  if (input.fromNumber) where.push(eq(calls.fromNumber, bind("fromNumber", input.fromNumber)));
  if (input.toNumber) where.push(eq(calls.toNumber, bind("toNumber", input.toNumber)));
  if (input.startTimeGt) where.push(gt(calls.startTime, bind("startTimeGt", input.startTimeGt)));
  if (input.startTimeLt) where.push(lt(calls.startTime, bind("startTimeLt", input.startTimeLt)));
  return where;
}

function listColumns(input: ListCallsInput) {
  return {
    ...summaryColumns,
    ...(input.includeTranscript ? { transcript: calls.transcript } : {}),
    ...(input.includeVariableValues ? { variableValues: calls.variableValues } : {}),
  };
}

/**
 * The query of one page: in cursor mode one row past the page (which tells whether there is a next
 * page), in page mode the page at its offset.
 */
function pageQuery(ctx: ServiceContext, input: ListCallsInput, cursor: Cursor | undefined, bind: Bind) {
  const query = ctx.db
    .select(listColumns(input))
    .from(calls)
    .where(and(...filters(ctx, input, bind), input.useCursor ? olderThan(calls.startTime, calls.id, cursor, bind) : undefined))
    .orderBy(desc(calls.startTime), desc(calls.id));
  if (input.useCursor) return query.limit(bind("limit", input.limit + 1));
  return query.limit(bind("limit", input.limit)).offset(bind("offset", (input.page - 1) * input.limit));
}

/** The cursor-mode query, exported so that the benchmark times the very same SQL without the API around it. */
export function cursorPageQuery(ctx: ServiceContext, input: ListCallsInput) {
  return pageQuery(ctx, { ...input, useCursor: true }, input.cursor ? parseCursor(input.cursor) : undefined, inline);
}

const pageShapes = new Map<string, { sql: string; params: unknown[] }>();

/**
 * The page's SQL and values, as `listCalls` runs them. The SQL is built once per shape of request
 * (which filters, which cursor form, which columns) and kept, so a request only fills in its values.
 */
export function callPageSql(ctx: ServiceContext, input: ListCallsInput): { sql: string; params: unknown[] } {
  const cursor = input.useCursor && input.cursor ? parseCursor(input.cursor) : undefined;
  const shape = [
    input.useCursor,
    input.includeTranscript,
    input.includeVariableValues,
    cursor ? (cursor.id ? "time+id" : "time") : "none",
    // Present exactly when `filters` adds the condition.
    ...[input.agentId, input.callType, input.fromNumber, input.toNumber, input.startTimeGt, input.startTimeLt].map(Boolean),
  ].join();
  let built = pageShapes.get(shape);
  if (!built) {
    built = pageQuery(ctx, input, cursor, named).toSQL();
    pageShapes.set(shape, built);
  }
  const values = {
    organizationId: ctx.organizationId,
    agentId: input.agentId,
    callType: input.callType,
    fromNumber: input.fromNumber,
    toNumber: input.toNumber,
    startTimeGt: input.startTimeGt?.toISOString(),
    startTimeLt: input.startTimeLt?.toISOString(),
    cursorTime: cursor?.time.toISOString(),
    cursorId: cursor?.id,
    limit: input.useCursor ? input.limit + 1 : input.limit,
    offset: (input.page - 1) * input.limit,
  };
  return { sql: built.sql, params: fillPlaceholders(built.params, values) };
}

/** Newest first, ordered by (start_time, id) so that calls sharing a start time page exactly once. */
export async function listCalls(ctx: CallsContext, input: ListCallsInput): Promise<ListCallsResult> {
  const cursor = input.useCursor && input.cursor ? parseCursor(input.cursor) : undefined;
  if (input.useCursor) {
    const page = cursorPage(await pageQuery(ctx, input, cursor, inline), input.limit, (row) => ({ time: row.startTime, id: row.id }));
    return { items: page.items.map((row) => toCallResponse(row, ctx.links)), ...listFields({ next_cursor: page.next_cursor }) };
  }
  const [rows, total] = await Promise.all([pageQuery(ctx, input, undefined, inline), countCalls(ctx, input)]);
  return { items: rows.map((row) => toCallResponse(row, ctx.links)), ...listFields(pageInfo(input.page, input.limit, total)) };
}

/** Page mode's total, for `total_pages` and `total_items`. */
export async function countCalls(ctx: ServiceContext, input: ListCallsInput): Promise<number> {
  const [{ total }] = await ctx.db
    .select({ total: count() })
    .from(calls)
    .where(and(...filters(ctx, input)));
  return total;
}

async function findCall(ctx: ServiceContext, callId: string) {
  const [row] = await ctx.db
    .select()
    .from(calls)
    .where(and(eq(calls.id, callId), eq(calls.organizationId, ctx.organizationId)))
    .limit(1);
  if (!row) throw new NotFoundError("Call");
  return row;
}

/** One call with everything: transcript, variable values and post-call answers. */
export async function getCall(ctx: CallsContext, callId: string): Promise<CallResponse> {
  const row = await findCall(ctx, callId);
  const answers = await ctx.db
    .select()
    .from(callPostCallAnswers)
    .where(eq(callPostCallAnswers.callId, callId))
    .orderBy(asc(callPostCallAnswers.createdAt), asc(callPostCallAnswers.questionName));
  return { ...toCallResponse(row, ctx.links), post_call_answers: answers.map(toPostCallAnswerResponse) };
}

export async function updateCallMetadata(
  ctx: CallsContext,
  callId: string,
  input: { metadata: Record<string, unknown>; override: boolean },
  now = new Date(),
): Promise<CallResponse> {
  await withTransaction(ctx, async (tx) => {
    const [current] = await tx.db
      .select({ metadata: calls.metadata })
      .from(calls)
      .where(and(eq(calls.id, callId), eq(calls.organizationId, ctx.organizationId)))
      .for("update");
    if (!current) throw new NotFoundError("Call");
    const metadata = input.override ? input.metadata : (applyMergePatch(current.metadata, input.metadata) as Record<string, unknown>);
    await tx.db.update(calls).set({ metadata, updatedAt: now }).where(eq(calls.id, callId));
  });
  return getCall(ctx, callId);
}

export async function deleteCall(ctx: ServiceContext, callId: string): Promise<void> {
  const deleted = await ctx.db
    .delete(calls)
    .where(and(eq(calls.id, callId), eq(calls.organizationId, ctx.organizationId)))
    .returning({ id: calls.id });
  if (deleted.length === 0) throw new NotFoundError("Call");
}

const ONGOING = ["created", "ringing", "in_progress"] as const;

/** Ends an ongoing phone call; a call that has already ended (or failed) answers the same success. */
/** Ends an ongoing phone call; the after-call job (cost, post-call answers) is queued in the same transaction. */
export async function terminateCall(ctx: ServiceContext, queue: JobQueue, callId: string, now = new Date()): Promise<{ alreadyEnded: boolean }> {
  return withTransaction(ctx, async (tx) => {
    const [call] = await tx.db
      .select({ type: calls.type, status: calls.status, answeredAt: calls.answeredAt })
      .from(calls)
      .where(and(eq(calls.id, callId), eq(calls.organizationId, ctx.organizationId)))
      .for("update");
    if (!call) throw new NotFoundError("Call");
    if (call.type !== "phone_call") {
      throw ValidationError.field("call_id", "Only phone calls can be terminated; this is a web call");
    }
    const updated = await tx.db
      .update(calls)
      .set({
        status: "ended",
        endReason: "terminated",
        endTime: now,
        durationSeconds: call.answeredAt ? Math.max(0, Math.round((now.getTime() - call.answeredAt.getTime()) / 1000)) : 0,
        updatedAt: now,
      })
      .where(and(eq(calls.id, callId), inArray(calls.status, [...ONGOING])))
      .returning({ id: calls.id });
    if (updated.length === 0) return { alreadyEnded: true };
    await tx.db.insert(callEvents).values({
      organizationId: ctx.organizationId,
      callId,
      type: "terminated",
      payload: { previous_status: call.status },
      occurredAt: now,
    });
    await sendCallFinished(queue, callId, tx.db);
    return { alreadyEnded: false };
  });
}
