import type { LinkSigner } from "@/lib/storage/signed-links";
import type { callPostCallAnswers, calls } from "@/lib/db/schema";
import type { TranscriptEntry, VariableValue } from "@/lib/schemas/call-values";
import type { Call, PostCallAnswer } from "@/lib/schemas/calls";

type CallRow = Omit<
  typeof calls.$inferSelect,
  "transcript" | "variableValues" | "createdAt" | "updatedAt" | "answeredAt" | "usage" | "runtimeState" | "transcriptSearch" | "turnLatency" | "streamTokenHash" | "campaignContactId" | "mediaInstanceId" | "analysisHistory"
> & {
  transcript?: TranscriptEntry[];
  variableValues?: VariableValue[];
};

export function transcriptToString(transcript: TranscriptEntry[]): string {
  return transcript.map((entry) => `${entry.role}: ${entry.content}`).join("\n");
}

/** `links` signs the recording's link; without it (or without a recording) `recording_url` is null. */
export function toCallResponse(row: CallRow, links?: LinkSigner): Call {
  const response: Call = {
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
    started_by: row.startedBy,
    analysis: row.analysis,
    analysis_skipped: row.analysisSkipped,
    campaign_id: row.campaignId,

    redacted_categories: row.redactedCategories ?? [],
  };
  if (row.transcript) {
    response.transcript_string = transcriptToString(row.transcript);
    response.transcript = row.transcript;
  }
  if (row.variableValues) response.variable_values = row.variableValues;
  return response;
}

/** One call with everything, from its row and its post-call answers (oldest first). */
export function toFullCallResponse(
  row: CallRow & Pick<typeof calls.$inferSelect, "turnLatency" | "analysisHistory">,
  answers: (typeof callPostCallAnswers.$inferSelect)[],
  links?: LinkSigner,
): Call {
  return { ...toCallResponse(row, links), post_call_answers: answers.map(toPostCallAnswerResponse), turn_latency: row.turnLatency, analysis_history: row.analysisHistory };
}

export function toPostCallAnswerResponse(row: typeof callPostCallAnswers.$inferSelect): PostCallAnswer {
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
