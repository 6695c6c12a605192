import type { CarrierName } from "./carrier-name";

/** A carrier's REST API refused a request or could not be reached (`status` 0). */
export class CarrierApiError extends Error {
  constructor(
    readonly carrier: CarrierName,
    readonly status: number,
    /** The carrier's own error code (Twilio 20404, Telnyx "90018"), when it gave one. */
    readonly code: string | null,
    message: string,
  ) {
    super(message);
    this.name = "CarrierApiError";
  }

  /** Bad credentials: the studio's "test the credentials" says so rather than "failed". */
  get isAuthentication(): boolean {
    return this.status === 401 || this.status === 403;
  }
}

/** A webhook body we cannot read (not the carrier's shape). Routes answer it with a 400. */
export class CarrierWebhookError extends Error {
  constructor(
    readonly carrier: CarrierName,
    message: string,
  ) {
    super(message);
    this.name = "CarrierWebhookError";
  }
}
