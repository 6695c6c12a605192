import type { VoiceApiTransport } from "./client";

/**
 * Over the network, to a remote deployment of the same API: plain `fetch` for the operator's own
 * VOICE_API_URL, the outbound address policy's guarded fetch for a URL an organization chose.
 */
export function httpTransport(send: (request: Request) => Promise<Response> = fetch): VoiceApiTransport {
  return (request) => send(request);
}

/**
 * Straight into the Hono app's `fetch` with a real Request: the same auth, validation, rate limit
 * and envelope run, without a socket. The request's origin is kept, so signed links in the answers
 * (recording_url, file_url) point at the host the browser used. `studioUserId` (the signed-in user
 * the studio acts for) goes beside the Request, where no HTTP client can set it: the API's rate
 * limit then counts that user's requests apart from the rest of the organization's.
 */
export function inProcessTransport(app: InProcessApp, options: { studioUserId?: string } = {}): VoiceApiTransport {
  const bindings = options.studioUserId ? { studioUserId: options.studioUserId } : undefined;
  return async (request) => app.fetch(request, bindings);
}

/** The API app as the in-process transport calls it (the second argument is Hono's `env`). */
export type InProcessApp = { fetch: (request: Request, bindings?: { studioUserId?: string }) => Response | Promise<Response> };
