import type { PriceField, PricingResponse, UpdatePricingBody } from "@/lib/schemas/pricing";
import type { VoiceApiClient } from "./client";

export type { PriceField } from "@/lib/schemas/pricing";
export type Pricing = PricingResponse;

/** The fields in the order the studio's form shows them. */
export const PRICE_FIELDS = [
  "telephony_per_minute",
  "speech_to_text_per_minute",
  "text_to_speech_per_million_characters",
  "llm_input_per_million_tokens",
  "llm_output_per_million_tokens",
] as const satisfies readonly PriceField[];

export const getPricing = (api: VoiceApiClient) => api.get<Pricing>("/pricing");
export const updatePricing = (api: VoiceApiClient, body: UpdatePricingBody) => api.patch<Pricing>("/pricing", body);
