import type { Envelope } from "@/lib/voice-api/client";
import type { PhoneNumber } from "@/lib/voice-api/phone-numbers";
import { useEnvelope } from "./use-envelope";

/** The key of a page, from its /v1 path (`/phone-numbers?page=1&limit=25`). */
export const phoneNumbersKey = (path: string) => `/v1${path}`;

/** One page of GET /v1/phone-numbers; `fallback` is the page the server rendered. */
export function usePhoneNumbers(path: string, fallback?: Envelope<PhoneNumber[]>) {
  return useEnvelope<PhoneNumber[]>(phoneNumbersKey(path), { fallbackData: fallback, keepPreviousData: true, revalidateOnFocus: false });
}
