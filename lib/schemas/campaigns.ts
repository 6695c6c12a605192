import { z } from "@hono/zod-openapi";
import { callEndReasons } from "./call-values";
import { dynamicVariablesValues } from "./calls";
import { campaignStatuses, contactStatuses, DEFAULT_PACING, DEFAULT_RETRY, retryOutcomes, weekdays } from "./campaign-values";
import { cursorQuery, e164, isoDateTime, limitQuery, uuidPathParam } from "./common";

/** An IANA zone the runtime knows ("America/New_York", "UTC"), not an offset or abbreviation. */
export function isIanaZone(zone: string): boolean {
  if (!/^[A-Za-z][A-Za-z0-9_+\-/]{0,63}$/.test(zone)) return false;
  try {
    new Intl.DateTimeFormat("en-US", { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

export const ianaZone = z.string().refine(isIanaZone, 'Must be an IANA time zone such as "America/New_York" or "UTC"');

const hhmm = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'Must be a time "HH:MM" (24-hour), such as "09:00"');
const hhmmEnd = z.string().regex(/^(([01]\d|2[0-3]):[0-5]\d|24:00)$/, 'Must be a time "HH:MM" (24-hour) up to "24:00"');

export const CallingWindowSchema = z
  .strictObject({
    days: z
      .array(z.enum(weekdays, { message: `Must be one of ${weekdays.join(", ")}` }))
      .min(1, "Must have at least 1 day")
      .max(7)
      .refine((days) => new Set(days).size === days.length, "Each day at most once")
      .openapi({ example: ["mon", "tue", "wed", "thu", "fri"] }),
    start: hhmm.openapi({ example: "09:00" }),
    end: hhmmEnd.openapi({ example: "20:00" }),
  })
  .superRefine((window, ctx) => {
    if (window.end <= window.start) ctx.addIssue({ code: "custom", path: ["end"], message: "Must be later than start (a window cannot cross midnight: use two)" });
  })
  .openapi("CallingWindow", { description: "Local times in the contact's zone: from `start` (inclusive) to `end` (exclusive) on each of `days`." });

const scheduleFields = {
  start_at: isoDateTime.nullable().optional().openapi({ description: "No call before this time (default: when started)." }),
  end_at: isoDateTime.nullable().optional().openapi({ description: "No call after this time: the campaign completes, contacts not yet called are `cancelled`." }),
  timezone: ianaZone.optional().openapi({ description: "IANA zone of the windows when a contact's own zone is not known, or when recipient_timezone is false. Default UTC.", example: "America/New_York" }),
  windows: z.array(CallingWindowSchema).min(1, "Must have at least 1 window").max(50).optional().openapi({ description: "Default: every day 09:00–20:00." }),
  recipient_timezone: z.boolean().optional().openapi({
    description:
      "true (default): each contact's windows are in its own zone: the `timezone` given with the contact, else the zone of its number " +
      "(country and area code, from libphonenumber's data), else the campaign's. false: every contact in the campaign's zone.",
  }),
};

const startBeforeEnd = (schedule: { start_at?: string | null; end_at?: string | null }, ctx: z.RefinementCtx) => {
  if (schedule.start_at && schedule.end_at && new Date(schedule.end_at) <= new Date(schedule.start_at)) {
    ctx.addIssue({ code: "custom", path: ["end_at"], message: "Must be later than start_at" });
  }
};

export const ScheduleInputSchema = z.strictObject(scheduleFields).superRefine(startBeforeEnd).openapi("CampaignScheduleInput");

export const PacingInputSchema = z
  .strictObject({
    max_concurrent_calls: z.number().int("Must be a whole number").min(1).max(1000).optional().openapi({ description: `1 to 1000, default ${DEFAULT_PACING.max_concurrent_calls}: the campaign's calls in progress (ringing included) at most.` }),
    calls_per_second: z.number().min(0.1).max(100).optional().openapi({ description: `0.1 to 100, default ${DEFAULT_PACING.calls_per_second}: new calls at most this many in any second (and evenly spaced).` }),
  })
  .openapi("CampaignPacingInput");

export const RetryInputSchema = z
  .strictObject({
    max_attempts: z.number().int("Must be a whole number").min(1).max(10).optional().openapi({ description: `Calls per contact at most, 1 to 10 (default ${DEFAULT_RETRY.max_attempts}: no retry).` }),
    retry_on: z
      .array(z.enum(retryOutcomes, { message: `Must be one of ${retryOutcomes.join(", ")}` }))
      .max(4)
      .refine((values) => new Set(values).size === values.length, "Each outcome at most once")
      .optional()
      .openapi({ description: "Outcomes that are tried again while attempts remain (default none): no_answer, busy, failed (could not connect), voicemail." }),
    delay_minutes: z.number().int("Must be a whole number").min(1).max(10_080).optional().openapi({ description: `Minutes after the call's end, 1 to 10080 (default ${DEFAULT_RETRY.delay_minutes}); then at the next moment inside the contact's windows.` }),
  })
  .openapi("CampaignRetryInput");

const metadataField = z.record(z.string(), z.unknown(), { message: "Must be a JSON object" });

export const CreateCampaignBodySchema = z
  .strictObject({
    name: z.string().trim().min(1, "Required").max(255),
    agent_id: z.uuid("Must be a UUID").openapi({ description: "An agent of your organization: it speaks on every call." }),
    from_numbers: z
      .array(e164("+14155550100"))
      .min(1, "Must have at least 1 number")
      .max(100)
      .refine((numbers) => new Set(numbers).size === numbers.length, "Each number at most once")
      .openapi({ description: "Numbers of your organization the calls come from, used in turn." }),
    schedule: ScheduleInputSchema.optional(),
    pacing: PacingInputSchema.optional(),
    retry: RetryInputSchema.optional(),
    metadata: metadataField.optional(),
  })
  .openapi("CreateCampaignRequest");
export type CreateCampaignBody = z.infer<typeof CreateCampaignBodySchema>;

export const UpdateCampaignBodySchema = z
  .strictObject({
    name: z.string().trim().min(1, "Required").max(255).optional(),
    agent_id: z.uuid("Must be a UUID").optional(),
    from_numbers: CreateCampaignBodySchema.shape.from_numbers.optional(),
    schedule: ScheduleInputSchema.optional().openapi({ description: "Merged field by field into the current schedule." }),
    pacing: PacingInputSchema.optional().openapi({ description: "Merged field by field." }),
    retry: RetryInputSchema.optional().openapi({ description: "Merged field by field." }),
    metadata: metadataField.optional().openapi({ description: "JSON Merge Patch (RFC 7396) into the current metadata: null removes a key." }),
  })
  .openapi("UpdateCampaignRequest", { description: "Only while the campaign is draft, paused, completed or cancelled (else 409)." });
export type UpdateCampaignBody = z.infer<typeof UpdateCampaignBodySchema>;

export const CampaignProgressSchema = z
  .object({
    total: z.number().int(),
    pending: z.number().int().openapi({ description: "Not called yet (those waiting for their calling window included)." }),
    dialing: z.number().int(),
    in_progress: z.number().int(),
    retry_scheduled: z.number().int(),
    completed: z.number().int(),
    failed: z.number().int(),
    skipped_dnc: z.number().int(),
    cancelled: z.number().int(),
    calls_placed: z.number().int(),
    scheduled: z.number().int().openapi({ description: "Extension: of `pending`, those waiting for their calling window to open." }),
  })
  .openapi("CampaignProgress");
export type CampaignProgress = z.infer<typeof CampaignProgressSchema>;

export const CampaignSchema = z
  .object({
    id: z.uuid(),
    name: z.string(),
    agent_id: z.uuid(),
    from_numbers: z.array(z.string()),
    status: z.enum(campaignStatuses).openapi({ description: "draft → scheduled (start_at ahead) → running ⇄ paused → completed; or cancelled." }),
    schedule: z.object({
      start_at: z.string().nullable(),
      end_at: z.string().nullable(),
      timezone: z.string(),
      windows: z.array(z.object({ days: z.array(z.enum(weekdays)), start: z.string(), end: z.string() })),
      recipient_timezone: z.boolean(),
    }),
    pacing: z.object({ max_concurrent_calls: z.number().int(), calls_per_second: z.number() }),
    retry: z.object({ max_attempts: z.number().int(), retry_on: z.array(z.enum(retryOutcomes)), delay_minutes: z.number().int() }),
    metadata: z.record(z.string(), z.unknown()),
    progress: CampaignProgressSchema,
    started_at: z.string().nullable(),
    completed_at: z.string().nullable(),
    created_at: z.string(),
    updated_at: z.string(),
  })
  .openapi("Campaign");
export type Campaign = z.infer<typeof CampaignSchema>;

export const CampaignIdParamSchema = uuidPathParam("campaign_id", "The campaign's id");

export const ListCampaignsQuerySchema = z.object({
  status: z.enum(campaignStatuses, { message: `Must be one of ${campaignStatuses.join(", ")}` }).optional().openapi({ description: "Only campaigns in this status." }),
  cursor: cursorQuery,
  limit: limitQuery,
});

export const contactOutcomes = [...callEndReasons, "voicemail"] as const;

export const CampaignContactSchema = z
  .object({
    id: z.uuid(),
    phone_number: z.string().openapi({ example: "+14155550123" }),
    status: z.enum(contactStatuses),
    attempts: z.number().int(),
    next_attempt_at: z.string().nullable().openapi({ description: "When the next call is due (a retry, or the opening of the contact's calling window)." }),
    last_call_id: z.uuid().nullable(),
    outcome: z.string().nullable().openapi({ description: "The last call's end_reason, or `voicemail` when a machine answered." }),
    dynamic_variables_values: z.record(z.string(), z.unknown()),
    metadata: z.record(z.string(), z.unknown()),
    timezone: z.string().nullable().openapi({ description: "Extension: the contact's zone (given, or from its number); null: the campaign's." }),
    created_at: z.string(),
    updated_at: z.string(),
  })
  .openapi("CampaignContact");
export type CampaignContact = z.infer<typeof CampaignContactSchema>;

export const ListContactsQuerySchema = z.object({
  status: z.enum(contactStatuses, { message: `Must be one of ${contactStatuses.join(", ")}` }).optional().openapi({ description: "Only contacts in this status." }),
  outcome: z.enum(contactOutcomes, { message: `Must be one of ${contactOutcomes.join(", ")}` }).optional().openapi({ description: "Only contacts whose last call ended so (an end_reason, or voicemail)." }),
  cursor: z.string().regex(/^p\d{1,9}$/, "Must be a next_cursor from a previous page").optional().openapi({ description: "The `next_cursor` of the previous page (contacts page in import order)." }),
  limit: limitQuery,
});

export const MAX_JSON_CONTACTS = 10_000;
export const MAX_CSV_ROWS = 100_000;

const defaultCountry = z
  .string()
  .regex(/^[A-Z]{2}$/, "Must be an ISO 3166 country code such as US")
  .optional()
  .openapi({ description: "Extension: the country of numbers written without a country code (e.g. US for (415) 555-0123)." });

/** A contact is checked row by row (a bad row is rejected, the others added): only its outer shape is checked here. */
export const AddContactsBodySchema = z
  .strictObject({
    contacts: z
      .array(z.unknown())
      .min(1, "Must have at least 1 contact")
      .max(MAX_JSON_CONTACTS, `At most ${MAX_JSON_CONTACTS.toLocaleString("en-US")} contacts a request (upload a CSV for more)`)
      .openapi({
        type: "array",
        items: {
          type: "object",
          properties: {
            phone_number: { type: "string", example: "+14155550123" },
            dynamic_variables_values: { type: "object", additionalProperties: true },
            metadata: { type: "object", additionalProperties: true },
            timezone: { type: "string", example: "America/Los_Angeles" },
          },
          required: ["phone_number"],
        },
      } as never),
    default_country: defaultCountry,
  })
  .openapi("AddCampaignContactsRequest");

export const ContactInputSchema = z.strictObject({
  phone_number: z.string({ message: "Required" }).max(64),
  dynamic_variables_values: dynamicVariablesValues.optional(),
  metadata: metadataField.optional(),
  timezone: ianaZone.optional(),
});

export const RejectedRowSchema = z.object({
  row: z.number().int().openapi({ description: "JSON: the contact's index in `contacts` (from 0). CSV: the row as a spreadsheet numbers it (the header is row 1)." }),
  field: z.string().openapi({ example: "phone_number" }),
  message: z.string(),
});

export const AddContactsResultSchema = z
  .object({
    added: z.number().int().openapi({ description: "Contacts added (those on the do-not-call list included, as skipped_dnc)." }),
    duplicates: z.number().int().openapi({ description: "Rows whose number the campaign (or an earlier row) already had: dropped." }),
    rejected: z.array(RejectedRowSchema),
    skipped_dnc: z.number().int().openapi({ description: "Extension: of `added`, numbers on the do-not-call list (never called)." }),
  })
  .openapi("AddCampaignContactsResult");
export type AddContactsResult = z.infer<typeof AddContactsResultSchema>;

/** The multipart form (documented only: the route reads the parts itself). */
export const AddContactsMultipartSchema = {
  type: "object" as const,
  properties: {
    file: {
      type: "string" as const,
      format: "binary",
      description:
        `A CSV file (UTF-8, comma-separated, a header row; at most ${MAX_CSV_ROWS.toLocaleString("en-US")} rows): a \`phone_number\` column, optional \`timezone\` and ` +
        "`metadata.<key>` columns, every other column a dynamic variable.",
    },
    column_mapping: {
      type: "string" as const,
      description: 'Extension: JSON object renaming columns before they are read, e.g. {"Mobile": "phone_number", "First name": "first_name", "Notes": ""} ("" ignores a column).',
    },
    default_country: { type: "string" as const, description: "Extension: as in the JSON body." },
  },
  required: ["file"],
};

export { defaultCountry as DefaultCountrySchema };
