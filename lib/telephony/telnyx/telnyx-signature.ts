import { createPublicKey, verify, type KeyObject } from "node:crypto";
import type { WebhookVerification } from "../carrier";

/** Telnyx dates each webhook; one older or newer than this (seconds) is refused as a replay. Telnyx's own SDK uses 5 minutes. */
export const TELNYX_TIMESTAMP_TOLERANCE_SECONDS = 300;

/** The account's public key (`TELNYX_PUBLIC_KEY`: base64 of the 32-byte Ed25519 key, as the portal shows it). */
export function telnyxPublicKey(base64: string): KeyObject {
  const raw = Buffer.from(base64.trim(), "base64");
  if (raw.length !== 32) throw new Error(`TELNYX_PUBLIC_KEY must be a base64 Ed25519 public key (32 bytes), got ${raw.length} bytes`);
  return createPublicKey({ key: { kty: "OKP", crv: "Ed25519", x: raw.toString("base64url") }, format: "jwk" });
}

/** `telnyx-signature-ed25519`: base64 Ed25519 signature of `${telnyx-timestamp}|${raw body}`. */
export function verifyTelnyxSignature(input: {
  publicKey: KeyObject;
  signature: string | null;
  timestamp: string | null;
  rawBody: string;
  now?: Date;
  toleranceSeconds?: number;
}): WebhookVerification {
  if (!input.signature) return { ok: false, reason: "missing telnyx-signature-ed25519" };
  if (!input.timestamp || !/^\d{1,12}$/.test(input.timestamp)) return { ok: false, reason: "missing or malformed telnyx-timestamp" };
  const nowSeconds = Math.floor((input.now ?? new Date()).getTime() / 1000);
  if (Math.abs(nowSeconds - Number(input.timestamp)) > (input.toleranceSeconds ?? TELNYX_TIMESTAMP_TOLERANCE_SECONDS)) {
    return { ok: false, reason: "telnyx-timestamp is outside the allowed window" };
  }
  const signature = Buffer.from(input.signature, "base64");
  if (signature.length !== 64) return { ok: false, reason: "telnyx-signature-ed25519 is not an Ed25519 signature" };
  const signed = Buffer.from(`${input.timestamp}|${input.rawBody}`, "utf8");
  return verify(null, signed, input.publicKey, signature) ? { ok: true } : { ok: false, reason: "telnyx-signature-ed25519 does not match" };
}
