"use client";

import useSWR from "swr";
import { envelopeFetcher } from "@/lib/voice-api/browser-client";
import type { CallCount, CallFilters } from "@/lib/voice-api/calls";
import type { Envelope } from "@/lib/voice-api/client";
import { callListSearch } from "./call-filters";

/** How many calls match the list's filters (GET /v1/calls/count), fetched beside the page so paging never waits for it. */
export function useCallCount(filters: CallFilters) {
  const search = callListSearch({ filters, limit: 0 }).toString();
  const { data, error } = useSWR<Envelope<CallCount>, Error>(`/calls/count${search ? `?${search}` : ""}`, envelopeFetcher as (key: string) => Promise<Envelope<CallCount>>, {
    revalidateOnFocus: false,
  });
  return { count: data?.data ?? null, error };
}

const count = new Intl.NumberFormat("en-US");

/** "1 call", "2,345 calls", "about 120,000 calls". */
export function callCountText({ total, exact }: CallCount): string {
  const shown = exact ? count.format(total) : `about ${count.format(Number(total.toPrecision(2)))}`;
  return `${shown} ${total === 1 && exact ? "call" : "calls"}`;
}
