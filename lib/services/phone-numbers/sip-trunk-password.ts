import "server-only";
import { openSecret, sealSecret } from "@/lib/auth/secret-box";
import { loadStudioSecret } from "@/lib/auth/studio-secret";
import type { Database } from "@/lib/db/client";
import type { SipTrunkSettings } from "@/lib/db/schema";

const PURPOSE = "sip-trunk-passwords";

/** Seals a trunk's digest password with the studio secret (AES-256-GCM), bound to its organization. */
export async function sealTrunkPassword(db: Database, organizationId: string, password: string): Promise<string> {
  return sealSecret(await loadStudioSecret(db), password, organizationId, PURPOSE);
}

/** The trunk's digest password for dialling; null when none is stored or it no longer opens (AUTH_SECRET changed). */
export async function openTrunkPassword(db: Database, organizationId: string, trunk: SipTrunkSettings): Promise<string | null> {
  if (trunk.authPasswordSealed) return openSecret(await loadStudioSecret(db), trunk.authPasswordSealed, organizationId, PURPOSE);
  return trunk.authPassword ?? null;
}

export const hasTrunkPassword = (trunk: SipTrunkSettings) => Boolean(trunk.authPasswordSealed ?? trunk.authPassword);
