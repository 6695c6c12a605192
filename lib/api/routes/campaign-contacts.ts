import { createRoute, type z } from "@hono/zod-openapi";
import { addCampaignContacts, listCampaignContacts, type ContactDraft } from "@/lib/services/campaigns/campaign-contacts";
import { contactsFromCsv } from "@/lib/services/campaigns/contacts-csv";
import {
  AddContactsBodySchema,
  AddContactsMultipartSchema,
  AddContactsResultSchema,
  CampaignContactSchema,
  CampaignIdParamSchema,
  DefaultCountrySchema,
  ListContactsQuerySchema,
} from "@/lib/schemas/campaigns";
import { serviceContext } from "../context";
import { conflictResponse, envelope, jsonContent, listEnvelope, ok, standardErrorResponses } from "../envelope";
import { ApiError } from "../errors";
import { extension } from "../openapi-document";
import { createRouter } from "../router";
import { readCappedBody } from "./knowledge-base-upload";

const tags = ["Campaigns"];
/** A CSV of 100,000 contacts with a few variables each is ~10 MB; room for long rows. */
export const CONTACTS_UPLOAD_MAX_BYTES = 50 * 1024 * 1024;
/** 10,000 contacts as JSON, with their variables and metadata. */
export const CONTACTS_JSON_MAX_BYTES = 20 * 1024 * 1024;

const addRoute = extension(
  createRoute({
    method: "post",
    path: "/campaigns/{campaign_id}/contacts",
    operationId: "addCampaignContacts",
    tags,
    summary: "Add contacts to a campaign",
    description:
      "JSON `{contacts: [{phone_number, dynamic_variables_values?, metadata?, timezone?}]}` (at most 10,000 a request, 20 MB), or multipart/form-data " +
      "with a CSV `file` (at most 100,000 rows, 50 MB). Every row is checked on its own: bad rows are listed in `rejected` with their row and field, " +
      "the others are added. Numbers are normalised to E.164 with libphonenumber (international form, or national with `default_country`); " +
      "a number the campaign already has (or an earlier row) is dropped and counted in `duplicates`; a number on the do-not-call list is added as " +
      "`skipped_dnc` and never called. A contact without `timezone` takes its number's (country and area code) when the number tells. " +
      "Not for a completed or cancelled campaign (409).",
    request: {
      params: CampaignIdParamSchema,
      // Not `required` in the route so that each media type is validated only when sent; a missing body is still 400 (below).
      body: {
        required: false,
        description: "Required: JSON contacts, or a CSV file as multipart/form-data.",
        content: { "application/json": { schema: AddContactsBodySchema }, "multipart/form-data": { schema: AddContactsMultipartSchema } },
      },
    },
    responses: { 200: jsonContent(envelope(AddContactsResultSchema, "AddCampaignContactsResponse"), "What was added, dropped and rejected"), ...standardErrorResponses, ...conflictResponse },
  }),
);

const listRoute = extension(
  createRoute({
    method: "get",
    path: "/campaigns/{campaign_id}/contacts",
    operationId: "listCampaignContacts",
    tags,
    summary: "List a campaign's contacts",
    description: "In import order, in cursor pages (pass `next_cursor` back as `cursor`); filters `status` and `outcome`. `last_call_id` is the call behind the outcome.",
    request: { params: CampaignIdParamSchema, query: ListContactsQuerySchema },
    responses: { 200: jsonContent(listEnvelope(CampaignContactSchema, "CampaignContactList"), "Contacts"), ...standardErrorResponses },
  }),
);

async function readCsvUpload(request: Request): Promise<{ text: string; mapping: Record<string, string>; defaultCountry?: string }> {
  const contentType = request.headers.get("content-type") ?? "";
  const body = await readCappedBody(request, CONTACTS_UPLOAD_MAX_BYTES);
  let form: FormData;
  try {
    form = await new Response(body as Uint8Array<ArrayBuffer>, { headers: { "content-type": contentType } }).formData();
  } catch {
    throw new ApiError("generic_error", "The multipart body could not be parsed", [{ field: "body", message: "Malformed multipart/form-data" }]);
  }
  let text: string | undefined;
  let mapping: Record<string, string> = {};
  let defaultCountry: string | undefined;
  for (const [name, value] of form.entries()) {
    if (name === "file") {
      if (text !== undefined) throw new ApiError("generic_error", "Send one file", [{ field: "file", message: "Sent more than once" }]);
      text = typeof value === "string" ? value : await value.text();
    } else if (name === "column_mapping") {
      try {
        const parsed = JSON.parse(typeof value === "string" ? value : await value.text()) as unknown;
        if (typeof parsed !== "object" || parsed === null || Array.isArray(parsed) || Object.values(parsed).some((target) => typeof target !== "string")) throw new Error();
        mapping = parsed as Record<string, string>;
      } catch {
        throw new ApiError("generic_error", "column_mapping must be a JSON object of column names to names", [{ field: "column_mapping", message: 'Must be a JSON object such as {"Mobile": "phone_number"}' }]);
      }
    } else if (name === "default_country") {
      const parsed = DefaultCountrySchema.safeParse(typeof value === "string" ? value.trim() : "");
      if (!parsed.success) throw new ApiError("generic_error", "Invalid default_country", [{ field: "default_country", message: "Must be an ISO 3166 country code such as US" }]);
      defaultCountry = parsed.data;
    } else {
      throw new ApiError("generic_error", `Unknown part "${name}"`, [{ field: name, message: "Unknown part: send the CSV as file (and optionally column_mapping, default_country)" }]);
    }
  }
  if (text === undefined) throw new ApiError("generic_error", "A CSV file is required", [{ field: "file", message: "Required" }]);
  return { text, mapping, defaultCountry };
}

export function campaignContactRoutes() {
  // The body is JSON or multipart, read here (the route's own validation would only see one of them).
  const router = createRouter();

  router.openapi(
    addRoute,
    async (c) => {
      const ctx = serviceContext(c);
      const campaignId = c.req.valid("param").campaign_id;
      const contentType = (c.req.header("content-type") ?? "").split(";")[0].trim().toLowerCase();
      let drafts: ContactDraft[];
      let rejected: { row: number; field: string; message: string }[] = [];
      let defaultCountry: string | undefined;
      if (contentType === "multipart/form-data") {
        const upload = await readCsvUpload(c.req.raw);
        ({ drafts, rejected } = contactsFromCsv(upload.text, upload.mapping));
        defaultCountry = upload.defaultCountry;
      } else {
        // Validated by the route's JSON schema (the multipart form is read above instead).
        const body = (c.req.valid as unknown as (target: "json") => Partial<z.infer<typeof AddContactsBodySchema>>)("json");
        if (!body.contacts) throw new ApiError("generic_error", "Send contacts as JSON or a CSV file as multipart/form-data", [{ field: "contacts", message: "Required" }]);
        defaultCountry = body.default_country;
        drafts = body.contacts.map((contact, index) =>
          typeof contact === "object" && contact !== null && !Array.isArray(contact)
            ? { ...(contact as Record<string, unknown>), row: index, phone_number: (contact as Record<string, unknown>).phone_number }
            : { row: index, phone_number: undefined },
        );
      }
      const format = contentType === "multipart/form-data" ? "csv" : "json";
      const result = await addCampaignContacts(ctx, c.get("deps").queue, campaignId, drafts, { defaultCountry, rejected, format });
      return ok(c, result, { message: `${result.added} contact(s) added` });
    },
  );

  router.openapi(listRoute, async (c) => {
    const { items, ...paging } = await listCampaignContacts(serviceContext(c), c.req.valid("param").campaign_id, c.req.valid("query"));
    return ok(c, items, { message: "Contacts retrieved", extra: paging });
  });

  return router;
}

