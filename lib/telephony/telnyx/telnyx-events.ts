import type { WebhookRequest } from "../carrier";
import { CarrierWebhookError } from "../carrier-error";
import type { AnsweredBy, CarrierEndReason, CarrierEvent, TransferStatus } from "../carrier-event";
import { asRecord } from "../media-stream";
import { decodeClientState } from "./client-state";

/** `hangup_cause` to why the call ended. */
const endReasons: Record<string, CarrierEndReason> = {
  normal_clearing: "completed",
  time_limit: "completed",
  user_busy: "busy",
  call_rejected: "busy",
  timeout: "no_answer",
  no_answer: "no_answer",
  originator_cancel: "canceled",
  not_found: "failed",
  unspecified: "failed",
};

const transferEnds: Record<CarrierEndReason, TransferStatus> = {
  completed: "completed",
  busy: "busy",
  no_answer: "no_answer",
  failed: "failed",
  canceled: "failed",
};

type MachineResult = { answeredBy: AnsweredBy; greetingEnded: boolean; beep: boolean };
const human: MachineResult = { answeredBy: "human", greetingEnded: false, beep: false };
const machine: MachineResult = { answeredBy: "voicemail", greetingEnded: false, beep: false };
const undecided: MachineResult = { answeredBy: "unknown", greetingEnded: false, beep: false };
const greetingOver: MachineResult = { answeredBy: "voicemail", greetingEnded: true, beep: false };
const beep: MachineResult = { answeredBy: "voicemail", greetingEnded: true, beep: true };

const machineResults: Record<string, Record<string, MachineResult>> = {
  "call.machine.detection.ended": { human, machine, not_sure: undecided },
  "call.machine.premium.detection.ended": { human_residence: human, human_business: human, machine, silence: undecided, fax_detected: undecided, not_sure: undecided },
  "call.machine.greeting.ended": { beep_detected: beep, ended: greetingOver, not_sure: greetingOver },
  "call.machine.premium.greeting.ended": { beep_detected: beep, no_beep_detected: greetingOver },
};

/**
 * Reads a Telnyx Call Control webhook (`{data: {event_type, occurred_at, payload}}`). Our call id
 * and the leg's purpose come back in `client_state`; a transfer's second leg reports as `transfer`.
 */
export function parseTelnyxWebhook(request: WebhookRequest): CarrierEvent[] {
  let body: unknown;
  try {
    body = JSON.parse(request.rawBody);
  } catch {
    throw new CarrierWebhookError("telnyx", "the webhook body is not JSON");
  }
  const data = asRecord(asRecord(body)?.data);
  const payload = asRecord(data?.payload);
  if (!data || typeof data.event_type !== "string" || !payload) throw new CarrierWebhookError("telnyx", "the webhook has no data.event_type and data.payload");
  const eventType = data.event_type;
  const carrierCallId = payload.call_control_id;
  if (typeof carrierCallId !== "string") return []; // not about a call (messaging, fax, …)
  const state = decodeClientState(payload.client_state);
  const occurredAt = typeof data.occurred_at === "string" && !Number.isNaN(Date.parse(data.occurred_at)) ? new Date(data.occurred_at) : null;
  const base = { carrier: "telnyx" as const, carrierCallId, callId: state?.call_id ?? null, occurredAt };
  const text = (value: unknown) => (typeof value === "string" ? value : "");

  if (state?.leg === "transfer") {
    const to = state.to ?? null;
    if (eventType === "call.answered") return [{ ...base, type: "transfer", status: "answered", durationSeconds: null, to }];
    if (eventType === "call.hangup") {
      const reason = endReasons[text(payload.hangup_cause)] ?? "failed";
      return [{ ...base, type: "transfer", status: transferEnds[reason], durationSeconds: null, to }];
    }
    return [];
  }

  if (state?.leg === "warm") {
    const to = state.to ?? null;
    if (eventType === "call.answered") return [{ ...base, type: "transfer", status: "answered", durationSeconds: null, to, leg: true }];
    if (eventType === "call.hangup") {
      const reason = endReasons[text(payload.hangup_cause)] ?? "failed";
      // originator_cancel: we hung up the ringing leg (the timeout, or the caller left).
      return [{ ...base, type: "transfer", status: reason === "canceled" ? "no_answer" : transferEnds[reason], durationSeconds: null, to, leg: true }];
    }
    return []; // its stream and bridge events: the warm transfer follows its own stream
  }

  const machineResult = machineResults[eventType];
  if (machineResult) {
    const result = text(payload.result);
    return [{ ...base, type: "answering_machine", ...(machineResult[result] ?? undecided), carrierResult: result }];
  }

  switch (eventType) {
    case "call.initiated":
      if (payload.direction === "incoming") return [{ ...base, type: "inbound_call", from: text(payload.from), to: text(payload.to) }];
      return [{ ...base, type: "initiated" }];
    case "call.answered":
      return [{ ...base, type: "answered" }];
    case "call.hangup": {
      const cause = text(payload.hangup_cause);
      const source = payload.hangup_source;
      return [
        {
          ...base,
          type: "completed",
          reason: endReasons[cause] ?? "failed",
          durationSeconds: null,
          hangupSource: source === "caller" || source === "callee" ? source : "unknown",
          carrierReason: cause,
        },
      ];
    }
    case "streaming.started":
      return [{ ...base, type: "stream_started" }];
    case "streaming.stopped":
      return [{ ...base, type: "stream_stopped" }];
    case "streaming.failed":
      return [{ ...base, type: "stream_failed", reason: text(payload.failure_reason) || "streaming failed" }];
    case "call.speak.ended":
      return state?.leg === "farewell" ? [{ ...base, type: "message_played" }] : [];
    default:
      return [];
  }
}
