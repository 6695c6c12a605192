import type { Context } from "hono";
import { HTTPException } from "hono/http-exception";
import { ConcurrencyLimitError, ConflictError, DoNotCallError, NotFoundError, ValidationError } from "@/lib/utils/domain-errors";
import type { ApiEnv } from "../context";
import { errorBody, jsonAnswer } from "../envelope";
import { ApiError } from "../errors";

/** Maps every failure to the envelope; anything unexpected is a 500 with only a request id. */
export function toApiError(error: unknown): ApiError {
  if (error instanceof ApiError) return error;
  if (error instanceof ValidationError) return new ApiError("generic_error", error.message, error.details);
  if (error instanceof NotFoundError) return new ApiError("not_found", error.message);
  if (error instanceof ConflictError) return new ApiError("conflict", error.message, error.details);
  if (error instanceof DoNotCallError) return new ApiError("do_not_call", error.message, [{ field: error.field, message: `${error.phoneNumber} is on the do-not-call list` }]);
  if (error instanceof ConcurrencyLimitError) return new ApiError("concurrency_limit_exceeded", error.message, [], { "Retry-After": String(error.retryAfterSeconds) });
  if (error instanceof HTTPException) {
    if (error.status === 400) {
      return new ApiError("generic_error", error.message || "Bad request", [
        { field: "body", message: error.message || "Bad request" },
      ]);
    }
    if (error.status === 413) return new ApiError("payload_too_large", "Request body is too large");
    if (error.status === 415) {
      return new ApiError("unsupported_media_type", "This operation does not take a body of this Content-Type", [
        { field: "content-type", message: "Send the media type the operation documents (application/json, or multipart/form-data for uploads)" },
      ]);
    }
  }
  return new ApiError("internal_error", "Internal server error");
}

export function handleError(error: unknown, c: Context<ApiEnv>) {
  const apiError = toApiError(error);
  const requestId = c.get("requestId") ?? "unknown";
  if (apiError.type === "internal_error") {
    console.error(`[${requestId}] ${c.req.method} ${c.req.path} failed:`, error);
  }
  for (const [name, value] of Object.entries(apiError.headers)) c.header(name, value);
  c.header("X-Request-Id", requestId);
  return jsonAnswer(c, JSON.stringify(errorBody(apiError, requestId)), apiError.status as 400);
}
