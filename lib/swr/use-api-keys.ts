import type { UserApiKeyRow } from "@/lib/auth/user-api-keys";
import { envelopeOf, useEnvelope } from "./use-envelope";

export const apiKeysKey = "/api-keys";

/** The organization's API keys (the studio's GET /api/console/api-keys), starting from the server's list. */
export function useApiKeys(initial: UserApiKeyRow[]) {
  return useEnvelope<UserApiKeyRow[]>(apiKeysKey, { fallbackData: envelopeOf(initial) });
}
