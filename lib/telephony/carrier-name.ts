import { carrierNames, type CarrierName } from "@/lib/schemas/telephony";

/** A carrier that keeps the media at its edge and streams it to us over a WebSocket. */
export { carrierNames, type CarrierName };

export function isCarrierName(value: unknown): value is CarrierName {
  return typeof value === "string" && (carrierNames as readonly string[]).includes(value);
}
