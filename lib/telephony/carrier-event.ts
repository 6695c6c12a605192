import type { CarrierName } from "./carrier-name";

/** Why a carrier says a call ended. `canceled`: hung up by us before it was answered. */
export type CarrierEndReason = "completed" | "busy" | "no_answer" | "failed" | "canceled";

/** What answered: a person, a voicemail greeting, or undecided. */
export type AnsweredBy = "human" | "voicemail" | "unknown";

/** Outcome of dialling a transfer target (the second leg). */
export type TransferStatus = "answered" | "completed" | "busy" | "no_answer" | "failed";

type EventBase = {
  carrier: CarrierName;
  /** The carrier's id of the call leg (Twilio CallSid, Telnyx call_control_id). */
  carrierCallId: string;
  /** Our call id when the carrier carried it back (callback URL query, client_state); else null. */
  callId: string | null;
  occurredAt: Date | null;
};

/** One carrier webhook, normalized. A webhook may yield zero or more of these. */
export type CarrierEvent = EventBase &
  (
    | { type: "inbound_call"; from: string; to: string }
    | { type: "initiated" }
    | { type: "ringing" }
    | { type: "answered" }
    | {
        type: "completed";
        reason: CarrierEndReason;
        /** Seconds from answer to end when the carrier says so (Twilio `CallDuration`). */
        durationSeconds: number | null;
        hangupSource: "caller" | "callee" | "unknown";
        /** The carrier's own words (Twilio CallStatus, Telnyx hangup_cause). */
        carrierReason: string;
      }
    | {
        type: "answering_machine";
        answeredBy: AnsweredBy;
        /** The greeting ended (a message can be left now); `beep` says whether it ended with one. */
        greetingEnded: boolean;
        beep: boolean;
        carrierResult: string;
      }
    | {
        type: "transfer";
        status: TransferStatus;
        durationSeconds: number | null;
        to: string | null;
        /** A warm transfer's own call to the destination (not a `<Dial>` from the caller's call). */
        leg?: boolean;
      }
    | { type: "stream_started" }
    | { type: "stream_stopped" }
    | { type: "stream_failed"; reason: string }
    /** The short message played to a call we turned away has ended: hang up. */
    | { type: "message_played" }
  );

export type CarrierEventType = CarrierEvent["type"];
