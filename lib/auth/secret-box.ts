import "server-only";
import { createCipheriv, createDecipheriv, randomBytes } from "node:crypto";
import { deriveKey } from "./studio-secret";

const VERSION = "v1";
const PURPOSE = "stored-api-keys";

/**
 * AES-256-GCM: `v1.<iv>.<tag>.<ciphertext>` (base64url), bound to `context` (the organization id) as
 * AAD, under a key derived for `purpose` (one key per kind of secret).
 */
export function sealSecret(secret: string, plaintext: string, context: string, purpose = PURPOSE): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", deriveKey(secret, purpose), iv);
  cipher.setAAD(Buffer.from(context));
  const body = Buffer.concat([cipher.update(plaintext, "utf8"), cipher.final()]);
  return [VERSION, iv.toString("base64url"), cipher.getAuthTag().toString("base64url"), body.toString("base64url")].join(".");
}

/** Null when the value was sealed with another secret, for another context, or was altered. */
export function openSecret(secret: string, sealed: string, context: string, purpose = PURPOSE): string | null {
  const [version, iv, tag, body] = sealed.split(".");
  if (version !== VERSION || !iv || !tag || body === undefined) return null;
  try {
    const decipher = createDecipheriv("aes-256-gcm", deriveKey(secret, purpose), Buffer.from(iv, "base64url"));
    decipher.setAAD(Buffer.from(context));
    decipher.setAuthTag(Buffer.from(tag, "base64url"));
    return Buffer.concat([decipher.update(Buffer.from(body, "base64url")), decipher.final()]).toString("utf8");
  } catch {
    return null;
  }
}
