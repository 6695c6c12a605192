import { randomBytes, timingSafeEqual } from "node:crypto";
import type { CarrierMediaTransport } from "./carrier-media-transport";

/** A warm transfer waiting for its destination's media stream. */
type Waiting = { token: string; attach(leg: CarrierMediaTransport): void };

/**
 * How a leg finds the server process that placed its transfer, whichever process or instance its
 * stream reaches: this process's mark (its media instance id), put in front of its tokens, and where
 * the process a mark names takes relayed streams (its `relay_url`, a WebSocket base URL). Set by lib/server.
 */
export type TransferLegRoute = { mark: string; relayUrlOf(mark: string): Promise<string | null> };

/**
 * The warm transfers this process is running, by call id: the destination's stream (`leg=transfer`)
 * proves itself with the one-time token its TwiML or dial request carried, and is handed to the
 * transfer that asked for it. In memory: a stream that reaches another server process (of this
 * instance or another) is relayed here by the mark in its token (see docs/decisions.md).
 */
const waiting = new Map<string, Waiting>();
let route: TransferLegRoute | null = null;

/** A mark is a media instance id (a uuid); the token's random part follows a dot. */
const MARKED = /^([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\.[A-Za-z0-9_-]+$/;

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
 * Where the process whose transfer a token belongs to takes relayed streams, or null: no route, a
 * token without a mark, this process's own mark (never relayed twice), or a process that is gone or
 * takes none. That process checks the token itself.
 */
export async function transferLegOwner(token: string): Promise<string | null> {
  const mark = MARKED.exec(token)?.[1];
  if (!route || !mark || mark === route.mark) return null;
  return route.relayUrlOf(mark);
}
