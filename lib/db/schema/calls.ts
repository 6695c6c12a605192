import { sql } from "drizzle-orm";
import { boolean, doublePrecision, index, integer, jsonb, numeric, pgTable, primaryKey, text, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { organizations } from "./accounts";
import { createdAt, id, timestampMs, tsvector, updatedAt } from "./columns";
import { carrierNames } from "./telephony";
import {
  callAnswerTypes,
  callDirections,
  callEndReasons,
  callStatuses,
  callTypes,
  emptyCallUsage,
  type CallStarter,
  type CallTransfer,
  type CallUsage,
  type TranscriptEntry,
  type TurnLatency,
  type VariableValue,
} from "@/lib/schemas/call-values";
import type { PiiCategory } from "@/lib/redaction/pii-categories";

/**
 * One conversation. The transcript and variable values are JSONB on the row: they are written
 * as one document per call and always read whole, and this keeps a million calls one table.
 */
export const calls = pgTable(
  "calls",
  {
    id: id(),
    organizationId: uuid("organization_id")
      .notNull()
      .references(() => organizations.id, { onDelete: "cascade" }),
    // No foreign key: a call keeps its agent_id after the agent is deleted.
    agentId: uuid("agent_id").notNull(),
    agentVersion: integer("agent_version"),
    type: text("type", { enum: callTypes }).notNull(),
    status: text("status", { enum: callStatuses }).notNull().default("created"),
    direction: text("direction", { enum: callDirections }).notNull(),
    fromNumber: text("from_number"),
    toNumber: text("to_number"),
    metadata: jsonb("metadata").$type<Record<string, unknown>>().notNull().default({}),
    startTime: timestampMs("start_time").notNull().defaultNow(),
    answeredAt: timestampMs("answered_at"),
    endTime: timestampMs("end_time"),
    durationSeconds: integer("duration_seconds"),
    redirectDurationSeconds: integer("redirect_duration_seconds"),
    cost: numeric("cost", { precision: 12, scale: 6, mode: "number" }),
    costBreakdown: jsonb("cost_breakdown").$type<Record<string, number>>(),
    answerType: text("answer_type", { enum: callAnswerTypes }),
    endReason: text("end_reason", { enum: callEndReasons }),
    transcript: jsonb("transcript").$type<TranscriptEntry[]>().notNull().default([]),
    variableValues: jsonb("variable_values").$type<VariableValue[]>().notNull().default([]),
    dynamicVariablesValues: jsonb("dynamic_variables_values").$type<Record<string, unknown>>(),
    customHeaders: jsonb("custom_headers").$type<Record<string, string>>(),
    /** Who started it through the API (a studio member or an API key); null for inbound calls and older records. */
    startedBy: jsonb("started_by").$type<CallStarter>(),
    usage: jsonb("usage").$type<CallUsage>().notNull().default(emptyCallUsage),
    // The conversation engine's state between turns (lib/runtime/call-state.ts), so any instance can take the next turn.
    runtimeState: jsonb("runtime_state").$type<Record<string, unknown>>(),
    /** Phone calls through a carrier: which one, its id of the call, and the hash of the media stream's one-time token. */
    carrier: text("carrier", { enum: carrierNames }),
    carrierCallId: text("carrier_call_id"),
    streamTokenHash: text("stream_token_hash"),
    /** A transfer_call (or a redirect): where the caller was sent and how it went. */
    transfer: jsonb("transfer").$type<CallTransfer>(),
    recordingBlobKey: text("recording_blob_key"),
    // Voice calls: each caller turn's latency, stored when the call's media ends.
    turnLatency: jsonb("turn_latency").$type<TurnLatency[]>(),
    secureRecordingUrl: boolean("secure_recording_url").notNull().default(false),
    /** A campaign's call: the campaign and the contact it called (no foreign keys: a deleted campaign keeps its calls). */
    campaignId: uuid("campaign_id"),
    campaignContactId: uuid("campaign_contact_id"),

    /** The kinds of PII the agent's `redact_pii` found and replaced in what was kept of the call. */
    redactedCategories: jsonb("redacted_categories").$type<PiiCategory[]>().notNull().default([]),
    // Live calls: the process holding the media (media_instances; no foreign key: instances come and go, the call stays).
    mediaInstanceId: uuid("media_instance_id"),
    // What both sides said, for full-text search; generated, so every writer keeps it in its own transaction.
    transcriptSearch: tsvector("transcript_search")
      .notNull()
      .generatedAlwaysAs(sql`to_tsvector('english', jsonb_path_query_array(transcript, '$[*].content'))`),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    // Every list is newest first with the id as tie-breaker; one index per filter keeps pages fast.
    index("calls_org_start_idx").on(table.organizationId, table.startTime.desc().nullsFirst(), table.id.desc().nullsFirst()),
    index("calls_org_agent_start_idx").on(table.organizationId, table.agentId, table.startTime.desc().nullsFirst(), table.id.desc().nullsFirst()),
    index("calls_org_type_start_idx").on(table.organizationId, table.type, table.startTime.desc().nullsFirst(), table.id.desc().nullsFirst()),
    index("calls_org_from_start_idx").on(table.organizationId, table.fromNumber, table.startTime.desc().nullsFirst(), table.id.desc().nullsFirst()),
    index("calls_org_to_start_idx").on(table.organizationId, table.toNumber, table.startTime.desc().nullsFirst(), table.id.desc().nullsFirst()),
    index("calls_org_status_start_idx").on(table.organizationId, table.status, table.startTime.desc().nullsFirst(), table.id.desc().nullsFirst()),
    index("calls_org_end_reason_start_idx").on(table.organizationId, table.endReason, table.startTime.desc().nullsFirst(), table.id.desc().nullsFirst()),
    index("calls_org_carrier_start_idx").on(table.organizationId, table.carrier, table.startTime.desc().nullsFirst(), table.id.desc().nullsFirst()),
    index("calls_carrier_call_idx").on(table.carrierCallId),
    index("calls_org_campaign_start_idx")
      .on(table.organizationId, table.campaignId, table.startTime.desc().nullsFirst(), table.id.desc().nullsFirst())
      .where(sql`${table.campaignId} is not null`),
    // Concurrency: an organization's live phone calls, and a campaign's, counted in the transaction that adds one.
    index("calls_org_live_idx").on(table.organizationId, table.direction).where(sql`${table.status} in ('created', 'ringing', 'in_progress') and ${table.type} = 'phone_call'`),
    index("calls_campaign_live_idx").on(table.campaignId).where(sql`${table.status} in ('created', 'ringing', 'in_progress') and ${table.campaignId} is not null`),
    index("calls_transcript_search_idx").using("gin", table.transcriptSearch),
    // The runtime's timer sweep: ongoing calls only, least recently written first (a small partial index).
    index("calls_in_progress_updated_idx").on(table.updatedAt).where(sql`${table.status} = 'in_progress'`),
    // The dead-instance sweep: the live calls of one holder (a small partial index).
    index("calls_live_media_instance_idx")
      .on(table.mediaInstanceId)
      .where(sql`${table.status} in ('created', 'ringing', 'in_progress') and ${table.mediaInstanceId} is not null`),
  ],
);

export type SelectedOption = { option: { id: string; value: string } };

/** Answers keep a copy of their question so a call's record survives later edits of the question. */
export const callPostCallAnswers = pgTable(
  "call_post_call_answers",
  {
    id: id(),
    organizationId: uuid("organization_id")
      .notNull()
      .references(() => organizations.id, { onDelete: "cascade" }),
    callId: uuid("call_id")
      .notNull()
      .references(() => calls.id, { onDelete: "cascade" }),
    questionId: uuid("question_id").notNull(),
    questionName: text("question_name").notNull(),
    questionDescription: text("question_description").notNull().default(""),
    questionType: text("question_type").notNull(),
    questionOptional: boolean("question_optional").notNull().default(false),
    questionOrigin: text("question_origin").notNull().default("system"),
    hasAnswer: boolean("has_answer").notNull(),
    answerText: text("answer_text"),
    answerNumber: doublePrecision("answer_number"),
    answerBoolean: boolean("answer_boolean"),
    selectedOptions: jsonb("selected_options").$type<SelectedOption[]>().notNull().default([]),
    createdAt: createdAt(),
  },
  (table) => [
    // One answer per question and call: a retried post-call job cannot store a second one.
    uniqueIndex("call_post_call_answers_call_question_unique").on(table.callId, table.questionId),
    index("call_post_call_answers_question_idx").on(table.organizationId, table.questionId),
  ],
);

/** Things the conversation runtime did that telephony acts on (transfer, wait, voicemail) and tool calls. */
export const callEvents = pgTable(
  "call_events",
  {
    id: id(),
    organizationId: uuid("organization_id")
      .notNull()
      .references(() => organizations.id, { onDelete: "cascade" }),
    callId: uuid("call_id")
      .notNull()
      .references(() => calls.id, { onDelete: "cascade" }),
    type: text("type").notNull(),
    payload: jsonb("payload").$type<Record<string, unknown>>().notNull().default({}),
    occurredAt: timestampMs("occurred_at").notNull().defaultNow(),
  },
  (table) => [index("call_events_call_idx").on(table.callId, table.occurredAt)],
);

/** The first result of a start-call request, returned again for a repeated Idempotency-Key. */
export const idempotencyKeys = pgTable(
  "idempotency_keys",
  {
    organizationId: uuid("organization_id")
      .notNull()
      .references(() => organizations.id, { onDelete: "cascade" }),
    key: text("key").notNull(),
    requestHash: text("request_hash").notNull(),
    callId: uuid("call_id").notNull(),
    createdAt: createdAt(),
  },
  (table) => [primaryKey({ columns: [table.organizationId, table.key] }), index("idempotency_keys_created_idx").on(table.createdAt)],
);
