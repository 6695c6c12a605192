import { createRoute } from "@hono/zod-openapi";
import { getConcurrency, updateConcurrency } from "@/lib/services/concurrency/concurrency";
import { ConcurrencySchema, UpdateConcurrencyBodySchema } from "@/lib/schemas/concurrency";
import { serviceContext } from "../context";
import { envelope, jsonContent, ok, standardErrorResponses } from "../envelope";
import { extension } from "../openapi-document";
import { createRouter } from "../router";

const tags = ["Concurrency"];
const ConcurrencyEnvelope = envelope(ConcurrencySchema, "ConcurrencyResponse");

const DESCRIPTION =
  "Phone calls in progress at once (ringing included), counted live from the calls themselves: a slot frees the moment a call ends, " +
  "fails to connect, or its instance dies. An outbound call beyond `limit − inbound_reserved` is 429 `concurrency_limit_exceeded` with " +
  "`Retry-After` (campaigns wait for a slot instead); an inbound call beyond `limit` is refused busy at the carrier (Twilio " +
  '`<Reject reason="busy"/>`, Telnyx reject with USER_BUSY, SIP 486) and nothing is recorded. Defaults: limit 20, inbound_reserved 0.';

const getRoute = extension(
  createRoute({
    method: "get",
    path: "/concurrency",
    operationId: "getConcurrency",
    tags,
    summary: "Get the organization's concurrency",
    description: DESCRIPTION,
    responses: { 200: jsonContent(ConcurrencyEnvelope, "Limit and slots in use"), ...standardErrorResponses },
  }),
);

const patchRoute = extension(
  createRoute({
    method: "patch",
    path: "/concurrency",
    operationId: "updateConcurrency",
    tags,
    summary: "Change the organization's concurrency",
    description: `limit 1–10000, inbound_reserved 0–limit. Calls in progress are never cut: a lower limit applies to new calls. ${DESCRIPTION}`,
    request: { body: { required: true, content: { "application/json": { schema: UpdateConcurrencyBodySchema } } } },
    responses: { 200: jsonContent(ConcurrencyEnvelope, "The new settings"), ...standardErrorResponses },
  }),
);

export function concurrencyRoutes() {
  const router = createRouter();
  router.openapi(getRoute, async (c) => ok(c, await getConcurrency(serviceContext(c)), { message: "Concurrency retrieved" }));
  router.openapi(patchRoute, async (c) => ok(c, await updateConcurrency(serviceContext(c), c.req.valid("json")), { message: "Concurrency updated" }));
  return router;
}
