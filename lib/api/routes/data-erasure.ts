import { createRoute } from "@hono/zod-openapi";
import { eraseByPhoneNumber } from "@/lib/services/retention/data-erasure";
import { DataErasureBodySchema, DataErasureResultSchema } from "@/lib/schemas/data-erasure";
import { postgresBlobStore } from "@/lib/storage/postgres-blob-store";
import { serviceContext } from "../context";
import { envelope, jsonContent, ok, permissionResponse, standardErrorResponses } from "../envelope";
import { extension } from "../openapi-document";
import { requireRole } from "../principal-role";
import { createRouter } from "../router";

const eraseRoute = extension(
  createRoute({
    method: "post",
    path: "/data-erasure",
    operationId: "eraseDataByPhoneNumber",
    tags: ["Data erasure"],
    summary: "Erase a person's calls by phone number",
    description:
      "A data-subject erasure: deletes every call with `phone_number` on either side (from or to), with its transcript, variable values, " +
      "post-call answers, events, webhook deliveries and recording, and every campaign contact with the number (its variables and metadata with it), " +
      "so nothing is found by the number afterwards (search, contacts and their exports included). " +
      "By default the number stays on the do-not-call list as a keyed hash only (`do_not_call: \"suppress\"`, extension): the person is never called again, yet the list shows no number. " +
      "The audit log keeps one `data.erased` entry with the number hashed (HMAC-SHA256 with the installation's secret). " +
      "For API keys made by an owner or admin (or by the admin CLI); in the studio, for owners.",
    request: { body: { required: true, content: { "application/json": { schema: DataErasureBodySchema } } } },
    responses: { 200: jsonContent(envelope(DataErasureResultSchema, "DataErasureResponse"), "What was deleted"), ...standardErrorResponses, ...permissionResponse },
  }),
);

export function dataErasureRoutes() {
  const app = createRouter();
  app.openapi(eraseRoute, async (c) => {
    await requireRole(c, "owner", "Data erasure");
    const deps = c.get("deps");
    const body = c.req.valid("json");
    const result = await eraseByPhoneNumber(serviceContext(c), deps.storage ?? postgresBlobStore(deps.db), body.phone_number, { doNotCall: body.do_not_call });
    return ok(c, result, { message: `${result.calls_deleted} call(s) erased` });
  });
  return app;
}
