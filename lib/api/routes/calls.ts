import { createRoute, z } from "@hono/zod-openapi";
import { listCallsJson } from "@/lib/services/calls/call-list-json";
import { countCalls, deleteCall, getCall, terminateCall, updateCallMetadata, type CallFilterInput } from "@/lib/services/calls/calls";
import { callStarterOf } from "@/lib/auth/call-starter";
import { startPhoneCall } from "@/lib/services/phone-calls/start-phone-call";
import { findPhoneNumberByNumber } from "@/lib/services/phone-numbers/phone-numbers";
import { carrierOfNumber, PUBLIC_BASE_URL_MISSING } from "@/lib/telephony/carrier-directory";
import { hangUpAtCarrier } from "@/lib/telephony/phone-call-control";
import { serviceContext, telephonyContext } from "../context";
import { conflictResponse, drainingResponse, envelope, jsonContent, listEnvelope, ok, okSerialized, standardErrorResponses } from "../envelope";
import { ApiError } from "../errors";
import { extension } from "../openapi-document";
import { createRouter } from "../router";
import {
  CallCountSchema,
  CallFiltersQuerySchema,
  CallSchema,
  type Call,
  ListCallsQuerySchema,
  StartPhoneCallBodySchema,
  StartPhoneCallResultSchema,
  UpdateCallMetadataBodySchema,
} from "@/lib/schemas/calls";
import { uuidPathParam } from "@/lib/schemas/common";

const tags = ["Calls"];
const callIdParam = uuidPathParam("call_id", "The call's id");

const listRoute = createRoute({
  method: "get",
  path: "/calls",
  operationId: "listCalls",
  tags,
  summary: "List calls",
  description:
    "Newest first. Cursor mode (default) returns `next_cursor`; page mode (`use_cursor=false`) returns " +
    "`current_page`, `total_pages` and `total_items`. transcript and variable_values are included only on request. " +
    "Extensions: the `status`, `end_reason`, `answer_type`, `carrier`, `success`, `sentiment`, `agent_version` and `search` (full-text, over transcripts) filters. In page mode " +
    "`total_items` is exact up to 10,000 matching calls (and for any number with no filter or only agent and time filters); " +
    "above that it is the query planner's estimate, so that paging stays fast at millions of calls (see GET /v1/calls/count).",
  request: { query: ListCallsQuerySchema },
  responses: { 200: jsonContent(listEnvelope(CallSchema, "CallList"), "Calls retrieved"), ...standardErrorResponses },
});

const countRoute = extension(
  createRoute({
    method: "get",
    path: "/calls/count",
    operationId: "countCalls",
    tags,
    summary: "Count calls",
    description:
      "How many calls match the list's filters (the same parameters as GET /v1/calls). Exact with no filter or only `agent_id` and " +
      "start times (read from the analytics rollups, fast at any size); with other filters exact up to 10,000 matches, and the " +
      "query planner's estimate above that (`exact: false`).",
    request: { query: CallFiltersQuerySchema },
    responses: { 200: jsonContent(envelope(CallCountSchema, "CallCountResponse"), "The count"), ...standardErrorResponses },
  }),
);

const getRoute = createRoute({
  method: "get",
  path: "/calls/{call_id}",
  operationId: "getCall",
  tags,
  summary: "Get a call",
  description: "The call with its transcript, variable values and post-call answers.",
  request: { params: callIdParam },
  responses: { 200: jsonContent(envelope(CallSchema, "CallResponse"), "The call"), ...standardErrorResponses },
});

const patchRoute = createRoute({
  method: "patch",
  path: "/calls/{call_id}",
  operationId: "updateCallMetadata",
  tags,
  summary: "Update call metadata",
  description:
    "Changes the call's `metadata` only. By default the body's metadata is merged as a JSON Merge Patch (RFC 7396: " +
    "nested objects merge, `null` removes a key); with `override: true` it replaces the whole object, nulls kept. " +
    "Objects may nest at most 32 levels.",
  request: { params: callIdParam, body: { required: true, content: { "application/json": { schema: UpdateCallMetadataBodySchema } } } },
  responses: { 200: jsonContent(envelope(CallSchema, "UpdatedCallResponse"), "The updated call"), ...standardErrorResponses },
});

const deleteRoute = createRoute({
  method: "delete",
  path: "/calls/{call_id}",
  operationId: "deleteCall",
  tags,
  summary: "Delete a call",
  description: "Deletes the call and its answers. Answers 204 with an empty body.",
  request: { params: callIdParam },
  responses: { 204: { description: "Deleted (empty body)" }, ...standardErrorResponses },
});

const terminateRoute = createRoute({
  method: "post",
  path: "/calls/{call_id}/terminate",
  operationId: "terminateCall",
  tags,
  summary: "Terminate an ongoing phone call",
  description:
    "An ongoing phone call (created, ringing or in progress) becomes `ended` with end_reason `terminated`. " +
    "A call that has already ended answers the same success. A web call is 400.",
  request: { params: callIdParam },
  responses: { 200: jsonContent(envelope(z.null(), "TerminateCallResponse"), "Terminated (data is null)"), ...standardErrorResponses },
});

const startPhoneRoute = createRoute({
  method: "post",
  path: "/calls/phone",
  operationId: "startPhoneCall",
  tags,
  summary: "Start a phone call",
  description:
    "Creates the call (status `created`) and hands it to the dialer. Send an `Idempotency-Key` header to make " +
    "retries safe: a repeated key with the same body returns the first call (with `Idempotent-Replayed: true`) for 24 hours; " +
    "with a different body it is 409. With no telephony provider configured the call then fails with end_reason `no_telephony_provider`.",
  request: {
    headers: z.object({
      "idempotency-key": z
        .string()
        .min(1)
        .max(255, "Must be at most 255 characters")
        .optional()
        .openapi({ description: "Idempotency-Key: optional, any unique string up to 255 characters (header names are case-insensitive)." }),
    }),
    body: { required: true, content: { "application/json": { schema: StartPhoneCallBodySchema } } },
  },
  responses: {
    201: jsonContent(envelope(StartPhoneCallResultSchema, "StartPhoneCallResponse"), "Call started"),
    ...standardErrorResponses,
    ...conflictResponse,
    ...drainingResponse,
  },
});

function callFilters(q: z.infer<typeof CallFiltersQuerySchema>): CallFilterInput {
  if (q.start_time_gt && q.start_time_lt && new Date(q.start_time_gt) >= new Date(q.start_time_lt)) {
    throw new ApiError("generic_error", "start_time_gt must be earlier than start_time_lt", [
      { field: "start_time_gt", message: "Must be earlier than start_time_lt" },
    ]);
  }
  return {
    agentId: q.agent_id,
    callType: q.call_type,
    fromNumber: q.from_number,
    toNumber: q.to_number,
    startTimeGt: q.start_time_gt ? new Date(q.start_time_gt) : undefined,
    startTimeLt: q.start_time_lt ? new Date(q.start_time_lt) : undefined,
    status: q.status,
    endReason: q.end_reason,
    answerType: q.answer_type,
    carrier: q.carrier,
    success: q.success,
    sentiment: q.sentiment,
    agentVersion: q.agent_version,
    campaignId: q.campaign_id,
    search: q.search,
  };
}

export function callRoutes() {
  const router = createRouter();

  router.openapi(listRoute, async (c) => {
    const q = c.req.valid("query");
    const { itemsJson, ...paging } = await listCallsJson(
      serviceContext(c),
      {
        ...callFilters(q),
        cursor: q.cursor,
        page: q.page,
        limit: q.limit,
        useCursor: q.use_cursor,
        includeTranscript: q.include_transcript,
        includeVariableValues: q.include_variable_values,
      },
    );
    return okSerialized<Call[], typeof paging>(c, itemsJson, { message: "Calls retrieved successfully", extra: paging });
  });

  router.openapi(countRoute, async (c) => {
    const count = await countCalls(serviceContext(c), callFilters(c.req.valid("query")));
    return ok(c, count, { message: count.exact ? "Calls counted" : "Calls estimated" });
  });

  router.openapi(getRoute, async (c) => {
    const call = await getCall(serviceContext(c), c.req.valid("param").call_id);
    return ok(c, call, { message: "Call retrieved successfully" });
  });

  router.openapi(patchRoute, async (c) => {
    const body = c.req.valid("json");
    const call = await updateCallMetadata(
      serviceContext(c),
      c.req.valid("param").call_id,
      { metadata: body.metadata, override: body.override ?? false },
    );
    return ok(c, call, { message: "Call metadata updated successfully" });
  });

  router.openapi(deleteRoute, async (c) => {
    await deleteCall(serviceContext(c), c.req.valid("param").call_id);
    return c.body(null, 204);
  });

  router.openapi(terminateRoute, async (c) => {
    const { alreadyEnded } = await terminateCall(
      serviceContext(c),
      c.get("deps").queue,
      c.req.valid("param").call_id,
    );
    if (!alreadyEnded) {
      const { db, settings } = telephonyContext(c);
      await hangUpAtCarrier(db, settings, c.req.valid("param").call_id);
    }
    return ok(c, null, { message: alreadyEnded ? "Call had already ended" : "Call terminated successfully" });
  });

  router.openapi(startPhoneRoute, async (c) => {
    const deps = c.get("deps");
    const body = c.req.valid("json");
    const telephony = telephonyContext(c);
    if (!telephony.settings.publicBaseUrl) {
      // Refused before anything is recorded: a carrier could never reach this deployment for the call's audio.
      const number = await findPhoneNumberByNumber(telephony, body.from_number);
      if (number?.type === "pstn" && (await carrierOfNumber(telephony.db, telephony.settings, telephony.organizationId, number))) {
        throw new ApiError("generic_error", PUBLIC_BASE_URL_MISSING, []);
      }
    }
    const result = await startPhoneCall(
      serviceContext(c),
      deps.queue,
      body,
      c.req.valid("header")["idempotency-key"],
      new Date(),
      await callStarterOf(deps.db, { apiKey: c.get("apiKey"), studioUserId: c.get("studioUserId") }),
    );
    if (result.replayed) c.header("Idempotent-Replayed", "true");
    return ok(c, { call_id: result.callId }, { message: "Phone call started successfully", status: 201 });
  });

  return router;
}
