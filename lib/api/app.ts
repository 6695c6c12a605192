import { createMiddleware } from "hono/factory";
import { RateLimiter } from "@/lib/services/rate-limits/rate-limiter";
import type { ApiDependencies, ApiEnv } from "./context";
import { ApiError } from "./errors";
import { authenticate } from "./middleware/authenticate";
import { handleError } from "./middleware/handle-error";
import { jsonBodies, jsonBodyLimit } from "./middleware/json-body";
import { jsonBodyChecks } from "./middleware/json-body-checks";
import { refuseNulInQuery } from "./middleware/nul-characters";
import { rateLimit } from "./middleware/rate-limit";
import { refuseNewCallsWhileDraining } from "./middleware/refuse-new-calls";
import { requestId } from "./middleware/request-id";
import { registerOpenApiDocument } from "./openapi-document";
import { createRouter } from "./router";
import { agentRoutes } from "./routes/agents";
import { agentTestRoutes } from "./routes/agent-tests";
import { analyticsRoutes } from "./routes/analytics";
import { auditLogRoutes } from "./routes/audit-log";
import { dataErasureRoutes } from "./routes/data-erasure";
import { callRoutes } from "./routes/calls";
import { knowledgeBaseRoutes } from "./routes/knowledge-bases";
import { llmModelRoutes } from "./routes/llm-models";
import { phoneNumberRoutes } from "./routes/phone-numbers";
import { postCallQuestionRoutes } from "./routes/post-call-questions";
import { pricingRoutes } from "./routes/pricing";
import { telephonyRoutes } from "./routes/telephony";
import { testRunRoutes } from "./routes/test-runs";
import { registerWebhookEvents, webhookRoutes } from "./routes/webhooks";
import { webCallRoutes } from "./routes/web-calls";
import { campaignRoutes } from "./routes/campaigns";
import { campaignContactRoutes, CONTACTS_JSON_MAX_BYTES } from "./routes/campaign-contacts";
import { concurrencyRoutes } from "./routes/concurrency";
import { doNotCallRoutes } from "./routes/do-not-call";

/** The upload routes that take multipart bodies: a knowledge base's sources, a campaign's contacts (CSV). */
const allowsMultipart = (method: string, path: string) => method === "POST" && /\/(knowledge-bases\/[^/]+\/sources|campaigns\/[^/]+\/contacts)$/.test(path);
/** Routes whose JSON bodies may be larger than the default limit: 10,000 campaign contacts at once. */
const largeJsonLimit = (method: string, path: string) => (method === "POST" && /\/campaigns\/[^/]+\/contacts$/.test(path) ? CONTACTS_JSON_MAX_BYTES : undefined);

/**
 * The public API, mounted at /v1. Middleware runs in this order: request id, the draining check of
 * new calls, auth, rate limit, NUL characters in the query, body checks (type, size, depth, NUL characters).
 */
export function createApiApp(dependencies: ApiDependencies) {
  const deps: ApiDependencies = { ...dependencies, rateLimiter: dependencies.rateLimiter ?? new RateLimiter(dependencies.db) };
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
  app.use(
    "*",
    refuseNewCallsWhileDraining,
    authenticate,
    rateLimit,
    refuseNulInQuery,
    jsonBodies({ allowsMultipart, requiresBody }),
    jsonBodyLimit({ allowsMultipart, largeJsonLimit }),
    jsonBodyChecks,
  );
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
  app.route("/", agentTestRoutes());
  app.route("/", testRunRoutes());
  app.route("/", campaignRoutes());
  app.route("/", campaignContactRoutes());
  app.route("/", doNotCallRoutes());
  app.route("/", concurrencyRoutes());

  app.route("/", auditLogRoutes());
  app.route("/", dataErasureRoutes());
  return app;
}

export type ApiApp = ReturnType<typeof createApiApp>;
