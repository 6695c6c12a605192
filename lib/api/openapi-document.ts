import type { OpenAPIHono } from "@hono/zod-openapi";
import { requestOrigin } from "@/lib/net/request-origin";
import type { ApiEnv } from "./context";

export const API_KEY_SCHEME = "ApiKeyAuth";

/** Marks an operation as beyond the spec, in its description and with `x-extension`. */
export function extension<T extends object>(route: T & { description?: string }): T & { "x-extension": true } {
  return {
    ...route,
    description: `**Extension** (not in the interface specification). ${route.description ?? ""}`.trim(),
    "x-extension": true,
  };
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the app's schema type is irrelevant here
export function registerOpenApiDocument(app: OpenAPIHono<ApiEnv, any, any>) {
  app.openAPIRegistry.registerComponent("securitySchemes", API_KEY_SCHEME, {
    type: "apiKey",
    in: "header",
    name: "X-Api-Key",
    description: "An API key of your organization (`vk_…`), created in the studio under Settings → API Keys or with `npm run admin -- create-api-key`.",
  });
  // The server is the deployment that serves the document (paths start with /v1).
  app.doc31("/openapi.json", (c) => ({
    openapi: "3.1.0",
    servers: [{ url: requestOrigin(c.req.raw), description: "This deployment" }],
    info: {
      title: "Voice Agent Calling Service API",
      version: "1.0.0",
      contact: { name: "API reference of this deployment", url: `${requestOrigin(c.req.raw)}/docs` },
      description: [
        "Public REST API of the voice agent calling service. Every response uses the envelope",
        "`{data, message, error, status}`; failures carry `error.type`, `error.details` (one `{field, message}`",
        "per problem) and `error.request_id`. Unknown body fields are rejected. Ids are UUIDs; times are ISO 8601 UTC",
        "with millisecond precision. Every authenticated response carries rate-limit headers (`RateLimit-Policy`,",
        "`RateLimit`, `X-RateLimit-Limit`, `X-RateLimit-Remaining`, `X-RateLimit-Reset` in Unix seconds); a 429",
        "carries `Retry-After`. Operations marked **Extension** go beyond the interface specification.",
      ].join(" "),
    },
    security: [{ [API_KEY_SCHEME]: [] }],
    tags: [
      { name: "Calls", description: "Phone and web calls" },
      { name: "Web calls", description: "Extension: calls from a browser, driven by a session token (events, caller turns, hang-up)" },
      { name: "Phone numbers", description: "Numbers of your organization, PSTN or SIP" },
      { name: "Agents", description: "Agents and their versions" },
      { name: "Knowledge bases", description: "PDFs and texts that agents can search; files are served by signed links" },
      { name: "Post-call questions", description: "Questions answered about each finished call of an agent" },
      { name: "Webhooks", description: "Signed event deliveries to agents' webhook URLs, their log and the signing secret" },
      { name: "Pricing", description: "The price table that computes each call's cost" },
      { name: "Telephony", description: "Extension: carrier accounts (Twilio, Telnyx) per organization, their numbers and the webhook URLs to give them" },
      { name: "Analytics", description: "Extension: call counts, costs, durations and post-call answers over a date range" },
      { name: "Agent tests", description: "Extension: scripted and simulated callers with expectations, run against an agent version as background jobs" },
      { name: "Campaigns", description: "Extension: call a list of contacts with an agent: schedule and calling windows, pacing, retries, live progress" },
      { name: "Do not call", description: "Extension: numbers your organization never calls" },
      { name: "Concurrency", description: "Extension: how many phone calls the organization runs at once, and the slots kept for inbound calls" },

      { name: "Audit log", description: "Extension: who changed what, append-only and hash-chained, with its retention" },
      { name: "Data erasure", description: "Extension: erasing a person's calls by their phone number" },
    ],
  }));
}
