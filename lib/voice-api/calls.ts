import { callAnswerTypes, callEndReasons, callStatuses, type CallAnswerType, type CallStatus, type CallType } from "@/lib/schemas/call-values";
import type { Call, CallCount } from "@/lib/schemas/calls";
import { carrierNames } from "@/lib/schemas/telephony";
import type { Envelope, Query, VoiceApiClient } from "./client";

export type { Call, CallCount, PostCallAnswer } from "@/lib/schemas/calls";
export type { CallStarter, TranscriptEntry, TurnLatency, VariableValue } from "@/lib/schemas/call-values";

/** The list filters of GET /v1/calls, named as the API names them (they also live in the page's URL). */
export type CallFilters = {
  agent_id?: string;
  call_type?: CallType;
  from_number?: string;
  to_number?: string;
  start_time_gt?: string;
  start_time_lt?: string;
  status?: CallStatus;
  end_reason?: string;
  answer_type?: CallAnswerType;
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

export const CALL_STATUSES = callStatuses;
export const CALL_END_REASONS = callEndReasons;
export const CALL_CARRIERS = carrierNames;
export const CALL_ANSWER_TYPES = callAnswerTypes;

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
