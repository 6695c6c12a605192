import useSWR, { type SWRConfiguration } from "swr";
import { envelopeFetcher } from "@/lib/voice-api/browser-client";
import type { Envelope } from "@/lib/voice-api/client";

export type EnvelopeConfig<T> = SWRConfiguration<Envelope<T>, Error>;

/** The resource hooks' common ground: one console path as the key, its whole envelope as the value; a null key fetches nothing. */
export function useEnvelope<T>(key: string | null, config?: EnvelopeConfig<T>) {
  return useSWR<Envelope<T>, Error>(key, envelopeFetcher<T>, config);
}

/** A value the page already has (rendered on the server, or just saved) as the envelope the cache holds. */
export const envelopeOf = <T>(data: T): Envelope<T> => ({ data, message: "", error: null, status: 200 });
