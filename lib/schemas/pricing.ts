import { z } from "@hono/zod-openapi";

export const pricingFields = [
  "telephony_per_minute",
  "llm_input_per_million_tokens",
  "llm_output_per_million_tokens",
  "text_to_speech_per_million_characters",
  "speech_to_text_per_minute",
] as const;
export type PriceField = (typeof pricingFields)[number];
/** A call's price table, USD. Telephony applies to phone calls only; speech and LLM to every call. */
export type Pricing = Record<PriceField, number>;

/**
 * Defaults, in USD, close to list prices of common providers in 2025 (a US carrier's outbound minute,
 * gpt-4o-mini, OpenAI tts-1, Whisper). They are defaults: set your own with PATCH /v1/pricing.
 */
export const DEFAULT_PRICING: Pricing = {
  telephony_per_minute: 0.014,
  llm_input_per_million_tokens: 0.15,
  llm_output_per_million_tokens: 0.6,
  text_to_speech_per_million_characters: 15,
  speech_to_text_per_minute: 0.006,
};

const descriptions: Record<keyof Pricing, string> = {
  telephony_per_minute: "USD per connected minute of a phone call (billed by the second, redirected legs included). Web calls have none.",
  llm_input_per_million_tokens: "USD per million prompt tokens sent to the language model.",
  llm_output_per_million_tokens: "USD per million tokens the language model generated.",
  text_to_speech_per_million_characters: "USD per million characters spoken by the agent.",
  speech_to_text_per_minute: "USD per minute of caller audio transcribed.",
};

const price = (field: keyof Pricing) => z.number().openapi({ description: `${descriptions[field]} Default ${DEFAULT_PRICING[field]}.`, example: DEFAULT_PRICING[field] });

const PricesSchema = z.object(Object.fromEntries(pricingFields.map((field) => [field, price(field)])) as Record<keyof Pricing, z.ZodNumber>);

export const PricingSchema = z
  .object({
    currency: z.literal("USD"),
    ...PricesSchema.shape,
    defaults: PricesSchema.openapi({ description: "The installation's default prices, used for every field not set." }),
    overridden: z.array(z.enum(pricingFields)).openapi({ description: "Fields your organization has set." }),
  })
  .openapi("Pricing");
/** GET /v1/pricing: the organization's price table (USD), each its own or the installation default. */
export type PricingResponse = z.infer<typeof PricingSchema>;

const settablePrice = (field: keyof Pricing) =>
  z
    .number({ message: "Must be a number of at least 0, or null for the default" })
    .min(0, "Must be at least 0")
    .max(1_000_000, "Must be at most 1000000")
    .nullable()
    .optional()
    .openapi({ description: `${descriptions[field]} null returns it to the default.` });

export const UpdatePricingBodySchema = z
  .strictObject(Object.fromEntries(pricingFields.map((field) => [field, settablePrice(field)])) as Record<keyof Pricing, ReturnType<typeof settablePrice>>)
  .openapi("UpdatePricingRequest");
export type UpdatePricingBody = z.infer<typeof UpdatePricingBodySchema>;
