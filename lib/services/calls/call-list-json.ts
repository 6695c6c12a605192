import "server-only";
import { calls } from "@/lib/db/schema";
import type { TranscriptEntry } from "@/lib/schemas/call-values";
import { queryTextRows, type TextRows } from "@/lib/db/text-rows";
import type { LinkSigner } from "@/lib/storage/signed-links";
import { transcriptToString } from "./call-records";
import { callPageSql, countCalls, listCalls, type CallsContext, type ListCallsInput } from "./calls";
import { nextCursor, listFields, pageInfo } from "../paging";

export type CallListJson = { itemsJson: string } & ReturnType<typeof listFields>;

// Printable ASCII without `"` and `\`: such a string is its own JSON body.
const PLAIN = /^[\x20\x21\x23-\x5b\x5d-\x7e]*$/;
const quote = (text: string) => (PLAIN.test(text) ? `"${text}"` : JSON.stringify(text));
const stringOrNull = (text: string | null) => (text === null ? "null" : quote(text));
const rawOrNull = (text: string | null) => text ?? "null";

/**
 * A timestamptz as Postgres writes it ("2026-11-23 14:50:12.77+00", trailing zeros dropped) → the
 * API's ISO form with milliseconds. Sessions in UTC take the fast path; others go through Date.
 */
export function isoTimestamp(text: string): string {
  if (text.length >= 22 && text[10] === " " && text.endsWith("+00")) {
    const fraction = text[19] === "." ? text.slice(20, -3) : "";
    return `${text.slice(0, 10)}T${text.slice(11, 19)}.${(fraction + "000").slice(0, 3)}Z`;
  }
  return new Date(text.replace(" ", "T").replace(/([+-]\d\d)$/, "$1:00")).toISOString();
}

const column = (rows: TextRows, name: string) => rows.columns.get(name) ?? -1;

/** The calls of a page as the JSON array `listCalls` would give, written from Postgres' text without parsing it. */
function writeCalls(rows: TextRows, count: number, links: LinkSigner | undefined): string {
  const at = {
    id: column(rows, calls.id.name),
    status: column(rows, calls.status.name),
    from: column(rows, calls.fromNumber.name),
    to: column(rows, calls.toNumber.name),
    direction: column(rows, calls.direction.name),
    organization: column(rows, calls.organizationId.name),
    type: column(rows, calls.type.name),
    agent: column(rows, calls.agentId.name),
    version: column(rows, calls.agentVersion.name),
    metadata: column(rows, calls.metadata.name),
    start: column(rows, calls.startTime.name),
    end: column(rows, calls.endTime.name),
    duration: column(rows, calls.durationSeconds.name),
    redirect: column(rows, calls.redirectDurationSeconds.name),
    cost: column(rows, calls.cost.name),
    breakdown: column(rows, calls.costBreakdown.name),
    endReason: column(rows, calls.endReason.name),
    answerType: column(rows, calls.answerType.name),
    recording: column(rows, calls.recordingBlobKey.name),
    secure: column(rows, calls.secureRecordingUrl.name),
    dynamic: column(rows, calls.dynamicVariablesValues.name),
    headers: column(rows, calls.customHeaders.name),
    carrier: column(rows, calls.carrier.name),
    carrierCallId: column(rows, calls.carrierCallId.name),
    transfer: column(rows, calls.transfer.name),
    startedBy: column(rows, calls.startedBy.name),
    campaign: column(rows, calls.campaignId.name),
    redacted: column(rows, calls.redactedCategories.name),
    transcript: column(rows, calls.transcript.name),
    variables: column(rows, calls.variableValues.name),
  };
  const items: string[] = [];
  for (const row of rows.rows.slice(0, count)) {
    const end = row[at.end];
    const cost = row[at.cost];
    const recording = row[at.recording];
    let item =
      `{"id":"${row[at.id]}","status":"${row[at.status]}","from_number":${stringOrNull(row[at.from])},` +
      `"to_number":${stringOrNull(row[at.to])},"direction":"${row[at.direction]}","organization_id":"${row[at.organization]}",` +
      `"type":"${row[at.type]}","agent_id":"${row[at.agent]}","agent_version":${rawOrNull(row[at.version])},` +
      `"metadata":${row[at.metadata]},"start_time":"${isoTimestamp(row[at.start]!)}",` +
      `"end_time":${end === null ? "null" : `"${isoTimestamp(end)}"`},"duration_seconds":${rawOrNull(row[at.duration])},` +
      `"redirect_duration_seconds":${rawOrNull(row[at.redirect])},"cost":${cost === null ? "null" : String(Number(cost))},` +
      `"cost_breakdown":${rawOrNull(row[at.breakdown])},"end_reason":${stringOrNull(row[at.endReason])},` +
      `"answer_type":${stringOrNull(row[at.answerType])},` +
      `"recording_url":${recording !== null && links ? quote(links.url(recording)) : "null"},` +
      `"secure_recording_url":${row[at.secure] === "t"},"dynamic_variables_values":${rawOrNull(row[at.dynamic])},` +
      `"custom_headers":${rawOrNull(row[at.headers])},"carrier":${stringOrNull(row[at.carrier])},` +
      `"carrier_call_id":${stringOrNull(row[at.carrierCallId])},"transfer":${rawOrNull(row[at.transfer])},` +
      `"started_by":${rawOrNull(row[at.startedBy])},` +
      `"campaign_id":${stringOrNull(row[at.campaign])},` +
      `"redacted_categories":${row[at.redacted] ?? "[]"}`;
    if (at.transcript >= 0) {
      const transcript = row[at.transcript]!;
      item += `,"transcript_string":${quote(transcriptToString(JSON.parse(transcript) as TranscriptEntry[]))},"transcript":${transcript}`;
    }
    if (at.variables >= 0) item += `,"variable_values":${row[at.variables]}`;
    items.push(`${item}}`);
  }
  return `[${items.join(",")}]`;
}

async function serialized(ctx: CallsContext, input: ListCallsInput): Promise<CallListJson> {
  const { items, ...paging } = await listCalls(ctx, input);
  return { itemsJson: JSON.stringify(items), ...paging };
}

/**
 * `listCalls` with its items already serialized: the same query, run with every value kept as the
 * text Postgres sent, so a large page costs no JSON parse of its columns and no re-serialization.
 * A test holds it equal to `JSON.stringify(listCalls(…).items)`.
 */
export async function listCallsJson(ctx: CallsContext, input: ListCallsInput): Promise<CallListJson> {
  // A search is planned first (and may run in a transaction of its own): `listCalls` does that.
  if (input.search) return serialized(ctx, input);
  const [rows, count] = await Promise.all([
    queryTextRows(ctx.db, callPageSql(ctx, input)),
    input.useCursor ? undefined : countCalls(ctx, input),
  ]);
  if (!rows) return serialized(ctx, input);
  const total = count?.total;
  const itemsJson = writeCalls(rows, input.limit, ctx.links);
  if (total !== undefined) return { itemsJson, ...listFields(pageInfo(input.page, input.limit, total)) };
  const key = (row: (string | null)[] | undefined) =>
    row && { id: row[column(rows, calls.id.name)]!, time: new Date(isoTimestamp(row[column(rows, calls.startTime.name)]!)) };
  const last = key(rows.rows[Math.min(input.limit, rows.rows.length) - 1]);
  const following = key(rows.rows[input.limit]);
  return { itemsJson, ...listFields({ next_cursor: last ? nextCursor(last, following) : null }) };
}
