import type { Envelope, Query, VoiceApiClient } from "./client";

export type TranscriptEntry = { role: string; start_time: string; content: string; interrupted?: boolean };
export type TurnLatency = {
  turn: number;
  speech_ended_at_ms: number;
  end_of_turn_ms: number;
  transcript_ms: number | null;
  first_token_ms: number | null;
  first_sentence_ms: number | null;
  first_speech_byte_ms: number | null;
  first_audio_ms: number | null;
};
export type VariableValue = { name: string; type: string; value: unknown; timestamp: string };
export type PostCallAnswer = {
  id: string;
  question: { id: string; name: string; description: string; question_type: string; is_optional: boolean; question_origin: string };
  has_answer: boolean;
  answer_text: string | null;
  answer_number: number | null;
  answer_boolean: boolean | null;
  selected_options: { option: { id: string; value: string } }[];
};

/** A call as /v1 answers it (lists omit transcript and variable values unless asked for). */
export type Call = {
  id: string;
  status: "created" | "ringing" | "in_progress" | "ended" | "failed";
  from_number: string | null;
  to_number: string | null;
  direction: "inbound" | "outbound";
  organization_id: string;
  type: "phone_call" | "web_call";
  agent_id: string;
  agent_version: number | null;
  metadata: Record<string, unknown>;
  start_time: string;
  end_time: string | null;
  duration_seconds: number | null;
  redirect_duration_seconds: number | null;
  cost: number | null;
  cost_breakdown: Record<string, number> | null;
  end_reason: string | null;
  answer_type: "human" | "voicemail" | "unknown" | null;
  recording_url: string | null;
  secure_recording_url: boolean;
  dynamic_variables_values: Record<string, unknown> | null;
  custom_headers: Record<string, string> | null;
  carrier?: "twilio" | "telnyx" | null;
  carrier_call_id?: string | null;
  transfer?: { to: string; status: string; duration_seconds: number | null } | null;
  transcript_string?: string;
  transcript?: TranscriptEntry[];
  variable_values?: VariableValue[];
  post_call_answers?: PostCallAnswer[];
  turn_latency?: TurnLatency[] | null;
};

/** The list filters of GET /v1/calls, named as the API names them (they also live in the page's URL). */
export type CallFilters = {
  agent_id?: string;
  call_type?: "phone_call" | "web_call";
  from_number?: string;
  to_number?: string;
  start_time_gt?: string;
  start_time_lt?: string;
  status?: Call["status"];
  end_reason?: string;
  answer_type?: NonNullable<Call["answer_type"]>;
  carrier?: "twilio" | "telnyx";
  search?: string;
};

export const CALL_FILTER_KEYS = [
  "search",
  "agent_id",
  "call_type",
  "status",
  "end_reason",
  "answer_type",
  "carrier",
  "from_number",
  "to_number",
  "start_time_gt",
  "start_time_lt",
] as const satisfies readonly (keyof CallFilters)[];

export const CALL_STATUSES = ["created", "ringing", "in_progress", "ended", "failed"] as const;
export const CALL_END_REASONS = ["completed", "agent_hangup", "user_hangup", "max_duration", "terminated", "no_answer", "busy", "no_telephony_provider", "error", "failed", "transferred"] as const;
export const CALL_CARRIERS = ["twilio", "telnyx"] as const;
export const CALL_ANSWER_TYPES = ["human", "voicemail", "unknown"] as const;

/** How many calls match; `exact` is false above 10,000 matches of filters the rollups cannot count (an estimate). */
export type CallCount = { total: number; exact: boolean };

export type CallListOptions = CallFilters & { cursor?: string; limit?: number; include_transcript?: boolean; include_variable_values?: boolean };

/** An ongoing call can still be terminated (phone calls only). */
export const isOngoing = (call: Pick<Call, "status">) => call.status === "created" || call.status === "ringing" || call.status === "in_progress";

export function listCalls(api: VoiceApiClient, options: CallListOptions = {}, signal?: AbortSignal): Promise<Envelope<Call[]>> {
  return api.requestEnvelope<Call[]>("GET", "/calls", { query: options as Query, signal });
}

export function countCalls(api: VoiceApiClient, filters: CallFilters, signal?: AbortSignal): Promise<CallCount> {
  return api.get<CallCount>("/calls/count", { query: filters as Query, signal });
}

export const getCall = (api: VoiceApiClient, id: string) => api.get<Call>(`/calls/${encodeURIComponent(id)}`);

export const updateCallMetadata = (api: VoiceApiClient, id: string, metadata: Record<string, unknown>, override: boolean) =>
  api.patch<Call>(`/calls/${encodeURIComponent(id)}`, { metadata, override });

export const deleteCall = (api: VoiceApiClient, id: string) => api.delete<null>(`/calls/${encodeURIComponent(id)}`);

export const terminateCall = (api: VoiceApiClient, id: string) => api.post<null>(`/calls/${encodeURIComponent(id)}/terminate`);
