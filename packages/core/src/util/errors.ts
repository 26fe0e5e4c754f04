/**
 * Domain errors carry a dotted code and the HTTP status they map to.
 * The HTTP layer turns them into `{ code, message }`; anything else is a 500.
 */
export class AppError extends Error {
  constructor(
    readonly code: string,
    message: string,
    readonly status: number,
    readonly details?: Record<string, unknown>,
  ) {
    super(message);
  }

  // Each class names itself: bundles are minified without keeping names (stacks/functions.ts), so
  // `new.target.name` would log "e"; a class that names nothing logs its parent's name.
  override name = "AppError";
}

export type FieldErrors = Record<string, string[]>;

export class ValidationError extends AppError {
  override name = "ValidationError";
  constructor(code: string, message: string, readonly fieldErrors: FieldErrors = {}) {
    super(code, message, 400, { fieldErrors });
  }
}
export class UnauthorizedError extends AppError {
  override name = "UnauthorizedError";
  constructor(code = "auth.unauthorized", message = "Your session has expired. Please log in again.") {
    super(code, message, 401);
  }
}
export class ForbiddenError extends AppError {
  override name = "ForbiddenError";
  constructor(code = "auth.forbidden", message = "Access denied. You don't have the required permissions.") {
    super(code, message, 403);
  }
}
export class NotFoundError extends AppError {
  override name = "NotFoundError";
  constructor(code: string, message: string) {
    super(code, message, 404);
  }
}
export class ConflictError extends AppError {
  override name = "ConflictError";
  constructor(code: string, message: string) {
    super(code, message, 409);
  }
}
export class PayloadTooLargeError extends AppError {
  override name = "PayloadTooLargeError";
  constructor(code: string, message: string) {
    super(code, message, 413);
  }
}
export class UnprocessableError extends AppError {
  override name = "UnprocessableError";
  constructor(code: string, message: string) {
    super(code, message, 422);
  }
}
export class TooManyRequestsError extends AppError {
  override name = "TooManyRequestsError";
  constructor(code: string, message: string, readonly retryAfterSeconds: number) {
    super(code, message, 429, { retryAfterSeconds });
  }
}

/** SPEC §8: the one message for a write against a stale version. */
export const STALE_RECORD_MESSAGE = "Record changed by another user. Refresh and try again.";

export class StaleRecordError extends ConflictError {
  override name = "StaleRecordError";
  constructor() {
    super("record.stale", STALE_RECORD_MESSAGE);
  }
}
