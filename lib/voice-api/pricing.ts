import type { VoiceApiClient } from "./client";

export const PRICE_FIELDS = [
  "telephony_per_minute",
  "speech_to_text_per_minute",
  "text_to_speech_per_million_characters",
  "llm_input_per_million_tokens",
  "llm_output_per_million_tokens",
] as const;
export type PriceField = (typeof PRICE_FIELDS)[number];

/** GET /v1/pricing: the organization's price table (USD), each its own or the installation default. */
export type Pricing = Record<PriceField, number> & { currency: "USD"; defaults: Record<PriceField, number>; overridden: PriceField[] };

export const getPricing = (api: VoiceApiClient) => api.get<Pricing>("/pricing");
export const updatePricing = (api: VoiceApiClient, body: Partial<Record<PriceField, number | null>>) => api.patch<Pricing>("/pricing", body);
