import { carrierNames, type CarrierName } from "@/lib/schemas/telephony";

/** A carrier that keeps the media at its edge and streams it to us over a WebSocket. */
export { carrierNames, type CarrierName };

export function isCarrierName(value: unknown): value is CarrierName {
  return typeof value === "string" && (carrierNames as readonly string[]).includes(value);
}

/** The paths carriers open their media streams on (no query string: Twilio refuses one). */
export const carrierMediaPaths: Record<CarrierName, string> = { twilio: "/telephony/twilio/media", telnyx: "/telephony/telnyx/media" };
