import { createRoute } from "@hono/zod-openapi";
import { getPricing, updatePricing } from "@/lib/services/pricing";
import { serviceContext } from "../context";
import { envelope, jsonContent, ok, standardErrorResponses } from "../envelope";
import { extension } from "../openapi-document";
import { createRouter } from "../router";
import { PricingSchema, UpdatePricingBodySchema } from "@/lib/schemas/pricing";

const tags = ["Pricing"];
const PricingEnvelope = envelope(PricingSchema, "PricingResponse");

const COST_DESCRIPTION =
  "A finished call's `cost` (USD) is the sum of its `cost_breakdown`: `telephony` (phone calls: connected seconds / 60 × " +
  "telephony_per_minute), `speech_to_text` (transcribed seconds / 60 × speech_to_text_per_minute), `text_to_speech` " +
  "(characters spoken / 1,000,000 × text_to_speech_per_million_characters) and `llm` (tokens / 1,000,000 × the input " +
  "and output prices), each rounded to 6 decimals. It is computed with the table in force when the call finished.";

const getRoute = extension(
  createRoute({
    method: "get",
    path: "/pricing",
    operationId: "getPricing",
    tags,
    summary: "Get the price table",
    description: `Your organization's prices, each its own setting or the installation default. ${COST_DESCRIPTION}`,
    responses: { 200: jsonContent(PricingEnvelope, "The price table"), ...standardErrorResponses },
  }),
);

const updateRoute = extension(
  createRoute({
    method: "patch",
    path: "/pricing",
    operationId: "updatePricing",
    tags,
    summary: "Change the price table",
    description: "Partial: a number sets a price (USD, at least 0), null returns it to the default, an omitted field keeps its value. Calls already priced keep their cost.",
    request: { body: { required: true, content: { "application/json": { schema: UpdatePricingBodySchema } } } },
    responses: { 200: jsonContent(PricingEnvelope, "The updated price table"), ...standardErrorResponses },
  }),
);

export function pricingRoutes() {
  const app = createRouter();
  app.openapi(getRoute, async (c) => ok(c, await getPricing(serviceContext(c)), { message: "Pricing retrieved" }));
  app.openapi(updateRoute, async (c) => {
    const updated = await updatePricing(serviceContext(c), c.req.valid("json"), c.get("deps").now?.());
    return ok(c, updated, { message: "Pricing updated" });
  });
  return app;
}
