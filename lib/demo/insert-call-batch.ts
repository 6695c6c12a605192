import "server-only";
import { sql } from "drizzle-orm";
import type { Database } from "@/lib/db/client";

/** A post-call question as copied onto each answer. */
export type QuestionSnapshot = {
  id: string;
  name: string;
  description: string;
  type: string;
  optional: boolean;
  origin: string;
  options: { id: string; value: string }[];
};

/** Calls and their answers, one array per column (JSON columns as text), ready for `unnest`. */
export type CallBatch = {
  id: string[];
  agentId: string[];
  agentVersion: (number | null)[];
  type: string[];
  status: string[];
  direction: string[];
  fromNumber: (string | null)[];
  toNumber: (string | null)[];
  metadata: string[];
  startTime: string[];
  answeredAt: (string | null)[];
  endTime: (string | null)[];
  durationSeconds: (number | null)[];
  cost: (number | null)[];
  costBreakdown: (string | null)[];
  answerType: (string | null)[];
  endReason: (string | null)[];
  transcript: string[];
  variableValues: string[];
  /** Who started it through the API (JSON), or null. */
  startedBy: (string | null)[];
  /** Blob key of the call's recording, or null (seeded calls share one sample per organization). */
  recordingBlobKey: (string | null)[];
  answers: {
    callId: string[];
    /** 1-based position in the question snapshots passed with the batch. */
    question: number[];
    hasAnswer: boolean[];
    text: (string | null)[];
    number: (number | null)[];
    boolean: (boolean | null)[];
    selectedOptions: string[];
    createdAt: string[];
  };
};

export function emptyCallBatch(): CallBatch {
  return {
    id: [], agentId: [], agentVersion: [], type: [], status: [], direction: [], fromNumber: [], toNumber: [], metadata: [],
    startTime: [], answeredAt: [], endTime: [], durationSeconds: [], cost: [], costBreakdown: [], answerType: [],
    endReason: [], transcript: [], variableValues: [], startedBy: [], recordingBlobKey: [],
    answers: { callId: [], question: [], hasAnswer: [], text: [], number: [], boolean: [], selectedOptions: [], createdAt: [] },
  };
}

const p = (value: unknown) => sql.param(value);

/**
 * One statement per batch, one array parameter per column: the parameter count stays fixed
 * whatever the batch size, and calls and answers commit together. Question snapshots are sent
 * once per batch and joined by position instead of being repeated on every answer.
 */
export async function insertCallBatch(db: Database, organizationId: string, questions: QuestionSnapshot[], batch: CallBatch): Promise<void> {
  const a = batch.answers;
  await db.execute(sql`
    with inserted_calls as (
      insert into calls (
        id, organization_id, agent_id, agent_version, type, status, direction, from_number, to_number, metadata,
        start_time, answered_at, end_time, duration_seconds, cost, cost_breakdown, answer_type, end_reason,
        transcript, variable_values, started_by, recording_blob_key, created_at, updated_at
      )
      select
        c.id, ${p(organizationId)}::uuid, c.agent_id, c.agent_version, c.type, c.status, c.direction, c.from_number,
        c.to_number, c.metadata::jsonb, c.start_time::timestamptz, c.answered_at::timestamptz, c.end_time::timestamptz,
        c.duration_seconds, c.cost::numeric, c.cost_breakdown::jsonb, c.answer_type, c.end_reason, c.transcript::jsonb,
        c.variable_values::jsonb, c.started_by::jsonb, c.recording_blob_key, c.start_time::timestamptz, coalesce(c.end_time, c.start_time)::timestamptz
      from unnest(
        ${p(batch.id)}::uuid[], ${p(batch.agentId)}::uuid[], ${p(batch.agentVersion)}::int[], ${p(batch.type)}::text[],
        ${p(batch.status)}::text[], ${p(batch.direction)}::text[], ${p(batch.fromNumber)}::text[],
        ${p(batch.toNumber)}::text[], ${p(batch.metadata)}::text[], ${p(batch.startTime)}::text[],
        ${p(batch.answeredAt)}::text[], ${p(batch.endTime)}::text[], ${p(batch.durationSeconds)}::int[],
        ${p(batch.cost)}::float8[], ${p(batch.costBreakdown)}::text[], ${p(batch.answerType)}::text[],
        ${p(batch.endReason)}::text[], ${p(batch.transcript)}::text[], ${p(batch.variableValues)}::text[],
        ${p(batch.startedBy)}::text[], ${p(batch.recordingBlobKey)}::text[]
      ) as c(
        id, agent_id, agent_version, type, status, direction, from_number, to_number, metadata, start_time,
        answered_at, end_time, duration_seconds, cost, cost_breakdown, answer_type, end_reason, transcript, variable_values,
        started_by, recording_blob_key
      )
    )
    insert into call_post_call_answers (
      organization_id, call_id, question_id, question_name, question_description, question_type, question_optional,
      question_origin, has_answer, answer_text, answer_number, answer_boolean, selected_options, created_at
    )
    select
      ${p(organizationId)}::uuid, a.call_id, q.id, q.name, q.description, q.type, q.optional, q.origin, a.has_answer,
      a.answer_text, a.answer_number, a.answer_boolean, a.selected_options::jsonb, a.created_at::timestamptz
    from unnest(
      ${p(a.callId)}::uuid[], ${p(a.question)}::int[], ${p(a.hasAnswer)}::bool[], ${p(a.text)}::text[],
      ${p(a.number)}::float8[], ${p(a.boolean)}::bool[], ${p(a.selectedOptions)}::text[], ${p(a.createdAt)}::text[]
    ) as a(call_id, question, has_answer, answer_text, answer_number, answer_boolean, selected_options, created_at)
    join unnest(
      ${p(questions.map((q) => q.id))}::uuid[], ${p(questions.map((q) => q.name))}::text[],
      ${p(questions.map((q) => q.description))}::text[], ${p(questions.map((q) => q.type))}::text[],
      ${p(questions.map((q) => q.optional))}::bool[], ${p(questions.map((q) => q.origin))}::text[]
    ) with ordinality as q(id, name, description, type, optional, origin, position) on q.position = a.question
  `);
}
