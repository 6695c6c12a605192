/** Domain errors thrown by services and the studio's account code; the API layer and the console map each to its status and envelope. A leaf, so both sides share them. */
export type FieldProblem = { field: string; message: string };

export class DomainError extends Error {}

/** Bad input the caller can fix: 400, naming each field. */
export class ValidationError extends DomainError {
  constructor(
    message: string,
    readonly details: FieldProblem[] = [],
  ) {
    super(message);
    this.name = "ValidationError";
  }

  static field(field: string, message: string): ValidationError {
    return new ValidationError(message, [{ field, message }]);
  }
}

/** A resource that does not exist, or belongs to another organization: the two look the same. */
export class NotFoundError extends DomainError {
  constructor(resource: string) {
    super(`${resource} not found`);
    this.name = "NotFoundError";
  }
}

export class ConflictError extends DomainError {
  constructor(
    message: string,
    readonly details: FieldProblem[] = [],
  ) {
    super(message);
    this.name = "ConflictError";
  }
}

/** An outbound call to a number on the organization's do-not-call list: refused before anything is dialled. */
export class DoNotCallError extends DomainError {
  constructor(
    readonly phoneNumber: string,
    readonly field = "to_number",
  ) {
    super(`${phoneNumber} is on the do-not-call list: the call was not placed`);
    this.name = "DoNotCallError";
  }
}

/** Every slot the organization may use for this call is taken: try again after `retryAfterSeconds`. */
export class ConcurrencyLimitError extends DomainError {
  constructor(
    message: string,
    readonly retryAfterSeconds: number,
  ) {
    super(message);
    this.name = "ConcurrencyLimitError";
  }
}
