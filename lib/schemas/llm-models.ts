import { z } from "@hono/zod-openapi";
import { llmProviders } from "@/lib/agents/document-schema";

export const LlmModelListSchema = z
  .object({
    provider: z.enum(llmProviders),
    source: z.enum(["provider", "none"]).openapi({
      description: "`provider`: listed just now by the provider's own GET /models; `none`: no list (Azure OpenAI names deployments; or the provider is not configured or did not answer: see `message`).",
    }),
    models: z.array(z.string()).openapi({ description: "Model ids, sorted; any other id the provider accepts works too.", example: ["gpt-4.1", "gpt-4o-mini"] }),
    message: z.string().nullable(),
  })
  .openapi("LlmModelList");
/** GET /v1/llm-models: a provider's models, from its own GET /models. */
export type LlmModelList = z.infer<typeof LlmModelListSchema>;

export const LlmModelListQuerySchema = z.object({
  provider: z.enum(llmProviders, { message: `Must be one of ${llmProviders.join(", ")}` }).openapi({ description: "The agent's `llm.provider`." }),
});
