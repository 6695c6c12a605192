// How a SIP call's outcome is recorded on the call: busy (486/600), no_answer (408/480, ring
// timeout), failed with the SIP code kept (any other final response), or the side that hung up.

import type { SipCallEnd } from "@/lib/services/phone-calls/sip-call-progress";
import type { CallOutcome } from "../sip/call-outcome";

export function sipCallEnd(outcome: CallOutcome): SipCallEnd {
  const base = { sipStatus: outcome.sipStatus, reason: outcome.reason, answeredAt: outcome.answeredAt, endedAt: outcome.endedAt };
  switch (outcome.kind) {
    case "busy":
      return { ...base, status: "ended", endReason: "busy" };
    case "no_answer":
      return { ...base, status: "ended", endReason: "no_answer" };
    case "failed":
      // Before the answer the far end refused the call; after it, the dialog was lost (no ACK, session refresh missed).
      return outcome.answeredAt ? { ...base, status: "ended", endReason: "error" } : { ...base, status: "failed", endReason: "failed" };
    case "canceled":
      // We canceled without a terminate (shutting down), or the caller gave up before the answer.
      return { ...base, status: "ended", endReason: outcome.hungUpBy === "remote" ? "user_hangup" : "error" };
    case "completed":
      if (outcome.transferredTo) return { ...base, status: "ended", endReason: "transferred" };
      return { ...base, status: "ended", endReason: outcome.hungUpBy === "remote" ? "user_hangup" : "agent_hangup" };
  }
}
