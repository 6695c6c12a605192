import { z } from "@hono/zod-openapi";
import { DEFAULT_PRICING, pricingFields, type Pricing } from "@/lib/services/pricing";

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
