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
 * (recording_url, file_url) point at the host the browser used.
 */
export function inProcessTransport(app: { fetch: (request: Request) => Response | Promise<Response> }): VoiceApiTransport {
  return async (request) => app.fetch(request);
}
