import { createHmac, randomBytes } from "node:crypto";

/** A new signing secret: 24 random bytes, base64, after `whsec_` (Standard Webhooks). */
export function newWebhookSecret(): string {
  return `whsec_${randomBytes(24).toString("base64")}`;
}

/** Standard Webhooks v1: base64 HMAC-SHA256 of `id.timestamp.body` with the secret's bytes (after `whsec_`). */
export function signWebhook(secret: string, id: string, timestampSeconds: number, body: string): string {
  const key = Buffer.from(secret.startsWith("whsec_") ? secret.slice("whsec_".length) : secret, "base64");
  return `v1,${createHmac("sha256", key).update(`${id}.${timestampSeconds}.${body}`).digest("base64")}`;
}

/** The `webhook-*` headers of one attempt; while a secret rotates, one signature per secret (space-separated). */
export function webhookHeaders(input: { id: string; timestampSeconds: number; body: string; secrets: string[] }): Record<string, string> {
  return {
    "webhook-id": input.id,
    "webhook-timestamp": String(input.timestampSeconds),
    "webhook-signature": input.secrets.map((secret) => signWebhook(secret, input.id, input.timestampSeconds, input.body)).join(" "),
  };
}
