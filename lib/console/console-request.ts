import { errorFromResponse } from "@/lib/voice-api/errors";

/**
 * Browser calls to the studio's own handlers (`/api/console/api-keys`, `/members` …): the envelope's
 * data, or a thrown VoiceApiError with the server's message. For /v1 resources use lib/voice-api/browser-client.
 */
export async function consoleRequest<T>(method: string, path: string, body?: unknown): Promise<T> {
  const response = await fetch(`/api/console/${path.replace(/^\/+/, "")}`, {
    method,
    headers: body === undefined ? { accept: "application/json" } : { accept: "application/json", "content-type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!response.ok) throw await errorFromResponse(response);
  return ((await response.json()) as { data: T }).data;
}

/** SWR's fetcher for studio handler paths (`api-keys`, `members`). */
export const consoleFetcher = <T>(path: string) => consoleRequest<T>("GET", path);
