import "server-only";
import type { Database } from "@/lib/db/client";
import { findCall } from "@/lib/services/phone-calls/phone-call-progress";
import { organizationCarrier, type TelephonySettings } from "./carrier-directory";

/**
 * Ends a call at its carrier through the REST API (the carrier then closes the media stream); a call
 * the carrier says has already ended is success. Failures are logged: the record has ended either way.
 */
export async function hangUpAtCarrier(db: Database, settings: TelephonySettings, callId: string): Promise<{ hungUp: boolean }> {
  const call = await findCall(db, callId);
  if (!call?.carrier || !call.carrierCallId) return { hungUp: false };
  const resolved = await organizationCarrier(db, settings, call.organizationId, call.carrier);
  if (!resolved) return { hungUp: false };
  try {
    await resolved.carrier.hangUp(call.carrierCallId);
    return { hungUp: true };
  } catch (error) {
    console.error(`telephony: hanging up call ${callId} at ${call.carrier} failed: ${error instanceof Error ? error.message : String(error)}`);
    return { hungUp: false };
  }
}

/** Ends a warm transfer's destination leg (the caller's call stays): a leg that already ended is success. */
export async function hangUpLegAtCarrier(db: Database, settings: TelephonySettings, callId: string, legCarrierCallId: string): Promise<void> {
  const call = await findCall(db, callId);
  if (!call?.carrier) return;
  const resolved = await organizationCarrier(db, settings, call.organizationId, call.carrier);
  if (!resolved) return;
  try {
    await resolved.carrier.hangUp(legCarrierCallId);
  } catch (error) {
    console.error(`telephony: hanging up the transfer leg of call ${callId} at ${call.carrier} failed: ${error instanceof Error ? error.message : String(error)}`);
  }
}

/**
 * The carrier legs of calls ended because the process holding their streams died: hung up at the
 * carrier, so that the caller is not left on a silent line (each failure is logged).
 */
export async function hangUpOrphanedCarrierCalls(db: Database, settings: TelephonySettings, calls: { id: string; carrier: string | null }[]): Promise<void> {
  await Promise.all(calls.filter((call) => call.carrier).map((call) => hangUpAtCarrier(db, settings, call.id)));
}
