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
 * (recording_url, file_url) point at the host the browser used. `studio` (the signed-in user the
 * studio acts for) goes beside the Request, where no HTTP client can set it: the API's rate limit
 * then counts that user's requests apart from the rest of the organization's, and the audit log
 * names the user as the actor.
 */
export function inProcessTransport(app: InProcessApp, options: { studio?: StudioCaller } = {}): VoiceApiTransport {
  const studio = options.studio;
  const bindings: InProcessBindings | undefined = studio
    ? { studioUserId: studio.userId, studioUserEmail: studio.email, clientIp: studio.clientIp ?? undefined, clientUserAgent: studio.userAgent ?? undefined }
    : undefined;
  return async (request) => app.fetch(request, bindings);
}

/**
 * The signed-in user the studio acts for, and their browser's address and user agent: the API
 * records them in the audit log as the actor of every change (not the console key).
 */
export type StudioCaller = { userId: string; email: string; clientIp?: string | null; userAgent?: string | null };

/** What goes beside the Request (Hono's `env`), where no HTTP client can set it. */
export type InProcessBindings = { studioUserId?: string; studioUserEmail?: string; clientIp?: string; clientUserAgent?: string };

/** The API app as the in-process transport calls it (the second argument is Hono's `env`). */
export type InProcessApp = { fetch: (request: Request, bindings?: InProcessBindings) => Response | Promise<Response> };
