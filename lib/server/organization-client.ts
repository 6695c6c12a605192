import "server-only";
import { getConsoleApiKey } from "@/lib/auth/console-key";
import { readRemoteApi } from "@/lib/auth/organization-settings";
import type { Database } from "@/lib/db/client";
import { outboundStreamingFetch } from "@/lib/net/outbound-fetch";
import { VoiceApiClient } from "@/lib/voice-api/client";
import { createVoiceApiClient, type InProcessApp, type StudioCaller } from "@/lib/voice-api/create-client";
import { VoiceApiError } from "@/lib/voice-api/errors";

/**
 * The /v1 client of one organization. By default the in-process API with the organization's
 * server-held console key. With a remote API (the organization's URL, else VOICE_API_URL), over
 * HTTP with the key an owner entered in Organization settings.
 */
export async function organizationVoiceApiClient(
  db: Database,
  organizationId: string,
  origin: string,
  /** The in-process API app: the process runtime's (lib/server), or a test's own. */
  app: InProcessApp,
  /** How an organization's own remote URL is reached (default: the outbound policy's guarded fetch); tests pass their own. */
  remoteFetch?: (request: Request) => Promise<Response>,
  /** The signed-in user the client acts for: the in-process API limits its rate per user and records them as the actor. */
  studio?: StudioCaller,
): Promise<VoiceApiClient> {
  const remote = await readRemoteApi(db, organizationId);
  const remoteUrl = remote.url || process.env.VOICE_API_URL?.trim() || null;
  if (!remoteUrl) return createVoiceApiClient({ mode: "in-process", origin, apiKey: await getConsoleApiKey(db, organizationId), app, studio });
  if (!remote.apiKey) return unconfiguredClient(remoteUrl);
  // The operator's VOICE_API_URL is trusted; a URL an organization chose reaches only what tools and webhooks may.
  const fetch = remote.url ? (remoteFetch ?? outboundStreamingFetch()) : undefined;
  return createVoiceApiClient({ mode: "http", baseUrl: remoteUrl, apiKey: remote.apiKey, fetch });
}

/** Every request fails with a message that says what the owner must do. */
function unconfiguredClient(baseUrl: string): VoiceApiClient {
  return new VoiceApiClient({
    baseUrl,
    apiKey: "",
    transport: async () => {
      throw new VoiceApiError(
        503,
        "remote_api_not_configured",
        `The studio manages the API at ${baseUrl}, but no API key for it is set: an owner enters it in Settings → Organization.`,
      );
    },
  });
}
