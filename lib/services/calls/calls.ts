import { inTransaction } from "@/lib/db/transaction";
import "server-only";
import { and, asc, desc, eq, fillPlaceholders, getTableColumns, gt, inArray, lt, sql, type SQL } from "drizzle-orm";
import { callEvents, callPostCallAnswers, calls, type CarrierName } from "@/lib/db/schema";
import type { CallAnswerType, CallEndReason, CallStatus, CallType } from "@/lib/schemas/call-values";
import type { CallSentiment, SuccessVerdict } from "@/lib/schemas/call-analysis";
import { callStatsSource, selectRows } from "../analytics/analytics-source";
import { toCallResponse, toFullCallResponse } from "./call-records";
import type { Call, CallCount } from "@/lib/schemas/calls";
import type { Database } from "@/lib/db/client";
import type { ServiceContext } from "../context";
import { withTransaction } from "../context";
import { change, fieldChanges } from "../audit/audit-changes";
import { recordAudit } from "../audit/record-audit";
import { NotFoundError, ValidationError } from "@/lib/utils/domain-errors";
import { sendCallFinished } from "./finished-call";
import type { JobQueue } from "@/lib/jobs/queue";
import { applyMergePatch } from "@/lib/utils/json-merge-patch";
import { cursorPage, olderThan } from "../cursor-paging";
import { listFields, pageInfo, parseCursor, type Cursor } from "../paging";
import { inline, named, type Bind } from "../query-binding";
import type { LinkSigner } from "@/lib/storage/signed-links";

export type CallFilterInput = {
  agentId?: string;
  callType?: CallType;
  fromNumber?: string;
  toNumber?: string;
  startTimeGt?: Date;
  startTimeLt?: Date;
  status?: CallStatus;
  endReason?: CallEndReason;
  answerType?: CallAnswerType;
  carrier?: CarrierName;
  /** The analysis' success verdict (calls not analysed match none). */
  success?: SuccessVerdict;
  /** The analysis' caller sentiment. */
  sentiment?: CallSentiment;
  /** The agent version that handled the call (with or without `agentId`). */
  agentVersion?: number;
  campaignId?: string;
  /** Words in what was said (web-search syntax: "a phrase", -word, or), matched by Postgres full-text search. */
  search?: string;
};

/**
 * Every filter, by its input name (which is also its placeholder's name in `filters`): the cached
 * SQL of a list is keyed by which of them are present, and the count's rollup shortcut takes only
 * agent and time. The check below fails to compile when a filter is added without being named here.
 */
const FILTER_NAMES = [
  "agentId",
  "callType",
  "fromNumber",
  "toNumber",
  "startTimeGt",
  "startTimeLt",
  "status",
  "endReason",
  "answerType",
  "carrier",
  "success",
  "sentiment",
  "agentVersion",
  "campaignId",
  "search",
] as const satisfies readonly (keyof CallFilterInput)[];
const everyFilterNamed: Exclude<keyof CallFilterInput, (typeof FILTER_NAMES)[number]> extends never ? true : never = true;
void everyFilterNamed;

export type ListCallsInput = CallFilterInput & {
  cursor?: string;
  page: number;
  limit: number;
  useCursor: boolean;
  includeTranscript: boolean;
  includeVariableValues: boolean;
};

export type ListCallsResult = { items: Call[] } & ReturnType<typeof listFields>;

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
  carrier: calls.carrier,
  carrierCallId: calls.carrierCallId,
  transfer: calls.transfer,
  startedBy: calls.startedBy,
  redactedCategories: calls.redactedCategories,
  recordingBlobKey: calls.recordingBlobKey,
  secureRecordingUrl: calls.secureRecordingUrl,
  analysis: calls.analysis,
  analysisSkipped: calls.analysisSkipped,
  campaignId: calls.campaignId,
};

function filters(ctx: ServiceContext, input: CallFilterInput, bind: Bind = inline): SQL[] {
  const where: SQL[] = [eq(calls.organizationId, bind("organizationId", ctx.organizationId))];
  if (input.agentId) where.push(eq(calls.agentId, bind("agentId", input.agentId)));
  if (input.callType) where.push(eq(calls.type, bind("callType", input.callType)));
  if (input.fromNumber) where.push(eq(calls.fromNumber, bind("fromNumber", input.fromNumber)));
  if (input.toNumber) where.push(eq(calls.toNumber, bind("toNumber", input.toNumber)));
  if (input.startTimeGt) where.push(gt(calls.startTime, bind("startTimeGt", input.startTimeGt)));
  if (input.startTimeLt) where.push(lt(calls.startTime, bind("startTimeLt", input.startTimeLt)));
  if (input.status) where.push(eq(calls.status, bind("status", input.status)));
  if (input.endReason) where.push(eq(calls.endReason, bind("endReason", input.endReason)));
  if (input.answerType) where.push(eq(calls.answerType, bind("answerType", input.answerType)));
  if (input.carrier) where.push(eq(calls.carrier, bind("carrier", input.carrier)));
  if (input.success) where.push(sql`${calls.analysis} #>> '{success,verdict}' = ${bind("success", input.success)}`);
  if (input.sentiment) where.push(sql`${calls.analysis} ->> 'sentiment' = ${bind("sentiment", input.sentiment)}`);
  if (input.agentVersion !== undefined) where.push(eq(calls.agentVersion, bind("agentVersion", input.agentVersion)));
  if (input.campaignId) where.push(eq(calls.campaignId, bind("campaignId", input.campaignId)));
  if (input.search) where.push(sql`${calls.transcriptSearch} @@ websearch_to_tsquery('english', ${bind("search", input.search)})`);
  return where;
}

/**
 * Runs `fn` with the planner limited to bitmap scans: a search is then read through the GIN index
 * (ANDed with the b-trees of the other filters), never by walking a b-tree or the table and testing
 * every call on the way, which the planner picks when it guesses a word's matches wrong.
 */
async function withSearchPlan<T>(ctx: ServiceContext, input: CallFilterInput, fn: (db: Database) => Promise<T>): Promise<T> {
  if (!input.search) return fn(ctx.db);
  return inTransaction(ctx.db, async (tx) => {
    await tx.execute(sql`set local enable_indexscan = off`);
    await tx.execute(sql`set local enable_indexonlyscan = off`);
    await tx.execute(sql`set local enable_seqscan = off`);
    // Room for exact bitmaps of a common word and an agent's calls (lossy ones recheck every row).
    await tx.execute(sql`set local work_mem = '32MB'`);
    return fn(tx);
  });
}

/** How many calls match, counting no further than `cap`. */
async function countUpTo(ctx: ServiceContext, input: CallFilterInput, cap: number): Promise<number> {
  const [counted] = await withSearchPlan(ctx, input, (db) =>
    selectRows<{ total: unknown }>(db, sql`select count(*) as total from (select 1 from ${calls} where ${and(...filters(ctx, input))} limit ${cap}) matches`),
  );
  return Number(counted.total);
}

/**
 * Newest first by (start_time, id). A search whose words are rare is read through the GIN index and
 * sorted (it matches few calls); walking the start-time index instead would read every call of the
 * organization to fill a page that never fills. The order by an expression keeps the planner off
 * that walk; common words keep it (a page fills within the first rows).
 */
async function listPlan(ctx: ServiceContext, input: CallFilterInput): Promise<{ order: SQL[]; sparse: boolean }> {
  const sparse = input.search ? (await countUpTo(ctx, input, SPARSE_SEARCH_LIMIT + 1)) <= SPARSE_SEARCH_LIMIT : false;
  return sparse ? { order: [sql`${calls.startTime} + interval '0 seconds' desc`, desc(calls.id)], sparse } : { order: [desc(calls.startTime), desc(calls.id)], sparse };
}

/**
 * Up to this many matches a search is sorted after reading them by the GIN index; past it the matches
 * are at least 0.2 % of a million calls and the start-time walk fills a page within ~25,000 rows.
 * Low, because finding out costs a look at that many matches (see docs/performance.md).
 */
const SPARSE_SEARCH_LIMIT = 2_000;

/** Below this many matches a count is exact; above it, the planner's estimate (a count cannot stay fast at any size). */
export const EXACT_COUNT_LIMIT = 10_000;

const EPOCH = new Date(0);
const FAR_FUTURE = new Date("9999-12-31T00:00:00.000Z");

/**
 * How many calls match. Filtered by agent and start time only, the analytics rollups give the exact
 * figure at any size. Otherwise the matches are counted up to EXACT_COUNT_LIMIT, and past that the
 * planner's estimate is returned with `exact: false`.
 */
export async function countCalls(ctx: ServiceContext, input: CallFilterInput): Promise<CallCount> {
  const { agentId, startTimeGt, startTimeLt } = input;
  // Only agent and start time are in the rollups (a page-mode list passes its whole input, page and limit too, here).
  const others = FILTER_NAMES.filter((name) => name !== "agentId" && name !== "startTimeGt" && name !== "startTimeLt");
  if (others.every((name) => !input[name])) {
    // start_time_gt is exclusive and times are kept to the millisecond.
    const from = startTimeGt ? new Date(startTimeGt.getTime() + 1) : EPOCH;
    const to = startTimeLt ?? FAR_FUTURE;
    if (from >= to) return { total: 0, exact: true };
    const [row] = await selectRows<{ total: unknown }>(
      ctx.db,
      sql`select coalesce(sum(s.calls), 0) as total from ${callStatsSource(ctx, { from, to, timezone: "UTC", agentId })} s`,
    );
    return { total: Number(row.total), exact: true };
  }
  const where = and(...filters(ctx, input));
  const total = await countUpTo(ctx, input, EXACT_COUNT_LIMIT + 1);
  if (total <= EXACT_COUNT_LIMIT) return { total, exact: true };
  const [plan] = await selectRows<Record<string, unknown>>(ctx.db, sql`explain (format json) select 1 from ${calls} where ${where}`);
  const json = Object.values(plan)[0];
  const estimate = Number((typeof json === "string" ? JSON.parse(json) : json)?.[0]?.Plan?.["Plan Rows"] ?? 0);
  return { total: Math.max(EXACT_COUNT_LIMIT + 1, Math.round(estimate)), exact: false };
}

function listColumns(input: ListCallsInput) {
  return {
    ...summaryColumns,
    ...(input.includeTranscript ? { transcript: calls.transcript } : {}),
    ...(input.includeVariableValues ? { variableValues: calls.variableValues } : {}),
  };
}

const NEWEST_FIRST = [desc(calls.startTime), desc(calls.id)];

/**
 * The query of one page: in cursor mode one row past the page (which tells whether there is a next
 * page), in page mode the page at its offset.
 */
function pageQuery(ctx: ServiceContext, input: ListCallsInput, cursor: Cursor | undefined, bind: Bind, order: SQL[] = NEWEST_FIRST) {
  const query = ctx.db
    .select(listColumns(input))
    .from(calls)
    .where(and(...filters(ctx, input, bind), input.useCursor ? olderThan(calls.startTime, calls.id, cursor, bind) : undefined))
    .orderBy(...order);
  if (input.useCursor) return query.limit(bind("limit", input.limit + 1));
  return query.limit(bind("limit", input.limit)).offset(bind("offset", (input.page - 1) * input.limit));
}

/** The cursor-mode query, exported so that the benchmark times the very same SQL without the API around it. */
export function cursorPageQuery(ctx: ServiceContext, input: ListCallsInput, order: SQL[] = NEWEST_FIRST) {
  return pageQuery(ctx, { ...input, useCursor: true }, input.cursor ? parseCursor(input.cursor) : undefined, inline, order);
}

const pageShapes = new Map<string, { sql: string; params: unknown[] }>();

/**
 * The page's SQL and values, as `listCalls` runs them when there is no `search` (a search is planned
 * first, see `listPlan`). The SQL is built once per shape of request (which filters, which cursor
 * form, which columns) and kept, so a request only fills in its values.
 */
export function callPageSql(ctx: ServiceContext, input: ListCallsInput): { sql: string; params: unknown[] } {
  const cursor = input.useCursor && input.cursor ? parseCursor(input.cursor) : undefined;
  const shape = [
    input.useCursor,
    input.includeTranscript,
    input.includeVariableValues,
    cursor ? (cursor.id ? "time+id" : "time") : "none",
    // Present exactly when `filters` adds the condition.
    ...FILTER_NAMES.map((name) => Boolean(input[name])),
  ].join();
  let built = pageShapes.get(shape);
  if (!built) {
    built = pageQuery(ctx, input, cursor, named).toSQL();
    pageShapes.set(shape, built);
  }
  const values = {
    organizationId: ctx.organizationId,
    ...Object.fromEntries(FILTER_NAMES.map((name) => [name, input[name] instanceof Date ? input[name].toISOString() : input[name]])),
    cursorTime: cursor?.time.toISOString(),
    cursorId: cursor?.id,
    limit: input.useCursor ? input.limit + 1 : input.limit,
    offset: (input.page - 1) * input.limit,
  };
  return { sql: built.sql, params: fillPlaceholders(built.params, values) };
}

/** Newest first, ordered by (start_time, id) so that calls sharing a start time page exactly once. */
export async function listCalls(ctx: CallsContext, input: ListCallsInput): Promise<ListCallsResult> {
  const { order, sparse } = await listPlan(ctx, input);
  // A sparse search reads its few matches through the GIN index (bitmap scans only) and sorts them.
  const read = <T>(fn: (db: Database) => Promise<T>) => (sparse ? withSearchPlan(ctx, input, fn) : fn(ctx.db));
  if (input.useCursor) {
    const rows = await read((db) => cursorPageQuery({ ...ctx, db }, input, order));
    const page = cursorPage(rows, input.limit, (row) => ({ time: row.startTime, id: row.id }));
    return { items: page.items.map((row) => toCallResponse(row, ctx.links)), ...listFields({ next_cursor: page.next_cursor }) };
  }
  const [rows, { total }] = await Promise.all([read((db) => pageQuery({ ...ctx, db }, input, undefined, inline, order)), countCalls(ctx, input)]);
  return { items: rows.map((row) => toCallResponse(row, ctx.links)), ...listFields(pageInfo(input.page, input.limit, total)) };
}

// Everything but the search vector, which only the database reads.
export const callColumns = Object.fromEntries(Object.entries(getTableColumns(calls)).filter(([name]) => name !== "transcriptSearch")) as Omit<
  ReturnType<typeof getTableColumns<typeof calls>>,
  "transcriptSearch"
>;

async function findCall(ctx: ServiceContext, callId: string) {
  const [row] = await ctx.db
    .select(callColumns)
    .from(calls)
    .where(and(eq(calls.id, callId), eq(calls.organizationId, ctx.organizationId)))
    .limit(1);
  if (!row) throw new NotFoundError("Call");
  return row;
}

/** One call with everything: transcript, variable values and post-call answers. */
export async function getCall(ctx: CallsContext, callId: string): Promise<Call> {
  const row = await findCall(ctx, callId);
  const answers = await ctx.db
    .select()
    .from(callPostCallAnswers)
    .where(eq(callPostCallAnswers.callId, callId))
    .orderBy(asc(callPostCallAnswers.createdAt), asc(callPostCallAnswers.questionName));
  return toFullCallResponse(row, answers, ctx.links);
}

export async function updateCallMetadata(
  ctx: CallsContext,
  callId: string,
  input: { metadata: Record<string, unknown>; override: boolean },
  now = new Date(),
): Promise<Call> {
  await withTransaction(ctx, async (tx) => {
    const [current] = await tx.db
      .select({ metadata: calls.metadata })
      .from(calls)
      .where(and(eq(calls.id, callId), eq(calls.organizationId, ctx.organizationId)))
      .for("update");
    if (!current) throw new NotFoundError("Call");
    const metadata = input.override ? input.metadata : (applyMergePatch(current.metadata, input.metadata) as Record<string, unknown>);
    await tx.db.update(calls).set({ metadata, updatedAt: now }).where(eq(calls.id, callId));
    await recordAudit(tx, { action: "call.updated", resourceType: "call", resourceId: callId, changes: fieldChanges({ metadata: current.metadata }, { metadata }) });
  });
  return getCall(ctx, callId);
}

export async function deleteCall(ctx: ServiceContext, callId: string): Promise<void> {
  await withTransaction(ctx, async (tx) => {
    const deleted = await tx.db
      .delete(calls)
      .where(and(eq(calls.id, callId), eq(calls.organizationId, ctx.organizationId)))
      .returning({ id: calls.id, type: calls.type, startTime: calls.startTime });
    if (deleted.length === 0) throw new NotFoundError("Call");
    await recordAudit(tx, {
      action: "call.deleted",
      resourceType: "call",
      resourceId: callId,
      changes: { ...change("call_type", deleted[0].type, null), ...change("start_time", deleted[0].startTime, null) },
    });
  });
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
    await recordAudit(tx, {
      action: "call.terminated",
      resourceType: "call",
      resourceId: callId,
      changes: { ...change("status", call.status, "ended"), ...change("end_reason", null, "terminated") },
    });
    return { alreadyEnded: false };
  });
}
