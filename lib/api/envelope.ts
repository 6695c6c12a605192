import { z } from "@hono/zod-openapi";
import type { Context, TypedResponse } from "hono";
import type { JSONParsed } from "hono/utils/types";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import type { ApiError } from "./errors";

// The JSON text of answers made here, by Response: the server writes it straight to the socket
// instead of reading it back through the Response's body stream (an answer replaced on the way out
// is not found here and is read the ordinary way).
const jsonTexts = new WeakMap<Response, string>();

/** The JSON text an answer was made from, when `jsonAnswer` made it. */
export const jsonTextOf = (response: Response): string | undefined => jsonTexts.get(response);

/** An `application/json` answer whose text the server can write without reading the body back. */
export function jsonAnswer(c: Context, text: string, status: ContentfulStatusCode): Response {
  const response = c.body(text, status, { "content-type": "application/json" });
  jsonTexts.set(response, text);
  return response;
}

/** The envelope `ok` writes, typed so a route's handler is checked against its documented response. */
export type OkEnvelope<T, S extends ContentfulStatusCode, X> = { data: T; message: string; error: null; status: S } & X;

/** The only writers of `{data, message, error, status}` are `ok`, `okSerialized` and `errorBody`. */
export function ok<T, S extends ContentfulStatusCode = 200, X extends Record<string, unknown> = Record<never, never>>(
  c: Context,
  data: T,
  options: { message: string; status?: S; extra?: X },
) {
  const status = (options.status ?? 200) as S;
  const response = jsonAnswer(c, JSON.stringify({ data, message: options.message, error: null, status, ...options.extra }), status);
  // The body is written from JSON text for speed (see jsonAnswer); its type is what Hono's c.json would carry.
  return response as Response & TypedResponse<JSONParsed<OkEnvelope<T, NoInfer<S>, X>>, NoInfer<S>, "json">;
}

/**
 * `ok` for data that is already JSON text (a large page written straight from Postgres' text): the
 * same envelope, with the data spliced in instead of parsed and serialized again. `T` is what the
 * caller states the text holds; nothing checks it.
 */
export function okSerialized<T, X extends Record<string, unknown> = Record<never, never>>(c: Context, dataJson: string, options: { message: string; extra?: X }) {
  const rest = JSON.stringify({ message: options.message, error: null, status: 200, ...options.extra });
  const response = jsonAnswer(c, `{"data":${dataJson},${rest.slice(1)}`, 200);
  return response as Response & TypedResponse<JSONParsed<OkEnvelope<T, 200, X>>, 200, "json">;
}

export function errorBody(error: ApiError, requestId: string) {
  return {
    data: null,
    message: error.message,
    error: {
      type: error.type,
      message: error.message,
      status: error.status,
      details: error.details,
      request_id: requestId,
    },
    status: error.status,
  };
}

export const ErrorDetailSchema = z
  .object({
    field: z.string().openapi({ example: "to_number" }),
    message: z.string().openapi({ example: "Must be an E.164 number such as +14155550123" }),
  })
  .openapi("ApiErrorDetail");

export const ApiResponseErrorSchema = z
  .object({
    type: z.string().openapi({
      description:
        "generic_error (400), authentication_error (401), permission_error (403), not_found (404), " +
        "method_not_allowed (405), request_timeout (408), conflict (409), payload_too_large (413), uri_too_long (414), " +
        "unsupported_media_type (415), rate_limit_exceeded (429), do_not_call (400: the number is on the do-not-call list), " +
        "concurrency_limit_exceeded (429: every concurrent-call slot is taken; see Retry-After), header_fields_too_large (431), internal_error (500) " +
        "or service_unavailable (503: the instance is shutting down; retry after Retry-After, another instance answers).",
      example: "generic_error",
    }),
    message: z.string(),
    status: z.number().int(),
    details: z.array(ErrorDetailSchema),
    request_id: z.string().openapi({ description: "Extension: the request id, also in the X-Request-Id header." }),
  })
  .openapi("ApiResponseError");

export const ErrorEnvelopeSchema = z
  .object({
    data: z.null(),
    message: z.string(),
    error: ApiResponseErrorSchema,
    status: z.number().int(),
  })
  .openapi("ErrorResponse");

export function envelope<T extends z.ZodType>(data: T, name: string) {
  return z
    .object({
      data,
      message: z.string(),
      error: z.null(),
      status: z.number().int(),
    })
    .openapi(name);
}

export const PaginationFieldsSchema = {
  next_cursor: z.string().nullable().openapi({
    description:
      "Cursor mode: pass it back as `cursor` for the next page; null on the last page (and in page mode). " +
      "It is the ISO 8601 time of the last record; when that record shares its time with the next one it is " +
      "followed by `_` and the record's id so that no record is skipped or repeated. Pass it back unchanged.",
  }),
  current_page: z.number().int().nullable().openapi({ description: "Page mode only; null in cursor mode." }),
  total_pages: z.number().int().nullable().openapi({ description: "Page mode only; null in cursor mode." }),
  total_items: z.number().int().nullable().openapi({ description: "Page mode only; null in cursor mode." }),
};

export function listEnvelope<T extends z.ZodType>(item: T, name: string) {
  return z
    .object({
      data: z.array(item),
      message: z.string(),
      error: z.null(),
      status: z.number().int(),
      ...PaginationFieldsSchema,
    })
    .openapi(name);
}

const errorResponse = (description: string) => ({
  description,
  content: { "application/json": { schema: ErrorEnvelopeSchema } },
});

/** The failures every authenticated route can answer with. */
export const standardErrorResponses = {
  400: errorResponse("Invalid request: `error.details` names each offending field"),
  401: errorResponse("Missing, malformed, unknown or revoked API key"),
  404: errorResponse("Not found (also for another organization's resources and non-UUID ids)"),
  413: errorResponse("Body larger than the limit"),
  415: errorResponse("Body is not JSON"),
  429: errorResponse("Rate limit exceeded; see Retry-After"),
  500: errorResponse("Unexpected error; the body carries a request id, never internals"),
} as const;

/** Operations kept to owners and admins (the audit log, data erasure). */
export const permissionResponse = {
  403: errorResponse("`permission_error`: the API key's creator (or the studio's user) is not an owner or admin of the organization"),
} as const;

export const conflictResponse = { 409: errorResponse("Conflict with the current state") } as const;

/** Routes that start a call: a draining instance refuses them (see Retry-After), another instance takes the retry. */
export const drainingResponse = {
  503: errorResponse("This instance is shutting down (graceful restart): retry after `Retry-After` seconds, another instance answers"),
} as const;

/** Starting a web call: refused while draining, and by a server process past its capacity (Extension). */
export const drainingOrAtCapacityResponse = {
  503: errorResponse(
    "This instance is shutting down (graceful restart), or this server process is at capacity (Extension: its event loop or audio pacing " +
      "runs late, or it holds LOAD_MAX_LIVE_CALLS calls): retry after `Retry-After` seconds; the calls it has are not affected",
  ),
} as const;

/** A JSON response (or request body) entry of a route definition. */
export function jsonContent<T extends z.ZodType>(schema: T, description: string) {
  return { description, content: { "application/json": { schema } } };
}
