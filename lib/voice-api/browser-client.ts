"use client";

import { VoiceApiClient, type Envelope } from "./client";
import { errorFromBody, isVoiceApiError, VoiceApiError } from "./errors";

/**
 * The browser's one way to the server. Paths are under `/api/console`: `/v1/...` is the API through
 * the BFF proxy (which adds the organization's key on the server, so the browser holds none), any
 * other path a studio handler (`/api-keys`, `/members` …). Every failure is a VoiceApiError.
 */
const CONSOLE_BASE = "/api/console";

export const consoleUrl = (path: string) => `${CONSOLE_BASE}/${path.replace(/^\/+/, "")}`;

/** fetch, with a network failure turned into a VoiceApiError (status 0) that says what to do. */
async function send(input: Request | string, init?: RequestInit): Promise<Response> {
  try {
    return await fetch(input, init);
  } catch (error) {
    if ((input instanceof Request ? input.signal : init?.signal)?.aborted) throw error;
    throw new VoiceApiError(0, "network_error", "The studio could not be reached: check your connection and try again");
  }
}

/** A success answer's envelope (204: an empty one), or the VoiceApiError its body describes. */
export function readEnvelope<T>(status: number, text: string): Envelope<T> {
  if (status === 204) return { data: null as T, message: "No content", error: null, status };
  if (status >= 200 && status < 300) {
    try {
      const body = JSON.parse(text) as Envelope<T> | null;
      if (body) return body;
    } catch {
      // not JSON: refused below
    }
  }
  throw errorFromBody(status, text, null, `The server answered ${status || "nothing"}`);
}

/** One request through the console: a plain body goes as JSON, FormData as it is; the whole envelope comes back. */
export async function consoleRequest<T>(method: string, path: string, body?: unknown): Promise<Envelope<T>> {
  const headers: Record<string, string> = { accept: "application/json" };
  let payload: BodyInit | undefined;
  if (body instanceof FormData) payload = body;
  else if (body !== undefined) {
    payload = JSON.stringify(body);
    headers["content-type"] = "application/json";
  }
  const response = await send(consoleUrl(path), { method, headers, body: payload });
  return readEnvelope<T>(response.status, await response.text());
}

/** SWR's fetcher: the key is the path; the value the whole envelope (lists keep their paging fields). */
export const envelopeFetcher = <T>(path: string) => consoleRequest<T>("GET", path);

/** The message to show for a failure: a single field problem says it best; otherwise the API's message. */
export function describeError(error: unknown): string {
  if (isVoiceApiError(error)) return error.details.length === 1 ? error.details[0].message : error.message;
  return error instanceof Error ? error.message : String(error);
}

export type UploadHandle<T> = { promise: Promise<Envelope<T>>; abort: () => void };

/**
 * A multipart POST with upload progress (fetch cannot report it; XMLHttpRequest can).
 * `onProgress` gets the fraction of the body sent, from 0 to 1.
 */
export function uploadWithProgress<T>(path: string, form: FormData, onProgress: (fraction: number) => void): UploadHandle<T> {
  const xhr = new XMLHttpRequest();
  const promise = new Promise<Envelope<T>>((resolve, reject) => {
    xhr.open("POST", consoleUrl(path));
    xhr.setRequestHeader("accept", "application/json");
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress(event.loaded / event.total);
    };
    xhr.onload = () => {
      try {
        resolve(readEnvelope<T>(xhr.status, xhr.responseText));
      } catch (error) {
        reject(error);
      }
    };
    xhr.onerror = () => reject(new VoiceApiError(0, "network_error", "The upload was interrupted: check your connection and try again"));
    xhr.onabort = () => reject(new VoiceApiError(0, "upload_cancelled", "Upload cancelled"));
    xhr.send(form);
  });
  return { promise, abort: () => xhr.abort() };
}

/** The typed /v1 client over the same proxy and transport, for the helpers of lib/voice-api (calls.ts, telephony.ts …). */
export function browserApi(): VoiceApiClient {
  return new VoiceApiClient({ baseUrl: `${window.location.origin}${CONSOLE_BASE}`, apiKey: "", transport: (request) => send(request) });
}
