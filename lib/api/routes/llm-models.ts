import { createRoute } from "@hono/zod-openapi";
import { listProviderModels } from "@/lib/llm/model-list";
import { LlmModelListQuerySchema, LlmModelListSchema } from "@/lib/schemas/llm-models";
import { envelope, jsonContent, ok, standardErrorResponses } from "../envelope";
import { extension } from "../openapi-document";
import { createRouter } from "../router";

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
    request: { query: LlmModelListQuerySchema },
    responses: { 200: jsonContent(envelope(LlmModelListSchema, "LlmModelListResponse"), "The models"), ...standardErrorResponses },
  }),
);

export function llmModelRoutes() {
  const router = createRouter();
  router.openapi(listRoute, async (c) => {
    const list = await listProviderModels(c.req.valid("query").provider);
    return ok(c, list, { message: list.source === "provider" ? "Models listed" : "No model list" });
  });
  return router;
}
