import { createMiddleware } from "hono/factory";
import type { ApiDependencies, ApiEnv } from "./context";
import { ApiError } from "./errors";
import { authenticate } from "./middleware/authenticate";
import { handleError } from "./middleware/handle-error";
import { jsonBodies, jsonBodyLimit } from "./middleware/json-body";
import { jsonDepthLimit } from "./middleware/json-depth";
import { rateLimit } from "./middleware/rate-limit";
import { requestId } from "./middleware/request-id";
import { registerOpenApiDocument } from "./openapi-document";
import { createRouter } from "./router";
import { agentRoutes } from "./routes/agents";
import { analyticsRoutes } from "./routes/analytics";
import { callRoutes } from "./routes/calls";
import { knowledgeBaseRoutes } from "./routes/knowledge-bases";
import { llmModelRoutes } from "./routes/llm-models";
import { phoneNumberRoutes } from "./routes/phone-numbers";
import { postCallQuestionRoutes } from "./routes/post-call-questions";
import { pricingRoutes } from "./routes/pricing";
import { telephonyRoutes } from "./routes/telephony";
import { registerWebhookEvents, webhookRoutes } from "./routes/webhooks";
import { webCallRoutes } from "./routes/web-calls";

/** Upload routes that take multipart bodies (none yet: knowledge-base sources will). */
const allowsMultipart = (method: string, path: string) => method === "POST" && /\/knowledge-bases\/[^/]+\/sources$/.test(path);

/** The public API, mounted at /v1. Middleware runs in this order: request id, auth, rate limit, body checks (type, size, depth). */
export function createApiApp(deps: ApiDependencies) {
  const app = createRouter().basePath("/v1");
  app.onError(handleError);
  app.notFound((c) => handleError(new ApiError("not_found", `No such endpoint: ${c.req.method} ${c.req.path}`), c));
  app.use(
    "*",
    requestId,
    createMiddleware<ApiEnv>(async (c, next) => {
      c.set("deps", deps);
      await next();
    }),
  );
  registerOpenApiDocument(app);
  registerWebhookEvents(app);
  // Which operations require a body, from their OpenAPI definitions (read once every route is registered).
  let requiredBodies: { method: string; pattern: RegExp }[] | undefined;
  const requiresBody = (method: string, path: string) => {
    requiredBodies ??= app.openAPIRegistry.definitions.flatMap((definition) =>
      definition.type === "route" && definition.route.request?.body?.required
        ? [{ method: definition.route.method.toUpperCase(), pattern: new RegExp(`^/v1${definition.route.path.replace(/\{[^}]+\}/g, "[^/]+")}$`) }]
        : [],
    );
    return requiredBodies.some((route) => route.method === method && route.pattern.test(path));
  };
  app.use("*", authenticate, rateLimit, jsonBodies({ allowsMultipart, requiresBody }), jsonBodyLimit({ allowsMultipart }), jsonDepthLimit);
  app.route("/", webCallRoutes());
  app.route("/", callRoutes());
  app.route("/", phoneNumberRoutes());
  app.route("/", agentRoutes());
  app.route("/", knowledgeBaseRoutes());
  app.route("/", postCallQuestionRoutes());
  app.route("/", webhookRoutes());
  app.route("/", pricingRoutes());
  app.route("/", llmModelRoutes());
  app.route("/", analyticsRoutes());
  app.route("/", telephonyRoutes());
  return app;
}

export type ApiApp = ReturnType<typeof createApiApp>;
