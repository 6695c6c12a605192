import type { Call } from "@/lib/voice-api/calls";
import type { Envelope } from "@/lib/voice-api/client";
import { envelopeOf, useEnvelope } from "./use-envelope";

/** The key of a list page, from its /v1 path (`/calls?limit=50…`, as the server page requested it). */
export const callsKey = (path: string) => `/v1${path}`;
export const callKey = (id: string) => `/v1/calls/${encodeURIComponent(id)}`;
/** Every cached key about calls (pages, counts, single calls): what deleting a call makes stale. */
export const isCallsKey = (key: unknown) => typeof key === "string" && key.startsWith("/v1/calls");

/** One page of GET /v1/calls; `fallback` is the page the server rendered. */
export function useCalls(path: string, fallback?: Envelope<Call[]>) {
  return useEnvelope<Call[]>(callsKey(path), { fallbackData: fallback, keepPreviousData: true, revalidateOnFocus: false });
}

/** One call (GET /v1/calls/{id}), starting from the one the server rendered. */
export function useCall(call: Call) {
  return useEnvelope<Call>(callKey(call.id), { fallbackData: envelopeOf(call), revalidateOnFocus: false });
}
