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
  const url = new URL(path.replace(/^\/+/, ""), options.baseUrl.endsWith("/") ? options.baseUrl : `${options.baseUrl}/`).toString();
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
