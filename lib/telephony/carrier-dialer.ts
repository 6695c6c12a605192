import "server-only";
import type { Database } from "@/lib/db/client";
import type { JobQueue } from "@/lib/jobs/queue";
import { getAgent } from "@/lib/services/agents";
import { findPhoneNumberByNumber } from "@/lib/services/phone-numbers/phone-numbers";
import { failDial, findCall, issueStreamToken, markDialed, ONGOING_STATUSES } from "@/lib/services/phone-calls/phone-call-progress";
import { CarrierApiError } from "./carrier-error";
import { carrierOfNumber, PUBLIC_BASE_URL_MISSING, type TelephonySettings } from "./carrier-directory";
import { NoTelephonyProviderError, type DialableCall, type TelephonyProvider } from "./dialer";

/** How long an outbound call may ring before the carrier gives up (no_answer). */
const RING_TIMEOUT_SECONDS = 30;
/** The carrier's own cap sits past the agent's max_call_duration, which the media session enforces first. */
const TIME_LIMIT_MARGIN_SECONDS = 60;

/**
 * Places outbound calls through the number's carrier (Twilio or Telnyx): a one-time token for the
 * media stream, answering-machine detection (waiting for the beep when the agent can leave a
 * voicemail), and the carrier's call id on the record. A carrier that refuses the call fails it.
 */
export function carrierDialer(db: Database, queue: JobQueue, settings: TelephonySettings): TelephonyProvider {
  return {
    name: "carriers",
    async dial(call: DialableCall) {
      const ctx = { db, organizationId: call.organizationId };
      const number = await findPhoneNumberByNumber(ctx, call.fromNumber);
      if (number?.type === "sip") throw new NoTelephonyProviderError("This number is a SIP number; no SIP trunk dialer is configured on this deployment.");
      const resolved = number ? await carrierOfNumber(db, settings, call.organizationId, number) : null;
      if (!resolved) {
        throw new NoTelephonyProviderError(
          number?.carrier
            ? `No ${number.carrier} account is connected to this organization or deployment, so the call could not be placed.`
            : "No telephony provider is configured for this number (connect Twilio or Telnyx, or set the number's carrier), so the call could not be placed.",
        );
      }
      if (!settings.publicBaseUrl) throw new NoTelephonyProviderError(PUBLIC_BASE_URL_MISSING);
      const agent = await getAgent(ctx, call.agentId, call.agentVersion ?? undefined).catch(() => null);
      const canLeaveVoicemail = agent?.states.some((state) => state.tools?.some((tool) => tool.type === "leave_voicemail_message")) ?? false;
      const token = await issueStreamToken(db, call.id, resolved.carrier.name);
      try {
        const { carrierCallId } = await resolved.carrier.dial({
          callId: call.id,
          from: call.fromNumber,
          to: call.toNumber,
          streamParameters: { token },
          answeringMachineDetection: { waitForBeep: canLeaveVoicemail },
          ringTimeoutSeconds: RING_TIMEOUT_SECONDS,
          timeLimitSeconds: agent ? agent.max_call_duration + TIME_LIMIT_MARGIN_SECONDS : undefined,
        });
        await markDialed(db, call.id, resolved.carrier.name, carrierCallId);
        // Terminated while the dial request was in flight: the record has ended, so must the call.
        const now = await findCall(db, call.id);
        if (now && !(ONGOING_STATUSES as readonly string[]).includes(now.status)) await resolved.carrier.hangUp(carrierCallId);
      } catch (error) {
        // Not retried: a request that timed out may have placed the call, and a second one would ring twice.
        if (!(error instanceof CarrierApiError)) throw error;
        console.warn(`telephony: ${resolved.carrier.name} refused call ${call.id}: ${error.message}`);
        await failDial(db, queue, { id: call.id, organizationId: call.organizationId }, "failed", error.message);
      }
    },
  };
}
