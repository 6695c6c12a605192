import { createRoute, z } from "@hono/zod-openapi";
import { addToDoNotCall, listDoNotCall, removeFromDoNotCall } from "@/lib/services/do-not-call/do-not-call";
import { AddDoNotCallBodySchema, AddDoNotCallResultSchema, DoNotCallEntrySchema, DoNotCallNumberParamSchema, ListDoNotCallQuerySchema } from "@/lib/schemas/do-not-call";
import { serviceContext } from "../context";
import { envelope, jsonContent, listEnvelope, ok, standardErrorResponses } from "../envelope";
import { extension } from "../openapi-document";
import { createRouter } from "../router";

const tags = ["Do not call"];

const listRoute = extension(
  createRoute({
    method: "get",
    path: "/do-not-call",
    operationId: "listDoNotCall",
    tags,
    summary: "List the do-not-call list",
    description:
      "Numbers your organization never calls, newest first, in cursor pages (pass `next_cursor` back as `cursor`). " +
      "An erased person's entry (`erased: true`) shows no number: it keeps only a keyed hash, which still refuses calls to the number.",
    request: { query: ListDoNotCallQuerySchema },
    responses: { 200: jsonContent(listEnvelope(DoNotCallEntrySchema, "DoNotCallList"), "Listed numbers"), ...standardErrorResponses },
  }),
);

const addRoute = extension(
  createRoute({
    method: "post",
    path: "/do-not-call",
    operationId: "addDoNotCall",
    tags,
    summary: "Add numbers to the do-not-call list",
    description:
      "Every outbound call to a listed number is then refused before dialling (400 `do_not_call` naming the number): API, campaigns, studio. " +
      "Campaign contacts with these numbers that were not called yet become `skipped_dnc`. A number that is not one is 400 naming it (`phone_numbers[2]`). " +
      "A number an erasure already keeps (hashed) counts as `already_listed` and is not stored again in the clear. The audit log names the numbers by their keyed hashes only.",
    request: { body: { required: true, content: { "application/json": { schema: AddDoNotCallBodySchema } } } },
    responses: { 201: jsonContent(envelope(AddDoNotCallResultSchema, "AddDoNotCallResponse"), "Listed"), ...standardErrorResponses },
  }),
);

const deleteRoute = extension(
  createRoute({
    method: "delete",
    path: "/do-not-call/{phone_number}",
    operationId: "removeDoNotCall",
    tags,
    summary: "Remove a number from the do-not-call list",
    description:
      "The number may be called again (contacts already skipped stay skipped). Named by the number, or (extension) by the entry's id, the only way to name an erased person's entry without their number. 404 when it is not listed.",
    request: { params: DoNotCallNumberParamSchema },
    responses: { 200: jsonContent(envelope(z.null(), "RemoveDoNotCallResponse"), "Removed; data is null"), ...standardErrorResponses },
  }),
);

export function doNotCallRoutes() {
  const router = createRouter();
  router.openapi(listRoute, async (c) => {
    const { items, ...paging } = await listDoNotCall(serviceContext(c), c.req.valid("query"));
    return ok(c, items, { message: "Do-not-call list retrieved", extra: paging });
  });
  router.openapi(addRoute, async (c) => {
    const body = c.req.valid("json");
    const source = c.get("studioUserId") ? "studio" : "api";
    const result = await addToDoNotCall(serviceContext(c), { phone_numbers: body.phone_numbers, reason: body.reason, source });
    return ok(c, result, { message: `${result.added} number(s) added to the do-not-call list`, status: 201 });
  });
  router.openapi(deleteRoute, async (c) => {
    await removeFromDoNotCall(serviceContext(c), c.req.valid("param").phone_number);
    return ok(c, null, { message: "Number removed from the do-not-call list" });
  });
  return router;
}
