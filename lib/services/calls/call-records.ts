import type { LinkSigner } from "@/lib/storage/signed-links";
import type { callPostCallAnswers, calls, CallEndReason, CallStatus, CallTransfer, CallType, CarrierName, SelectedOption, TranscriptEntry, TurnLatency, VariableValue } from "@/lib/db/schema";

export type PostCallAnswerResponse = {
  id: string;
  question: { id: string; name: string; description: string; question_type: string; is_optional: boolean; question_origin: string };
  has_answer: boolean;
  answer_text: string | null;
  answer_number: number | null;
  answer_boolean: boolean | null;
  selected_options: SelectedOption[];
};

export type CallResponse = {
  id: string;
  status: CallStatus;
  from_number: string | null;
  to_number: string | null;
  direction: "inbound" | "outbound";
  organization_id: string;
  type: CallType;
  agent_id: string;
  agent_version: number | null;
  metadata: Record<string, unknown>;
  start_time: string;
  end_time: string | null;
  duration_seconds: number | null;
  redirect_duration_seconds: number | null;
  cost: number | null;
  cost_breakdown: Record<string, number> | null;
  end_reason: CallEndReason | null;
  answer_type: "human" | "voicemail" | "unknown" | null;
  recording_url: string | null;
  secure_recording_url: boolean;
  dynamic_variables_values: Record<string, unknown> | null;
  custom_headers: Record<string, string> | null;
  carrier: CarrierName | null;
  carrier_call_id: string | null;
  transfer: CallTransfer | null;
  transcript_string?: string;
  transcript?: TranscriptEntry[];
  variable_values?: VariableValue[];
  post_call_answers?: PostCallAnswerResponse[];
  turn_latency?: TurnLatency[] | null;
};

type CallRow = Omit<typeof calls.$inferSelect, "transcript" | "variableValues" | "createdAt" | "updatedAt" | "answeredAt" | "usage" | "runtimeState" | "transcriptSearch" | "turnLatency" | "streamTokenHash"> & {
  transcript?: TranscriptEntry[];
  variableValues?: VariableValue[];
};

export function transcriptToString(transcript: TranscriptEntry[]): string {
  return transcript.map((entry) => `${entry.role}: ${entry.content}`).join("\n");
}

/** `links` signs the recording's link; without it (or without a recording) `recording_url` is null. */
export function toCallResponse(row: CallRow, links?: LinkSigner): CallResponse {
  const response: CallResponse = {
    id: row.id,
    status: row.status,
    from_number: row.fromNumber,
    to_number: row.toNumber,
    direction: row.direction,
    organization_id: row.organizationId,
    type: row.type,
    agent_id: row.agentId,
    agent_version: row.agentVersion,
    metadata: row.metadata,
    start_time: row.startTime.toISOString(),
    end_time: row.endTime?.toISOString() ?? null,
    duration_seconds: row.durationSeconds,
    redirect_duration_seconds: row.redirectDurationSeconds,
    cost: row.cost,
    cost_breakdown: row.costBreakdown,
    end_reason: row.endReason,
    answer_type: row.answerType,
    recording_url: row.recordingBlobKey && links ? links.url(row.recordingBlobKey) : null,
    secure_recording_url: row.secureRecordingUrl,
    dynamic_variables_values: row.dynamicVariablesValues,
    custom_headers: row.customHeaders,
    carrier: row.carrier,
    carrier_call_id: row.carrierCallId,
    transfer: row.transfer,
  };
  if (row.transcript) {
    response.transcript_string = transcriptToString(row.transcript);
    response.transcript = row.transcript;
  }
  if (row.variableValues) response.variable_values = row.variableValues;
  return response;
}

export function toPostCallAnswerResponse(row: typeof callPostCallAnswers.$inferSelect): PostCallAnswerResponse {
  return {
    id: row.id,
    question: {
      id: row.questionId,
      name: row.questionName,
      description: row.questionDescription,
      question_type: row.questionType,
      is_optional: row.questionOptional,
      question_origin: row.questionOrigin,
    },
    has_answer: row.hasAnswer,
    answer_text: row.answerText,
    answer_number: row.answerNumber,
    answer_boolean: row.answerBoolean,
    selected_options: row.selectedOptions,
  };
}
