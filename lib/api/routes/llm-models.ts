import { createRoute, z } from "@hono/zod-openapi";
import { llmProviders } from "@/lib/agents/document-schema";
import { listProviderModels } from "@/lib/llm/model-list";
import { envelope, jsonContent, ok, standardErrorResponses } from "../envelope";
import { extension } from "../openapi-document";
import { createRouter } from "../router";

const ModelListSchema = z
  .object({
    provider: z.enum(llmProviders),
    source: z.enum(["provider", "none"]).openapi({
      description: "`provider`: listed just now by the provider's own GET /models; `none`: no list (Azure OpenAI names deployments; or the provider is not configured or did not answer: see `message`).",
    }),
    models: z.array(z.string()).openapi({ description: "Model ids, sorted; any other id the provider accepts works too.", example: ["gpt-4.1", "gpt-4o-mini"] }),
    message: z.string().nullable(),
  })
  .openapi("LlmModelList");

const listRoute = extension(
  createRoute({
    method: "get",
    path: "/llm-models",
    operationId: "listLlmModels",
    tags: ["Agents"],
    summary: "List a language-model provider's models",
    description:
      "The models this server's configured provider offers for an agent's `llm.model`, read from the provider's GET /models " +
      "(OpenAI, and OpenAI-compatible servers such as Ollama, vLLM or llama.cpp). Azure OpenAI has no list: its model is a deployment name.",
    request: {
      query: z.object({
        provider: z.enum(llmProviders, { message: `Must be one of ${llmProviders.join(", ")}` }).openapi({ description: "The agent's `llm.provider`." }),
      }),
    },
    responses: { 200: jsonContent(envelope(ModelListSchema, "LlmModelListResponse"), "The models"), ...standardErrorResponses },
  }),
);

export function llmModelRoutes() {
  const router = createRouter();
  router.openapi(listRoute, async (c) => {
    const list = await listProviderModels(c.req.valid("query").provider);
    return ok(c, list, { message: list.source === "provider" ? "Models listed" : "No model list" }) as never;
  });
  return router;
}
