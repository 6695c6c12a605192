import { CarrierApiError } from "./carrier-error";
import type { CarrierName } from "./carrier-name";

export type FetchLike = (input: string, init?: RequestInit) => Promise<Response>;

export type CarrierHttpOptions = {
  /** The REST API's base URL (tests and proxies stand in with their own). */
  baseUrl: string;
  fetch?: FetchLike;
  timeoutMs?: number;
};

export type CarrierResponse = { status: number; body: unknown };

/** One REST request to a carrier; a network failure or timeout is a CarrierApiError with status 0. */
export async function carrierRequest(carrier: CarrierName, options: CarrierHttpOptions, path: string, init: RequestInit): Promise<CarrierResponse> {
  // Relative to the base URL's path, so a proxy's prefix survives.
  const base = options.baseUrl.endsWith("/") ? options.baseUrl : `${options.baseUrl}/`;
  const url = new URL(path.replace(/^\/+/, ""), base).toString();
  // A path from a response (Twilio's next_page_uri) may name another host: our credentials go only to the carrier's own API.
  if (new URL(url).origin !== new URL(base).origin) {
    throw new CarrierApiError(carrier, 0, null, `${carrier} API: refused to send the account's credentials to ${new URL(url).origin} (not ${new URL(base).origin}, the configured API)`);
  }
  let response: Response;
  try {
    response = await (options.fetch ?? fetch)(url, { ...init, signal: AbortSignal.timeout(options.timeoutMs ?? 15_000) });
  } catch (error) {
    const reason = error instanceof Error && error.name === "TimeoutError" ? "timed out" : "could not be reached";
    throw new CarrierApiError(carrier, 0, null, `${carrier} API ${reason} (${new URL(url).origin})`);
  }
  const text = await response.text();
  let body: unknown = null;
  if (text) {
    try {
      body = JSON.parse(text);
    } catch {
      body = text;
    }
  }
  return { status: response.status, body };
}
