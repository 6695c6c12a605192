/** One problem with one field, as the API's `error.details` lists them. */
export type VoiceApiErrorDetail = { field: string; message: string };

/**
 * A /v1 failure: the envelope's `error` (type as `code`, message, details, request id) and the HTTP
 * status. Also thrown for a transport failure (status 502, code `api_unreachable`; in the browser
 * status 0, code `network_error`) and for a console whose remote API is not configured (status 503,
 * code `remote_api_not_configured`).
 */
export class VoiceApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly details: VoiceApiErrorDetail[] = [],
    readonly requestId: string | null = null,
  ) {
    super(message);
    this.name = "VoiceApiError";
  }

  /** The API's envelope for this error, so the BFF can answer in the same shape. */
  toEnvelope() {
    return {
      data: null,
      message: this.message,
      error: { type: this.code, message: this.message, status: this.status, details: this.details, request_id: this.requestId },
      status: this.status,
    };
  }
}

export function isVoiceApiError(error: unknown): error is VoiceApiError {
  return error instanceof VoiceApiError;
}

/**
 * The VoiceApiError an error envelope (the text of a failed answer) describes; a body that is not
 * one still yields a clear error, with `fallback` as its message.
 */
export function errorFromBody(status: number, text: string, requestId: string | null, fallback: string): VoiceApiError {
  try {
    const body = JSON.parse(text) as { message?: unknown; error?: { type?: unknown; message?: unknown; details?: unknown; request_id?: unknown } | null } | null;
    const error = body?.error ?? {};
    const message = typeof error.message === "string" ? error.message : typeof body?.message === "string" ? body.message : null;
    if (message) {
      return new VoiceApiError(
        status,
        typeof error.type === "string" ? error.type : "generic_error",
        message,
        Array.isArray(error.details) ? (error.details as VoiceApiErrorDetail[]) : [],
        typeof error.request_id === "string" ? error.request_id : requestId,
      );
    }
  } catch {
    // not JSON: fall through
  }
  return new VoiceApiError(status, "unexpected_response", fallback, [], requestId);
}

/** Reads an error envelope from a failed response; a body that is not one still yields a clear error. */
export async function errorFromResponse(response: Response): Promise<VoiceApiError> {
  const text = await response.text().catch(() => "");
  return errorFromBody(response.status, text, response.headers.get("x-request-id"), `The API answered ${response.status} ${response.statusText}`.trim());
}
