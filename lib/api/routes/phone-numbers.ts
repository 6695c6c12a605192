import { createRoute, z } from "@hono/zod-openapi";
import { createPhoneNumber, deletePhoneNumber, getPhoneNumber, listPhoneNumbers, updatePhoneNumber } from "@/lib/services/phone-numbers/phone-numbers";
import { configuredCarriers } from "@/lib/telephony/carrier-directory";
import { serviceContext, telephonyContext } from "../context";
import { conflictResponse, envelope, jsonContent, listEnvelope, ok, standardErrorResponses } from "../envelope";
import { extension } from "../openapi-document";
import { createRouter } from "../router";
import {
  CreatePhoneNumberBodySchema,
  ListPhoneNumbersQuerySchema,
  PhoneNumberIdParamSchema,
  PhoneNumberSchema,
  UpdatePhoneNumberBodySchema,
} from "@/lib/schemas/phone-numbers";

const tags = ["Phone numbers"];
const PhoneNumberEnvelope = envelope(PhoneNumberSchema, "PhoneNumberResponse");

const SIP_DESCRIPTION =
  "A `sip` number is reached through your own SIP trunk: `sip_trunk` holds its `termination_uri` (sip: or sips:), " +
  "`transport` (udp, tcp or tls; default udp) and optional digest credentials. `auth_password` is write-only: " +
  "responses carry `has_auth_password` instead. `pstn` numbers have `sip_trunk` null.";

const listRoute = createRoute({
  method: "get",
  path: "/phone-numbers",
  operationId: "listPhoneNumbers",
  tags,
  summary: "List phone numbers",
  description:
    "Newest first. Page mode (default): `page` and `limit`, with `current_page`, `total_pages` and `total_items`; " +
    "a page past the end is empty. Cursor mode (`use_cursor=true`): pass `next_cursor` back as `cursor`; it is null " +
    "on the last page. Each mode ignores the other's parameter.",
  request: { query: ListPhoneNumbersQuerySchema },
  responses: {
    200: jsonContent(listEnvelope(PhoneNumberSchema, "PhoneNumberListResponse"), "Phone numbers of your organization"),
    ...standardErrorResponses,
  },
});

const getRoute = extension(
  createRoute({
    method: "get",
    path: "/phone-numbers/{phone_number_id}",
    operationId: "getPhoneNumber",
    tags,
    summary: "Get a phone number",
    description: "Another organization's number is 404, like a missing one.",
    request: { params: PhoneNumberIdParamSchema },
    responses: { 200: jsonContent(PhoneNumberEnvelope, "The phone number"), ...standardErrorResponses },
  }),
);

const createPhoneNumberRoute = extension(
  createRoute({
    method: "post",
    path: "/phone-numbers",
    operationId: "createPhoneNumber",
    tags,
    summary: "Register a phone number",
    description:
      `A number can belong to one organization only: one already registered anywhere is 409 \`conflict\` naming \`number\`. ` +
      `\`redirect\` true needs a \`redirect_phone_number\` different from the number. ${SIP_DESCRIPTION}`,
    request: { body: { required: true, content: { "application/json": { schema: CreatePhoneNumberBodySchema } } } },
    responses: { 201: jsonContent(PhoneNumberEnvelope, "The registered number"), ...standardErrorResponses, ...conflictResponse },
  }),
);

const updateRoute = createRoute({
  method: "patch",
  path: "/phone-numbers/{phone_number_id}",
  operationId: "updatePhoneNumber",
  tags,
  summary: "Update a phone number",
  description:
    "Partial update: omitted fields keep their values, null clears (`redirect` null means false). After the update, " +
    "`redirect` true needs a `redirect_phone_number` different from the number. `inbound_agent_id` must name an agent " +
    "of your organization. Extension: `sip_trunk` (sip numbers only) replaces the stored trunk, except that an " +
    `omitted \`auth_password\` keeps the stored one and null clears it. ${SIP_DESCRIPTION}`,
  request: {
    params: PhoneNumberIdParamSchema,
    body: { required: true, content: { "application/json": { schema: UpdatePhoneNumberBodySchema } } },
  },
  responses: { 200: jsonContent(PhoneNumberEnvelope, "The updated phone number"), ...standardErrorResponses },
});

const deleteRoute = extension(
  createRoute({
    method: "delete",
    path: "/phone-numbers/{phone_number_id}",
    operationId: "deletePhoneNumber",
    tags,
    summary: "Delete a phone number",
    description: "Calls made from or to the number keep their `from_number` and `to_number`.",
    request: { params: PhoneNumberIdParamSchema },
    responses: {
      200: jsonContent(envelope(z.null(), "PhoneNumberDeletedResponse"), "Deleted; `data` is null"),
      ...standardErrorResponses,
    },
  }),
);

export function phoneNumberRoutes() {
  const app = createRouter();

  app.openapi(listRoute, async (c) => {
    const { items, ...paging } = await listPhoneNumbers(serviceContext(c), c.req.valid("query"));
    return ok(c, items, { message: "Phone numbers retrieved", extra: paging });
  });

  app.openapi(createPhoneNumberRoute, async (c) => {
    const body = c.req.valid("json");
    let defaults = {};
    if ((body.type ?? "pstn") === "pstn" && body.carrier === undefined) {
      const { db, organizationId, settings } = telephonyContext(c);
      const configured = await configuredCarriers(db, settings, organizationId);
      if (configured.length === 1) defaults = { carrier: configured[0] };
    }
    const created = await createPhoneNumber(serviceContext(c), body, defaults);
    return ok(c, created, { message: "Phone number created", status: 201 });
  });

  app.openapi(getRoute, async (c) => {
    const found = await getPhoneNumber(serviceContext(c), c.req.valid("param").phone_number_id);
    return ok(c, found, { message: "Phone number retrieved" });
  });

  app.openapi(updateRoute, async (c) => {
    const updated = await updatePhoneNumber(serviceContext(c), c.req.valid("param").phone_number_id, c.req.valid("json"));
    return ok(c, updated, { message: "Phone number updated" });
  });

  app.openapi(deleteRoute, async (c) => {
    await deletePhoneNumber(serviceContext(c), c.req.valid("param").phone_number_id);
    return ok(c, null, { message: "Phone number deleted" });
  });

  return app;
}
