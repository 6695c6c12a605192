import type { WebhookRequest } from "../carrier";
import { CarrierWebhookError } from "../carrier-error";
import type { AnsweredBy, CarrierEndReason, CarrierEvent, TransferStatus } from "../carrier-event";
import { parseTwilioForm } from "./twilio-signature";

const endReasons: Record<string, CarrierEndReason> = {
  completed: "completed",
  busy: "busy",
  "no-answer": "no_answer",
  failed: "failed",
  canceled: "canceled",
};

const transferStatuses: Record<string, TransferStatus> = {
  completed: "completed",
  answered: "completed",
  busy: "busy",
  "no-answer": "no_answer",
  failed: "failed",
  canceled: "failed",
};

/** A warm transfer leg's final CallStatus. `canceled`: we hung it up (our own timeout, or the caller left). */
const legStatuses: Record<string, TransferStatus> = {
  completed: "completed",
  busy: "busy",
  "no-answer": "no_answer",
  failed: "failed",
  canceled: "no_answer",
};

/** AnsweredBy, from async AMD (`MachineDetection=DetectMessageEnd` reports the end of the greeting). */
const machineResults: Record<string, { answeredBy: AnsweredBy; greetingEnded: boolean; beep: boolean }> = {
  human: { answeredBy: "human", greetingEnded: false, beep: false },
  machine_start: { answeredBy: "voicemail", greetingEnded: false, beep: false },
  machine_end_beep: { answeredBy: "voicemail", greetingEnded: true, beep: true },
  machine_end_silence: { answeredBy: "voicemail", greetingEnded: true, beep: false },
  machine_end_other: { answeredBy: "voicemail", greetingEnded: true, beep: false },
  fax: { answeredBy: "unknown", greetingEnded: false, beep: false },
  unknown: { answeredBy: "unknown", greetingEnded: false, beep: false },
};

function field(params: Record<string, string | string[]>, name: string): string | null {
  const value = params[name];
  return Array.isArray(value) ? (value[0] ?? null) : (value ?? null);
}

function seconds(value: string | null): number | null {
  return value !== null && /^\d+$/.test(value) ? Number(value) : null;
}

/**
 * Reads any Twilio webhook we register: the voice webhook (a new inbound call), status callbacks,
 * the async AMD callback, `<Dial action>` (a transfer's result) and `<Stream statusCallback>`.
 * Told apart by their fields; our call id comes from the callback URL's `call_id`.
 */
export function parseTwilioWebhook(request: WebhookRequest): CarrierEvent[] {
  const params = parseTwilioForm(request.rawBody);
  const carrierCallId = field(params, "CallSid");
  if (!carrierCallId) throw new CarrierWebhookError("twilio", "the webhook has no CallSid");
  let query: URLSearchParams;
  try {
    query = new URL(request.url).searchParams;
  } catch {
    throw new CarrierWebhookError("twilio", "the webhook URL is not a URL");
  }
  const stamp = field(params, "Timestamp");
  const occurredAt = stamp && !Number.isNaN(Date.parse(stamp)) ? new Date(stamp) : null;
  const base = { carrier: "twilio" as const, carrierCallId, callId: query.get("call_id"), occurredAt };
  const events: CarrierEvent[] = [];

  const dialStatus = field(params, "DialCallStatus");
  if (dialStatus) {
    const status = transferStatuses[dialStatus] ?? "failed";
    return [{ ...base, type: "transfer", status, durationSeconds: seconds(field(params, "DialCallDuration")), to: query.get("to") }];
  }

  // A warm transfer's destination leg (its status URL says leg=transfer): its progress is the caller's call's transfer.
  if (query.get("leg") === "transfer") {
    const status = field(params, "CallStatus");
    const to = query.get("to");
    if (status === "in-progress") return [{ ...base, type: "transfer", status: "answered", durationSeconds: null, to, leg: true }];
    const legStatus = status ? legStatuses[status] : undefined;
    if (!legStatus) return []; // initiated, ringing: nothing to record
    return [{ ...base, type: "transfer", status: legStatus, durationSeconds: legStatus === "completed" ? seconds(field(params, "CallDuration")) : null, to, leg: true }];
  }

  const streamEvent = field(params, "StreamEvent");
  if (streamEvent === "stream-started") return [{ ...base, type: "stream_started" }];
  if (streamEvent === "stream-stopped") return [{ ...base, type: "stream_stopped" }];
  if (streamEvent === "stream-error") return [{ ...base, type: "stream_failed", reason: field(params, "StreamError") ?? "stream error" }];

  const answeredBy = field(params, "AnsweredBy");
  if (answeredBy) {
    const result = machineResults[answeredBy] ?? machineResults.unknown;
    events.push({ ...base, type: "answering_machine", ...result, carrierResult: answeredBy });
  }

  const callStatus = field(params, "CallStatus");
  const progress = field(params, "CallbackSource") === "call-progress-events";
  if (callStatus === "ringing" && field(params, "Direction") === "inbound" && !progress) {
    return [{ ...base, type: "inbound_call", from: field(params, "From") ?? "", to: field(params, "To") ?? "" }];
  }
  if (callStatus === "initiated") events.push({ ...base, type: "initiated" });
  else if (callStatus === "ringing") events.push({ ...base, type: "ringing" });
  else if (callStatus === "in-progress" && (progress || !answeredBy)) events.push({ ...base, type: "answered" });
  else if (callStatus && endReasons[callStatus]) {
    events.push({
      ...base,
      type: "completed",
      reason: endReasons[callStatus],
      durationSeconds: seconds(field(params, "CallDuration")),
      hangupSource: "unknown",
      carrierReason: callStatus,
    });
  }
  return events;
}
