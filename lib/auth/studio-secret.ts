import "server-only";
import { hkdfSync } from "node:crypto";
import type { Database } from "@/lib/db/client";
import { loadOrCreateSecret } from "@/lib/db/app-secret";

const SETTING = "auth_secret";
const MIN_LENGTH = 32;

/**
 * The studio's one server secret: it signs session cookies (next-auth) and, through HKDF, keys the
 * encryption of stored API keys. AUTH_SECRET when set; otherwise generated on first use and kept in
 * app_settings, so `npm start` needs no configuration and every instance agrees.
 */
export async function loadStudioSecret(db: Database, env: NodeJS.ProcessEnv = process.env): Promise<string> {
  const configured = env.AUTH_SECRET?.trim();
  if (configured) {
    if (configured.length < MIN_LENGTH) throw new Error(`Invalid configuration: AUTH_SECRET must be at least ${MIN_LENGTH} characters`);
    return configured;
  }
  return loadOrCreateSecret(db, SETTING);
}

/** A 32-byte key for one purpose, derived from the studio secret (HKDF-SHA256). */
export function deriveKey(secret: string, purpose: string): Buffer {
  return Buffer.from(hkdfSync("sha256", secret, "voice-agent-studio", purpose, 32));
}
