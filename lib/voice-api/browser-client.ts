"use client";

import { VoiceApiClient } from "./client";

let client: VoiceApiClient | null = null;

/**
 * The /v1 client for browser code: it talks to the BFF proxy (`/api/console/v1/...`), which adds the
 * organization's key on the server, so this client holds no key at all. The typed helpers of
 * lib/voice-api (calls.ts, phone-numbers.ts …) work with it as with the server's client.
 */
export function browserApi(): VoiceApiClient {
  client ??= new VoiceApiClient({ baseUrl: `${window.location.origin}/api/console`, apiKey: "", transport: (request) => fetch(request) });
  return client;
}

/** SWR's fetcher for keys that are /v1 paths with their query (`/calls?limit=50`): the whole envelope. */
export const envelopeFetcher = (path: string) => browserApi().requestEnvelope<unknown>("GET", path);
