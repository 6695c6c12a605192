import { generateKeyPairSync, sign } from "node:crypto";
import { describe, expect, it } from "vitest";
import { TELNYX_TIMESTAMP_TOLERANCE_SECONDS, telnyxPublicKey, verifyTelnyxSignature } from "@/lib/telephony/telnyx/telnyx-signature";

const pair = generateKeyPairSync("ed25519");
const publicKeyBase64 = Buffer.from(pair.publicKey.export({ format: "jwk" }).x as string, "base64url").toString("base64");
const publicKey = telnyxPublicKey(publicKeyBase64);
const body = JSON.stringify({ data: { event_type: "call.answered", payload: { call_control_id: "v3:abc" } } });
const now = new Date("2025-06-01T12:00:00Z");
const timestamp = String(now.getTime() / 1000);
const signature = sign(null, Buffer.from(`${timestamp}|${body}`), pair.privateKey).toString("base64");

describe("telnyx-signature-ed25519", () => {
  it("accepts the account key's signature over timestamp|body", () => {
    expect(verifyTelnyxSignature({ publicKey, signature, timestamp, rawBody: body, now })).toEqual({ ok: true });
  });

  it("refuses a changed body, another key, a changed timestamp, a garbled signature", () => {
    expect(verifyTelnyxSignature({ publicKey, signature, timestamp, rawBody: body.replace("answered", "hangup"), now }).ok).toBe(false);
    const other = generateKeyPairSync("ed25519").publicKey;
    expect(verifyTelnyxSignature({ publicKey: other, signature, timestamp, rawBody: body, now }).ok).toBe(false);
    expect(verifyTelnyxSignature({ publicKey, signature, timestamp: String(Number(timestamp) + 1), rawBody: body, now }).ok).toBe(false);
    expect(verifyTelnyxSignature({ publicKey, signature: "bm90IGEgc2lnbmF0dXJl", timestamp, rawBody: body, now }).ok).toBe(false);
    expect(verifyTelnyxSignature({ publicKey, signature: null, timestamp, rawBody: body, now }).ok).toBe(false);
    expect(verifyTelnyxSignature({ publicKey, signature, timestamp: null, rawBody: body, now }).ok).toBe(false);
  });

  it("refuses a stale or future timestamp, even correctly signed, and says why", () => {
    const limit = TELNYX_TIMESTAMP_TOLERANCE_SECONDS;
    for (const offset of [limit + 1, -(limit + 1)]) {
      const stamp = String(Number(timestamp) - offset);
      const signed = sign(null, Buffer.from(`${stamp}|${body}`), pair.privateKey).toString("base64");
      const result = verifyTelnyxSignature({ publicKey, signature: signed, timestamp: stamp, rawBody: body, now });
      expect(result).toEqual({ ok: false, reason: "telnyx-timestamp is outside the allowed window" });
    }
    const edge = String(Number(timestamp) - limit);
    const signed = sign(null, Buffer.from(`${edge}|${body}`), pair.privateKey).toString("base64");
    expect(verifyTelnyxSignature({ publicKey, signature: signed, timestamp: edge, rawBody: body, now }).ok).toBe(true);
  });

  it("refuses a public key that is not a 32-byte Ed25519 key", () => {
    expect(() => telnyxPublicKey(Buffer.alloc(31).toString("base64"))).toThrow(/32 bytes/);
  });
});
