import type { VoiceApiTransport } from "./client";

/** Over the network, to this or a remote deployment of the same API. */
export const httpTransport: VoiceApiTransport = (request) => fetch(request);

/**
 * Straight into the Hono app's `fetch` with a real Request: the same auth, validation, rate limit
 * and envelope run, without a socket. The request's origin is kept, so signed links in the answers
 * (recording_url, file_url) point at the host the browser used.
 */
export function inProcessTransport(app: { fetch: (request: Request) => Response | Promise<Response> }): VoiceApiTransport {
  return async (request) => app.fetch(request);
}
