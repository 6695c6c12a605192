import { randomBytes, timingSafeEqual } from "node:crypto";
import type { CarrierMediaTransport } from "./carrier-media-transport";

/** A warm transfer waiting for its destination's media stream. */
type Waiting = { token: string; attach(leg: CarrierMediaTransport): void };

/**
 * The warm transfers this process is running, by call id: the destination's stream (`leg=transfer`)
 * proves itself with the one-time token its TwiML or dial request carried, and is handed to the
 * transfer that asked for it. In memory: the leg's stream must reach the process that holds the
 * caller's media (the same as its own stream does; see docs/decisions.md).
 */
const waiting = new Map<string, Waiting>();

export function expectTransferLeg(callId: string, attach: (leg: CarrierMediaTransport) => void): { token: string; cancel(): void } {
  const token = randomBytes(24).toString("base64url");
  const entry: Waiting = { token, attach };
  waiting.set(callId, entry);
  return {
    token,
    cancel: () => {
      if (waiting.get(callId) === entry) waiting.delete(callId);
    },
  };
}

/** Takes the waiting transfer of the call when the token is its own (once); null otherwise. */
export function claimTransferLeg(callId: string, token: string): ((leg: CarrierMediaTransport) => void) | null {
  const entry = waiting.get(callId);
  if (!entry) return null;
  const given = Buffer.from(token);
  const expected = Buffer.from(entry.token);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  waiting.delete(callId);
  return entry.attach;
}
