import type { FieldProblem } from "@/lib/utils/domain-errors";

export const errorStatus = {
  generic_error: 400,
  authentication_error: 401,
  permission_error: 403,
  not_found: 404,
  method_not_allowed: 405,
  request_timeout: 408,
  conflict: 409,
  payload_too_large: 413,
  uri_too_long: 414,
  unsupported_media_type: 415,
  header_fields_too_large: 431,
  rate_limit_exceeded: 429,
  do_not_call: 400,
  concurrency_limit_exceeded: 429,
  internal_error: 500,
  service_unavailable: 503,
} as const;

export type ApiErrorType = keyof typeof errorStatus;

/** The one error type of the API layer; the error handler turns it into the envelope. */
export class ApiError extends Error {
  readonly status: number;
  constructor(
    readonly type: ApiErrorType,
    message: string,
    readonly details: FieldProblem[] = [],
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
    this.status = errorStatus[type];
  }
}
