/** Why a request to a customer URL failed; `code` is what callers branch on. */
export type OutboundErrorCode = "blocked_address" | "timeout" | "too_large" | "too_many_redirects" | "invalid_url" | "network";

export class OutboundRequestError extends Error {
  constructor(
    readonly code: OutboundErrorCode,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = "OutboundRequestError";
  }
}

export class BlockedAddressError extends OutboundRequestError {
  constructor(
    readonly hostname: string,
    readonly address: string,
    reason: string,
  ) {
    super("blocked_address", `Refused to connect to ${hostname}${hostname === address ? "" : ` (${address})`}: ${reason}`);
    this.name = "BlockedAddressError";
  }
}

export class OutboundTimeoutError extends OutboundRequestError {
  constructor(timeoutMs: number) {
    super("timeout", `No complete response within ${timeoutMs} ms`);
    this.name = "OutboundTimeoutError";
  }
}

export class ResponseTooLargeError extends OutboundRequestError {
  constructor(limit: number) {
    super("too_large", `The response body is larger than ${limit} bytes`);
    this.name = "ResponseTooLargeError";
  }
}
