import { randomBytes, timingSafeEqual } from "node:crypto";
import type { CarrierMediaTransport } from "./carrier-media-transport";

/** A warm transfer waiting for its destination's media stream. */
type Waiting = { token: string; attach(leg: CarrierMediaTransport): void };

/**
 * Where the other server processes of this instance take the streams meant for them (WEB_CONCURRENCY
 * > 1): this process's mark, put in front of its tokens, and the loopback WebSocket base URL of the
 * sibling a mark names. Set by lib/server as the cluster's processes come and go.
 */
export type TransferLegRoute = { mark: string; siblingFor(mark: string): string | null };

/**
 * The warm transfers this process is running, by call id: the destination's stream (`leg=transfer`)
 * proves itself with the one-time token its TwiML or dial request carried, and is handed to the
 * transfer that asked for it. In memory: a stream that reaches another server process of the
 * instance is relayed here by the mark in its token (see docs/decisions.md).
 */
const waiting = new Map<string, Waiting>();
let route: TransferLegRoute | null = null;

/** A mark is a short name of letters and digits; the token's random part follows a dot. */
const MARKED = /^([a-z0-9]{1,8})\.[A-Za-z0-9_-]+$/;

export function setTransferLegRoute(next: TransferLegRoute | null): void {
  route = next;
}

export function expectTransferLeg(callId: string, attach: (leg: CarrierMediaTransport) => void): { token: string; cancel(): void } {
  const secret = randomBytes(24).toString("base64url");
  const token = route ? `${route.mark}.${secret}` : secret;
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

/**
 * The loopback WebSocket base URL of the sibling process whose transfer a token belongs to, or null:
 * no cluster, a token without a mark, this process's own mark (never relayed twice), or a mark no
 * running sibling has. The sibling checks the token itself.
 */
export function transferLegOwner(token: string): string | null {
  const mark = MARKED.exec(token)?.[1];
  if (!route || !mark || mark === route.mark) return null;
  return route.siblingFor(mark);
}
