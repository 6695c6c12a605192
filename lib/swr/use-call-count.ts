import { CALL_FILTER_KEYS, type CallCount, type CallFilters } from "@/lib/voice-api/calls";
import { useEnvelope } from "./use-envelope";

export function callCountKey(filters: CallFilters): string {
  const search = new URLSearchParams();
  for (const key of CALL_FILTER_KEYS) {
    const value = filters[key];
    if (value) search.set(key, value);
  }
  return `/v1/calls/count${search.size ? `?${search}` : ""}`;
}

/** How many calls match the list's filters (GET /v1/calls/count), fetched beside the page so paging never waits for it. */
export function useCallCount(filters: CallFilters) {
  const { data, error } = useEnvelope<CallCount>(callCountKey(filters), { revalidateOnFocus: false });
  return { count: data?.data ?? null, error };
}
