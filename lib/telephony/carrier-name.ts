export const carrierNames = ["twilio", "telnyx"] as const;

/** A carrier that keeps the media at its edge and streams it to us over a WebSocket. */
export type CarrierName = (typeof carrierNames)[number];

export function isCarrierName(value: unknown): value is CarrierName {
  return typeof value === "string" && (carrierNames as readonly string[]).includes(value);
}
