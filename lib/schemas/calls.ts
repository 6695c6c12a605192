import { z } from "@hono/zod-openapi";
import { piiCategories } from "@/lib/redaction/pii-categories";
import { carrierNames } from "./telephony";
import {
  callAnswerTypes,
  callDirections,
  callEndReasons,
  callStatuses,
  CallStarterSchema,
  CallTransferSchema,
  callTypes,
  TranscriptEntrySchema,
  TurnLatencySchema,
  VariableValueSchema,
} from "./call-values";
import { cursorQuery, e164, isoDateTime, limitQuery, pageQuery, queryBoolean } from "./common";
import { MAX_CUSTOM_HEADERS, refusedCustomHeaders, validateCustomHeaders } from "./sip-custom-headers";

export const PostCallAnswerSchema = z
  .object({
    id: z.uuid(),
    question: z.object({
      id: z.uuid(),
      name: z.string(),
      description: z.string(),
      question_type: z.string().openapi({ description: "text, boolean, number, single_choice or multi_choice" }),
      is_optional: z.boolean(),
      question_origin: z.string().openapi({ example: "system" }),
    }),
    has_answer: z.boolean(),
    answer_text: z.string().nullable(),
    answer_number: z.number().nullable(),
    answer_boolean: z.boolean().nullable(),
    selected_options: z.array(z.object({ option: z.object({ id: z.string(), value: z.string() }) })),
  })
  .openapi("PostCallAnswer");

export const CallSchema = z
  .object({
    id: z.uuid(),
    status: z.enum(callStatuses).openapi({
      description: "created → ringing → in_progress → ended, or failed. `end_reason` says why a call ended or failed.",
    }),
    from_number: z.string().nullable().openapi({ example: "+14155550100" }),
    to_number: z.string().nullable().openapi({ example: "+14155550123" }),
    direction: z.enum(callDirections),
    organization_id: z.uuid(),
    type: z.enum(callTypes),
    agent_id: z.uuid(),
    agent_version: z.number().int().nullable().openapi({ description: "Extension: the agent version that handled the call." }),
    metadata: z.record(z.string(), z.unknown()),
    start_time: z.string().openapi({ format: "date-time", description: "When the call was accepted; the cursor key." }),
    end_time: z.string().nullable().openapi({ format: "date-time", description: "Null until the call ends." }),
    duration_seconds: z.number().int().nullable().openapi({ description: "From answer to end." }),
    redirect_duration_seconds: z.number().int().nullable(),
    cost: z.number().nullable().openapi({ description: "USD" }),
    cost_breakdown: z.record(z.string(), z.number()).nullable().openapi({ description: "Extension: cost parts in USD." }),
    end_reason: z.enum(callEndReasons).nullable().openapi({
      description:
        "Extension: why the call ended or failed. `error` includes a live call whose server process died (ended by another instance within " +
        "INSTANCE_TIMEOUT_SECONDS plus one heartbeat); `server_shutdown`: the server holding the call was shutting down and its drain time ran out.",
    }),
    answer_type: z.enum(callAnswerTypes).nullable(),
    recording_url: z.string().nullable().openapi({ description: "Time-limited link to the recording, or null." }),
    secure_recording_url: z.boolean(),
    dynamic_variables_values: z
      .record(z.string(), z.unknown())
      .nullable()
      .openapi({ description: "Extension: the values the call was started with." }),
    custom_headers: z
      .record(z.string(), z.string())
      .nullable()
      .openapi({ description: "Extension: the SIP headers the call was started with." }),
    carrier: z.enum(carrierNames).nullable().openapi({ description: "Extension: the carrier that carried a phone call (`twilio`, `telnyx`), null otherwise." }),
    carrier_call_id: z.string().nullable().openapi({ description: "Extension: the carrier's id of the call (Twilio CallSid, Telnyx call_control_id)." }),
    transfer: CallTransferSchema.nullable().openapi({ description: "Extension: where a transfer_call (or a number's redirect) sent the caller, and how it went." }),
    started_by: CallStarterSchema.nullable().openapi({
      description:
        "Extension: who started the call through the API (web calls and outbound phone calls): a studio member, or an API key. Null for inbound calls (the caller started them), for a campaign's calls (see `campaign_id`) and for calls recorded before it was kept.",
    }),
    campaign_id: z.uuid().nullable().openapi({ description: "Extension: the campaign that placed this call, null otherwise." }),

    redacted_categories: z.array(z.enum(piiCategories)).openapi({
      description:
        "Extension: the kinds of PII the agent's `data_storage: redact_pii` found and replaced (`credit_card`, `ssn`, `email`, `phone_number`, `date_of_birth`, `iban`, `address`, `person_name`); empty otherwise.",
    }),
    transcript_string: z.string().optional().openapi({ description: "Lists: only with include_transcript=true." }),
    transcript: z.array(TranscriptEntrySchema).optional().openapi({ description: "Lists: only with include_transcript=true." }),
    variable_values: z
      .array(VariableValueSchema)
      .optional()
      .openapi({ description: "Lists: only with include_variable_values=true." }),
    post_call_answers: z.array(PostCallAnswerSchema).optional().openapi({ description: "Only in single-call responses." }),
    turn_latency: z
      .array(TurnLatencySchema)
      .nullable()
      .optional()
      .openapi({ description: "Extension, only in single-call responses: voice calls' latency per caller turn, stored when the call ends; null for text calls." }),
  })
  .openapi("Call");
/** A call as /v1 answers it (lists omit transcript and variable values unless asked for). */
export type Call = z.infer<typeof CallSchema>;
export type PostCallAnswer = z.infer<typeof PostCallAnswerSchema>;

/** `+` in a query string decodes to a space; a leading space before digits is read back as `+`. */
const numberFilter = z.preprocess((value) => (typeof value === "string" ? value.replace(/^ (?=\d)/, "+") : value), e164()).optional();

const dateOrDateTime = z.union([isoDateTime, z.iso.date()], {
  message: "Must be an ISO 8601 date-time such as 2026-01-31T12:00:00Z",
});

const oneOf = (values: readonly string[]) => `Must be one of ${values.slice(0, -1).join(", ")} or ${values.at(-1)}`;
export const MAX_CALL_SEARCH_LENGTH = 200;

/** The filters of the calls list, shared by the count. */
export const CallFiltersQuerySchema = z.object({
  agent_id: z.uuid("Must be a UUID").optional().openapi({ description: "Only calls handled by this agent." }),
  call_type: z.enum(callTypes, { message: "Must be phone_call or web_call" }).optional().openapi({ description: "Only calls of this type." }),
  from_number: numberFilter.openapi({ description: "E.164 (URL-encode the + as %2B)." }),
  to_number: numberFilter.openapi({ description: "E.164 (URL-encode the + as %2B)." }),
  start_time_gt: dateOrDateTime.optional().openapi({ description: "Calls whose start_time is after this." }),
  start_time_lt: dateOrDateTime.optional().openapi({ description: "Calls whose start_time is before this." }),
  status: z.enum(callStatuses, { message: oneOf(callStatuses) }).optional().openapi({ description: "**Extension**: only calls in this status." }),
  end_reason: z.enum(callEndReasons, { message: oneOf(callEndReasons) }).optional().openapi({ description: "**Extension**: only calls that ended for this reason." }),
  answer_type: z.enum(callAnswerTypes, { message: oneOf(callAnswerTypes) }).optional().openapi({ description: "**Extension**: only calls answered by a human, a voicemail, or unknown." }),
  carrier: z.enum(carrierNames, { message: oneOf(carrierNames) }).optional().openapi({ description: "**Extension**: only phone calls carried by `twilio` or `telnyx`." }),
  campaign_id: z.uuid("Must be a UUID").optional().openapi({ description: "**Extension**: only calls placed by this campaign." }),
  search: z
    .string()
    .trim()
    .min(1, "Must not be empty")
    .max(MAX_CALL_SEARCH_LENGTH, `Must be at most ${MAX_CALL_SEARCH_LENGTH} characters`)
    .optional()
    .openapi({
      description:
        "**Extension**: only calls whose transcript (both sides) contains these words: Postgres full-text search in English " +
        '(stemmed, so "booking" finds "booked"), web-search syntax ("a phrase", -word, or). Indexed (GIN).',
      example: "reschedule appointment",
    }),
});

export const ListCallsQuerySchema = CallFiltersQuerySchema.extend({
  cursor: cursorQuery,
  page: pageQuery,
  limit: limitQuery,
  use_cursor: queryBoolean(true, "true (default) for cursor paging, false for page paging."),
  include_transcript: queryBoolean(false, "Include transcript and transcript_string."),
  include_variable_values: queryBoolean(false, "Include variable_values."),
});

/** Paths inside `value` holding something other than a string, number, boolean or object of those. */
function invalidVariablePaths(value: unknown, path: (string | number)[] = []): (string | number)[][] {
  if (typeof value === "string" || typeof value === "number" || typeof value === "boolean") return [];
  if (typeof value === "object" && value !== null && !Array.isArray(value)) {
    return Object.entries(value).flatMap(([key, inner]) => invalidVariablePaths(inner, [...path, key]));
  }
  return [path];
}

export const dynamicVariablesValues = z.record(z.string(), z.unknown()).superRefine((values, ctx) => {
  for (const path of invalidVariablePaths(values)) {
    ctx.addIssue({ code: "custom", path, message: "Values must be strings, numbers, booleans or objects of those" });
  }
});

const HEADER_NAME = /^[A-Za-z0-9!#$%&'*+.^_`|~-]+$/;

export const StartPhoneCallBodySchema = z
  .strictObject({
    from_number: e164("+14155550100").openapi({ description: "A number of your organization (E.164, at least 8 characters)." }),
    to_number: e164("+14155550123").openapi({ description: "E.164, at least 8 characters." }),
    agent_id: z.uuid("Must be a UUID").openapi({ description: "An agent of your organization." }),
    dynamic_variables_values: dynamicVariablesValues
      .optional()
      .openapi({ description: "Initial variable values: strings, numbers, booleans or nested objects.", example: { customer_name: "Ada" } }),
    custom_headers: z
      .record(
        z.string().regex(HEADER_NAME, "Must be a valid header name"),
        z
          .string()
          .max(1024, "Must be at most 1024 characters")
          .refine((value) => !/[\r\n]/.test(value), "Must not contain line breaks"),
      )
      .superRefine((headers, ctx) => {
        const check = validateCustomHeaders(headers);
        if (!check.ok) ctx.addIssue({ code: "custom", path: check.header ? [check.header] : [], message: check.problem });
      })
      .optional()
      .openapi({
        description:
          "SIP headers for the INVITE when `from_number` is a `sip` number, checked before anything is dialled. Every entry is sent as given; " +
          "`From`, `To` and `P-Asserted-Identity` replace ours (our From tag is kept; `To` must carry no tag). " +
          `${refusedCustomHeaders.join(", ")} (and their compact forms) are refused, as are names outside the RFC 3261 token grammar, ` +
          `values with CR, LF or other control characters, and more than ${MAX_CUSTOM_HEADERS} headers: 400 naming the header (\`custom_headers.Via\`).`,
        example: { "X-Campaign": "spring", "P-Asserted-Identity": "<sip:+14155550100@trunk.example.com>" },
      }),
  })
  .openapi("StartPhoneCallRequest");

export const CallCountSchema = z
  .object({
    total: z.number().int().openapi({ description: "Calls that match the filters." }),
    exact: z.boolean().openapi({
      description:
        "true when `total` is exact: always with no filter or only `agent_id`, `start_time_gt` and `start_time_lt` (from the analytics rollups), " +
        "and for other filters up to 10,000 matches; above that `total` is the query planner's estimate (false).",
    }),
  })
  .openapi("CallCount");
/** How many calls match; `exact` is false above 10,000 matches of filters the rollups cannot count (an estimate). */
export type CallCount = z.infer<typeof CallCountSchema>;

export const StartPhoneCallResultSchema = z.object({ call_id: z.uuid() }).openapi("StartPhoneCallResult");

export const UpdateCallMetadataBodySchema = z
  .strictObject({
    metadata: z.record(z.string(), z.unknown(), { message: "Must be a JSON object" }).openapi({ example: { crm_id: "A-42", tags: { vip: true } } }),
    override: z.boolean().optional().openapi({
      description:
        "false (default): JSON Merge Patch (RFC 7396) into the existing metadata, recursively; a null value removes that key. " +
        "true: the existing metadata is replaced by this object, null values kept.",
    }),
  })
  .openapi("UpdateCallMetadataRequest");
