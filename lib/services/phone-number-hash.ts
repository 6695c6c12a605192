import "server-only";
import { createHmac } from "node:crypto";
import type { Database } from "@/lib/db/client";
import { loadOrCreateSecret } from "@/lib/db/app-secret";

/** app_settings key of the hashing secret: made once per installation, never rotated. */
const KEY_SETTING = "phone_number_hash_key";

export type PhoneNumberHash = (phoneNumber: string) => string;

/**
 * Phone numbers as the audit log and an erased person's do-not-call entry keep them: HMAC-SHA256 keyed
 * with the installation's own secret and the organization. The same number always reads the same (an
 * auditor can match entries, a suppression still refuses the number), but no one without the secret can
 * find the number by trying them all, as a plain SHA-256 of a phone number would allow. The secret is
 * not AUTH_SECRET: rotating that must not let an erased person be called again.
 */
export async function phoneNumberHasher(db: Database, organizationId: string): Promise<PhoneNumberHash> {
  const secret = await loadOrCreateSecret(db, KEY_SETTING);
  const key = `${secret}:phone-number:${organizationId}`;
  return (phoneNumber) => createHmac("sha256", key).update(phoneNumber).digest("hex");
}
