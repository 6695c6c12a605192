import "server-only";
import { VoiceApiClient } from "./client";
import { httpTransport, inProcessTransport, type InProcessApp, type StudioCaller } from "./transports";

export type { InProcessApp, StudioCaller };

export type VoiceApiTarget =
  /** This deployment's Hono app, called in-process; `origin` is the host the browser used. */
  | { mode: "in-process"; origin: string; apiKey: string; app: InProcessApp; studio?: StudioCaller }
  /** Any deployment of the same API over HTTP; `fetch` defaults to the global one (the outbound policy's for organization URLs). */
  | { mode: "http"; baseUrl: string; apiKey: string; fetch?: (request: Request) => Promise<Response> };

export function createVoiceApiClient(target: VoiceApiTarget): VoiceApiClient {
  if (target.mode === "http") return new VoiceApiClient({ baseUrl: target.baseUrl, apiKey: target.apiKey, transport: httpTransport(target.fetch) });
  return new VoiceApiClient({ baseUrl: target.origin, apiKey: target.apiKey, transport: inProcessTransport(target.app, { studio: target.studio }) });
}
