"use client";

import type { Envelope } from "@/lib/voice-api/client";

/** Browser code reaches /v1 only through the console's proxy, which adds the organization's key. */
export const CONSOLE_API = "/api/console/v1";

export type ErrorDetail = { field: string; message: string };

/** A failed call through the proxy, carrying the API's message, status and field details. */
export class ConsoleApiError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly details: ErrorDetail[] = [],
  ) {
    super(message);
    this.name = "ConsoleApiError";
  }
}

/** Turns a response body (text) and status into the envelope, or a ConsoleApiError with the API's message. */
export function readEnvelope<T>(status: number, text: string): Envelope<T> {
  let body: { message?: unknown; error?: { message?: unknown; details?: unknown } | null } | null = null;
  try {
    body = JSON.parse(text);
  } catch {
    // not JSON: handled below
  }
  if (status >= 200 && status < 300 && body) return body as Envelope<T>;
  const error = body?.error ?? null;
  const message =
    typeof error?.message === "string" ? error.message : typeof body?.message === "string" ? body.message : `The server answered ${status || "nothing"}`;
  throw new ConsoleApiError(message, status, Array.isArray(error?.details) ? (error.details as ErrorDetail[]) : []);
}

export async function consoleRequest<T>(method: string, path: string, body?: unknown): Promise<Envelope<T>> {
  const init: RequestInit = { method, headers: { accept: "application/json" } };
  if (body instanceof FormData) init.body = body;
  else if (body !== undefined) {
    init.body = JSON.stringify(body);
    init.headers = { ...init.headers, "content-type": "application/json" };
  }
  let response: Response;
  try {
    response = await fetch(`${CONSOLE_API}/${path}`, init);
  } catch {
    throw new ConsoleApiError("The studio could not be reached: check your connection and try again", 0);
  }
  return readEnvelope<T>(response.status, await response.text());
}

/** SWR's fetcher: keys are full proxy URLs; the whole envelope is the value (lists keep their paging fields). */
export async function envelopeFetcher<T>(url: string): Promise<Envelope<T>> {
  const response = await fetch(url, { headers: { accept: "application/json" } });
  return readEnvelope<T>(response.status, await response.text());
}

/** The message to show for a failure: a single field problem says it best; otherwise the API's message. */
export function describeError(error: unknown): string {
  if (error instanceof ConsoleApiError) return error.details.length === 1 ? error.details[0].message : error.message;
  return error instanceof Error ? error.message : String(error);
}

export type UploadHandle<T> = { promise: Promise<Envelope<T>>; abort: () => void };

/**
 * A multipart POST through the proxy with upload progress (fetch cannot report it; XMLHttpRequest can).
 * `onProgress` gets the fraction of the body sent, from 0 to 1.
 */
export function uploadWithProgress<T>(path: string, form: FormData, onProgress: (fraction: number) => void): UploadHandle<T> {
  const xhr = new XMLHttpRequest();
  const promise = new Promise<Envelope<T>>((resolve, reject) => {
    xhr.open("POST", `${CONSOLE_API}/${path}`);
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
    xhr.onerror = () => reject(new ConsoleApiError("The upload was interrupted: check your connection and try again", 0));
    xhr.onabort = () => reject(new ConsoleApiError("Upload cancelled", 0));
    xhr.send(form);
  });
  return { promise, abort: () => xhr.abort() };
}
